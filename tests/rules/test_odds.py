"""Exact odds counted over the faces of the d20 (R-TASK-5), with properties."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from msgspec.structs import replace

from strange_tui.rules.odds import task_odds
from strange_tui.rules.special import SPECIAL_FACES
from strange_tui.rules.task import Skill, Task, resolve
from tests.rules.strategies import tasks


def brute_force_p_success(task: Task) -> Fraction:
    """Resolve the task on every face and count the successes: the definition of the odds."""
    results = [resolve(task, face) for face in range(1, 21)]
    return Fraction(sum(r.success for r in results), 20)


def test_r_task_5_trained_with_an_asset_at_difficulty_4():
    """R-TASK-5: difficulty 4, trained, one asset: final 2, target 6, 15 faces of 20."""
    odds = task_odds(Task(difficulty=4, skill=Skill.TRAINED, assets=1))
    assert (odds.final_difficulty, odds.target) == (2, 6)
    assert odds.p_success == Fraction(3, 4)
    assert not odds.automatic


def test_r_task_5_automatic_success_has_no_specials():
    """R-TASK-5, R-TASK-4: an automatic success is certain and rolls no special."""
    odds = task_odds(Task(difficulty=2, skill=Skill.TRAINED, assets=2))
    assert odds.automatic and odds.p_success == 1
    assert set(odds.p_special.values()) == {0}


def test_r_task_5_specials_need_success_except_the_one():
    """R-TASK-5: at target 21 no face succeeds, so only the natural 1 brings anything."""
    odds = task_odds(Task(difficulty=7))
    assert odds.p_success == 0
    assert odds.p_special == {1: Fraction(1, 20), 17: 0, 18: 0, 19: 0, 20: 0}


@given(tasks())
def test_r_task_5_p_success_is_a_count_of_faces(task):
    """R-TASK-5: p_success lies in [0, 1] and equals the successful faces over 20."""
    odds = task_odds(task)
    assert 0 <= odds.p_success <= 1
    assert odds.p_success.denominator in (1, 2, 4, 5, 10, 20)
    if odds.automatic:
        assert odds.p_success == 1
    else:
        assert odds.p_success == brute_force_p_success(task)
        assert odds.p_success == Fraction(odds.success_faces, 20)


@given(tasks(), st.sampled_from(["skill", "assets", "effort", "bonus"]))
def test_r_task_5_easing_never_lowers_the_odds(task, what):
    """R-TASK-5 (monotone): more training, assets, Effort or bonus never lowers p_success."""
    more = {
        "skill": Skill(min(task.skill + 1, Skill.SPECIALIZED)),
        "assets": min(task.assets + 1, 2),
        "effort": task.effort + 1,
        "bonus": task.bonus + 1,
    }
    eased = replace(task, **{what: more[what]})
    assert task_odds(eased).p_success >= task_odds(task).p_success


@given(tasks())
def test_r_task_5_special_chances_are_single_faces(task):
    """R-TASK-5: each special is one face: 1/20 when it can happen, else 0."""
    odds = task_odds(task)
    assert set(odds.p_special) == set(SPECIAL_FACES)
    assert all(p in (0, Fraction(1, 20)) for p in odds.p_special.values())
