"""Time passing, in either ruleset: minutes, hours, days, weeks, or to the next morning.

What the clock moves: party effects run out (``Campaign.active_effects``); the 24-hour
window of R-TR-3 slides on, so the translation penalty wears off; a night's sleep starts a
new day of recovery rolls (R-REC-2); in a Hunters campaign, wounds heal (R-HUN-7) and a
disabled hunter who is not stabilised worsens each minute (R-HUN-8). The preview lists all
of it, computed by folding the command's events through ``reduce``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.model.events import (
    AnyEvent,
    ClockAdvanced,
    HunterWorsened,
    LastingMended,
)
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.folds.character import mending_events
from strange_tui.campaign.model.folds.hunters import worsening_events
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign, Clock
from strange_tui.campaign.model.types import DAY_SECONDS, START_OF_PLAY
from strange_tui.rules import hunters
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.translation import too_often_steps
from strange_tui.rules.travel import travel_seconds

MINUTE, HOUR = 60, 3600
TIME_UNITS: dict[str, int] = {
    "minutes": MINUTE,
    "hours": HOUR,
    "days": DAY_SECONDS,
    "weeks": 7 * DAY_SECONDS,
}
MORNING = "morning"
"""The unit that passes the night: to the next morning, whatever the amount."""
MAX_TIME_AMOUNT = 1000
NIGHT_SECONDS = 6 * HOUR
"""The least sleep that makes a night: the next morning is the first 08:00 at least this
far off (from 01:00, the same day's 08:00; from 03:00 or from noon, the next day's)."""

TimeUnit = Literal["minutes", "hours", "days", "weeks", "morning", "miles", "miles rough"]
TRAVEL_UNITS = {"miles": "road", "miles rough": "rough"}
"""R-MOVE-1: travel on foot, ``amount`` miles on a road or over rough ground."""


def next_morning(seconds: int) -> int:
    """The in-game second of the next morning (08:00) at least a night's sleep away."""
    morning = seconds - seconds % DAY_SECONDS + START_OF_PLAY
    while morning < seconds + NIGHT_SECONDS:
        morning += DAY_SECONDS
    return morning


class ClockPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the time passing does, before it is committed."""

    seconds: int
    until: str
    """The clock afterwards: 'Day 2, 08:00'."""
    new_day: bool
    """R-REC-2: a night passes: the recovery rolls start again."""
    rests_reset: tuple[str, ...] = ()
    """The characters who had rested today and whose recovery rolls start again."""
    ending: tuple[str, ...] = ()
    """The party effects that run out meanwhile, with when each ends."""
    translation_steps: tuple[int, int] = (0, 0)
    """R-TR-3: the 24-hour penalty a translation by the whole party would take, now and
    afterwards."""
    healed: tuple[str, ...] = ()
    """R-HUN-7: the hunters' points that heal meanwhile ('Rowan, health: 2 bruising')."""
    worsened: tuple[str, ...] = ()
    """R-HUN-8: the disabled hunters who worsen meanwhile, and how they end up."""
    mended: tuple[str, ...] = ()
    """R-DMG-6: the lasting damage that heals meanwhile ('Jun: 1 Might')."""


def time_passes(
    state: Campaign, seconds: int, reason: str, *, full_rest: bool = False
) -> list[AnyEvent]:
    """The events of ``seconds`` passing (PassTime's, and a party's rest's): the clock,
    with a new day when it reaches the next morning (R-REC-2), then what the time does."""
    now = state.clock.seconds
    events: list[AnyEvent] = [
        ClockAdvanced(
            seconds=seconds,
            reason=reason,
            # R-REC-2 (the Strange's recovery rolls; the Hunters have none).
            new_day=state.ruleset == "strange" and now + seconds >= next_morning(now),
        )
    ]
    if state.ruleset == "hunters":
        events.extend(worsening_events(state, seconds))
    else:
        # R-CMB-6: the Might owed for the hours in armor, paid as the time passes.
        passed = msgspec.structs.replace(state, clock=state.clock.advanced(seconds))
        events.extend(armor.wear_costs(passed))
        # R-DMG-6: lasting damage heals with the days, faster with full rest.
        events.extend(mending_events(state.characters.values(), seconds, full_rest=full_rest))
    return events


