"""Helping with a task (R-HELP)."""

from strange_tui.rules.helping import help_benefit
from strange_tui.rules.task import Skill


def test_r_help_1_a_more_skilled_helper_lends_their_training():
    """R-HELP-1: Sarah (trained) helps untrained Scott: he rolls as trained."""
    benefit = help_benefit(actor=Skill.UNTRAINED, helper=Skill.TRAINED)
    assert (benefit.skill, benefit.bonus) == (Skill.TRAINED, 0)
    assert help_benefit(Skill.TRAINED, Skill.SPECIALIZED).skill is Skill.SPECIALIZED


def test_r_help_2_untrained_helper_or_equal_training_gives_plus_one():
    """R-HELP-2: an untrained helper, or an actor as skilled as the helper, gives +1."""
    assert help_benefit(Skill.UNTRAINED, Skill.UNTRAINED).bonus == 1
    same = help_benefit(Skill.TRAINED, Skill.TRAINED)
    assert (same.skill, same.bonus) == (Skill.TRAINED, 1)
    assert help_benefit(Skill.SPECIALIZED, Skill.TRAINED).bonus == 1


def test_r_help_2_a_helper_with_an_inability_gives_nothing():
    """R-HELP-2: a helper with an inability in the task provides no benefit."""
    benefit = help_benefit(Skill.UNTRAINED, Skill.TRAINED, helper_inability=True)
    assert (benefit.skill, benefit.bonus) == (Skill.UNTRAINED, 0)
