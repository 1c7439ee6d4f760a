"""Dice sources: seeded pseudo-random dice, or the values a player read off physical dice.

R-TASK-6: every roll can take a die value typed by the player instead of a random one, so
every rule that rolls takes a ``DiceSource`` rather than calling ``random`` itself.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Protocol

from strange_tui.rules.errors import RuleViolation


class DiceSource(Protocol):
    """Anything that can roll one die with a given number of sides."""

    def roll(self, sides: int) -> int:
        """Return a value in 1..sides."""
        ...


class SeededDice:
    """Pseudo-random dice; the same seed gives the same sequence of rolls."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._random.randint(1, sides)


class PlayerDice:
    """Physical dice (R-TASK-6): hands back the values the player typed, in order.

    A value outside the die's faces is refused when it is rolled, with the reason.
    """

    def __init__(self, values: Iterable[int]) -> None:
        self._values = deque(values)

    def roll(self, sides: int) -> int:
        if not self._values:
            raise RuleViolation(f"Roll your d{sides} and enter the value it shows.")
        value = self._values.popleft()
        check_face(value, sides)
        return value


def check_face(value: int, sides: int) -> int:
    """Return ``value`` if a d``sides`` can show it, else raise RuleViolation."""
    if not 1 <= value <= sides:
        raise RuleViolation(f"A d{sides} shows 1 to {sides}; {value} is not on the die.")
    return value
