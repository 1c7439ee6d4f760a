"""Dice sources: seeded, and physical dice typed by the player (R-TASK-6)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules import RuleViolation
from strange_tui.rules.dice import PlayerDice, SeededDice, check_face


@given(st.integers(), st.sampled_from([6, 20]))
def test_seeded_dice_repeat_for_the_same_seed(seed, sides):
    """The same seed gives the same rolls, all on the die."""
    first = [SeededDice(seed).roll(sides) for _ in range(3)]
    again = [SeededDice(seed).roll(sides) for _ in range(3)]
    assert first == again
    assert all(1 <= value <= sides for value in first)


def test_r_task_6_player_dice_give_back_the_typed_values():
    """R-TASK-6: a value the player typed is used instead of a random one, in order."""
    dice = PlayerDice([17, 4])
    assert [dice.roll(20), dice.roll(6)] == [17, 4]


def test_r_task_6_a_value_not_on_the_die_is_refused():
    """R-TASK-6: a typed 7 on a d6 is refused with the reason."""
    with pytest.raises(RuleViolation, match="d6 shows 1 to 6"):
        PlayerDice([7]).roll(6)
    with pytest.raises(RuleViolation):
        check_face(0, 20)


def test_r_task_6_no_value_typed_asks_for_one():
    """R-TASK-6: rolling with no typed value left asks the player to roll."""
    with pytest.raises(RuleViolation, match="Roll your d20"):
        PlayerDice([]).roll(20)
