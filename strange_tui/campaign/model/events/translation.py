"""A translation to another recursion, with all it decided (R-TR-1..9)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated

from msgspec import Meta, field

from strange_tui.campaign.model.events.base import Die20, Event, Seconds
from strange_tui.campaign.model.state import Id, Name, Text
from strange_tui.campaign.model.travel import FocusKit, Place


class TranslationMade(Event, tag="translation_made"):
    """R-TR-1..9: a translation attempt, with its roles, dice, times and outcome.

    ``arrived`` says whether the participants ended in ``destination`` (a failure may
    still land them, with a consequence); ``foci`` are the foci taken on arrival."""

    destination: Name
    initiator: Id
    hasteners: tuple[Id, ...] = ()
    easers: tuple[Id, ...] = ()
    helpers: tuple[Id, ...] = ()
    likeness: bool = False
    difficulty: Annotated[int, Meta(ge=0, le=40)] = 0
    die: Die20 | None = None
    reroll: Die20 | None = None
    interrupted: bool = False
    success: bool = False
    arrived: bool = False
    trance: Seconds = 0
    acclimation: Seconds = 0
    eased_for: Seconds = 0
    consequence: Text = ""
    foci: dict[Id, Name] = field(default_factory=dict)
    kits: dict[Id, FocusKit] = field(default_factory=dict)
    """R-TR-8: what each participant's new focus gives them on arrival."""
    left: dict[Id, FocusKit] = field(default_factory=dict)
    """R-TR-8: what each participant's old focus takes with it (given back on return)."""
    kept: dict[Id, FocusKit] = field(default_factory=dict)
    """R-TR-8: what the focus a participant keeps gives them (it sleeps through their
    acclimation as a new one would)."""
    place: Place = ""
    """R-TR-9: where they arrive (free text; '': the GM says later)."""
    leaving: Place = ""
    """R-TR-9: where they left their recursion from ('': as last noted)."""
    app_rolled: bool = False
    """The app rolled the die (or the paradox's reroll): the player typed none."""
