"""Events as sentences for the log and the session recap (no state needed: names only).

Players read the log aloud, so each line reads as a recap: names, never ids; numbers with
their nouns in the right number; where damage went; which dice the app rolled. Each area
says its own events (``narrate.combat``, ``narrate.character``...); here a command's events
become one line, and the log picks what a recap and a character's filter show."""

from __future__ import annotations

import functools
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from strange_tui.campaign.model.events import (
    SOLO_EVENTS,
    STORY_EVENTS,
    AnyEvent,
    ChallengeStarted,
    CharacterCreated,
    CraftingAttempted,
    Drawn,
    HunterCreated,
    IntrusionAccepted,
    NotesEdited,
    NpcHealthChanged,
    NpcsAdded,
    OrderChanged,
    PromptRaised,
    RollMade,
    RollRerolled,
    SettingsChanged,
    TranslationMade,
    TurnAdvanced,
)
from strange_tui.campaign.narrate.artifacts import ARTIFACT_EVENTS, artifact_sentence
from strange_tui.campaign.narrate.character import CHARACTER_EVENTS, character_sentence
from strange_tui.campaign.narrate.chase import CHASE_EVENTS, chase_sentence
from strange_tui.campaign.narrate.combat import COMBAT_EVENTS, combat_sentence
from strange_tui.campaign.narrate.crafting import craft_line, crafting_sentence
from strange_tui.campaign.narrate.hunters import HUNTER_EVENTS, hunter_sentence
from strange_tui.campaign.narrate.rolls import ROLL_EVENTS, kept_roll_sentence, roll_sentence
from strange_tui.campaign.narrate.solo import proposal_sentence, story_sentence
from strange_tui.campaign.narrate.table import (
    TABLE_EVENTS,
    initiative_call,
    rest_call,
    roll_call,
    table_sentence,
)
from strange_tui.campaign.narrate.translation import translation_sentence
from strange_tui.campaign.narrate.words import Who

if TYPE_CHECKING:
    from strange_tui.campaign.model.state import Campaign

NOISE = (TurnAdvanced, SettingsChanged, NotesEdited, OrderChanged)
"""Events that change nothing a recap needs (Home's "Latest" leaves them out)."""

AREAS: tuple[tuple[type | tuple[type, ...], Callable[[Any, Who], str]], ...] = (
    (CHARACTER_EVENTS, character_sentence),
    (ARTIFACT_EVENTS, artifact_sentence),
    (ROLL_EVENTS, roll_sentence),
    (COMBAT_EVENTS, combat_sentence),
    (TranslationMade, translation_sentence),
    (TABLE_EVENTS, table_sentence),
    (STORY_EVENTS + SOLO_EVENTS, story_sentence),
    (CHASE_EVENTS, chase_sentence),
    (CraftingAttempted, crafting_sentence),
    (HUNTER_EVENTS, hunter_sentence),
)
"""Each area's events, and how its own module says them."""


def names_of(state: Campaign, events: Iterable[AnyEvent] = ()) -> dict[str, str]:
    """Every name the sentences of ``events`` may need, by id, in one pass: the NPCs and
    challenges those events brought in (fights that ended too), then the campaign's own
    (its characters win over an old NPC's id)."""
    names = event_names(events)
    names.update(state.names())
    return names


def event_names(events: Iterable[AnyEvent]) -> dict[str, str]:
    """The names of the NPCs and challenges ``events`` brought in, by id, the later name
    winning (what ``names_of`` gathers; the sealed history keeps each chunk's, so the log
    knows every name before it prints its first line)."""
    names: dict[str, str] = {}
    for event in events:
        if isinstance(event, NpcsAdded):
            names.update((npc.id, npc.name) for npc in event.npcs)
        elif isinstance(event, ChallengeStarted):
            names[event.challenge.id] = event.challenge.name
    return names


def noteworthy(command: Sequence[AnyEvent]) -> bool:
    """Whether a command matters in a short recap (not only turns passing, settings or
    notes changing, or the players reordering themselves)."""
    return not all(isinstance(event, NOISE) for event in command)


def involves(event: AnyEvent, character_id: str) -> bool:
    """Whether the event is about that character (for the log's filter)."""
    if isinstance(event, CharacterCreated):
        return event.character.id == character_id
    if isinstance(event, IntrusionAccepted) and event.given_to == character_id:
        return True
    if isinstance(event, HunterCreated):
        return event.hunter.id == character_id
    return character_id in (getattr(event, "character", None), getattr(event, "hunter", None))


def sentence(event: AnyEvent, names: Mapping[str, str]) -> str:
    """One event as a sentence a player reads in the log, in its area's words."""
    say = _area_of(type(event))
    return say(event, namer(names)) if say is not None else type(event).__name__


def namer(names: Mapping[str, str]) -> Who:
    """Who an id is, by ``names``."""

    def who(some_id: str | None) -> str:
        if not some_id:
            return "someone"
        # An id the names do not know (a fight older than the log shows): 'guard-2' reads
        # 'Guard 2', as the fight named it.
        return names.get(some_id) or some_id.replace("-", " ").capitalize()

    return who


@functools.cache
def _area_of(kind: type) -> Callable[[Any, Who], str] | None:
    """How ``kind``'s area says it, found once a kind (a long log asked for every line)."""
    for kinds, say in AREAS:
        if issubclass(kind, kinds):
            return say
    return None  # pragma: no cover


def command_sentence(
    events: Sequence[AnyEvent], names: Mapping[str, str], kept: Container[int] = ()
) -> str:
    """One command (its events) as one line of the log. The damage an attack deals does
    not repeat the attack's label (the roll just said it). ``kept``: the rolls (by seq)
    whose difficulty the reader's seat may not read yet (R-TASK-8, ``narrate.kept``)."""
    if events and isinstance(events[0], PromptRaised):  # The GM's calls are prompts only.
        call = initiative_call(events, lambda cid: names.get(cid) or cid)
        if call is None:  # The GM's ask for a roll: one line for the party.
            call = roll_call(events, lambda cid: names.get(cid) or cid)
        if call is None:  # The GM's call for a party rest, asked at the seats.
            call = rest_call(events, lambda cid: names.get(cid) or cid)
        if call is not None:
            return call
    crafted = craft_line(events, names, sentence)
    if crafted is not None:
        return crafted
    labels = {event.label for event in events if isinstance(event, RollMade) and event.label}
    offered = {
        event.character
        for event in events
        if isinstance(event, PromptRaised) and event.prompt == "intrusion"
    }
    said = []
    for event in events:
        if isinstance(event, Drawn) and event.table == "intrusion" and event.character in offered:
            # The app's proposal (solo play): said once, with the answer it waits for.
            said.append(proposal_sentence(event, names.get(event.character) or event.character))
            continue
        if isinstance(event, PromptRaised) and event.prompt == "intrusion":
            if any(isinstance(e, Drawn) and e.character == event.character for e in events):
                continue
        if isinstance(event, NpcHealthChanged) and event.source in labels:
            event = msgspec.structs.replace(event, source="")
        if isinstance(event, RollMade | RollRerolled) and event.seq in kept:
            said.append(kept_roll_sentence(event, namer(names)))
            continue
        said.append(sentence(event, names))
    return " ".join(line for line in said if line)
