"""What a failed translation brings (R-TR-7): the failure table, the GM's pick or the
app's draw, and where an interrupted translation lands."""

from __future__ import annotations

from collections.abc import Sequence

from strange_tui.rules.dice import DiceSource
from strange_tui.rules.translation import FAILURES

DRAW = "draw"
"""The failure policy that lets the app draw a consequence with dice (R-TR-7)."""
CONSEQUENCES: dict[str, str] = dict(FAILURES)
"""R-TR-7: the failure table, each consequence with what it does (the GM picks one)."""
NO_TRANSLATION = "no translation"
CATASTROPHIC = "catastrophic failure"
INTERRUPTED = "interrupted translation"


def draw(dice: DiceSource, options: Sequence[str]) -> str:
    """One of ``options``, drawn with a die of as many faces."""
    return options[dice.roll(len(options)) - 1]


def failure_consequence(on_failure: str, dice: DiceSource) -> str:
    """R-TR-7: what the failure brings: the GM's pick (``on_failure``) or, for DRAW, a draw
    with the app's dice; a catastrophic failure adds two more results of the table."""
    name = draw(dice, list(FAILURES)) if on_failure == DRAW else on_failure
    if name != CATASTROPHIC:
        return name
    others = [f for f in FAILURES if f != CATASTROPHIC]
    first = draw(dice, others)
    second = draw(dice, [f for f in others if f != first])
    return ", ".join((CATASTROPHIC, first, second))
