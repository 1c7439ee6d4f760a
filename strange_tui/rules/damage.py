"""Damage to PCs and NPCs: Armor, spill-over between pools, the track, healing (R-DMG)."""

from __future__ import annotations

import msgspec

from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import SPILL_ORDER, Pools, Stat
from strange_tui.rules.track import DamageTrack, step_down


class DamageOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """What one hit did: the new pools and track, where each point went, what Armor stopped.

    ``applied`` lists (pool, points) in the order the damage reached them; ``lost`` is
    damage that found no pool left to take it (every pool at 0).
    """

    pools: Pools
    track: DamageTrack
    blocked: int
    applied: tuple[tuple[Stat, int], ...]
    emptied: tuple[Stat, ...]
    lost: int


def damage_after_armor(amount: int, armor: int, *, ambient: bool = False) -> int:
    """R-DMG-1: Armor subtracts from each hit, never below 0; ambient damage ignores it."""
    if amount < 0:
        raise RuleViolation(f"Damage is 0 or more; {amount} is not.")
    if armor < 0:
        raise RuleViolation(f"Armor is 0 or more; {armor} is not.")
    return amount if ambient else max(0, amount - armor)


def armor_applies(stat: Stat, *, ambient: bool = False) -> bool:
    """R-DMG-1: Armor stops physical (Might) damage that is not ambient.

    Speed and Intellect damage pass Armor, as the CSRD notes; damage that spills into
    another pool keeps its original type, so this is decided once per hit.
    """
    return stat is Stat.MIGHT and not ambient


def spill_targets(stat: Stat) -> tuple[Stat, ...]:
    """R-DMG-2: the pools a hit to ``stat`` reaches, in order: that pool, then the others in
    the order Might, Speed, Intellect."""
    return (stat, *(other for other in SPILL_ORDER if other is not stat))


def apply_damage(
    pools: Pools,
    track: DamageTrack,
    amount: int,
    *,
    stat: Stat = Stat.MIGHT,
    armor: int = 0,
    ambient: bool = False,
) -> DamageOutcome:
    """R-DMG-1, R-DMG-2, R-DMG-3: one hit of ``amount`` damage to a PC.

    Armor (pass the wearer's, 0 where it does not apply; see ``armor_applies``) reduces the
    hit once. The rest comes off ``stat``; when that pool is at 0, what is left spills to
    the next pool in the order Might, Speed, Intellect, skipping pools at 0. Each pool the
    hit brings to 0 moves the PC one step down the damage track. Points are conserved:
    blocked + sum(applied) + lost == amount.
    """
    taken = damage_after_armor(amount, armor, ambient=ambient)
    remaining = taken
    applied: list[tuple[Stat, int]] = []
    emptied: list[Stat] = []
    for target in spill_targets(stat):
        if remaining == 0:
            break
        pool = pools[target]
        if pool.current == 0:
            continue
        points = min(pool.current, remaining)
        pools = pools.replace(target, pool.with_current(pool.current - points))
        applied.append((target, points))
        remaining -= points
        if pool.current == points:
            emptied.append(target)
    return DamageOutcome(
        pools=pools,
        track=step_down(track, len(emptied)),
        blocked=amount - taken,
        applied=tuple(applied),
        emptied=tuple(emptied),
        lost=remaining,
    )


def shift_track(track: DamageTrack, steps: int) -> DamageTrack:
    """R-DMG-3: some effects (rare poisons, massive trauma) move the PC down the track
    directly, without touching a pool."""
    return step_down(track, steps)


def npc_health(level: int) -> int:
    """R-DMG-5: an NPC's health is three times its level unless it says otherwise."""
    if level < 0:
        raise RuleViolation(f"A level is 0 or more; {level} is not.")
    return 3 * level


def npc_damage(level: int) -> int:
    """R-DMG-5: an NPC deals damage equal to its level unless it says otherwise."""
    if level < 0:
        raise RuleViolation(f"A level is 0 or more; {level} is not.")
    return level


def damage_npc(health: int, amount: int, armor: int = 0, *, ambient: bool = False) -> int:
    """R-DMG-5, R-DMG-1: an NPC's health after a hit (Armor first), never below 0."""
    if health < 0:
        raise RuleViolation(f"Health is 0 or more; {health} is not.")
    return max(0, health - damage_after_armor(amount, armor, ambient=ambient))


DAY_SECONDS = 24 * 3600
MENDING_POINT = 3 * DAY_SECONDS
"""R-DMG-6: the time of regular activity that heals a point of lasting damage (a day of
full rest counts as three)."""
FULL_REST_WEIGHT = 3


def lasting_mending(progress: int, seconds: int, *, full_rest: bool) -> tuple[int, int]:
    """R-DMG-6: lasting damage heals a point per day of full rest, or per three days of
    regular activity; permanent damage never heals (it is never passed here).

    ``progress`` is the time already counted toward the next point, in seconds of activity
    (a second of full rest counts three). Returns the points healed as ``seconds`` pass and
    the progress carried on toward the next one."""
    if progress < 0 or seconds < 0:
        raise RuleViolation("Time passes forward: seconds are 0 or more.")
    counted = progress + seconds * (FULL_REST_WEIGHT if full_rest else 1)
    return divmod(counted, MENDING_POINT)
