"""Translation rules (R-TR, RULES.md section 10)."""

import pytest

from strange_tui.rules import RuleViolation
from strange_tui.rules.translation import (
    DAY,
    FAILURES,
    HOUR,
    MINUTE,
    ROUND,
    Record,
    Roles,
    acclimation_seconds,
    check_roles,
    difficulty_parts,
    paradox_reroll,
    special_effect,
    too_often_steps,
    trance_seconds,
)


@pytest.mark.parametrize(
    ("hasteners", "easers", "trance", "acclimation"),
    [
        # Three PCs: initiating, hastening, easing.
        (["spinner"], ["vector"], 10 * MINUTE, ROUND),
        (["paradox"], ["paradox"], 2 * HOUR, 10 * MINUTE),
        # Two PCs, initiating and hastening: no easer, so acclimation stays an hour
        # (RULES.md R-TR-2 follows the rule text over the seed's table row).
        (["spinner"], [], 10 * MINUTE, HOUR),
        (["vector"], [], 2 * HOUR, HOUR),
        # Two PCs, initiating and easing.
        ([], ["vector"], 4 * HOUR, ROUND),
        ([], ["spinner"], 4 * HOUR, 10 * MINUTE),
        # One PC.
        ([], [], 4 * HOUR, HOUR),
    ],
)
def test_r_tr_2_trance_and_acclimation_times(hasteners, easers, trance, acclimation):
    """R-TR-2: the seed's table of three, two and one PCs."""
    assert (trance_seconds(hasteners), acclimation_seconds(easers)) == (trance, acclimation)


def test_r_tr_1_one_role_each_and_the_recursion_sets_the_difficulty():
    """R-TR-1: Earth is difficulty 5; a character takes one role."""
    roles = Roles(initiator="a", hasteners=("b",))
    assert difficulty_parts(5, (), 0, roles, likeness=False) == [("recursion", 5)]
    with pytest.raises(RuleViolation, match="one role"):
        check_roles(Roles(initiator="a", easers=("a",)))


def test_r_tr_3_too_often_is_cumulative_per_participant_translation():
    """R-TR-3: two characters who each took part in one translation today: +2; after
    a second such translation, +4; a day later nothing counts."""
    first = Record(at=1000, participants=("a", "b"))
    assert too_often_steps([first], 2000, ["a", "b", "c"]) == 2
    second = Record(at=3000, participants=("a", "b", "d"))
    assert too_often_steps([first, second], 4000, ["a", "b", "c"]) == 4
    assert too_often_steps([first, second], 3000 + DAY, ["a", "b"]) == 0


def test_r_tr_4_a_likeness_adds_three():
    parts = difficulty_parts(6, (), 0, Roles(initiator="a"), likeness=True)
    assert parts == [("recursion", 6), ("relying on a likeness", 3)]


def test_r_tr_5_a_paradox_initiator_rerolls_one_failure():
    assert paradox_reroll("Paradox", first_success=False, rerolled=False)
    assert not paradox_reroll("Paradox", first_success=False, rerolled=True)
    assert not paradox_reroll("Vector", first_success=False, rerolled=False)


def test_r_tr_6_nineteen_and_twenty():
    """R-TR-6: no acclimation; focus tasks eased for an hour (19) or a day (20)."""
    assert special_effect(19) == (0, HOUR)
    assert special_effect(20) == (0, DAY)
    assert special_effect(12) == (1, 0)


def test_r_tr_7_the_failure_table():
    """R-TR-7: thirteen consequences and the catastrophic double (the Translate command
    draws one with the dice: tests/campaign/commands/test_translation.py)."""
    assert len(FAILURES) == 14 and "taxing" in FAILURES
