"""What moves a roll's difficulty, one reason a line (R-TASK-3, R-TASK-5): the task's own
steps (training, assets, Effort) with the lumped 'eased' and 'hindered' taken apart into
what they are made of (an effect, a circumstance, a condition), for every dialog that shows
'Standard 2 → Simple 1' to say why."""

from __future__ import annotations

from collections.abc import Iterable

from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.rules.task import step_breakdown

Steps = tuple[tuple[str, int], ...]
"""(reason, steps): + hinders, - eases."""


def itemised_steps(made: RollMade, named: Iterable[tuple[str, int]]) -> Steps:
    """Each reason ``made``'s difficulty moves: its trainings, assets and Effort, then in
    place of the lumped 'eased' and 'hindered' each of the ``named`` reasons they hold;
    what no reason names stays 'eased' or 'hindered'. A forced roll drops its eases, and
    the named eases with them (R-XP-3)."""
    reasons = [(label, n) for label, n in named if n]
    steps: list[tuple[str, int]] = []
    for label, step in step_breakdown(task_of(made)):
        if label in ("eased", "hindered"):
            mine = [(r, n) for r, n in reasons if (n > 0) == (label == "hindered")]
            steps += mine
            step -= sum(n for _, n in mine)
            if not step:
                continue
        steps.append((label, step))
    return tuple(steps)


def named_training(steps: Steps, skill_name: str, inability_name: str) -> Steps:
    """'trained' as 'trained (Dodge)', 'inability' as 'inability (Swimming)': the skill on
    the sheet that gives it, when the roll uses the sheet's."""
    named = {
        "trained": f"trained ({skill_name})" if skill_name else "trained",
        "specialized": f"specialized ({skill_name})" if skill_name else "specialized",
        "inability": f"inability ({inability_name})" if inability_name else "inability",
    }
    return tuple((named.get(label, label), n) for label, n in steps)
