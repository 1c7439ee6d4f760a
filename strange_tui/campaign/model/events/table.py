"""The table's events: the GM's settings, the clock, and the questions put to a seat."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated

from msgspec import Meta

from strange_tui.campaign.model.events.base import Event
from strange_tui.campaign.model.prompts import PromptKind
from strange_tui.campaign.model.state import Id, Settings, Text
from strange_tui.rules.pools import Stat


class SettingsChanged(Event, tag="settings_changed"):
    """The GM changed the campaign's settings (allowed foci, house rules...)."""

    settings: Settings


class ClockAdvanced(Event, tag="clock_advanced"):
    """In-game time passed."""

    seconds: Annotated[int, Meta(ge=1, le=10**9)]
    reason: Text = ""
    new_day: bool = False
    """R-REC-2: a night passed (the clock reached the next morning): each character's
    recovery rolls start again."""


class PromptRaised(Event, tag="prompt_raised"):
    """The table asks a player's seat for something: a defense roll against an NPC, an
    answer to a GM intrusion, an initiative roll, a roll at the GM's difficulty (kept
    from the player's seat when ``secret``). Its id is this event's seq."""

    prompt: PromptKind
    character: Id
    npc: Id = ""
    stat: Stat = Stat.SPEED
    what: Text = ""
    difficulty: Annotated[int, Meta(ge=0, le=10)] = 0
    secret: bool = False
    label: Text = ""
    seconds: Annotated[int, Meta(ge=0, le=10**9)] = 0
    """A party rest: how far the clock moves once every PC asked has rested."""


class PromptClosed(Event, tag="prompt_closed"):
    """The prompt raised by event ``prompt`` was answered (or, ``withdrawn``, taken back by
    the GM)."""

    prompt: Annotated[int, Meta(ge=1)]
    withdrawn: bool = False
    dropped: bool = False
    """Never answered: the turn it belonged to ended (a defense once the attacker's turn
    is over); ``character`` and ``npc`` say whose it was, for the log."""
    character: Id = ""
    npc: Id = ""


class DifficultyRevealed(Event, tag="difficulty_revealed"):
    """R-TASK-8: the GM showed the players the difficulty of a roll asked and kept, before
    every seat asked had rolled: the questions ``prompts`` (of one ask, still open) show it
    from now on, and the log gives it in every roll of that ask."""

    prompts: Annotated[tuple[Annotated[int, Meta(ge=1)], ...], Meta(min_length=1, max_length=64)]
    label: Text = ""
    stat: Stat = Stat.SPEED
    difficulty: Annotated[int, Meta(ge=0, le=10)] = 0


class InitiativeCast(Event, tag="initiative_cast"):
    """R-CMB-1: a PC rolled initiative at their own seat (``die`` 0: no roll was needed);
    once every PC has, InitiativeRolled sets the order."""

    character: Id
    die: Annotated[int, Meta(ge=0, le=20)] = 0
    app_rolled: bool = False


class StepTakenBack(Event, tag="step_taken_back"):
    """The GM's undo took back a step made at a player's seat whose die the player had seen
    (a die once seen stays seen: a player's own undo may not). The step is gone from the
    journal; this stays in its place, so the log says what was undone and by whom. It
    changes nothing else, and undo passes over it."""

    character: Id | None = None
    """Whose roll it was (None: the step named no one character)."""
    made_at: Id | None = None
    """The seat that made the step (told that the GM took it back)."""
    what: Annotated[str, Meta(max_length=200)] = ""
    """What was taken back, in words: "defense roll (die 9)"."""
    step: Annotated[int, Meta(ge=0)] = 0
    """The seq the step had."""
