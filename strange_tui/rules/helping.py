"""Helping another character with a task (R-HELP)."""

from __future__ import annotations

import msgspec

from strange_tui.rules.task import UNTRAINED_HELPER_BONUS, Skill


class HelpBenefit(msgspec.Struct, frozen=True, kw_only=True):
    """What a helper gives the acting character: the skill they roll with, and a bonus."""

    skill: Skill
    bonus: int


def help_benefit(actor: Skill, helper: Skill, *, helper_inability: bool = False) -> HelpBenefit:
    """R-HELP-1, R-HELP-2: the benefit of a helper who spends their action.

    A helper with an inability in the task gives nothing. A helper more skilled than the
    actor lends their training (the actor rolls as trained or specialized). Otherwise,
    an untrained helper or an actor as skilled as the helper, the actor gets +1 to the roll.
    """
    if helper_inability:
        return HelpBenefit(skill=actor, bonus=0)
    if helper > actor:
        return HelpBenefit(skill=helper, bonus=0)
    return HelpBenefit(skill=actor, bonus=UNTRAINED_HELPER_BONUS)
