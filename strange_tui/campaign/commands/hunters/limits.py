"""The Hunters' numbers and choices: what the commands accept and the dialogs offer."""

from __future__ import annotations

from strange_tui.rules import hunters

VITALS: tuple[str, ...] = hunters.VITALS
"""R-HUN-8: the four vital statistics, in the order the sheet shows them."""
DAMAGE_TYPES: tuple[str, ...] = hunters.DAMAGE_TYPES
"""R-HUN-7: the damage types, mildest first."""
DICE_COUNTS: tuple[int, ...] = (2, 3, 4)
"""R-HUN-1: 2d6, or 3d6 and 4d6 for the inhuman."""
SKILL_TOP, TRAIT_TOP, EQUIPMENT_TOP = 10, 5, 5
"""R-HUN-1: the most points a skill, a trait or a piece of equipment gives."""
VITAL_RANGE = (1, 100)
SITUATION_RANGE = (-4, 4)
"""R-HUN-4: the GM's own adjustment ("anything else worthy"), besides the named modifiers."""
SITUATIONAL: dict[str, tuple[int, int]] = dict(hunters.SITUATIONAL)
"""R-HUN-4: the seed's situational modifiers, each with its range (negative: against the
one who rolls)."""
DEFENSES: tuple[tuple[str, str], ...] = (
    ("low", "Low (unaware)"),
    ("standard", "Standard (aware, +3)"),
    ("high", "High (concentrating, +6)"),
)
"""R-HUN-3: the defenses a person may put up."""
RAISE_CR = hunters.RAISE_CR
"""R-HUN-7: raising the damage type of an attack adds this to its CR."""
MAX_DEFENSE_BONUS, MAX_DEFENSE_SKILL = 20, 10
MAX_DAMAGE_DEGREES, MAX_TOOL_BONUS = 20, 10
MAX_THRESHOLD = 1000
CHALLENGE_INTERVALS: tuple[tuple[str, int], ...] = (
    ("every round", 6),
    ("every 5 minutes", 300),
    ("every hour", 3600),
    ("every day", 86_400),
)
"""R-HUN-6: how often the rolls of a complex challenge come (the clock advances by it)."""
