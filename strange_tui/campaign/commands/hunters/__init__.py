"""The Hunters' actions (the 2d6 ruleset, R-HUN-1..8), with what their dialogs show.

A new hunter, a roll against a CR, a person's defense or a complex challenge (situational
modifiers, a raised damage type), damage by degree (from an attacker's roll) or by type, a
disabled hunter stabilised, a complex challenge started or ended; each with what its dialog
shows before the player commits, and the small read models the Hunters home shows (damage by
type, condition, worsening, when the points heal). Time passing is
``commands.table.clock.PassTime`` (both rulesets).

Every number here comes from ``rules.hunters`` and the previews run the same code as
``decide`` (or the events through ``reduce``), so they cannot disagree with what happens.

One job a module: ``limits`` (the numbers and choices), ``views`` (the read models),
``checks`` (shared checks), ``create``, ``roll``, ``damage`` (and stabilising, and why
there is nothing to stabilise), ``first_aid`` (the project's own check that stabilises),
``challenges``; every name is re-exported here, so import from the package.
"""

from strange_tui.campaign.commands.hunters.challenges import (
    ChallengePreview,
    EndChallenge,
    StartChallenge,
)
from strange_tui.campaign.commands.hunters.checks import (  # noqa: F401 - shared helpers
    _after,
    _challenge,
    _check_points,
    _free_id,
    _hunter,
    _hunting,
    _slug,
    _valid,
)
from strange_tui.campaign.commands.hunters.create import CreateHunter, HunterPreview
from strange_tui.campaign.commands.hunters.damage import (
    DamageHunter,
    HunterDamagePreview,
    StabiliseHunter,
    StabilisePreview,
    heal_pace,
    nothing_to_stabilise,
    why_not_worsening,
    worsening_vitals,
)
from strange_tui.campaign.commands.hunters.first_aid import (
    FIRST_AID_CR,
    FirstAid,
    FirstAidPreview,
    first_aiders,
    why_no_first_aid,
)
from strange_tui.campaign.commands.hunters.limits import (
    CHALLENGE_INTERVALS,
    DAMAGE_TYPES,
    DEFENSES,
    DICE_COUNTS,
    EQUIPMENT_TOP,
    MAX_DAMAGE_DEGREES,
    MAX_DEFENSE_BONUS,
    MAX_DEFENSE_SKILL,
    MAX_THRESHOLD,
    MAX_TOOL_BONUS,
    RAISE_CR,
    SITUATION_RANGE,
    SITUATIONAL,
    SKILL_TOP,
    TRAIT_TOP,
    VITAL_RANGE,
    VITALS,
)
from strange_tui.campaign.commands.hunters.roll import (
    HunterOdds,
    HunterRoll,
    HunterRollOutcome,
    Part,
    read_modifiers,
    roll_outcome,
)
from strange_tui.campaign.commands.hunters.views import (  # noqa: F401 - private helpers
    HealingView,
    HunterView,
    PendingRoll,
    VitalView,
    _flaws,
    _label,
    flaw_sources,
    healing_of,
    hunter_view,
    pending_rolls,
)
from strange_tui.campaign.commands.table.clock import (  # noqa: F401 - time passing lives there
    MAX_TIME_AMOUNT,
    TIME_UNITS,
    ClockPreview,
    PassTime,
    TimeUnit,
)

__all__ = [
    "CHALLENGE_INTERVALS",
    "DAMAGE_TYPES",
    "DEFENSES",
    "DICE_COUNTS",
    "EQUIPMENT_TOP",
    "FIRST_AID_CR",
    "MAX_DAMAGE_DEGREES",
    "MAX_DEFENSE_BONUS",
    "MAX_DEFENSE_SKILL",
    "MAX_THRESHOLD",
    "MAX_TIME_AMOUNT",
    "MAX_TOOL_BONUS",
    "RAISE_CR",
    "SITUATION_RANGE",
    "SITUATIONAL",
    "SKILL_TOP",
    "TIME_UNITS",
    "TRAIT_TOP",
    "VITAL_RANGE",
    "VITALS",
    "ChallengePreview",
    "ClockPreview",
    "CreateHunter",
    "DamageHunter",
    "EndChallenge",
    "FirstAid",
    "FirstAidPreview",
    "HealingView",
    "HunterDamagePreview",
    "HunterOdds",
    "HunterPreview",
    "HunterRoll",
    "HunterRollOutcome",
    "HunterView",
    "Part",
    "PassTime",
    "PendingRoll",
    "StabiliseHunter",
    "StabilisePreview",
    "StartChallenge",
    "TimeUnit",
    "VitalView",
    "first_aiders",
    "flaw_sources",
    "heal_pace",
    "healing_of",
    "hunter_view",
    "nothing_to_stabilise",
    "pending_rolls",
    "read_modifiers",
    "roll_outcome",
    "why_no_first_aid",
    "why_not_worsening",
    "worsening_vitals",
]
