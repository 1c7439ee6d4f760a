"""A long chase (R-CHASE-1): a PC against a quarry (an NPC, a beast, a vehicle) of a level.

The PC makes Speed tasks, one after another. As many successes as the quarry's level win
the chase; the moment the failures outnumber the successes, it is lost. Read literally, a
first roll that fails loses at once (no successes yet, one failure): the cheat sheet says
no more, so the app says so, and a GM who reads it more gently may start the chase again.
"""

from __future__ import annotations

from typing import Literal

from strange_tui.rules.errors import RuleViolation

MIN_QUARRY_LEVEL = 1
MAX_QUARRY_LEVEL = 10

ChaseOutcome = Literal["won", "lost", ""]


def chase_outcome(level: int, successes: int, failures: int) -> ChaseOutcome:
    """R-CHASE-1: 'won' once ``successes`` reach the quarry's ``level``, 'lost' once the
    ``failures`` outnumber the successes, '' while the chase goes on. A chase stops at its
    first decided roll, so both never hold at once; were they to, the loss counts."""
    check_quarry_level(level)
    if successes < 0 or failures < 0:
        raise RuleViolation("A chase counts its successes and failures from 0.")
    if failures > successes:
        return "lost"
    if successes >= level:
        return "won"
    return ""


def check_quarry_level(level: int) -> int:
    """The quarry's level: 1 to 10 (a level 0 quarry would be caught without a roll)."""
    if not MIN_QUARRY_LEVEL <= level <= MAX_QUARRY_LEVEL:
        raise RuleViolation(
            f"A quarry's level runs from {MIN_QUARRY_LEVEL} to {MAX_QUARRY_LEVEL};"
            f" {level} is not one."
        )
    return level
