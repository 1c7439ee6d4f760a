"""What a PC's attack would do, as its dialog shows before the roll (R-CMB-2)."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.rolls import RollPreview


class HitPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What a hit on one face of the die would do to the target."""

    die: int | None
    """The natural die (17 to 20), or None for any other hit."""
    bonus: int
    """R-SPEC-2..5: the special roll's extra damage (an impaired attacker: +1)."""
    effect: str = ""
    condition: str = ""
    """The condition the effect leaves on the target (R-CMB-4), if any."""
    damage: int
    """Weapon + abilities + Effort damage + special bonus - the target's Armor (R-CMB-2)."""
    health: int
    """The target's health after the hit."""


class TargetPreview(msgspec.Struct, frozen=True, kw_only=True):
    """One further target of an area attack: its odds on the same die, and a hit."""

    name: str
    final_difficulty: int
    p_hit: float
    automatic: bool
    damage: int
    """A hit's damage less its Armor (17 to 20 add the same bonus to every target)."""
    health: int
    max_health: int


class AttackPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The odds and cost of the attack, what eases or hinders it, what a hit deals and
    what a hit on each face would do."""

    roll: RollPreview
    target: str
    armor: int
    health: int
    max_health: int
    hits: tuple[HitPreview, ...]
    parts: tuple[tuple[str, int], ...] = ()
    """What a hit's damage is made of (weapon, abilities, Effort), before specials."""
    steps: tuple[tuple[str, int], ...] = ()
    """What eases (negative) or hinders the attack, in words (R-CMB-2, R-TASK-3)."""
    area: bool = False
    others: tuple[TargetPreview, ...] = ()
