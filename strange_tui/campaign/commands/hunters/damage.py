"""DamageHunter and StabiliseHunter: damage to a vital, and a disabled one stabilised."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.hunters.checks import _after, _hunter, _valid
from strange_tui.campaign.commands.hunters.limits import (
    DAMAGE_TYPES,
    MAX_DAMAGE_DEGREES,
    MAX_TOOL_BONUS,
    VITALS,
)
from strange_tui.campaign.commands.hunters.views import hunter_view
from strange_tui.campaign.model.events import AnyEvent, HunterDamaged, HunterStabilised
from strange_tui.campaign.model.folds.hunters import worsening_kind
from strange_tui.campaign.model.hunters import Hunter
from strange_tui.campaign.model.state import Campaign, Clock
from strange_tui.rules import hunters
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

# -- Damage ----------------------------------------------------------------------------------


class HunterDamagePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-7, R-HUN-8: the points the damage deals, by type, and the vital after it."""

    kinds: tuple[str, ...]
    vital: str
    left: int
    maximum: int
    condition: str
    worsening: str | None = None
    """R-HUN-8: the vital will worsen each minute until stabilised (the type)."""
    source: str = ""
    """Where the damage comes from (the attacker's roll)."""


class DamageHunter(Command, frozen=True, kw_only=True):
    """R-HUN-7: damage to a vital statistic by degrees (the first point bruising, each
    further one a type higher; a tool raises the type by 1 per +2, a raised attack by 1),
    or ``degrees`` points of one chosen ``kind``. With an ``attacker``, the degrees and the
    raised type are those of the attacker's latest roll, whose damage it deals once."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "hurt a hunter"

    hunter: str
    vital: str = "health"
    degrees: int = 1
    tool: int = 0
    raised: bool = False
    """By hand: the attacker raised the type, having rolled at +2 CR at the table."""
    kind: str = ""
    """A damage type for every point; blank: by degrees."""
    source: str = ""
    attacker: str = ""
    """The hunter whose latest roll deals the damage ('': entered by hand)."""

    def event(self, state: Campaign) -> HunterDamaged:
        _hunter(state, self.hunter)
        if self.vital not in VITALS:
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)}.")
        degrees, raised, source, roll = self.degrees, self.raised, self.source, 0
        if self.attacker:
            attacker = _hunter(state, self.attacker)
            last = attacker.last_roll
            if last is None or last.used or not last.degrees:
                raise RuleViolation(
                    f"{attacker.name} has no hit whose damage is still to deal: roll first."
                )
            if self.kind:
                raise RuleViolation("Damage from a roll goes by its degrees.")
            degrees, raised, roll = last.degrees, last.raised, last.seq
            source = source or f"{attacker.name}'s {last.label}"
        if not 1 <= degrees <= MAX_DAMAGE_DEGREES or not 0 <= self.tool <= MAX_TOOL_BONUS:
            raise RuleViolation(
                f"Degrees from 1 to {MAX_DAMAGE_DEGREES}, tool bonus 0 to {MAX_TOOL_BONUS}."
            )
        if self.kind and self.kind not in DAMAGE_TYPES:
            raise RuleViolation(f"The damage types are {', '.join(DAMAGE_TYPES)}.")
        kinds = (
            [self.kind] * degrees
            if self.kind
            else hunters.attack_damage(degrees, tool_bonus=self.tool, raised=raised)
        )
        return HunterDamaged(
            hunter=self.hunter,
            vital=self.vital,  # type: ignore[arg-type]
            kinds=tuple(kinds),  # type: ignore[arg-type]
            source=source[:200],
            attacker=self.attacker or None,
            roll=roll,
        )

    def preview(self, state: Campaign) -> HunterDamagePreview:
        event = self.event(state)
        after = _after(state, [event])
        view = next(
            v
            for v in hunter_view(after.hunters[self.hunter], after.clock.seconds).vitals
            if v.vital == self.vital
        )
        return HunterDamagePreview(
            kinds=tuple(event.kinds),
            vital=self.vital,
            left=view.left,
            maximum=view.maximum,
            condition=view.condition,
            worsening=view.worsening,
            source=event.source,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(self.event(state))]


# -- Stabilising -----------------------------------------------------------------------------


class StabilisePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-8: the vital that stops worsening, and the damage on it."""

    vital: str
    damage: dict[str, int]
    worsening: str


