"""Long-term travel on foot (R-MOVE-1): how long a distance takes on a road and over rough
ground, by the hour and by the day."""

from __future__ import annotations

from math import ceil

from strange_tui.rules.errors import RuleViolation

HOUR, DAY = 3600, 24 * 3600
PACE: dict[str, tuple[int, int]] = {"road": (3, 20), "rough": (2, 12)}
"""Miles an hour, and miles a day of travel, on each kind of ground (seed 003)."""


def travel_seconds(miles: int, ground: str) -> int:
    """R-MOVE-1: the game time ``miles`` on foot take: whole days at the day's distance,
    then the rest at the hour's pace (a part of an hour counts whole)."""
    if ground not in PACE:
        raise RuleViolation(f"Travel is on {' or '.join(PACE)} ground, not {ground!r}.")
    if miles < 1:
        raise RuleViolation("Travel a mile or more.")
    per_hour, per_day = PACE[ground]
    days, rest = divmod(miles, per_day)
    return days * DAY + ceil(rest / per_hour) * HOUR
