"""The Hunters' rules, one test per id, with exact odds against enumeration (R-HUN)."""

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules import RuleViolation
from strange_tui.rules.hunters import (
    Wound,
    against_person,
    attack_damage,
    complex_progress,
    condition,
    cr_name,
    current,
    defense_cr,
    degrees,
    flaws,
    fumbled,
    heal_times,
    odds,
    situational,
    succeeds,
    total_bonus,
    worsen,
    worsening_kind,
)

DAY, WEEK = 86_400, 7 * 86_400


def test_r_hun_1_two_d6_plus_bonus_against_the_cr_and_double_ones_fail():
    assert succeeds((4, 3), 3, 10)
    assert not succeeds((3, 3), 3, 10)
    assert not succeeds((1, 1), 30, 4) and fumbled((1, 1))
    assert fumbled((1, 4, 1)) and not fumbled((1, 4, 6))
    assert total_bonus(skills=5, traits=2, equipment=1, flaws=3) == 5
    with pytest.raises(RuleViolation, match="Skills give 0 to \\+10"):
        total_bonus(skills=11)


def test_r_hun_1_the_issue_example():
    """`hunters odds --bonus 3 --cr 10`: p_success 21/36."""
    p_success, _ = odds(3, 10)
    assert p_success == Fraction(21, 36)


@given(st.integers(-5, 25), st.integers(1, 32), st.sampled_from([2, 3]))
def test_r_hun_1_odds_equal_enumeration(bonus, cr, dice):
    """R-HUN-1, R-HUN-5: odds count every outcome, degrees included."""
    outcomes = list(itertools.product(range(1, 7), repeat=dice))
    wins = [d for d in outcomes if sum(d) + bonus >= cr and sum(1 for x in d if x == 1) < 2]
    p_success, p_degrees = odds(bonus, cr, dice)
    assert p_success == Fraction(len(wins), len(outcomes))
    assert sum(p_degrees.values()) == p_success


def test_r_hun_2_the_cr_ladder():
    assert [cr_name(c) for c in (4, 7, 10, 13, 16, 19, 22, 32)] == [
        "barely worth rolling", "easy", "average", "difficult", "very difficult",
        "extremely difficult", "nearly impossible", "impossible",
    ]  # fmt: skip


def test_r_hun_3_defenses_and_the_skill_they_need():
    assert defense_cr(4, 2, "low", 0) == 6
    assert defense_cr(4, 2, "standard", 1) == 9
    assert defense_cr(4, 2, "high", 3) == 12
    assert defense_cr(4, 2, "high", 0) == 6  # unskilled: always Low


def test_r_hun_4_situational_modifiers():
    assert situational({"distracted": -1, "no lighting": -2, "tools": 3}) == 0
    with pytest.raises(RuleViolation):
        situational({"tools": 5})
    assert against_person(4, -2) == 6


def test_r_hun_5_a_degree_for_each_full_three_points():
    assert degrees((5, 5), 0, 10) == 1
    assert degrees((6, 6), 1, 10) == 2
    assert degrees((6, 6), 4, 10) == 3
    assert degrees((2, 2), 0, 10) == 0


def test_r_hun_6_a_complex_challenge_over_several_rolls():
    """R-HUN-6: TH 10 at CR 8: a 12 takes 4, a 7 nothing, a 12 with a rifle (x2) takes 8."""
    threshold = complex_progress(10, 12, 8)
    assert threshold == 6
    assert complex_progress(threshold, 7, 8) == 6
    assert complex_progress(threshold, 12, 8, multiplier=2) == 0


def test_r_hun_7_damage_types_by_degree_tool_and_raise():
    assert attack_damage(3) == ["bruising", "wounding", "traumatic"]
    assert attack_damage(1, tool_bonus=2) == ["wounding"]
    assert attack_damage(2, raised=True) == ["wounding", "traumatic"]
    assert attack_damage(3, tool_bonus=6, raised=True) == ["permanent"] * 3


def test_r_hun_7_healing_over_a_simulated_week():
    """R-HUN-7: shock heals a point a minute, bruises an hour, wounds a day, trauma a week."""
    wounds = [Wound(kind="shocking", points=2, at=0), Wound(kind="bruising", points=3, at=0),
              Wound(kind="wounding", points=3, at=0), Wound(kind="traumatic", points=1, at=0),
              Wound(kind="permanent", points=1, at=0)]  # fmt: skip
    assert current(wounds, 60) == {
        "shocking": 1,
        "bruising": 3,
        "wounding": 3,
        "traumatic": 1,
        "permanent": 1,
    }
    assert current(wounds, 2 * 3600) == {
        "bruising": 1,
        "wounding": 3,
        "traumatic": 1,
        "permanent": 1,
    }
    assert current(wounds, 2 * DAY) == {"wounding": 1, "traumatic": 1, "permanent": 1}
    assert current(wounds, WEEK) == {"permanent": 1}
    assert flaws({"traumatic": 1, "permanent": 1}) == 3


def test_r_hun_8_disabled_dead_and_worsening():
    assert condition(5, {"bruising": 2}) == "fine"
    assert condition(3, {"bruising": 1, "wounding": 2}) == "disabled"
    assert condition(3, {"crippling": 2, "permanent": 1}) == "dead"
    assert worsen({"wounding": 1, "traumatic": 2}, 2) == {"traumatic": 2, "crippling": 1}
    assert worsen({"bruising": 1, "wounding": 1}, 5) == {"bruising": 1, "wounding": 1}


def test_r_hun_7_points_of_one_type_heal_one_interval_each_in_turn():
    """Two bruises taken as two wounds at once: the first heals after an hour, the second
    after two; a bruise taken at 0:30 waits for the one before (heals at 2:00)."""
    together = [Wound(kind="bruising", points=1, at=0), Wound(kind="bruising", points=1, at=0)]
    assert heal_times(together) == [("bruising", 3600), ("bruising", 7200)]
    assert current(together, 3600) == {"bruising": 1}
    assert current(together, 7200) == {}
    later = [Wound(kind="bruising", points=1, at=0), Wound(kind="bruising", points=1, at=1800)]
    assert heal_times(later) == [("bruising", 3600), ("bruising", 7200)]
    # Types heal side by side; permanent never.
    mixed = [Wound(kind="shocking", points=1, at=0), Wound(kind="bruising", points=1, at=0),
             Wound(kind="permanent", points=1, at=0)]  # fmt: skip
    assert heal_times(mixed) == [("shocking", 60), ("bruising", 3600), ("permanent", None)]


def test_r_hun_8_only_the_disabled_with_wounds_or_trauma_mildest_worsen():
    assert worsening_kind(3, {"wounding": 3}) == "wounding"
    assert worsening_kind(3, {"wounding": 1, "traumatic": 2}) == "wounding"
    assert worsening_kind(3, {"traumatic": 2, "crippling": 1}) == "traumatic"
    assert worsening_kind(3, {"bruising": 1, "wounding": 2}) is None  # a bruise is mildest
    assert worsening_kind(4, {"wounding": 3}) is None  # not disabled
    assert worsening_kind(3, {"crippling": 3}) is None  # dead