class StabiliseHunter(Command, frozen=True, kw_only=True):
    """R-HUN-8: a professional stabilises a disabled hunter's ``vital``: it stops worsening
    each minute (until it takes damage again)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "stabilise a hunter"

    hunter: str
    vital: str = "health"
    stabiliser: str = ""
    """Who stabilised them (a medic, a priest...)."""

    def event(self, state: Campaign) -> HunterStabilised:
        who = _hunter(state, self.hunter)
        if self.vital not in VITALS:
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)}.")
        if worsening_kind(who, self.vital, state.clock.seconds) is None:
            raise RuleViolation(why_not_worsening(who, self.vital, state.clock.seconds))
        return HunterStabilised(
            hunter=self.hunter,
            vital=self.vital,  # type: ignore[arg-type]
            by=self.stabiliser.strip()[:200],
        )

    def preview(self, state: Campaign) -> StabilisePreview:
        event = self.event(state)
        who = state.hunters[self.hunter]
        now = state.clock.seconds
        damage = who.damage(self.vital, now)
        return StabilisePreview(
            vital=event.vital,
            damage={kind: damage[kind] for kind in DAMAGE_TYPES if damage.get(kind)},
            worsening=worsening_kind(who, self.vital, now) or "",
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(self.event(state))]


HEAL_PACES = {
    60: "a point a minute",
    3600: "a point an hour",
    86_400: "a point a day",
    7 * 86_400: "a point a week",
    30 * 86_400: "a point a month",
}
"""R-HUN-7: each healing interval in the player's words."""


def heal_pace(kind: str) -> str:
    """R-HUN-7: how ``kind`` heals, in words: 'a point an hour', or 'never'."""
    seconds = hunters.HEAL_SECONDS[kind]
    return "never" if seconds is None else HEAL_PACES[seconds]


def why_not_worsening(who: Hunter, vital: str, now: int) -> str:
    """R-HUN-7, R-HUN-8: why ``vital`` needs no stabilising, in the player's words: not at
    0, already stabilised, dead, or its mildest damage is of a kind that does not worsen
    (shocking, bruising), which heals with time at its own pace."""
    damage = who.damage(vital, now)
    condition = hunters.condition(who.vitals.get(vital, 10), damage)
    if condition == "dead":
        return f"{who.name} is dead: there is nothing left to stabilise."
    if condition == "fine":
        return (
            f"{who.name}'s {vital} is not at 0: only a disabled hunter whose mildest damage is"
            " wounding or traumatic worsens and needs stabilising."
        )
    if vital in who.stable:
        return f"{who.name}'s {vital} is already stabilised: it does not worsen."
    # Seed 004, "Damaging Opponents": only "the lowest damage level is a Trauma or Wound"
    # worsens; shock or bruising as the mildest does not, and heals with time.
    mildest = next(kind for kind in DAMAGE_TYPES if damage.get(kind))
    maximum = who.vitals.get(vital, 10)
    text = (
        f"{who.name} is disabled ({vital.title()} 0/{maximum}) but not worsening: the mildest"
        f" damage is {mildest}, and only wounding or traumatic worsens. Nothing to stabilise"
        f" or tend: time heals {mildest}, {heal_pace(mildest)}"
    )
    healed = [at for _, at in hunters.heal_times(who.parts(vital)) if at is not None and at > now]
    if healed:
        text += f"; {vital.title()} is back to 1 at {Clock(seconds=min(healed)).label()}"
    return text + "."


def nothing_to_stabilise(state: Campaign, hunter_id: str) -> str:
    """R-HUN-8: why none of the hunter's vitals needs stabilising: that of the first one at
    0 (or, with none at 0, that of Health)."""
    who = _hunter(state, hunter_id)
    now = state.clock.seconds
    down = [
        v for v in VITALS if hunters.condition(who.vitals.get(v, 10), who.damage(v, now)) != "fine"
    ]
    return why_not_worsening(who, (down or ["health"])[0], now)


def worsening_vitals(state: Campaign, hunter_id: str) -> tuple[str, ...]:
    """R-HUN-8: the hunter's vitals that worsen each minute until stabilised."""
    who = _hunter(state, hunter_id)
    return tuple(v for v in VITALS if worsening_kind(who, v, state.clock.seconds))
