"""Task resolution: difficulty names, targets, easing and hindering steps (R-TASK)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules import RuleViolation
from strange_tui.rules.task import (
    CONTEST_EDGE,
    Skill,
    Task,
    check_task,
    contest_winner,
    difficulty_name,
    final_difficulty,
    is_automatic,
    resolve,
    step_breakdown,
    target_number,
)
from tests.rules.strategies import tasks


def test_r_task_1_difficulty_names_and_targets():
    """R-TASK-1: steps 0..10 have their names and a target of three times the step."""
    assert [difficulty_name(d) for d in range(11)] == [
        "Routine", "Simple", "Standard", "Demanding", "Difficult", "Challenging",
        "Intimidating", "Formidable", "Heroic", "Immortal", "Impossible",
    ]  # fmt: skip
    assert [target_number(d) for d in range(11)] == [3 * d for d in range(11)]


@pytest.mark.parametrize("difficulty", [-1, 11, 99])
def test_r_task_1_difficulty_outside_0_to_10_is_refused(difficulty):
    """R-TASK-1: a task's difficulty is a step from 0 to 10."""
    with pytest.raises(RuleViolation, match="0 \\(Routine\\) to 10"):
        check_task(Task(difficulty=difficulty))


def test_r_task_2_success_when_die_plus_bonus_reaches_target():
    """R-TASK-2: d20 + bonus >= target succeeds; one short fails."""
    task = Task(difficulty=4, bonus=1)
    assert resolve(task, 11).success
    assert resolve(task, 11).total == 12
    assert not resolve(task, 10).success


def test_r_task_2_unmodified_die_without_bonus():
    """R-TASK-2: with no bonus the natural die is the total."""
    result = resolve(Task(difficulty=4), 12)
    assert (result.die, result.total, result.success) == (12, 12, True)


def test_r_task_3_training_specialization_assets_effort_ease():
    """R-TASK-3: trained -1, specialized -2, each asset -1, each level of Effort -1."""
    assert final_difficulty(Task(difficulty=6, skill=Skill.TRAINED)) == 5
    assert final_difficulty(Task(difficulty=6, skill=Skill.SPECIALIZED)) == 4
    assert final_difficulty(Task(difficulty=6, assets=2)) == 4
    assert final_difficulty(Task(difficulty=6, effort=3)) == 3
    assert final_difficulty(Task(difficulty=6, skill=Skill.SPECIALIZED, assets=2, effort=2)) == 0


def test_r_task_3_inability_and_hindrances_hinder():
    """R-TASK-3: an inability hinders one step, each situational hindrance one more."""
    assert final_difficulty(Task(difficulty=3, inability=True)) == 4
    assert final_difficulty(Task(difficulty=3, inability=True, hindrances=2)) == 6


def test_r_task_3_trained_cancels_inability():
    """R-TASK-3: trained and an inability cancel out (net 0)."""
    task = Task(difficulty=5, skill=Skill.TRAINED, inability=True)
    assert final_difficulty(task) == 5
    assert dict(step_breakdown(task)) == {"trained": -1, "inability": 1}


def test_r_task_3_at_most_two_assets():
    """R-TASK-3: at most two assets per task; a third is refused, saying why."""
    with pytest.raises(RuleViolation, match="0 to 2 assets; 3 is too many"):
        check_task(Task(difficulty=5, assets=3))


def test_r_task_4_zero_or_less_is_automatic_and_needs_no_die():
    """R-TASK-4: a final difficulty of 0 or less succeeds without a roll."""
    task = Task(difficulty=2, skill=Skill.TRAINED, assets=2)
    assert is_automatic(task)
    result = resolve(task, None)
    assert result.automatic and result.success and result.die is None
    assert result.final_difficulty == 0


def test_r_task_4_above_ten_stays_above_ten():
    """R-TASK-4: a hindered Impossible task stays above 10; a d20 alone cannot reach 33."""
    task = Task(difficulty=10, inability=True)
    assert final_difficulty(task) == 11
    assert target_number(11) == 33
    assert not resolve(task, 20).success
    assert difficulty_name(11) == "Beyond impossible"


def test_r_task_4_task_that_is_not_automatic_needs_a_die():
    """R-TASK-4: only an automatic success skips the roll."""
    with pytest.raises(RuleViolation, match="needs a roll"):
        resolve(Task(difficulty=3), None)


def test_r_task_7_pc_versus_pc_highest_total_wins():
    """R-TASK-7: both roll, the higher total wins; a tie is no winner; +3 an advantage."""
    assert contest_winner(15, 12) == 1
    assert contest_winner(9, 14) == 2
    assert contest_winner(11, 11) == 0
    assert contest_winner(10, 12, first_bonus=CONTEST_EDGE) == 1


@given(tasks(), st.integers(1, 20))
def test_r_task_2_resolve_agrees_with_target(task, die):
    """R-TASK-2: a rolled result succeeds exactly when total >= target."""
    result = resolve(task, die)
    if not result.automatic:
        assert result.success == (die + task.bonus >= result.target)
        assert result.target == 3 * result.final_difficulty


@given(tasks())
def test_r_task_3_breakdown_sums_to_final_difficulty(task):
    """R-TASK-3: the itemised steps add up to the final difficulty (before the floor at 0)."""
    assert final_difficulty(task) == max(
        0, task.difficulty + sum(s for _, s in step_breakdown(task))
    )


def test_r_xp_3_an_intrusion_on_an_automatic_success_forces_a_roll_before_easing():
    """R-XP-3: the eased-to-0 task is rolled at its difficulty before easing."""
    from strange_tui.rules.task import forced_roll

    task = Task(difficulty=3, skill=Skill.TRAINED, assets=2, hindrances=1)
    assert is_automatic(Task(difficulty=3, skill=Skill.TRAINED, assets=2))
    forced = forced_roll(task)
    assert final_difficulty(forced) == 4 and not is_automatic(forced)
