"""Pools, damage, spill-over, the damage track and healing (R-POOL, R-DMG)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.rules import RuleViolation
from strange_tui.rules.damage import (
    apply_damage,
    armor_applies,
    damage_after_armor,
    damage_npc,
    lasting_mending,
    npc_damage,
    npc_health,
    shift_track,
    spill_targets,
)
from strange_tui.rules.pools import Pool, Pools, Stat, spend
from strange_tui.rules.track import DamageTrack, can_act, can_move
from tests.rules.strategies import make_pools, stat_pools, tracks

HALE = DamageTrack.HALE


def pools(might, speed, intellect, luck=None) -> Pools:
    return make_pools(might, speed, intellect, luck, maximum=12)


def test_r_pool_1_a_pool_holds_zero_to_its_maximum():
    """R-POOL-1: current lies in 0..maximum; Edge is 0 or more."""
    with pytest.raises(RuleViolation):
        Pool(current=11, maximum=10)
    with pytest.raises(RuleViolation):
        Pool(current=-1, maximum=10)
    with pytest.raises(RuleViolation):
        Pool(current=1, maximum=10, edge=-1)


def test_r_pool_1_luck_is_spent_first_when_the_player_chooses():
    """R-POOL-1: Lucky takes some points from Luck first; the rest from the pool."""
    outcome = spend(pools(10, 10, 10, luck=3), HALE, Stat.MIGHT, 5, from_luck=2)
    assert (outcome.pools.luck.current, outcome.pools.might.current) == (1, 7)
    assert (outcome.from_luck, outcome.from_pool) == (2, 3)


def test_r_pool_1_luck_at_zero_does_not_move_the_track():
    """R-POOL-1: emptying Luck does not count on the damage track."""
    outcome = spend(pools(10, 10, 10, luck=3), HALE, Stat.MIGHT, 3, from_luck=3)
    assert outcome.pools.luck.current == 0
    assert outcome.track is HALE


def test_r_pool_1_no_luck_pool_no_luck():
    """R-POOL-1: only a character with a Luck pool spends Luck."""
    with pytest.raises(RuleViolation, match="Luck pool"):
        spend(pools(10, 10, 10), HALE, Stat.MIGHT, 3, from_luck=1)


def test_r_dmg_1_armor_subtracts_from_each_hit_not_below_zero():
    """R-DMG-1: 4 damage against Armor 2 takes 2; Armor 2 stops a 1-point hit."""
    outcome = apply_damage(pools(10, 10, 10), HALE, 4, armor=2)
    assert outcome.pools.might.current == 8 and outcome.blocked == 2
    assert damage_after_armor(1, 2) == 0


def test_r_dmg_1_ambient_damage_ignores_armor():
    """R-DMG-1: ambient damage (falling, fire) ignores Armor."""
    outcome = apply_damage(pools(10, 10, 10), HALE, 4, armor=3, ambient=True)
    assert outcome.pools.might.current == 6 and outcome.blocked == 0
    assert not armor_applies(Stat.MIGHT, ambient=True)
    assert armor_applies(Stat.MIGHT) and not armor_applies(Stat.INTELLECT)


def test_r_dmg_2_excess_spills_to_the_next_pool():
    """R-DMG-2: Might 3 takes 5: Might to 0, 2 spill to Speed."""
    outcome = apply_damage(pools(3, 10, 10), HALE, 5)
    assert (outcome.pools.might.current, outcome.pools.speed.current) == (0, 8)
    assert outcome.applied == ((Stat.MIGHT, 3), (Stat.SPEED, 2))


def test_r_dmg_2_spill_order_skips_pools_at_zero():
    """R-DMG-2: with Might and Speed at 0, Might damage lands on Intellect."""
    outcome = apply_damage(pools(0, 0, 10), DamageTrack.DEBILITATED, 4)
    assert outcome.pools.intellect.current == 6
    assert outcome.track is DamageTrack.DEBILITATED


def test_r_dmg_2_intellect_damage_spills_to_might_first():
    """R-DMG-2: damage to an empty Intellect goes to Might, then Speed."""
    assert spill_targets(Stat.INTELLECT) == (Stat.INTELLECT, Stat.MIGHT, Stat.SPEED)
    outcome = apply_damage(pools(5, 5, 1), HALE, 3, stat=Stat.INTELLECT)
    assert outcome.applied == ((Stat.INTELLECT, 1), (Stat.MIGHT, 2))


def test_r_dmg_3_each_pool_reaching_zero_is_one_step_down():
    """R-DMG-3: one hit emptying Might and Speed moves hale to debilitated."""
    outcome = apply_damage(pools(2, 2, 10), HALE, 5)
    assert outcome.emptied == (Stat.MIGHT, Stat.SPEED)
    assert outcome.track is DamageTrack.DEBILITATED


def test_r_dmg_3_debilitated_pc_emptying_a_pool_dies():
    """R-DMG-3: debilitated, a pool reaching 0 is death."""
    outcome = apply_damage(pools(0, 0, 2), DamageTrack.DEBILITATED, 3)
    assert outcome.track is DamageTrack.DEAD
    assert outcome.lost == 1


def test_r_dmg_3_spending_a_pool_to_zero_moves_down_the_track():
    """R-DMG-3: a stat pool reaching 0 by spending also moves the PC down (S0)."""
    outcome = spend(pools(10, 3, 10), HALE, Stat.SPEED, 3)
    assert outcome.track is DamageTrack.IMPAIRED and outcome.emptied == (Stat.SPEED,)


def test_r_dmg_3_effects_shift_the_track_directly():
    """R-DMG-3: a rare poison can move the PC down without touching a pool."""
    assert shift_track(HALE, 2) is DamageTrack.DEBILITATED
    assert shift_track(DamageTrack.DEBILITATED, 5) is DamageTrack.DEAD


def test_r_dmg_4_debilitated_only_crawls_and_not_at_all_without_speed():
    """R-DMG-4: debilitated: no actions, a crawl unless Speed is 0; dead is dead."""
    assert can_act(DamageTrack.IMPAIRED) and not can_act(DamageTrack.DEBILITATED)
    assert can_move(DamageTrack.DEBILITATED, speed_pool=2)
    assert not can_move(DamageTrack.DEBILITATED, speed_pool=0)
    assert not can_move(DamageTrack.DEAD, speed_pool=9) and not can_act(DamageTrack.DEAD)


def test_r_dmg_5_npc_health_and_damage_from_level():
    """R-DMG-5: health 3 x level, damage = level, damage subtracts from health."""
    assert (npc_health(4), npc_damage(4)) == (12, 4)
    assert damage_npc(12, 6, armor=1) == 7
    assert damage_npc(3, 10) == 0


def test_r_dmg_6_lasting_damage_heals_a_point_a_day_of_rest_or_three_of_activity():
    """R-DMG-6: a day of full rest heals a point, three days of activity heal one; what is
    left over carries on toward the next point."""
    day = 24 * 3600
    assert lasting_mending(0, 2 * day, full_rest=True) == (2, 0)
    assert lasting_mending(0, 7 * day, full_rest=False) == (2, day)
    assert lasting_mending(day, 2 * day, full_rest=False) == (1, 0)
    assert lasting_mending(0, 12 * 3600, full_rest=True) == (0, 36 * 3600)


@given(
    stat_pools(),
    tracks,
    st.integers(0, 60),
    st.sampled_from(list(Stat)),
    st.integers(0, 4),
    st.booleans(),
)
def test_r_dmg_2_damage_is_conserved_and_pools_never_negative(
    pools_, track, amount, stat, armor, ambient
):
    """R-DMG-1, R-DMG-2: blocked + applied + lost == amount; no pool below 0; lost only
    when every pool is empty."""
    outcome = apply_damage(pools_, track, amount, stat=stat, armor=armor, ambient=ambient)
    assert outcome.blocked + sum(p for _, p in outcome.applied) + outcome.lost == amount
    assert all(outcome.pools[s].current >= 0 for s in Stat)
    assert pools_.total() - outcome.pools.total() == sum(p for _, p in outcome.applied)
    if outcome.lost:
        assert outcome.pools.total() == 0
    assert outcome.pools.luck == pools_.luck


@given(stat_pools(), tracks, st.integers(0, 60), st.sampled_from(list(Stat)))
def test_r_dmg_3_track_moves_down_by_pools_emptied(pools_, track, amount, stat):
    """R-DMG-3: the track moves down exactly one step per pool the hit empties, to dead."""
    outcome = apply_damage(pools_, track, amount, stat=stat)
    newly_zero = [s for s in Stat if pools_[s].current > 0 and outcome.pools[s].current == 0]
    assert set(outcome.emptied) == set(newly_zero)
    assert outcome.track == min(DamageTrack.DEAD, track + len(newly_zero))
