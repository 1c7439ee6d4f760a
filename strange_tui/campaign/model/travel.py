"""Where a character is among the recursions, and what their foci give and take (R-TR-8,
R-TR-9): part of the campaign state (``Character.travel``)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated

from msgspec import Meta, field

from strange_tui.campaign.model.traits import Moment, Trait
from strange_tui.campaign.model.types import Frozen, Name

Place = Annotated[str, Meta(max_length=200)]


class FocusKit(Frozen):
    """R-TR-8: what a focus gives its character: abilities (by name) and one level of
    training in each of ``skills``."""

    abilities: tuple[Name, ...] = ()
    skills: tuple[Name, ...] = ()
    traits: tuple[Trait, ...] = ()
    """What those abilities do (and take back when the focus is left behind)."""


class Asleep(Frozen):
    """R-TR-8: the focus a character acclimates to sleeps until ``until``: the traits it
    gave (by name: its abilities and its own effects) and the skills it trains count, and
    its abilities may be used, only from then."""

    until: Moment = 0
    traits: tuple[Name, ...] = ()
    skills: tuple[Name, ...] = ()


class Travel(Frozen):
    """Where a character is among the recursions (R-TR-8, R-TR-9)."""

    recursion: Place = ""
    """The recursion the character stayed in when the party translated without them
    ("": with the party). They rejoin when the party comes back there."""
    places: dict[Name, Place] = field(default_factory=dict)
    """R-TR-9: the last place the character was in each recursion (free text)."""
    left: dict[Name, FocusKit] = field(default_factory=dict)
    """R-TR-8: what each focus left behind took with it (by focus), given back when the
    character returns and takes that focus again."""
    asleep: Asleep = field(default_factory=Asleep)
    """R-TR-8: the focus they have now, asleep while they acclimate."""
