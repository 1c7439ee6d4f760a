"""What a translation came to, as the wizard shows it after the die: success or what the
failure brought, the special face, each arrival's focus, who stayed behind."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from strange_tui.campaign.commands.solo.intrusions import intrusion_shown
from strange_tui.campaign.commands.translation.foci import kit_words
from strange_tui.campaign.model.events import AnyEvent, PointsSpent, TranslationMade
from strange_tui.campaign.model.folds.translation import acclimation_of, recursion_of
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.translation import FAILURES


class Arrival(msgspec.Struct, frozen=True, kw_only=True):
    """R-TR-8: a participant and the focus they arrived with."""

    name: str
    focus: str
    changed: bool
    """Whether the focus is not the one they had before."""
    leaves: tuple[str, ...] = ()
    """What left with the old focus (abilities, skills)."""
    comes: tuple[str, ...] = ()
    """What came with the new one."""


class TranslationOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """What a translation came to, in words the wizard shows after the die."""

    success: bool
    interrupted: bool
    die: int | None
    reroll: int | None
    difficulty: int
    arrived: bool
    destination: str
    """Where the party is now (an interrupted translation lands elsewhere, R-TR-7)."""
    consequence: tuple[tuple[str, str], ...]
    """Each consequence of a failure with what it does (R-TR-7)."""
    special: str
    """R-TR-6: what a 19 or 20 brought, in words ('' otherwise)."""
    trance: int
    acclimation: int
    eased_for: int
    arrivals: tuple[Arrival, ...]
    spent: int
    """Intellect the Effort cost the initiator."""
    place: str = ""
    """R-TR-9: where in the destination they arrived ('': the GM says)."""
    stayed: tuple[tuple[str, str], ...] = ()
    """Those who stayed behind (or were elsewhere already): each name and recursion."""
    intrusion: str = ""
    """R-ORC-4: the app's intrusion drawn in the same step, in words (solo play)."""


def outcome_of(
    before: Campaign, after: Campaign, events: Sequence[AnyEvent]
) -> TranslationOutcome:
    """What a translation came to: its command's ``events``, applied to ``before`` (the
    state when it was committed), giving ``after``."""
    event = next(e for e in events if isinstance(e, TranslationMade))
    spent = sum(e.amount for e in events if isinstance(e, PointsSpent))
    participants = (event.initiator, *event.hasteners, *event.easers, *event.helpers)
    arrivals: tuple[Arrival, ...] = ()
    stayed: tuple[str, ...] = ()
    if event.arrived:
        arrivals = tuple(
            Arrival(
                name=after.characters[pc].name,
                focus=after.characters[pc].focus,
                changed=after.characters[pc].focus != before.characters[pc].focus,
                leaves=kit_words(event.left.get(pc)),
                comes=kit_words(event.kits.get(pc)),
            )
            for pc in participants
            if pc in after.characters and pc in before.characters
        )
        stayed = tuple(
            (who.name, recursion_of(after, cid))
            for cid, who in after.characters.items()
            if cid not in participants and recursion_of(after, cid) != event.destination
        )
    consequence = tuple(
        (name, FAILURES.get(name, "")) for name in event.consequence.split(", ") if name
    )
    kept = event.reroll or event.die
    special = ""
    intrusion = intrusion_shown(events) or ""
    if event.success and event.eased_for:
        span = "an hour" if kept == 19 else "a day"
        special = f"A natural {kept}: no acclimation; focus tasks eased for {span}."
    elif event.success and kept in (19, 20):
        special = f"A natural {kept}, but an impaired initiator ignores its effect."
    elif kept == 1 and not intrusion:
        special = "A natural 1: the GM intrudes, free of charge."
    return TranslationOutcome(
        success=event.success,
        interrupted=event.interrupted,
        die=event.die,
        reroll=event.reroll,
        difficulty=event.difficulty,
        arrived=event.arrived,
        destination=event.destination,
        consequence=consequence,
        special=special,
        trance=event.trance,
        acclimation=acclimation_of(event) if event.arrived else 0,
        eased_for=event.eased_for,
        arrivals=arrivals,
        spent=spent,
        place=event.place,
        stayed=stayed,
        intrusion=intrusion,
    )
