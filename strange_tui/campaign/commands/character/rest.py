"""R-REC-1..3, R-CMB-6: the day's next rest, its recovery roll and how the points divide."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.commands.character.facts import rest_seconds, sheet_facts
from strange_tui.campaign.commands.character.previews import PoolsAfter, after_events, pools_after
from strange_tui.campaign.commands.character.recovery_die import kept_die
from strange_tui.campaign.model.events import AnyEvent, PointsSpent, RecoveryRolled
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.folds.character import ceiling
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.dice import DiceSource, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import SPILL_ORDER, Stat
from strange_tui.rules.recovery import RECOVERY_DIE, apply_recovery, recover_track_step
from strange_tui.rules.track import DamageTrack


class RestPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-REC-1..3: the day's next rest, its recovery roll, and what the points give.

    Until the d6 is known (``die`` None) only the rest itself is described."""

    number: int
    """Which of the day's four rests this is (R-REC-2)."""
    label: str
    seconds: int
    """How far the rest moves the clock (0 when the player keeps the clock still)."""
    rest_seconds: int
    """How long this rest takes."""
    bonus: int
    can_step_up: bool
    """R-REC-3: every pool above 0 and not hale: the roll may buy a step up instead."""
    die: int | None = None
    points: int | None = None
    track_step: bool = False
    allocation: dict[Stat, int] = msgspec.field(default_factory=dict)
    """The division the rest will use (the player's, or the suggested one)."""
    suggested: dict[Stat, int] = msgspec.field(default_factory=dict)
    restored: tuple[tuple[Stat, int], ...] = ()
    """What each pool gains from the division."""
    wasted: int = 0
    luck: int = 0
    """Points the Luck pool gets back (R-POOL-1)."""
    after: PoolsAfter | None = None
    armor_costs: tuple[str, ...] = ()
    """R-CMB-6: the Might the hours of the rest take from those wearing armor unpracticed
    ('Mara: 10 h in heavy armor, 30 Might'); already counted in ``after``."""


def suggested_split(character: Character, points: int) -> dict[Stat, int]:
    """R-REC-1: a division of recovered points: pools at 0 first (each lifts the track,
    R-REC-3), then the emptiest, never past a pool's maximum (less its lasting and
    permanent damage, R-DMG-6)."""
    split = {stat: 0 for stat in SPILL_ORDER}
    pools = character.pools
    for stat in sorted(SPILL_ORDER, key=lambda s: (pools[s].current > 0, pools[s].current)):
        split[stat] = min(ceiling(character, stat) - pools[stat].current, points)
        points -= split[stat]
    return split


class Rest(Command, frozen=True, kw_only=True):
    """R-REC-1..3: the day's next rest and its recovery roll (the d6 shown for it, kept,
    when one was: ``RollRecoveryDie``; else the player's d6 in ``die``, else the app's),
    the points divided as ``allocation`` says (the suggested division when None) or spent
    on one step up the track; the clock moves by the rest's length (R-REC-2) unless
    ``advance_clock`` is off."""

    character: str
    die: int | None = None
    allocation: dict[Stat, int] | None = None
    track_step: bool = False
    advance_clock: bool = True
    kept: bool = False
    """The rest is made with the die shown for it (the rest dialog's): refused when none
    waits any more (the GM took it back meanwhile), never rolled anew."""

    def _check(self, state: Campaign) -> Character:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if self.die is not None:
            dice_for(self.die, SeededDice(), RECOVERY_DIE)  # Refuses a face the d6 lacks.
        kept_die(who, self.die, self.kept)  # Refuses another die than the one shown.
        if self.track_step and self.allocation:
            raise RuleViolation("A step up the track takes the whole recovery roll.")
        if self.track_step:
            recover_track_step(who.pools, who.track)  # Refuses with the reason (R-REC-3).
        return who

    def event(self, state: Campaign, die: int) -> RecoveryRolled:
        who = self._check(state)
        bonus = who.tier + who.recovery_bonus
        allocation: dict[Stat, int] = {}
        if not self.track_step:
            chosen = (
                self.allocation
                if self.allocation is not None
                else suggested_split(who, die + bonus)
            )
            allocation = {stat: points for stat, points in chosen.items() if points}
        return RecoveryRolled(
            character=who.id,
            die=die,
            bonus=bonus,
            allocation=allocation,
            track_step=self.track_step,
            clock=rest_seconds(who) if self.advance_clock else 0,
        )

    def preview(self, state: Campaign) -> RestPreview:
        who = self._check(state)
        facts = sheet_facts(who)
        seconds = facts.next_rest_seconds if self.advance_clock else 0
        base = RestPreview(
            number=facts.next_rest_number,
            label=facts.next_rest_label,
            seconds=seconds,
            rest_seconds=facts.next_rest_seconds,
            bonus=facts.recovery_bonus,
            can_step_up=facts.can_step_up,
            track_step=self.track_step,
        )
        die = kept_die(who, self.die, self.kept)
        if die is None:
            return base
        event = self.event(state, die)
        events = [event, *self.armor_costs(state, event)]
        points = event.die + event.bonus
        restored: tuple[tuple[Stat, int], ...] = ()
        wasted = luck = 0
        if not event.track_step:
            outcome = apply_recovery(who.pools, who.track, points, event.allocation)
            restored, wasted = outcome.restored, outcome.wasted
            if who.pools.luck is not None and outcome.pools.luck is not None:
                luck = outcome.pools.luck.current - who.pools.luck.current
        return replace(
            base,
            die=event.die,
            points=points,
            allocation=dict(event.allocation),
            suggested=suggested_split(who, points),
            restored=restored,
            wasted=wasted,
            luck=luck,
            after=pools_after(state, self.character, events),
            armor_costs=tuple(
                f"{state.characters[e.character].name}: {e.reason}, {e.amount} Might"
                for e in events[1:]
                if isinstance(e, PointsSpent)
            ),
        )

    def armor_costs(self, state: Campaign, rest: RecoveryRolled) -> list[PointsSpent]:
        """R-CMB-6: the Might owed, once the rest has moved the clock, by everyone wearing
        armor unpracticed."""
        return armor.wear_costs(after_events(state, [rest]))

    def rolled_die(self, state: Campaign, dice: DiceSource) -> int:
        """R-REC-1: the rest's d6: the one shown for it (kept), else the one typed, else
        the app's, rolled here, with the rest."""
        who = self._check(state)
        typed = kept_die(who, self.die, self.kept)
        return dice_for(typed, dice, RECOVERY_DIE).roll(RECOVERY_DIE)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        event = self.event(state, self.rolled_die(state, dice))
        return [event, *self.armor_costs(state, event)]
