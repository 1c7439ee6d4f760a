"""Hazards and the Armor of objects, from the GM's cheat sheet (R-HAZ-1, R-HAZ-2).

Every hazard's damage is ambient: Armor does not reduce it (R-DMG-1). A hazard marked
``per_round`` keeps dealing its damage each round the character stays in it; falling
deals its damage per ten feet fallen."""

from __future__ import annotations

import msgspec

from strange_tui.rules.errors import RuleViolation

FALL_FEET_PER_POINT = 10


class Hazard(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the cheat sheet's hazard table."""

    id: str
    label: str
    damage: int
    per_round: bool = False
    per_ten_feet: bool = False
    loses_action: bool = False
    """Often the next action is lost too (the GM decides)."""
    note: str = ""


# R-HAZ-1: the numbers are the cheat sheet's; the notes are our own words.
HAZARDS: dict[str, Hazard] = {
    h.id: h
    for h in (
        Hazard(id="acid-splash", label="acid splash", damage=2, per_round=True),
        Hazard(id="acid-bath", label="acid bath", damage=6, per_round=True, note="immersed in it"),
        Hazard(id="cold", label="cold", damage=1, per_round=True, note="below freezing"),
        Hazard(
            id="severe-cold",
            label="severe cold",
            damage=3,
            per_round=True,
            note="liquid nitrogen and the like",
        ),
        Hazard(
            id="collision", label="collision", damage=6, note="something large and fast strikes"
        ),
        Hazard(id="crush", label="crush", damage=3, note="a thing or creature falls on you"),
        Hazard(id="huge-crush", label="huge crush", damage=6, note="a roof or tunnel caves in"),
        Hazard(id="shock", label="electric shock", damage=1, per_round=True, loses_action=True),
        Hazard(
            id="electrocution", label="electrocution", damage=6, per_round=True, loses_action=True
        ),
        Hazard(id="falling", label="falling", damage=1, per_ten_feet=True),
        Hazard(id="minor-fire", label="minor fire", damage=3, per_round=True, note="a torch"),
        Hazard(
            id="major-fire",
            label="major fire",
            damage=6,
            per_round=True,
            note="engulfed in flame, lava",
        ),
    )
}


def hazard_damage(hazard: Hazard, feet: int = 0) -> int:
    """R-HAZ-1: the damage of one exposure (one round of a per-round hazard); a fall deals
    1 point per full 10 feet."""
    if hazard.per_ten_feet:
        if feet < 0:
            raise RuleViolation(f"A fall is 0 feet or more; {feet} is not.")
        return hazard.damage * (feet // FALL_FEET_PER_POINT)
    return hazard.damage


# R-HAZ-2: attacking an object: its Armor by hardness.
OBJECT_ARMOR: dict[str, int] = {"hard": 1, "very hard": 2, "extremely hard": 3}


def object_armor(hardness: str) -> int:
    """R-HAZ-2: hard (stone) 1, very hard (metal) 2, extremely hard (diamond) 3; soft 0."""
    if hardness in ("", "soft"):
        return 0
    try:
        return OBJECT_ARMOR[hardness]
    except KeyError:
        raise RuleViolation(
            f"An object is soft, hard, very hard or extremely hard; not {hardness!r}."
        ) from None
