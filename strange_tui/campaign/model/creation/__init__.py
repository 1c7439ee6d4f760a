"""Character creation in the eleven steps of The Strange (RULES.md section 9).

A draft the player fills in step by step (``draft``), checked at each step (``steps``,
``abilities``) and at each tick of a list (``limits``), and the character it makes
(``character``). Every name is re-exported here.

Pure: content comes in as a ``Library`` (anything with ``kind(name) -> {id: entry}``).
"""

from strange_tui.campaign.model.creation.abilities import (
    STAT_NAMES,
    ability_keys,
    ability_label,
    ability_options,
    armor_offered,
    asks_one_of,
    choices_problem,
    focus_tier_one,
    split_key,
    tier_one,
)
from strange_tui.campaign.model.creation.character import (
    UNARMED,
    ability_names,
    armor_rating,
    attacks,
    build,
    character_id,
    edge_of,
    pools_of,
    possessions,
    provisional,
    skills_of,
)
from strange_tui.campaign.model.creation.choices import (
    answers_problem,
    draft_questions,
    traits_of,
)
from strange_tui.campaign.model.creation.draft import (
    RESETS,
    REVIEW,
    STEP_NAMES,
    Draft,
    Library,
    choose,
    sentence_of,
)
from strange_tui.campaign.model.creation.limits import no_weapons, tick_refused
from strange_tui.campaign.model.creation.steps import (
    WeaponPick,
    allowed_foci,
    base_edge,
    cypher_load_of,
    cypher_picks,
    first_problem,
    problem,
    skill_choices,
    weapon_groups,
    weapon_picks,
)

__all__ = [
    "answers_problem",
    "draft_questions",
    "traits_of",
    "provisional",
    "Draft",
    "Library",
    "RESETS",
    "REVIEW",
    "STAT_NAMES",
    "STEP_NAMES",
    "UNARMED",
    "ability_keys",
    "ability_label",
    "ability_names",
    "ability_options",
    "allowed_foci",
    "armor_offered",
    "armor_rating",
    "attacks",
    "base_edge",
    "build",
    "character_id",
    "asks_one_of",
    "choices_problem",
    "choose",
    "cypher_picks",
    "edge_of",
    "first_problem",
    "focus_tier_one",
    "no_weapons",
    "pools_of",
    "possessions",
    "problem",
    "sentence_of",
    "skill_choices",
    "skills_of",
    "tick_refused",
    "split_key",
    "tier_one",
    "weapon_groups",
    "weapon_picks",
    "WeaponPick",
    "cypher_load_of",
]
