"""Recovery rolls and the four rests of the day (R-REC)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules import RuleViolation
from strange_tui.rules.pools import Pools, Stat
from strange_tui.rules.recovery import (
    apply_recovery,
    next_rest,
    recover_track_step,
    recovery_bonus,
)
from strange_tui.rules.track import DamageTrack
from tests.rules.strategies import make_pools, stat_pools, tracks


def pools(might, speed, intellect, luck=None) -> Pools:
    return make_pools(might, speed, intellect, luck, maximum=10)


def test_r_rec_1_d6_plus_tier_plus_modifiers():
    """R-REC-1: 1d6 + tier, +1 for Tough, +2 per recovery advancement."""
    assert recovery_bonus(1) == 1
    assert recovery_bonus(3, tough=True, recovery_advancements=1) == 6


def test_r_rec_1_points_divided_as_the_player_chooses_and_capped():
    """R-REC-1: the points go where the player says, never past a pool's maximum."""
    outcome = apply_recovery(pools(8, 5, 10), DamageTrack.HALE, 6, {Stat.MIGHT: 4, Stat.SPEED: 2})
    assert (outcome.pools.might.current, outcome.pools.speed.current) == (10, 7)
    assert outcome.wasted == 2


def test_r_rec_1_cannot_divide_more_than_rolled():
    """R-REC-1: dividing 7 points of a roll of 5 is refused."""
    with pytest.raises(RuleViolation, match="only 5"):
        apply_recovery(pools(1, 1, 1), DamageTrack.HALE, 5, {Stat.MIGHT: 7})


def test_r_rec_1_luck_is_refreshed_by_the_roll():
    """R-REC-1, R-POOL-1: a recovery roll refreshes Luck by the same points (to its max)."""
    outcome = apply_recovery(pools(5, 5, 5, luck=0), DamageTrack.HALE, 2, {Stat.MIGHT: 2})
    assert outcome.pools.luck.current == 2


def test_r_rec_2_four_rests_a_day_then_a_new_day():
    """R-REC-2: one action, ten minutes, one hour, ten hours; the fifth starts over."""
    labels = [next_rest(n).label for n in range(5)]
    assert labels == ["one action", "ten minutes", "one hour", "ten hours", "one action"]
    assert [next_rest(n).minutes for n in range(4)] == [0, 10, 60, 600]
    assert next_rest(0).rounds == 1


def test_r_rec_3_raising_a_pool_from_zero_moves_up_the_track():
    """R-REC-3: raising Might and Speed from 0 moves debilitated up to hale."""
    outcome = apply_recovery(
        pools(0, 0, 4), DamageTrack.DEBILITATED, 5, {Stat.MIGHT: 3, Stat.SPEED: 2}
    )
    assert outcome.track is DamageTrack.HALE
    assert outcome.revived == (Stat.MIGHT, Stat.SPEED)


def test_r_rec_3_a_step_up_instead_of_points_with_every_pool_above_zero():
    """R-REC-3: with all pools above 0, a roll may move one step up the track instead."""
    assert recover_track_step(pools(3, 3, 3), DamageTrack.DEBILITATED) is DamageTrack.IMPAIRED
    with pytest.raises(RuleViolation, match="Raise Speed above 0"):
        recover_track_step(pools(3, 0, 3), DamageTrack.IMPAIRED)
    with pytest.raises(RuleViolation, match="already hale"):
        recover_track_step(pools(3, 3, 3), DamageTrack.HALE)


def test_r_rec_dead_is_dead():
    """R-DMG-4, R-REC: a dead character makes no recovery roll."""
    with pytest.raises(RuleViolation, match="Dead is dead"):
        apply_recovery(pools(0, 0, 0), DamageTrack.DEAD, 5, {Stat.MIGHT: 5})


@given(stat_pools(), tracks, st.integers(0, 20), st.lists(st.sampled_from(list(Stat)), max_size=20))
def test_r_rec_1_recovery_stays_within_maximums_and_the_track_only_rises(
    pools_, track, points, picks
):
    """R-REC-1, R-REC-3: pools stay within maximum; the track rises by pools revived."""
    allocation = {stat: picks[:points].count(stat) for stat in Stat}
    if track is DamageTrack.DEAD:
        return
    outcome = apply_recovery(pools_, track, points, allocation)
    for stat in Stat:
        assert pools_[stat].current <= outcome.pools[stat].current <= pools_[stat].maximum
    assert outcome.track == max(DamageTrack.HALE, track - len(outcome.revived))
    restored = sum(p for _, p in outcome.restored)
    assert restored + outcome.wasted == points
