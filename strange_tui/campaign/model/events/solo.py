"""The story's events, which change no number: the oracle's answers, draws from the
tables, scene notes."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated

from msgspec import Meta

from strange_tui.campaign.model.events.base import Die20, Event
from strange_tui.campaign.model.state import Id, Text
from strange_tui.rules.oracle import Likelihood


class OracleAsked(Event, tag="oracle_asked"):
    """R-ORC-1..3: a yes/no question put to the oracle (solo play), how likely the player
    judged it, and the d20 that answered (the answer follows from both)."""

    question: Text
    likelihood: Likelihood
    die: Die20
    app_rolled: bool = False


class Drawn(Event, tag="drawn"):
    """A random draw from the packs' tables (solo play, or a GM short of ideas): a creature,
    a cypher, a complication, a scene prompt, an intrusion, an NPC's target."""

    table: Annotated[str, Meta(max_length=40)]
    result: Text
    """What was drawn, as the log says it ("Ai Zombie", "Bad luck: the gun jams")."""
    level: Annotated[int, Meta(ge=0, le=10)] = 0
    dice: tuple[Annotated[int, Meta(ge=1, le=100)], ...] = ()
    """The dice rolled for it, in order (the table's die, a level's die...)."""
    character: Id = ""
    """The character it concerns, if any (an intrusion's, an NPC's target)."""


class SceneWritten(Event, tag="scene_written"):
    """A note of the story in the player's words, between the rolls (the log keeps it in
    its place, so a session reads as a story)."""

    text: Text


STORY_EVENTS = (OracleAsked, Drawn, SceneWritten)
"""Events that tell the story and change no number (the oracle, draws, scene notes)."""
