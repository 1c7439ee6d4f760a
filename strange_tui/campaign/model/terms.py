"""The game's words that screens show and choose from (stats, pools, the damage track,
skills, difficulty names, conditions), so no screen needs anything from ``rules/``."""

from strange_tui.rules.combat import Condition
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Pool, Pools, Stat
from strange_tui.rules.task import DIFFICULTY_NAMES, MAX_DIFFICULTY, Skill
from strange_tui.rules.track import DamageTrack

__all__ = [
    "DIFFICULTY_NAMES",
    "MAX_DIFFICULTY",
    "Condition",
    "DamageTrack",
    "Pool",
    "Pools",
    "RuleViolation",
    "Skill",
    "Stat",
]
