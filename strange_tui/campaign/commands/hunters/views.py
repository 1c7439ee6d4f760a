"""The read models the Hunters home shows: vitals, condition, healing, pending rolls."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.hunters.limits import DAMAGE_TYPES, VITALS
from strange_tui.campaign.model.folds.hunters import worsening_kind
from strange_tui.campaign.model.hunters import Hunter
from strange_tui.campaign.model.state import Campaign, Clock
from strange_tui.rules import hunters


class VitalView(msgspec.Struct, frozen=True, kw_only=True):
    """One vital statistic of a hunter: points left, damage by type, condition (R-HUN-7..8)."""

    vital: str
    left: int
    maximum: int
    damage: dict[str, int]
    """Points of each type still present, mildest first."""
    condition: str
    """'fine', 'disabled' or 'dead' (R-HUN-8)."""
    worsening: str | None = None
    """R-HUN-8: disabled and not stabilised: the type that worsens each minute."""
    stable: bool = False
    """R-HUN-8: stabilised since the last damage."""


class HealingView(msgspec.Struct, frozen=True, kw_only=True):
    """When the points of one type on one vital heal (R-HUN-7): one interval each, in turn;
    ``when`` (the next) and ``last`` are None: never."""

    vital: str
    kind: str
    when: int | None
    when_label: str
    points: int = 1
    """Points of the type still there."""
    last: int | None = None
    last_label: str = ""


class HunterView(msgspec.Struct, frozen=True, kw_only=True):
    """A hunter as the Hunters home shows them at an in-game second."""

    id: str
    name: str
    skills: dict[str, int]
    flaws: int
    """Flaws counted against every roll: the hunter's own and those of their damage."""
    flaw_sources: tuple[tuple[str, int], ...] = ()
    """Where ``flaws`` comes from, each with its points: the hunter's own flaws by name,
    then the damage that brings one ('2 traumatic (health)'); they add up to ``flaws``."""
    vitals: tuple[VitalView, ...]
    healing: tuple[HealingView, ...]


def hunter_view(hunter: Hunter, now: int) -> HunterView:
    """R-HUN-7, R-HUN-8: what the home shows of ``hunter`` at ``now``."""
    vitals = []
    for vital in VITALS:
        current = hunter.damage(vital, now)
        damage = {kind: current[kind] for kind in DAMAGE_TYPES if current.get(kind)}
        maximum = hunter.vitals.get(vital, 10)
        vitals.append(
            VitalView(
                vital=vital,
                left=maximum - sum(damage.values()),
                maximum=maximum,
                damage=damage,
                condition=hunters.condition(maximum, damage),
                worsening=worsening_kind(hunter, vital, now),
                stable=vital in hunter.stable,
            )
        )
    return HunterView(
        id=hunter.id,
        name=hunter.name,
        skills=dict(hunter.skills),
        flaws=_flaws(hunter, now),
        flaw_sources=flaw_sources(hunter, now),
        vitals=tuple(vitals),
        healing=tuple(healing_of(hunter, now)),
    )


def healing_of(hunter: Hunter, now: int) -> list[HealingView]:
    """R-HUN-7: for each vital and each type still there, when its next point heals and
    when its last one does (the points of a type heal one interval each, in turn)."""
    lines = []
    for vital in VITALS:
        pending: dict[str, list[int | None]] = {}
        for kind, at in hunters.heal_times(hunter.parts(vital)):
            if at is None or at > now:
                pending.setdefault(kind, []).append(at)
        for kind in DAMAGE_TYPES:
            if kind not in pending:
                continue
            times = pending[kind]
            when = None if None in times else min(t for t in times if t is not None)
            last = None if None in times else max(t for t in times if t is not None)
            lines.append(
                HealingView(
                    vital=vital,
                    kind=kind,
                    when=when,
                    when_label=_label(when),
                    points=len(times),
                    last=last,
                    last_label=_label(last),
                )
            )
    return lines


def _label(when: int | None) -> str:
    return "never" if when is None else Clock(seconds=when).label()


class PendingRoll(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-7: a hunter's latest roll that hit and whose damage is not yet dealt."""

    hunter: str
    name: str
    label: str
    degrees: int
    raised: bool


def pending_rolls(state: Campaign) -> list[PendingRoll]:
    """R-HUN-5, R-HUN-7: the rolls whose damage the damage dialog may deal."""
    return [
        PendingRoll(
            hunter=h.id,
            name=h.name,
            label=h.last_roll.label,
            degrees=h.last_roll.degrees,
            raised=h.last_roll.raised,
        )
        for h in state.hunters.values()
        if h.last_roll is not None and h.last_roll.degrees and not h.last_roll.used
    ]


def flaw_sources(hunter: Hunter, now: int) -> tuple[tuple[str, int], ...]:
    """R-HUN-1, R-HUN-7: each source of the hunter's flaws and its points: their own flaws,
    then each type of damage still present that brings one (a point per trauma, two per
    crippling or permanent point), by vital statistic."""
    sources = [(name, points) for name, points in hunter.flaws.items() if points]
    for vital in VITALS:
        damage = hunter.damage(vital, now)
        for kind in DAMAGE_TYPES:
            if points := hunters.flaws({kind: damage.get(kind, 0)}):
                sources.append((f"{damage[kind]} {kind} ({vital})", points))
    return tuple(sources)


def _flaws(hunter: Hunter, now: int) -> int:
    """R-HUN-1, R-HUN-7: the hunter's flaws plus those of trauma and worse still present."""
    return sum(hunter.flaws.values()) + hunter.damage_flaws(now)
