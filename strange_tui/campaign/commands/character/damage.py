"""R-DMG-1..3, R-EFF-6, R-POOL-1: take damage, spend points and heal them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.character.previews import PoolsAfter, pools_after
from strange_tui.campaign.commands.character.text import _check_text
from strange_tui.campaign.model.abilities import armor_total, moment
from strange_tui.campaign.model.events import AnyEvent, DamageTaken, Healed, PointsSpent
from strange_tui.campaign.model.folds.character import damage_landing
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.damage import armor_applies, damage_after_armor
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack


class DamagePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-DMG-1..3: a hit before it lands: Armor, the damage left, where it spills."""

    amount: int
    armor: int
    """The Armor that counts against this hit (0 for ambient, Speed or Intellect damage)."""
    blocked: int
    taken: int
    """The damage after Armor."""
    spill: tuple[tuple[Stat, int], ...]
    """The points each pool takes, in the order the damage reaches them (R-DMG-2)."""
    emptied: tuple[Stat, ...]
    lost: int
    """Damage that found no pool left to take it."""
    after: PoolsAfter
    lasting: str = ""
    """R-DMG-6: '', 'lasting' or 'permanent'."""


def landed(state: Campaign, hit: DamageTaken) -> DamageTaken:
    """``hit`` with its ``spill`` recorded: where R-DMG-2 puts its points when it lands on
    ``state`` (the state just before it), so the log can say it without the state."""
    outcome = damage_landing(character_of(state, hit.character), hit)
    return msgspec.structs.replace(hit, spill=dict(outcome.applied))


Spill = tuple[tuple[Stat, int], ...]
"""R-DMG-2: the points each pool takes, in the order the damage reaches them."""


def spill_of(hit: DamageTaken) -> tuple[Spill, int]:
    """R-DMG-1, R-DMG-2: where a recorded hit's points went (after Armor), pool by pool,
    and how many found no pool left to take them."""
    spill = tuple((stat, points) for stat, points in (hit.spill or {}).items() if points)
    through = damage_after_armor(hit.amount, hit.armor, ambient=hit.ambient)
    return spill, max(through - sum(points for _, points in spill), 0)


def landing_words(spill: Iterable[tuple[Stat, int]], lost: int = 0, pool: Stat = Stat.MIGHT) -> str:
    """R-DMG-2: a hit's damage as it lands, every pool it reaches named: "3 Might, 4 Speed
    damage" (Might emptied, the rest on to Speed), "5 Speed damage" (Might was empty);
    points past the last pool said last. Nothing landed: "0 damage" to ``pool``."""
    went = [f"{points} {stat.value.title()}" for stat, points in spill if points]
    words = f"{', '.join(went)} damage" if went else f"0 {pool.value.title()} damage"
    if lost:
        words += f", {lost} with no pool left to take {'it' if lost == 1 else 'them'}"
    return words


def one_pool(spill: Spill, lost: int, pool: Stat) -> bool:
    """Whether a hit lands whole on its own ``pool`` (nothing to say beyond '5 Might')."""
    return not lost and all(stat is pool for stat, _ in spill)


class SpendPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-EFF-6, R-POOL-1: points paid, some perhaps from Luck."""

    stat: Stat
    amount: int
    from_pool: int
    from_luck: int
    after: PoolsAfter


class HealPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Points back to a pool, never past its maximum (a pool raised from 0 lifts the
    track one step)."""

    stat: Stat
    amount: int
    restored: int
    wasted: int
    after: PoolsAfter


class TakeDamage(Command, frozen=True, kw_only=True):
    """R-DMG-1..3, R-DMG-6: a hit to a character: Armor counts unless the damage is ambient (or not
    physical); what empties a pool spills on (Might, Speed, Intellect) and moves the PC down
    the damage track."""

    character: str
    amount: int
    stat: Stat = Stat.MIGHT
    ambient: bool = False
    source: str = ""
    lasting: Literal["", "lasting", "permanent"] = ""
    """R-DMG-6: a hit whose points recovery rolls do not restore (a GM intrusion, a special
    situation): lasting heals with days of rest or activity, permanent never."""

    def event(self, state: Campaign) -> DamageTaken:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if self.amount < 1:
            raise RuleViolation("Damage is a whole number, 1 or more.")
        _check_text(self.source, "The source")
        armor = (
            armor_total(who, moment(state)) if armor_applies(self.stat, ambient=self.ambient) else 0
        )
        return landed(
            state,
            DamageTaken(
                character=who.id,
                amount=self.amount,
                stat=self.stat,
                armor=armor,
                ambient=self.ambient,
                source=self.source.strip(),
                lasting=self.lasting,
            ),
        )

    def preview(self, state: Campaign) -> DamagePreview:
        event = self.event(state)
        hit = damage_landing(character_of(state, self.character), event)
        return DamagePreview(
            amount=event.amount,
            armor=event.armor,
            blocked=hit.blocked,
            taken=event.amount - hit.blocked,
            spill=hit.applied,
            emptied=hit.emptied,
            lost=hit.lost,
            after=pools_after(state, self.character, [event]),
            lasting=event.lasting,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class SpendPoints(Command, frozen=True, kw_only=True):
    """R-EFF-6, R-POOL-1: pay points from a pool, up to ``from_luck`` of them from Luck
    first; a character cannot spend points they do not have."""

    character: str
    stat: Stat
    amount: int
    from_luck: int = 0
    reason: str = ""

    def event(self, state: Campaign) -> PointsSpent:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if self.amount < 1:
            raise RuleViolation("Points spent are a whole number, 1 or more.")
        if self.from_luck < 0:
            raise RuleViolation("Points from Luck are a whole number, 0 or more.")
        _check_text(self.reason, "The reason")
        return PointsSpent(
            character=who.id,
            stat=self.stat,
            amount=self.amount,
            from_luck=min(self.from_luck, self.amount),
            reason=self.reason.strip(),
        )

    def preview(self, state: Campaign) -> SpendPreview:
        event = self.event(state)
        after = pools_after(state, self.character, [event])
        return SpendPreview(
            stat=event.stat,
            amount=event.amount,
            from_pool=event.amount - event.from_luck,
            from_luck=event.from_luck,
            after=after,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class Heal(Command, frozen=True, kw_only=True):
    """Points back to a pool by an ability or a cypher (not a recovery roll): never past
    the maximum; a pool raised from 0 lifts the PC one step up the track (R-REC-3)."""

    character: str
    stat: Stat
    amount: int
    reason: str = ""

    def event(self, state: Campaign) -> Healed:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if self.amount < 1:
            raise RuleViolation("Points healed are a whole number, 1 or more.")
        _check_text(self.reason, "The reason")
        return Healed(
            character=who.id, stat=self.stat, amount=self.amount, reason=self.reason.strip()
        )

    def preview(self, state: Campaign) -> HealPreview:
        event = self.event(state)
        after = pools_after(state, self.character, [event])
        line = next(line for line in after.pools if line.name == event.stat.value)
        restored = line.after - line.before
        return HealPreview(
            stat=event.stat,
            amount=event.amount,
            restored=restored,
            wasted=event.amount - restored,
            after=after,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]
