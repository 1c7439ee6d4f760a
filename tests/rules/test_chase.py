"""A long chase's outcome (R-CHASE-1): the quarry's level in Speed successes wins; failures
outnumbering successes lose, read literally (a first failure loses at once)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules import RuleViolation
from strange_tui.rules.chase import chase_outcome


def test_r_chase_1_as_many_successes_as_the_level_win():
    assert chase_outcome(3, 3, 0) == "won"
    assert chase_outcome(3, 3, 2) == "won"  # Two failures, never more than the successes.
    assert chase_outcome(1, 1, 0) == "won"
    assert chase_outcome(3, 2, 2) == ""  # Even: the chase goes on.


def test_r_chase_1_a_first_failure_loses_read_literally():
    """No success yet, one failure: the failures outnumber the successes."""
    assert chase_outcome(3, 0, 1) == "lost"
    assert chase_outcome(10, 0, 1) == "lost"


def test_r_chase_1_failures_outnumbering_successes_lose():
    assert chase_outcome(4, 1, 1) == ""
    assert chase_outcome(4, 1, 2) == "lost"
    assert chase_outcome(4, 3, 4) == "lost"


def test_r_chase_1_nothing_rolled_yet_the_chase_goes_on():
    assert chase_outcome(2, 0, 0) == ""


@pytest.mark.parametrize("level", [0, 11, -1])
def test_r_chase_1_a_quarry_is_level_1_to_10(level):
    with pytest.raises(RuleViolation, match="from 1 to 10"):
        chase_outcome(level, 0, 0)


def test_r_chase_1_counts_are_never_negative():
    with pytest.raises(RuleViolation, match="from 0"):
        chase_outcome(3, -1, 0)


@given(
    level=st.integers(1, 10),
    rolls=st.lists(st.booleans(), min_size=1, max_size=40),
)
def test_r_chase_1_a_chase_ends_at_its_first_decided_roll(level, rolls):
    """Rolled one by one, the chase is decided by the level-th success or the first
    failure that outnumbers the successes, and never needs more than 2 x level rolls."""
    successes = failures = 0
    outcome = ""
    for count, success in enumerate(rolls, start=1):
        successes += success
        failures += not success
        outcome = chase_outcome(level, successes, failures)
        if outcome:
            assert outcome == ("won" if successes == level else "lost")
            assert count <= 2 * level
            break
    if not outcome:
        assert successes < level and failures <= successes
