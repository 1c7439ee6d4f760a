"""What moves a roll's difficulty, one reason a line (R-TASK-3, R-TASK-5): the task's own
steps (training, assets, Effort) with the lumped 'eased' and 'hindered' taken apart into
what they are made of (an effect, a circumstance, a condition), for every dialog that shows
'Standard 2 → Simple 1' to say why; and the training a roll may claim: the sheet's
(R-TASK-9), or the GM's grant."""

from __future__ import annotations

from collections.abc import Iterable

from strange_tui.campaign.model.abilities import moment, skills_now
from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.errors import RuleViolation
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


TRAINING_RANK = {"": 0, "trained": 1, "specialized": 2}
MORE = "more is an asset, or a step the GM grants"
"""What a player who wants more than the sheet gives is told (R-TASK-9)."""


def sheet_trainings(who: Character, now: int | None = None) -> dict[str, str]:
    """R-TASK-9: the skills the sheet trains or specializes ``who`` in now (its abilities'
    included, R-ABL-1), by name: the trainings a player's roll may name."""
    return {
        name: level for name, level in skills_now(who, now).items() if level in TRAINING_RANK
    }


def claimed_training(
    who: Character, skill: str, training: str, by: str, now: int | None = None
) -> str:
    """R-TASK-9: the sheet's name of the skill a roll's ``skill`` (trained, specialized)
    comes from, as ``training`` names it; '' for none. A player's seat claims only what
    the sheet gives: a training with no skill of the sheet named, or above what the named
    one gives, is refused; the GM's seat may grant either. A name the sheet does not hold
    is refused at every seat (the log would say the sheet gave it)."""
    wanted = training.strip().casefold()
    found = next(
        ((name, level) for name, level in sheet_trainings(who, now).items()
         if name.strip().casefold() == wanted),
        None,
    ) if wanted else None  # fmt: skip
    if wanted and found is None:
        raise RuleViolation(f"{who.name}'s sheet has no training in {training.strip()}.")
    if not skill:
        return ""
    if found is None:
        if by != GM:
            raise RuleViolation(
                f"{who.name}'s sheet gives no training for this roll (name one of its"
                f" skills): {MORE}."
            )
        return ""
    name, level = found
    if TRAINING_RANK[skill] <= TRAINING_RANK[level]:
        return name
    if by != GM:
        raise RuleViolation(f"{who.name} is {level} in {name}, not {skill}: {MORE}.")
    return ""  # Beyond the sheet: the GM's grant, not the skill's.


GRANTED = "granted"
"""The name a training choice carries when the GM's seat grants it (no skill of the sheet)."""


def training_options(state: Campaign, character: str, seat: str) -> list[tuple[str, str]]:
    """R-TASK-9: the trainings a roll's form offers at ``seat``, as (label, value) for
    ``training_choice``: untrained, then each skill the sheet trains or specializes the
    character in now ('Trained: climbing'); the GM's seat may also grant either without
    one."""
    options = [("Untrained", "")]
    held = sheet_trainings(state.characters[character], moment(state)) if character else {}
    for name, level in sorted(held.items(), key=lambda kv: kv[0].casefold()):
        options.append((f"{level.title()}: {name}", f"{level}|{name}"))
    if seat == GM:
        options += [("Trained (GM grants)", f"trained|{GRANTED}"),
                    ("Specialized (GM grants)", f"specialized|{GRANTED}")]  # fmt: skip
    return options


def training_choice(value: str) -> tuple[str, str]:
    """R-TASK-9: a form's training value as the roll's ``skill`` and ``training`` (the
    sheet's skill; '' for the GM's grant or none)."""
    skill, _, name = value.partition("|")
    return skill, "" if name == GRANTED else name
