"""The Hunters' events as the log says them (R-HUN): a hunter joining, a roll against a
CR, damage by type, a vital worsening or stabilised, a complex challenge."""

from __future__ import annotations

from strange_tui.campaign.model.events import (
    AnyEvent,
    ChallengeEnded,
    ChallengeStarted,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
    HunterStabilised,
    HunterWorsened,
)
from strange_tui.campaign.narrate.words import Who, inline, plural
from strange_tui.rules import hunters

HUNTER_EVENTS = (
    HunterCreated,
    HunterRolled,
    HunterDamaged,
    HunterWorsened,
    HunterStabilised,
    ChallengeStarted,
    ChallengeEnded,
)


def hunter_sentence(event: AnyEvent, who: Who) -> str:
    """One of the Hunters' events as a sentence."""
    match event:
        case HunterCreated(hunter=h):
            return f"{h.name} joined the hunt."
        case HunterRolled():
            total = sum(event.dice) + event.bonus
            label = event.label or "a check"
            where = f" on {who(event.challenge)}" if event.challenge else ""
            dice = "+".join(map(str, event.dice))
            raised = " (raising the damage type)" if event.raised else ""
            return (
                f"{who(event.hunter)} rolled {total} ({dice} {event.bonus:+d}) for {label}"
                f" against CR {event.cr}{where}{raised}: {roll_verdict(event)}."
            )
        case HunterDamaged():
            kinds = kinds_counted(event.kinds)
            source = f" from {inline(event.source)}" if event.attacker and event.source else ""
            return (
                f"{who(event.hunter)} took {len(event.kinds)} {event.vital} damage{source}:"
                f" {kinds}."
            )
        case HunterWorsened():
            last = event.kinds[-1] if event.kinds else ""
            return (
                f"{who(event.hunter)}'s {event.vital} worsened"
                f" {plural(len(event.kinds), 'time')}, not stabilised (the last from {last})."
            )
        case HunterStabilised():
            by = f" by {inline(event.by)}" if event.by else ""
            return f"{who(event.hunter)}'s {event.vital} was stabilised{by}."
        case ChallengeStarted(challenge=c):
            return f"Complex challenge: {c.name} (CR {c.cr}, threshold {c.threshold})."
        case ChallengeEnded():
            return f"The challenge {who(event.challenge)} ended."
    return type(event).__name__  # pragma: no cover


def roll_verdict(event: HunterRolled) -> str:
    """R-HUN-1, R-HUN-5: what the roll came to, as the roll dialog says it: 'success,
    2 degrees', 'failure', 'failure (double 1s)'."""
    if hunters.succeeds(event.dice, event.bonus, event.cr):
        return f"success, {plural(hunters.degrees(event.dice, event.bonus, event.cr), 'degree')}"
    return "failure (double 1s)" if hunters.fumbled(event.dice) else "failure"


def kinds_counted(kinds: tuple[str, ...] | list[str]) -> str:
    """R-HUN-7: the points of damage by type, each type once with its count, in the order
    dealt: '3 bruising, 2 wounding', '10 wounding'."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{n} {kind}" for kind, n in counts.items())
