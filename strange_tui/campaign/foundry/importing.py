"""A Foundry actor made a character here: the normal creation command (every step's
check applies), then what a sheet in play holds beyond a new character's, each by the
command the app itself sends (a cypher gained, XP awarded, points spent, a step down the
track). Everything goes in one journal entry: one import, one undo step.

What cannot come across is listed, never dropped: ``Imported.report``."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import msgspec

from strange_tui.campaign.commands.base import Command, decide
from strange_tui.campaign.commands.character.artifacts import GainArtifact
from strange_tui.campaign.commands.character.cyphers import GainCypher
from strange_tui.campaign.commands.character.damage import SpendPoints
from strange_tui.campaign.commands.character.track import ShiftTrack
from strange_tui.campaign.commands.character.xp import AwardXp
from strange_tui.campaign.commands.creation import CreateCharacter
from strange_tui.campaign.foundry.actor import Actor, ActorError, Item
from strange_tui.campaign.foundry.differences import differences
from strange_tui.campaign.foundry.to_draft import draft_of
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AnyEvent, CharacterCreated
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.store import fold_command
from strange_tui.rules.cyphers import cypher_load
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat

REASON = "as on the Foundry sheet"
TRACK_STEPS = {"hale": 0, "impaired": 1, "debilitated": 2}


class Imported(msgspec.Struct, frozen=True, kw_only=True):
    events: tuple[AnyEvent, ...]
    """The creation's event and the follow-ups', for one ``Store.apply``."""
    character: Character
    """The character as the campaign will hold it."""
    report: tuple[str, ...]
    """A line for each thing that did not map ('not carried:', 'differs:', 'added by
    the rules:')."""


def plain_text(rich: str) -> str:
    """Foundry's rich text as plain lines: paragraphs and breaks kept, tags dropped."""
    text = re.sub(r"(?i)<br\s*/?>|</p>|</div>|</li>", "\n", rich)
    text = html.unescape(re.sub(r"<[^>]*>", "", text))
    text = re.sub(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", "", text)
    return "\n".join(line.rstrip() for line in text.splitlines()).strip()


def whole(value: float | str) -> int | None:
    """A level or amount as Foundry keeps it ('3', 3.0, '') as a whole number, or None."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return int(number) if number.is_integer() and number >= 0 else None


def depletion(item: Item) -> str:
    """'1 in [[/r d6]]' (Foundry's inline roll) as ours: '1 in 1d6'."""
    raw = re.sub(r"\[\[/r\s*|\]\]", "", item.system.basic.depletion)
    return re.sub(r"\bd(\d+)", r"1d\1", raw).strip() or "1 in 1d20"


class Follow:
    """The follow-up commands, each decided on the state the ones before it made."""

    def __init__(self, state: Campaign, events: Sequence[AnyEvent]) -> None:
        self.events = list(events)
        self.state, _ = fold_command(state, self.events)
        self.not_carried: list[str] = []
        self.created = ""
        """The id of the character made."""

    def send(self, command: Command, what: str) -> None:
        try:
            events = decide(self.state, command)
            self.state, _ = fold_command(self.state, events)
        except (RuleViolation, ValueError) as refused:
            self.not_carried.append(f"not carried: {what} ({refused})")
            return
        self.events += events


def follow_ups(actor: Actor, state: Campaign, created: CharacterCreated) -> Follow:
    """Cyphers and artifacts carried, XP, points spent from the pools and Luck, and the
    damage track, as the Foundry sheet has them (R-CYP-1: a cypher past the limit stays
    behind, listed, rather than make one vanish by a die)."""
    follow = Follow(state, [created])
    who = created.character.id
    for item in actor.of_type("cypher"):
        level, occultic = whole(item.system.basic.level), item.flags.strange.occultic
        mine = follow.state.characters[who]
        load = cypher_load([c.occultic for c in mine.cyphers] + [occultic])
        if level is None or load > mine.cypher_limit:
            why = "no level" if level is None else "past the cypher limit"
            follow.not_carried.append(f"not carried: cypher {item.name} ({why})")
            continue
        effect = plain_text(item.system.description)
        follow.send(GainCypher(character=who, name=item.name, level=max(1, level),
                               occultic=occultic, effect=effect,
                               identified=item.system.basic.identified),
                    f"cypher {item.name}")  # fmt: skip
    for item in actor.of_type("artifact"):
        level = whole(item.system.basic.level) or 1
        follow.send(GainArtifact(character=who, name=item.name, level=level,
                                 depletion=depletion(item),
                                 effect=plain_text(item.system.description),
                                 identified=item.system.basic.identified),
                    f"artifact {item.name}")  # fmt: skip
        if item.flags.strange.spent:
            follow.not_carried.append(f"not carried: artifact {item.name} spent (it comes unspent)")
    if (xp := whole(actor.system.basic.xp)) and xp > 0:
        follow.send(AwardXp(character=who, amount=xp, reason=REASON), f"{xp} XP")
    pools = actor.system.pools
    mine = follow.state.characters[who]
    for stat in Stat:
        spent = mine.pools[stat].maximum - round(getattr(pools, stat.value).value)
        if spent > 0:
            follow.send(SpendPoints(character=who, stat=stat, amount=spent, reason=REASON),
                        f"{spent} {stat.value.title()} spent")  # fmt: skip
    luck = follow.state.characters[who].pools.luck
    if luck is not None and (spent := luck.current - round(pools.additional.value)) > 0:
        follow.send(SpendPoints(character=who, stat=Stat.MIGHT, amount=spent,
                                from_luck=spent, reason=REASON),
                    f"{spent} Luck spent")  # fmt: skip
    wanted = TRACK_STEPS.get(actor.system.combat.damageTrack.state.strip().casefold())
    steps = (wanted or 0) - int(follow.state.characters[who].track)
    if wanted is None:
        follow.not_carried.append(
            f"not carried: damage track {actor.system.combat.damageTrack.state!r}"
        )
    elif steps:
        follow.send(ShiftTrack(character=who, steps=steps, reason=REASON), "the damage track")
    return follow


def character_from_actor(actor: Actor, library: Library, state: Campaign) -> Imported:
    """The events that make ``actor`` a character of the campaign, and what they leave
    out; ActorError (nothing made) when its descriptor, type or focus does not map, or
    the creation's checks refuse the draft it makes."""
    notes = plain_text(actor.system.notes)
    follow, listed = made_and_followed(actor, library, state, notes)
    left_out = [line for line in follow.not_carried + listed if not line.startswith(ADDED)]
    if left_out:
        # What did not come across stays on the sheet too, in the notes, for the player
        # and the GM to settle (a lamp the packs do not name is still the character's).
        kept = "\n".join([notes, "", NOTES_HEADING, *(f"- {line}" for line in left_out)])
        follow, listed = made_and_followed(actor, library, state, kept.strip()[:MAX_NOTES])
    character = follow.state.characters[follow.created]
    return Imported(
        events=tuple(follow.events),
        character=character,
        report=tuple(follow.not_carried + listed),
    )


ADDED = "added by the rules:"
NOTES_HEADING = "From Foundry VTT, not carried here:"
MAX_NOTES = 4000
"""Of the notes an import writes: a long report is cut rather than refused."""


def made_and_followed(
    actor: Actor, library: Library, state: Campaign, notes: str
) -> tuple[Follow, list[str]]:
    """The character made from ``actor`` with ``notes``, its follow-ups, and the sheet's
    differences from the actor."""
    draft = draft_of(actor, library, state, notes)
    try:
        (created,) = decide(state, CreateCharacter(draft=draft, content=library))
    except RuleViolation as refused:
        raise ActorError(f"cannot be made here: {refused}") from None
    assert isinstance(created, CharacterCreated)
    follow = follow_ups(actor, state, created)
    follow.created = created.character.id
    character = follow.state.characters[created.character.id]
    return follow, differences(actor, character, follow.state, library)
