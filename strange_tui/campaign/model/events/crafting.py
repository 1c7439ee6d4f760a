"""An attempt to craft an item (R-CRAFT-1)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta

from strange_tui.campaign.model.events.base import Event, Seconds
from strange_tui.campaign.model.state import Id, Name


class CraftingAttempted(Event, tag="crafting_attempted"):
    """R-CRAFT-1: ``character`` tried to make ``item`` of ``level`` (the RollMade before it,
    in the same command, is the Intellect task); on ``success`` the item joins their
    equipment. ``training`` says what their training went to (easing the task, or instead
    the time or the materials); ``seconds`` is the crafting time the clock then moves (0:
    many years, more than play passes: the clock stays)."""

    character: Id
    item: Name
    level: Annotated[int, Meta(ge=0, le=10)]
    success: bool = False
    training: Literal["ease", "time", "materials"] = "ease"
    materials: tuple[Annotated[int, Meta(ge=1, le=10)], ...] = ()
    """The levels of material used (a level 3 item: 3, 2 and 1)."""
    seconds: Seconds = 0
