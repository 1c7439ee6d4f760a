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

    @property
    def text(self) -> str:
        """'dim light: target +1', 'total darkness: target +4 (needs support)'."""
        side = f"{self.favours} +{self.steps}" if self.favours != "none" else "ranges"
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
        )
        for c in CIRCUMSTANCES.values()
        if not (ranged is not None and c.only and (c.only == "ranged") != ranged)
    )


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


__all__ = [
    "CircumstanceChoice",
    "RollKind",
    "Support",
    "circumstance_choices",
    "circumstances_of",
    "itemised",
    "role_of",
    "support_refusal",
]
