"""The cypher limit (R-CYP-1)."""

import random

from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules.cyphers import cypher_load, cyphers_to_discard, over_limit


def test_r_cyp_1_occultic_cyphers_count_as_two():
    """R-CYP-1: two anoetic and one occultic cypher load 4 against the limit."""
    assert cypher_load([False, False, True]) == 4
    assert over_limit([False, False, True], limit=3) == 1
    assert over_limit([False, True], limit=3) == 0


@given(st.lists(st.booleans(), max_size=8), st.integers(0, 6), st.integers())
def test_r_cyp_1_random_discard_fits_the_limit_and_takes_no_more_than_needed(flags, limit, seed):
    """R-CYP-1: the random pick leaves the load within the limit, and every cypher picked
    was needed (without the last one picked, the load was still over)."""
    discard = cyphers_to_discard(flags, limit, random.Random(seed))
    kept = [flag for i, flag in enumerate(flags) if i not in discard]
    assert cypher_load(kept) <= limit
    assert len(set(discard)) == len(discard)
    if discard:
        heaviest = max(cypher_load([flags[i]]) for i in discard)
        assert cypher_load(kept) + heaviest > limit
