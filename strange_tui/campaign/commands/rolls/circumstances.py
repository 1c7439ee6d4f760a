"""The circumstances a roll, an attack or a defense can take (R-CIR-1, R-CIR-2, R-WPN-1's
pushed range), as the dialogs list them and as the previews itemise them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import msgspec

from strange_tui.rules.circumstances import (
    CIRCUMSTANCES,
    Circumstance,
    Role,
    circumstance_steps,
    circumstances_of,
    needs_support,
)

RollKind = Literal["task", "attack", "defense"]
Support = Literal["", "task", "xp", "intrusion"]
"""R-CIR-1: what lets an attack through darkness, at an invisible foe or through dense
mist: a supporting task made first, 1 XP spent, or the GM's intrusion."""

FAVOURS_WORDS = {"target": "the target's advantage", "attacker": "the attacker's advantage"}


class CircumstanceChoice(msgspec.Struct, frozen=True, kw_only=True):
    """One circumstance as a dialog offers it."""

    id: str
    label: str
    favours: str
    """'target', 'attacker' or 'none' (gravity that only moves ranges)."""
    steps: int
    group: str = ""
    only: str = ""
    needs_support: bool = False
    note: str = ""
    range_shift: int = 0
    """R-CIR-2: categories it moves a weapon's range (+ longer)."""

    @property
    def text(self) -> str:
        """'dim light: target +1', 'total darkness: target +4 (needs support)', 'low
        gravity: ranges', 'close quarters: reaching weapons'."""
        if self.favours != "none":
            side = f"{self.favours} +{self.steps}"
        else:
            side = "ranges" if self.range_shift else "reaching weapons"
        support = " (needs support)" if self.needs_support else ""
        return f"{self.label}: {side}{support}"


def circumstance_choices(
    kind: RollKind, ranged: bool | None = None
) -> tuple[CircumstanceChoice, ...]:
    """The circumstances a roll of ``kind`` may take (an attack's by its kind, melee or
    ranged, when known)."""
    return tuple(
        CircumstanceChoice(
            id=c.id,
            label=c.label,
            favours=c.favours,
            steps=c.steps,
            group=c.group,
            only=c.only,
            needs_support=c.needs_support,
            note=c.note,
            range_shift=c.range_shift,
        )
        for c in CIRCUMSTANCES.values()
        if not (ranged is not None and c.only and (c.only == "ranged") != ranged)
        and (kind == "attack" or not reach_only(c))
    )


def reach_only(circumstance: Circumstance) -> bool:
    """R-WPN-1: a circumstance that matters only to a reaching weapon's attack."""
    return circumstance.favours == "none" and not circumstance.range_shift


def role_of(kind: RollKind) -> Role:
    """Whose side the roller is on: a defender is the target; any other roller acts."""
    return "target" if kind == "defense" else "attacker"


def itemised(circumstances: Iterable[Circumstance], kind: RollKind) -> tuple[tuple[str, int], ...]:
    """R-CIR-1: each circumstance as a line of the itemised difficulty, with who gains:
    ('partial cover, the target's advantage', +1)."""
    by_label = {c.label: c for c in circumstances}
    return tuple(
        (f"{label}, {FAVOURS_WORDS[by_label[label].favours]}", steps)
        for label, steps in circumstance_steps(by_label.values(), role_of(kind))
    )


def support_refusal(circumstances: Iterable[Circumstance], support: Support) -> str | None:
    """R-CIR-1: why an attack would simply miss (no supporting task, no XP, no intrusion),
    or None."""
    needing = needs_support(circumstances)
    if not needing or support:
        return None
    names = " and ".join(c.label for c in needing)
    return (
        f"Against {names} the attack misses unless a supporting task succeeds first"
        " (listening for the foe, say), the player spends 1 XP, or the GM intrudes."
    )


class Situation(msgspec.Struct, frozen=True, kw_only=True):
    """R-CIR-1, R-CIR-2: a roll's circumstances, checked, and what they do to it."""

    circumstances: tuple[Circumstance, ...] = ()
    lines: tuple[tuple[str, int], ...] = ()
    """The itemised lines (+ hinders, - eases)."""
    support: Support = ""
    """The support chosen, kept only when a circumstance needs it."""
    refusal: str | None = None
    """Why an attack would miss for want of support, or None."""

    @property
    def hindered(self) -> int:
        return sum(steps for _, steps in self.lines if steps > 0)

    @property
    def eased(self) -> int:
        return -sum(steps for _, steps in self.lines if steps < 0)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(c.label for c in self.circumstances)

    @property
    def needing(self) -> str:
        """The circumstances that need support, in words ('total darkness')."""
        return " and ".join(c.label for c in needs_support(self.circumstances))


def situation_of(
    ids: Iterable[str], kind: RollKind, *, ranged: bool | None = None, support: Support = ""
) -> Situation:
    """R-CIR-1, R-CIR-2: the circumstances ``ids`` name on a roll of ``kind`` (refused when
    two of a group, or one for the other kind of attack); only an attack needs support,
    and a support nothing needs is dropped (nothing is spent for it)."""
    picked = circumstances_of(ids, ranged=ranged if kind == "attack" else None)
    needed = kind == "attack" and bool(needs_support(picked))
    return Situation(
        circumstances=picked,
        lines=itemised(picked, kind),
        support=support if needed else "",
        refusal=support_refusal(picked, support) if kind == "attack" else None,
    )


__all__ = [
    "CircumstanceChoice",
    "RollKind",
    "Situation",
    "Support",
    "circumstance_choices",
    "circumstances_of",
    "itemised",
    "role_of",
    "situation_of",
    "support_refusal",
]
