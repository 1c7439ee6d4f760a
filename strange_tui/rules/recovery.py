"""Recovery rolls and the four rests of a day (R-REC)."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import SPILL_ORDER, Pools, Stat
from strange_tui.rules.track import DamageTrack, step_up

RECOVERY_DIE = 6
RESTS_PER_DAY = 4
TOUGH_RECOVERY_BONUS = 1
ADVANCEMENT_RECOVERY_BONUS = 2


class Rest(msgspec.Struct, frozen=True, kw_only=True):
    """One of the day's four rests: how long it takes."""

    number: int
    label: str
    rounds: int
    minutes: int


# R-REC-2: one action, ten minutes, one hour, ten hours; then a new day begins.
REST_SCHEDULE: tuple[Rest, ...] = (
    Rest(number=1, label="one action", rounds=1, minutes=0),
    Rest(number=2, label="ten minutes", rounds=0, minutes=10),
    Rest(number=3, label="one hour", rounds=0, minutes=60),
    Rest(number=4, label="ten hours", rounds=0, minutes=600),
)


class RecoveryOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """The pools and track after a recovery roll's points are divided."""

    pools: Pools
    track: DamageTrack
    restored: tuple[tuple[Stat, int], ...]
    wasted: int
    revived: tuple[Stat, ...]


def next_rest(rests_taken_today: int) -> Rest:
    """R-REC-2: the rest a character takes after ``rests_taken_today`` rests this day.

    After the fourth rest a new day begins and the cycle starts again.
    """
    if rests_taken_today < 0:
        raise RuleViolation(f"Rests taken are 0 or more; {rests_taken_today} is not.")
    return REST_SCHEDULE[rests_taken_today % RESTS_PER_DAY]


def recovery_bonus(tier: int, *, tough: bool = False, recovery_advancements: int = 0) -> int:
    """R-REC-1: what a recovery roll adds to its d6: tier, +1 for Tough, +2 per advancement
    option taken for recovery."""
    if not 1 <= tier <= 6:
        raise RuleViolation(f"Tiers run from 1 to 6; {tier} is not a tier.")
    if recovery_advancements < 0:
        raise RuleViolation("Advancements taken are 0 or more.")
    bonus = tier + ADVANCEMENT_RECOVERY_BONUS * recovery_advancements
    return bonus + (TOUGH_RECOVERY_BONUS if tough else 0)


def apply_recovery(
    pools: Pools,
    track: DamageTrack,
    points: int,
    allocation: Mapping[Stat, int],
) -> RecoveryOutcome:
    """R-REC-1, R-REC-3, R-POOL-1: divide a recovery roll's points among the pools.

    The player chooses the division; no pool rises above its maximum and points past it are
    wasted. Each pool raised from 0 moves the PC one step up the damage track. A Luck pool is
    refreshed by the same number of points. Dead is dead: nothing recovers.
    """
    if track is DamageTrack.DEAD:
        raise RuleViolation("Dead is dead: a dead character makes no recovery roll.")
    if points < 0:
        raise RuleViolation(f"A recovery roll gives 0 or more points; {points} is not.")
    if any(amount < 0 for amount in allocation.values()):
        raise RuleViolation("Each pool gets 0 or more of the recovered points.")
    allotted = sum(allocation.values())
    if allotted > points:
        raise RuleViolation(f"{allotted} points divided, but the roll gave only {points}.")
    restored: list[tuple[Stat, int]] = []
    revived: list[Stat] = []
    for stat in SPILL_ORDER:
        pool = pools[stat]
        gain = min(allocation.get(stat, 0), pool.maximum - pool.current)
        if gain == 0:
            continue
        if pool.current == 0:
            revived.append(stat)
        pools = pools.replace(stat, pool.with_current(pool.current + gain))
        restored.append((stat, gain))
    if pools.luck is not None:
        luck = pools.luck
        pools = msgspec.structs.replace(
            pools, luck=luck.with_current(min(luck.maximum, luck.current + points))
        )
    return RecoveryOutcome(
        pools=pools,
        track=step_up(track, len(revived)),
        restored=tuple(restored),
        wasted=points - sum(gain for _, gain in restored),
        revived=tuple(revived),
    )


def recover_track_step(pools: Pools, track: DamageTrack) -> DamageTrack:
    """R-REC-3: with every pool above 0, a recovery roll may move the PC one step up the
    track instead of restoring points."""
    if track is DamageTrack.DEAD:
        raise RuleViolation("Dead is dead: a dead character makes no recovery roll.")
    if track is DamageTrack.HALE:
        raise RuleViolation("You are already hale; use the roll to restore points instead.")
    if pools.zero_stats():
        names = ", ".join(stat.value.title() for stat in pools.zero_stats())
        raise RuleViolation(f"Raise {names} above 0 first; that moves you up the track too.")
    return step_up(track)
