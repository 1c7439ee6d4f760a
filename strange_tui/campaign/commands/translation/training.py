"""Training in translating (R-TR-1) and what helpers give (R-HELP-1..2): the initiator's
training, each helper's share, and what eases or hinders the initiator's roll.

Training in translation is the skill named ``Translation`` on the sheet (any case): the
initiator's own training or inability counts, and each helper's, by the helping rules."""

from __future__ import annotations

from collections.abc import Sequence

from strange_tui.campaign.commands.base import character_of
from strange_tui.campaign.commands.rolls.effects import EffectStep
from strange_tui.campaign.commands.translation.preview import DifficultyPart, HelpLine
from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.helping import help_benefit
from strange_tui.rules.task import Skill

TRANSLATION_SKILL = "Translation"
"""The skill on a sheet that trains a character in translating (R-TR-1, R-HELP-1..2)."""


SKILL_KEY = TRANSLATION_SKILL.lower()


SKILL_WORDS = {Skill.TRAINED: "trained", Skill.SPECIALIZED: "specialized"}


SKILL_STEPS = {"trained": 1, "specialized": 2}


def translation_skill(who: Character) -> tuple[Skill, bool]:
    """R-TR-1: how trained ``who`` is in translating (the sheet's ``Translation`` skill,
    or an ability's, R-ABL-1), and whether it is an inability."""
    level = next(
        (lvl for name, lvl in skills_now(who).items() if name.strip().lower() == SKILL_KEY), ""
    )
    skill = {"trained": Skill.TRAINED, "specialized": Skill.SPECIALIZED}.get(level, Skill.UNTRAINED)
    return skill, level == "inability"


def helping(
    state: Campaign, initiator: Character, helpers: Sequence[str]
) -> tuple[Skill, tuple[HelpLine, ...]]:
    """R-TR-1 with R-HELP-1..2: the training the initiator rolls with, and what each helper
    gives. The most trained helper goes first: if more trained than the initiator, they
    lend their training; each other helper then adds +1 (the initiator is now as trained
    as they are), except a helper with an inability in translating, who gives nothing."""
    skill, _ = translation_skill(initiator)
    ranked = sorted(
        (character_of(state, pc) for pc in helpers),
        key=lambda h: (translation_skill(h)[1], -translation_skill(h)[0]),
    )
    lines: list[HelpLine] = []
    for helper in ranked:
        level, inability = translation_skill(helper)
        benefit = help_benefit(skill, level, helper_inability=inability)
        if inability:
            text = "an inability in translating: no help"
            lines.append(HelpLine(name=helper.name, text=text))
        elif benefit.skill > skill:
            words = SKILL_WORDS[benefit.skill]
            text = f"lends {words} training"
            lines.append(HelpLine(name=helper.name, text=text, lends=words))
            skill = benefit.skill
        else:
            lines.append(HelpLine(name=helper.name, text="+1 to the roll",
                                  bonus=benefit.bonus))  # fmt: skip
    return skill, tuple(lines)


def roll_steps(
    who: Character, task: RollMade, help_lines: Sequence[HelpLine], effects: Sequence[EffectStep]
) -> tuple[DifficultyPart, ...]:
    """What eases or hinders the initiator's roll, one line each (R-TASK-3, R-TR-7)."""
    steps: list[DifficultyPart] = []
    if task.skill:
        lender = next((line.name for line in help_lines if line.lends == task.skill), "")
        whose = f"{lender}'s training, lent" if lender else f"{who.name} {task.skill}"
        steps.append(DifficultyPart(label=whose, steps=-SKILL_STEPS[task.skill]))
    if task.inability:
        steps.append(DifficultyPart(label=f"{who.name}'s inability", steps=1))
    if task.assets:
        label = "asset" if task.assets == 1 else f"{task.assets} assets"
        steps.append(DifficultyPart(label=label, steps=-task.assets))
    if task.effort:
        steps.append(DifficultyPart(label=f"Effort {task.effort}", steps=-task.effort))
    for effect in effects:
        steps.append(DifficultyPart(label=f"{effect.cause} ({effect.when})", steps=effect.steps))
    return tuple(steps)
