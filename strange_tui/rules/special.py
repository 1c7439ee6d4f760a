"""Special rolls: the natural 1, 17, 18, 19 and 20 of a d20 (R-SPEC)."""

from __future__ import annotations

from enum import Enum

from strange_tui.rules.errors import RuleViolation

SPECIAL_FACES: tuple[int, ...] = (1, 17, 18, 19, 20)


class Special(Enum):
    """What a natural special face brings."""

    INTRUSION = 1
    DAMAGE_1 = 17
    DAMAGE_2 = 18
    MINOR_EFFECT = 19
    MAJOR_EFFECT = 20

    @property
    def label(self) -> str:
        """A short name for the special, for people."""
        return _LABELS[self]


_LABELS = {
    Special.INTRUSION: "GM intrusion",
    Special.DAMAGE_1: "+1 damage",
    Special.DAMAGE_2: "+2 damage",
    Special.MINOR_EFFECT: "minor effect",
    Special.MAJOR_EFFECT: "major effect",
}

# R-SPEC-3 and R-SPEC-4: the effects a player may take instead of the extra damage.
MINOR_ATTACK_EFFECTS: tuple[str, ...] = (
    "strike a specific body part",
    "knock back",
    "move past",
    "distract",
)
MAJOR_ATTACK_EFFECTS: tuple[str, ...] = ("knock down", "disarm", "stun", "impair")

def special_of(die: int) -> Special | None:
    """R-SPEC-1..4: the special result a natural face brings, or None for 2 to 16."""
    try:
        return Special(die)
    except ValueError:
        return None


def special_applies(die: int, success: bool) -> bool:
    """Whether the face's special result takes place on this roll.

    R-SPEC-1: a natural 1 always brings the GM's free intrusion. 17 to 20 add damage or an
    effect only to a roll that succeeds (a missed attack deals no damage; the CSRD gives
    minor and major effects to successful rolls).
    """
    special = special_of(die)
    if special is None:
        return False
    return special is Special.INTRUSION or success


def intrusion_awards_xp(die: int) -> bool:
    """R-SPEC-1: the intrusion a natural 1 brings is free: it awards no XP."""
    return die != 1


def attack_damage_bonus(die: int, *, impaired: bool = False) -> int:
    """R-SPEC-2..5: extra damage a successful attack gets from its natural die.

    17: +1, 18: +2, 19: +3 (or a minor effect), 20: +4 (or a major effect). An impaired
    attacker gets only +1 on any of 17 to 20 (R-SPEC-5).
    """
    if die < 17:
        return 0
    if impaired:
        return 1
    return die - 16


def effect_choices(die: int, *, attack: bool, impaired: bool = False) -> tuple[str, ...]:
    """R-SPEC-3, R-SPEC-4, R-SPEC-5: the effects a successful roll may take.

    On an attack, the effects are alternatives to the extra damage. Outside an attack a 19
    gives a minor effect and a 20 a major one, described by the GM. An impaired character
    ignores minor and major effects.
    """
    if impaired or die < 19:
        return ()
    if not attack:
        return ("minor effect",) if die == 19 else ("major effect",)
    if die == 19:
        return MINOR_ATTACK_EFFECTS
    # A major effect may always be taken as a minor one instead (CSRD Special Rolls).
    return MAJOR_ATTACK_EFFECTS + MINOR_ATTACK_EFFECTS


def cost_after_special(die: int, cost: int) -> int:
    """R-SPEC-4: on a natural 20 the points spent on the action are regained (cost 0)."""
    return 0 if die == 20 else cost


def trade_damage_cost(price: int, foe_level: int) -> int:
    """R-SPEC-6: the damage a hit gives up to buy an effect: the table's price (the
    pack's, ``trades.toml``) plus the foe's level."""
    if price < 0:
        raise RuleViolation(f"A trade's price is 0 or more; {price} is not.")
    if foe_level < 0:
        raise RuleViolation(f"A foe's level is 0 or more; {foe_level} is not.")
    return price + foe_level
