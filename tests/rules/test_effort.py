"""Effort, Edge and pool costs (R-EFF)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules import RuleViolation
from strange_tui.rules.effort import action_cost, check_effort, effort_cost, effort_damage
from strange_tui.rules.pools import Pools, Stat, spend
from strange_tui.rules.track import DamageTrack
from tests.rules.strategies import make_pools


def pools(might=10, speed=10, intellect=10, luck=None) -> Pools:
    return make_pools(might, speed, intellect, luck, maximum=10)


def test_r_eff_1_three_for_the_first_level_two_for_each_further():
    """R-EFF-1: 1 level = 3, 2 = 5, 3 = 7."""
    assert [effort_cost(n) for n in range(4)] == [0, 3, 5, 7]


def test_r_eff_2_effort_on_task_and_damage_within_the_effort_score():
    """R-EFF-2: levels to the task and to damage together stay within the Effort score."""
    check_effort(1, 1, effort_score=2)
    with pytest.raises(RuleViolation, match="Effort of 1"):
        check_effort(1, 1, effort_score=1)


def test_r_eff_3_edge_reduces_the_whole_action_once():
    """R-EFF-3: Edge comes off Effort plus the ability's cost, once, never below 0."""
    assert action_cost(effort_levels=1, ability_cost=2, edge=1) == 4
    assert action_cost(effort_levels=2, edge=2) == 3
    assert action_cost(effort_levels=1, edge=3) == 0
    assert action_cost(ability_cost=1, edge=5) == 0


def test_r_eff_4_impaired_pays_one_more_per_level():
    """R-EFF-4: impaired, 1 level costs 4 and 2 levels cost 7."""
    assert effort_cost(1, impaired=True) == 4
    assert effort_cost(2, impaired=True) == 7


def test_r_eff_1_to_4_the_issue_example():
    """R-EFF-1..4: two levels, Edge 1, impaired: (5 + 2) - 1 = 6."""
    assert action_cost(effort_levels=2, edge=1, impaired=True) == 6


def test_r_eff_5_effort_on_damage():
    """R-EFF-5: +3 damage per level; +2 to each target of an area attack."""
    assert effort_damage(2) == 6
    assert effort_damage(2, area=True) == 4


def test_r_eff_6_cannot_spend_points_you_do_not_have():
    """R-EFF-6: spending more than the pool holds is refused and nothing changes."""
    before = pools(speed=4)
    with pytest.raises(RuleViolation, match="Speed has 4 points; this action costs 5"):
        spend(before, DamageTrack.HALE, Stat.SPEED, 5)
    assert before.speed.current == 4


def test_r_eff_6_spending_within_the_pool():
    """R-EFF-6: spending what you have takes it from the pool."""
    outcome = spend(pools(speed=4), DamageTrack.HALE, Stat.SPEED, 3)
    assert outcome.pools.speed.current == 1
    assert outcome.track is DamageTrack.HALE


@pytest.mark.parametrize("bad", [{"effort_levels": -1}, {"edge": -1}, {"ability_cost": -2}])
def test_r_eff_negative_inputs_are_refused(bad):
    """R-EFF-1..3: negative Effort, Edge or cost are not numbers the rules know."""
    with pytest.raises(RuleViolation):
        action_cost(**bad)


@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 10), st.booleans())
def test_r_eff_cost_is_never_negative_and_edge_never_raises_it(levels, ability, edge, impaired):
    """R-EFF-1..4: the cost is never negative, and more Edge never costs more."""
    cost = action_cost(effort_levels=levels, ability_cost=ability, edge=edge, impaired=impaired)
    assert cost >= 0
    assert (
        action_cost(effort_levels=levels, ability_cost=ability, edge=edge + 1, impaired=impaired)
        <= cost
    )
    assert cost == max(0, effort_cost(levels, impaired=impaired) + ability - edge)


def test_r_weak_1_a_weakness_adds_to_an_action_that_costs_points():
    """S3: "Weakness: increase spend on matching task's pool by Weakness" (Edge's opposite)."""
    assert action_cost(effort_levels=1, weakness=1) == 4
    assert action_cost(effort_levels=1, edge=1, weakness=1) == 3
    assert action_cost(ability_cost=2, weakness=2) == 4


def test_r_weak_1_a_free_action_stays_free():
    assert action_cost(weakness=1) == 0
    assert action_cost(ability_cost=1, edge=1, weakness=1) == 0
