"""An artifact a character carries (R-ART-1, R-ART-2): its level, its depletion, and
whether it is identified, used once and spent. Kept apart from ``state`` so the sheet's
module stays short; ``state`` re-exports it."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta

from strange_tui.campaign.model.types import Frozen, Name, Text

DepletionDie = Literal[0, 6, 10, 20, 100]
"""R-ART-1: the die an artifact's depletion is rolled on (0: none is rolled)."""


class Artifact(Frozen):
    """R-ART-1, R-ART-2: an artifact carried. Each use rolls its depletion die: a face of 1
    to ``depletion_in`` makes that use its last ("1 in 1d20"). With no die (0),
    ``depletion_in`` 0 never depletes and 1 is "automatic": its first use is its last."""

    name: Name
    level: Annotated[int, Meta(ge=1, le=10)] = 1
    depletion_in: Annotated[int, Meta(ge=0, le=100)] = 1
    depletion_die: DepletionDie = 20
    effect: Text = ""
    identified: bool = True
    """R-ART-1: studied and known (an Intellect task at its level)."""
    used_once: bool = False
    """R-ART-2: its first use as an identified artifact (an Intellect task) is behind it."""
    spent: bool = False
    """R-ART-1: its depletion came up: it stays on the sheet, and works no more."""
