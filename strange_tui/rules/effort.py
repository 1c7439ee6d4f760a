"""Effort, Edge and what an action costs from a pool (R-EFF)."""

from __future__ import annotations

from strange_tui.rules.errors import RuleViolation

FIRST_LEVEL_COST = 3
FURTHER_LEVEL_COST = 2
IMPAIRED_EXTRA_PER_LEVEL = 1
DAMAGE_PER_LEVEL = 3
AREA_DAMAGE_PER_LEVEL = 2


def effort_cost(levels: int, *, impaired: bool = False) -> int:
    """R-EFF-1, R-EFF-4: points the given levels of Effort cost, before Edge.

    3 for the first level and 2 for each further one (1 = 3, 2 = 5, 3 = 7); an impaired
    character pays 1 more per level (1 = 4, 2 = 7).
    """
    if levels < 0:
        raise RuleViolation(f"Effort is a number of levels, 0 or more; {levels} is not.")
    if levels == 0:
        return 0
    base = FIRST_LEVEL_COST + FURTHER_LEVEL_COST * (levels - 1)
    return base + (IMPAIRED_EXTRA_PER_LEVEL * levels if impaired else 0)


def check_effort(task_levels: int, damage_levels: int, effort_score: int) -> None:
    """R-EFF-2: all the Effort applied to one action, to the task and to damage together,
    cannot exceed the character's Effort score."""
    if task_levels < 0 or damage_levels < 0:
        raise RuleViolation("Effort is a number of levels, 0 or more.")
    total = task_levels + damage_levels
    if total > effort_score:
        raise RuleViolation(
            f"{total} levels of Effort is more than your Effort of {effort_score}."
        )


def action_cost(
    *,
    effort_levels: int = 0,
    ability_cost: int = 0,
    edge: int = 0,
    impaired: bool = False,
    weakness: int = 0,
) -> int:
    """R-EFF-1, R-EFF-3, R-EFF-4, R-WEAK-1: the points one action takes from its pool.

    The Effort (all levels, whether they ease the task or add damage) plus the ability's own
    cost, less the pool's Edge once for the whole action, never below 0. A weakness in the
    pool (the opposite of Edge, S3) adds to an action that still costs points after Edge;
    one that costs nothing stays free.
    """
    if ability_cost < 0:
        raise RuleViolation(f"An ability's cost is 0 or more; {ability_cost} is not.")
    if edge < 0 or weakness < 0:
        raise RuleViolation(f"Edge and weakness are 0 or more; {edge}, {weakness} are not.")
    net = max(0, effort_cost(effort_levels, impaired=impaired) + ability_cost - edge)
    return net + weakness if net else 0


def effort_damage(levels: int, *, area: bool = False) -> int:
    """R-EFF-5: extra damage from Effort applied to damage.

    +3 per level to a single target; +2 per level to each target of an area attack.
    """
    if levels < 0:
        raise RuleViolation(f"Effort is a number of levels, 0 or more; {levels} is not.")
    return levels * (AREA_DAMAGE_PER_LEVEL if area else DAMAGE_PER_LEVEL)