class PassTime(Command, frozen=True, kw_only=True):
    """In-game time passes: ``amount`` of ``unit``, or (``unit`` 'morning') to the next
    morning (R-REC-2: a night passes), or the time ``amount`` miles on foot take (R-MOVE-1,
    ``unit`` 'miles' on a road, 'miles rough' over rough ground). Any campaign; in a
    Hunters one, the disabled worsen as the minutes go by (R-HUN-8)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "move the clock"

    amount: int = 1
    unit: TimeUnit = "hours"
    reason: str = ""
    full_rest: bool = False
    """R-DMG-6: the party rests fully meanwhile (lasting damage heals three times as fast
    as with regular activity; travelling is never full rest)."""

    def seconds(self, state: Campaign) -> int:
        """How far the clock moves."""
        if state.encounter is not None:
            raise RuleViolation("End the fight first: in a fight, time passes round by round.")
        if self.unit == MORNING:
            return next_morning(state.clock.seconds) - state.clock.seconds
        if self.unit in TRAVEL_UNITS:
            if not 1 <= self.amount <= MAX_TIME_AMOUNT:
                raise RuleViolation(f"From 1 to {MAX_TIME_AMOUNT} miles.")
            return travel_seconds(self.amount, TRAVEL_UNITS[self.unit])
        if self.unit not in TIME_UNITS:
            raise RuleViolation(f"Time passes in {', '.join(TIME_UNITS)}, or to the morning.")
        if not 1 <= self.amount <= MAX_TIME_AMOUNT:
            raise RuleViolation(f"From 1 to {MAX_TIME_AMOUNT}.")
        return self.amount * TIME_UNITS[self.unit]

    def decide(self, state: Campaign, dice: object = None) -> Sequence[AnyEvent]:
        seconds = self.seconds(state)
        reason = self.reason.strip()[:200] or ("the night" if self.unit == MORNING else "")
        if self.unit in TRAVEL_UNITS and not self.reason.strip():
            ground = "over rough ground" if self.unit == "miles rough" else "on the road"
            reason = f"{self.amount} mile{'s' * (self.amount != 1)} on foot {ground}"
        resting = self.full_rest and self.unit not in TRAVEL_UNITS
        return time_passes(state, seconds, reason, full_rest=resting)

    def preview(self, state: Campaign) -> ClockPreview:
        events = self.decide(state)
        after = state
        for event in events:
            after = reduce(after, replace(event, seq=after.seq + 1, at=after.clock.seconds))
        clock = events[0]
        assert isinstance(clock, ClockAdvanced)
        still = set(after.active_effects())
        ending = tuple(
            f"{effect.label} (until {Clock(seconds=effect.until).label()})"
            if effect.until
            else effect.label
            for effect in state.active_effects()
            if effect not in still
        )
        everyone = tuple(state.characters)
        return ClockPreview(
            seconds=clock.seconds,
            until=after.clock.label(),
            new_day=clock.new_day,
            rests_reset=tuple(
                c.name for c in state.characters.values() if clock.new_day and c.rests_today
            ),
            ending=ending,
            translation_steps=(
                too_often_steps(state.translations, state.clock.seconds, everyone),
                too_often_steps(after.translations, after.clock.seconds, everyone),
            ),
            healed=_healed(state, after),
            mended=tuple(
                f"{state.characters[event.character].name}: "
                + ", ".join(f"{n} {stat.value.title()}" for stat, n in event.healed.items())
                for event in events
                if isinstance(event, LastingMended) and event.healed
            ),
            worsened=tuple(
                _worsened_line(after, event)
                for event in events
                if isinstance(event, HunterWorsened)
            ),
        )


def _healed(before: Campaign, after: Campaign) -> tuple[str, ...]:
    """R-HUN-7: for each hunter and vital, the points that heal between the two states
    (a point that worsened meanwhile did not heal)."""
    start, end = before.clock.seconds, after.clock.seconds
    lines = []
    for hunter in after.hunters.values():
        for vital in hunters.VITALS:
            healed: dict[str, int] = {}
            for kind, at in hunters.heal_times(hunter.parts(vital)):
                if at is not None and start < at <= end:
                    healed[kind] = healed.get(kind, 0) + 1
            if healed:
                listed = ", ".join(
                    f"{healed[kind]} {kind}" for kind in hunters.DAMAGE_TYPES if kind in healed
                )
                lines.append(f"{hunter.name}, {vital}: {listed} heal")
    return tuple(lines)


def _worsened_line(after: Campaign, event: HunterWorsened) -> str:
    """'Bea, health: 3 step(s) by Day 1, 08:03 (wounding → traumatic ×2, traumatic →
    crippling); disabled' (R-HUN-8)."""
    hunter = after.hunters[event.hunter]
    steps: dict[str, int] = {}
    for kind in event.kinds:
        steps[kind] = steps.get(kind, 0) + 1
    worse = ", ".join(
        f"{kind} → {hunters.DAMAGE_TYPES[hunters.DAMAGE_TYPES.index(kind) + 1]}"
        + (f" ×{n}" if n > 1 else "")
        for kind, n in steps.items()
    )
    damage = hunter.damage(event.vital, after.clock.seconds)
    state = hunters.condition(hunter.vitals.get(event.vital, 10), damage)
    last = Clock(seconds=event.times[-1]).label()
    return f"{hunter.name}, {event.vital}: {len(event.kinds)} step(s) by {last} ({worse}); {state}"
