"""The story's events: the oracle's answers, draws from the tables, scene notes (these
change no number), and the GM's chair of solo play: tension, scenes, the threads and the
people met (these change the campaign's ``story``, never a character's numbers)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta

from strange_tui.campaign.model.events.base import Die20, Event
from strange_tui.campaign.model.state import Id, Text
from strange_tui.campaign.model.story import ListName, SceneNumber, StoryItem, Tension
from strange_tui.rules.oracle import Likelihood
from strange_tui.rules.solo import SceneEnd

Answer = Literal["", "Yes, and", "Yes", "No", "No, and"]


class OracleAsked(Event, tag="oracle_asked"):
    """R-ORC-1..3: a yes/no question put to the oracle (solo play), how likely the player
    judged it, and the d20 that answered (the answer follows from both)."""

    question: Text
    likelihood: Likelihood
    die: Die20 | None = None
    """The d20 that answered (None: the player chose the answer instead)."""
    app_rolled: bool = False
    tension: Tension = 5
    """R-TEN-2: the tension it was asked at (it moves the faces that answer yes)."""
    event_die: Die20 | None = None
    """R-TEN-3: the second d20, which may bring a random event (None: not rolled)."""
    chosen: Answer = ""
    """The answer the player chose instead of rolling ('' when the die answered)."""


class Drawn(Event, tag="drawn"):
    """A random draw from the packs' tables (solo play, or a GM short of ideas): a creature,
    a cypher, a complication, a scene prompt, an intrusion, an NPC's target."""

    table: Annotated[str, Meta(max_length=40)]
    result: Text
    """What was drawn, as the log says it ("AI Zombie", "Bad luck: the gun jams")."""
    level: Annotated[int, Meta(ge=0, le=10)] = 0
    dice: tuple[Annotated[int, Meta(ge=1, le=100)], ...] = ()
    """The dice rolled for it, in order (the table's die, a level's die...)."""
    character: Id = ""
    """The character it concerns, if any (an intrusion's, an NPC's target)."""
    chosen: bool = False
    """The player picked the line instead of rolling for it (no dice then)."""
    replaces: Annotated[int, Meta(ge=0)] = 0
    """A reroll of one of its dice: the event number of the draw it replaces."""


class SceneWritten(Event, tag="scene_written"):
    """A note of the story in the player's words, between the rolls (the log keeps it in
    its place, so a session reads as a story)."""

    text: Text
    opens: SceneNumber | None = None
    """R-SCN-3: the number of the scene the note opens (0: none, it stays in the scene or
    the fight under way; None: written before the notes said it, the log counts it)."""


class TensionSet(Event, tag="tension_set"):
    """R-TEN-1: tension set by the player, or R-TEN-4/R-SCN-2: moved by play (``why`` says
    what moved it: a natural 1, a scene gone badly...)."""

    tension: Tension
    was: Tension
    why: Annotated[str, Meta(max_length=200)] = ""


class SceneStarted(Event, tag="scene_started"):
    """R-SCN-1: a scene begins with what the player expects, tested by a d20 against the
    tension (kept, altered or interrupted: the test follows from both). What alters it,
    or the random event that interrupts it, is drawn in the same step (Drawn)."""

    expected: Annotated[str, Meta(max_length=1000)]
    die: Die20
    tension: Tension
    app_rolled: bool = False
    number: SceneNumber = 0
    """R-SCN-3: the scene's number in the story (0: begun before the scenes said it, the
    log counts it)."""


class SceneEnded(Event, tag="scene_ended"):
    """R-SCN-2: the scene under way ends, and how it went for the party (the tension it
    moves follows, TensionSet, in the same step)."""

    went: SceneEnd


class Listed(Event, tag="listed"):
    """A thread or a person added to the story's lists (R-EVT-1 draws from them)."""

    list: ListName
    item: StoryItem


class Unlisted(Event, tag="unlisted"):
    """A thread closed, or a person who leaves the story: off its list (the log keeps it)."""

    list: ListName
    id: Id


STORY_EVENTS = (OracleAsked, Drawn, SceneWritten)
"""Events that tell the story and change no number (the oracle, draws, scene notes)."""

SOLO_EVENTS = (TensionSet, SceneStarted, SceneEnded, Listed, Unlisted)
"""Events that change the campaign's story (tension, scene, lists): folds/story.py."""
