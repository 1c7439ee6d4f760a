"""Crafting an item (R-CRAFT-1): the task, the materials and the time, by the item's level."""

from __future__ import annotations

import msgspec

from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.task import MAX_DIFFICULTY, MIN_DIFFICULTY

MINUTE, HOUR, DAY = 60, 3600, 86_400
WEEK, MONTH, YEAR = 7 * DAY, 30 * DAY, 365 * DAY


class CraftingTime(msgspec.Struct, frozen=True, kw_only=True):
    """How long building an item of a level takes: in words, and in seconds (the least
    and the most; None: many years, more than play passes on the clock)."""

    level: int
    words: str
    example: str
    least: int | None
    most: int | None


# R-CRAFT-1: the cheat sheet's time by level (level 0: "a few minutes at most", read as
# two minutes); the examples are our own.
CRAFTING_TIMES: tuple[CraftingTime, ...] = (
    CraftingTime(
        level=0,
        words="a few minutes",
        example="a knot, a rock of the right size",
        least=2 * MINUTE,
        most=2 * MINUTE,
    ),
    CraftingTime(
        level=1, words="five minutes", example="a torch", least=5 * MINUTE, most=5 * MINUTE
    ),
    CraftingTime(
        level=2, words="an hour", example="a spear, a lean-to, a stool", least=HOUR, most=HOUR
    ),
    CraftingTime(
        level=3, words="a day", example="a bow, a door, plain clothes", least=DAY, most=DAY
    ),
    CraftingTime(
        level=4, words="one to two days", example="a sword, a mail vest", least=DAY, most=2 * DAY
    ),
    CraftingTime(
        level=5, words="a week", example="an electric lamp, fine jewellery", least=WEEK, most=WEEK
    ),
    CraftingTime(
        level=6, words="a month", example="a watch, a radio transmitter", least=MONTH, most=MONTH
    ),
    CraftingTime(
        level=7, words="a year", example="a computer, a major work of art", least=YEAR, most=YEAR
    ),
    *(
        CraftingTime(
            level=level,
            words="many years",
            example="technology beyond Earth's",
            least=None,
            most=None,
        )
        for level in range(8, MAX_DIFFICULTY + 1)
    ),
)


def crafting_time(level: int, *, shortened: bool = False) -> CraftingTime:
    """R-CRAFT-1: the time an item of ``level`` takes; training used to shorten it (instead
    of easing the task) takes the time of the level below."""
    check_level(level)
    return CRAFTING_TIMES[max(MIN_DIFFICULTY, level - 1) if shortened else level]


def materials(level: int, *, reduced: bool = False) -> tuple[int, ...]:
    """R-CRAFT-1: the levels of material an item needs: its own and every level below
    (a level 3 item: 3, 2 and 1); training used to reduce the materials drops the lowest."""
    check_level(level)
    needed = tuple(range(level, 0, -1))
    return needed[:-1] if reduced and len(needed) > 1 else needed


def check_level(level: int) -> int:
    if not MIN_DIFFICULTY <= level <= MAX_DIFFICULTY:
        raise RuleViolation(
            f"An item's level runs from {MIN_DIFFICULTY} to {MAX_DIFFICULTY}; {level} is not one."
        )
    return level


def time_words(time: CraftingTime, seconds: int) -> str:
    """R-CRAFT-1: the crafting time in words: the ladder's ('a month'), or, where it gives
    a range of days, the days taken in it ('two days')."""
    if time.least == time.most or not seconds:
        return time.words
    days, rest = divmod(seconds, DAY)
    if rest or not 0 < days < len(_DAYS):
        return time.words
    return _DAYS[days]


_DAYS = ("", "one day", "two days", "three days")
