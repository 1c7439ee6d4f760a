"""What a natural 19 or 20 on a PC's hit may bring: extra damage or an effect (R-SPEC-2..5)."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import character_of
from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.special import attack_damage_bonus, effect_choices

EFFECT_CONDITIONS: dict[str, tuple[str, int]] = {
    "distract": ("distracted", 1),
    "stun": ("stunned", 1),
    "impair": ("impaired", 0),
    "knock down": ("prone", 1),
}
"""R-SPEC-3, R-SPEC-4, R-CMB-4: the attack effects that leave the foe with a condition
(its name, and the rounds it lasts; 0 for the rest of the fight)."""

SpecialChoice = str
"""What a natural 19 or 20 on a hit brings: "damage" (the extra damage), or an effect."""

DAMAGE = "damage"


class SpecialOptions(msgspec.Struct, frozen=True, kw_only=True):
    """What a natural 19 or 20 on a hit may bring this attacker (R-SPEC-3..5): the extra
    damage (``bonus``), or instead one of ``effects`` (none for an impaired attacker)."""

    bonus: dict[int, int]
    effects: dict[int, tuple[str, ...]]


def special_options(state: Campaign, character_id: str) -> SpecialOptions:
    """R-SPEC-3..5: the choices a 19 and a 20 give ``character_id``'s attack now."""
    impaired = character_of(state, character_id).impaired
    faces = (19, 20)
    return SpecialOptions(
        bonus={face: attack_damage_bonus(face, impaired=impaired) for face in faces},
        effects={face: effect_choices(face, attack=True, impaired=impaired) for face in faces},
    )


def landed_special(made: RollMade, bonus: int, effect: str) -> RollMade:
    """R-SPEC-2..5: a hit's roll with what its natural die brought as it landed: the
    effect chosen instead of the extra damage, or the extra damage applied (an impaired
    attacker's +1), so the log says that and not the face's name. A face that brings no
    extra damage (2 to 16) records none."""
    if made.die is None or not attack_damage_bonus(made.die):
        return made
    return replace(made, effect=effect, special_damage=bonus)
