"""Stat pools, Edge, the Luck pool, and spending points (R-POOL-1, R-EFF-6)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from enum import StrEnum
from typing import Annotated

import msgspec

from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.track import DamageTrack, step_down


class Stat(StrEnum):
    """The three stats, each with a pool."""

    MIGHT = "might"
    SPEED = "speed"
    INTELLECT = "intellect"


# R-DMG-2: damage spills in this order (CSRD Rules of the Game).
SPILL_ORDER: tuple[Stat, ...] = (Stat.MIGHT, Stat.SPEED, Stat.INTELLECT)


# Bounds that decoding enforces, so a hostile file cannot bring absurd numbers in.
PoolPoints = Annotated[int, msgspec.Meta(ge=0, le=10_000)]
EdgePoints = Annotated[int, msgspec.Meta(ge=0, le=100)]


class Pool(
    msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True
):
    """R-POOL-1: one stat pool, its current points (0..maximum), its Edge and its
    weakness (R-WEAK-1)."""

    current: PoolPoints
    maximum: PoolPoints
    edge: EdgePoints = 0
    weakness: EdgePoints = 0

    def __post_init__(self) -> None:
        if self.maximum < 0 or not 0 <= self.current <= self.maximum:
            raise RuleViolation(
                f"A pool holds 0 to its maximum; {self.current} of {self.maximum} does not fit."
            )
        if self.edge < 0:
            raise RuleViolation(f"Edge is 0 or more; {self.edge} is not.")
        if self.weakness < 0:
            raise RuleViolation(f"A weakness is 0 or more; {self.weakness} is not.")

    def with_current(self, current: int) -> "Pool":
        return msgspec.structs.replace(self, current=current)


class Pools(
    msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True
):
    """R-POOL-1: Might, Speed and Intellect, and the Luck pool of the Lucky descriptor.

    Luck (when present) is spent first if the player chooses, is refreshed with recovery
    rolls, and does not count on the damage track.
    """

    might: Pool
    speed: Pool
    intellect: Pool
    luck: Pool | None = None

    def __getitem__(self, stat: Stat) -> Pool:
        return getattr(self, stat.value)

    def replace(self, stat: Stat, pool: Pool) -> "Pools":
        return msgspec.structs.replace(self, **{stat.value: pool})

    def total(self) -> int:
        """Points in the three stat pools (Luck is not a stat pool)."""
        return sum(self[stat].current for stat in Stat)

    def zero_stats(self) -> tuple[Stat, ...]:
        return tuple(stat for stat in SPILL_ORDER if self[stat].current == 0)


class SpendOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """The pools and track after spending, and which pools were emptied by it."""

    pools: Pools
    track: DamageTrack
    from_pool: int
    from_luck: int
    emptied: tuple[Stat, ...]


def spend(
    pools: Pools,
    track: DamageTrack,
    stat: Stat,
    amount: int,
    *,
    from_luck: int = 0,
) -> SpendOutcome:
    """R-EFF-6, R-POOL-1, R-DMG-3: pay ``amount`` points for an action from a pool.

    The player may take up to ``from_luck`` of the points from the Luck pool first. A
    character cannot spend points they do not have: that raises RuleViolation and nothing
    changes. A stat pool brought to 0 moves the PC one step down the damage track (S0:
    "when one of a PC's stat pools reaches 0").
    """
    if amount < 0:
        raise RuleViolation(f"Points spent are 0 or more; {amount} is not.")
    if from_luck < 0:
        raise RuleViolation(f"Points taken from Luck are 0 or more; {from_luck} is not.")
    luck_points = min(from_luck, amount)
    if luck_points:
        if pools.luck is None:
            raise RuleViolation("Only a character with a Luck pool can spend Luck.")
        if luck_points > pools.luck.current:
            raise RuleViolation(
                f"Luck has {pools.luck.current} points; {luck_points} cannot be taken from it."
            )
    pool = pools[stat]
    rest = amount - luck_points
    if rest > pool.current:
        raise RuleViolation(
            f"{stat.value.title()} has {pool.current} points; this action costs {rest}."
        )
    new_pools = pools.replace(stat, pool.with_current(pool.current - rest))
    if luck_points:
        assert pools.luck is not None
        new_pools = msgspec.structs.replace(
            new_pools, luck=pools.luck.with_current(pools.luck.current - luck_points)
        )
    emptied = (stat,) if rest and pool.current == rest else ()
    return SpendOutcome(
        pools=new_pools,
        track=step_down(track, len(emptied)),
        from_pool=rest,
        from_luck=luck_points,
        emptied=emptied,
    )
