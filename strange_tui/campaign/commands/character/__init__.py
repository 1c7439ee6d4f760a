"""The character sheet's actions: damage, points, rests, cyphers, armor, XP, notes.

Take damage, spend and heal points, rest, gain, use and discard cyphers, edit notes, put
armor on and off, take a weakness, gain XP and buy advancement (R-DMG-1..4, R-EFF-6,
R-POOL-1, R-REC-1..3, R-CYP-1, R-CMB-6, R-WEAK-1, R-XP-1, R-ADV-1).

Every preview folds the command's own events through ``reduce`` on the state (as the store
will), so what a dialog shows before the player commits is what happens.

One job a module: ``previews`` (the pools before and after), ``damage`` (TakeDamage,
SpendPoints, Heal), ``rest``, ``recovery_die`` (the die shown before a rest, kept),
``party_rest`` (R-REC-4), ``cyphers``, ``artifacts``
and ``identify`` (R-ART-1, R-ART-2), ``armor`` (ChangeArmor), ``notes``, ``facts``
(the sheet's worked-out numbers) and ``text`` (the free-text limit): their names are
re-exported here. ``weakness``, ``xp`` and ``advancement`` are imported from their modules.
"""

from strange_tui.campaign.commands.character.abilities import (
    AbilityPreview,
    ReadAbilities,
    UseAbility,
    ability_cost,
    effect_words,
    rolled_as,
    traits_for,
    usable,
)
from strange_tui.campaign.commands.character.armor import ArmorPreview, ChangeArmor
from strange_tui.campaign.commands.character.artifacts import (
    ArtifactPreview,
    DropArtifact,
    GainArtifact,
    UseArtifact,
    UsePreview,
)
from strange_tui.campaign.commands.character.cyphers import (
    LEVEL_FORMULA,
    MAX_CYPHER_LEVEL,
    MAX_NAME,
    CypherPreview,
    DiscardCypher,
    DiscardPreview,
    GainCypher,
    UseCypher,
    discard_pick,
    fixed_level,
    level_of,
    load_of,
)
from strange_tui.campaign.commands.character.damage import (
    DamagePreview,
    Heal,
    HealPreview,
    SpendPoints,
    SpendPreview,
    TakeDamage,
)
from strange_tui.campaign.commands.character.facts import (
    SheetFacts,
    can_step_up,
    rest_seconds,
    sheet_facts,
)
from strange_tui.campaign.commands.character.identify import (
    IdentifyArtifact,
    IdentifyCypher,
    IdentifyPreview,
)
from strange_tui.campaign.commands.character.notes import EditNotes
from strange_tui.campaign.commands.character.party_rest import (
    AnswerRest,
    AskPartyRest,
    PartyRest,
    PartyRestPreview,
    RestTheOthers,
)
from strange_tui.campaign.commands.character.previews import (
    PoolLine,
    PoolsAfter,
    after_events,
    pools_after,
)
from strange_tui.campaign.commands.character.recovery_die import (
    RollRecoveryDie,
    TakeBackRecoveryDie,
    kept_die,
)
from strange_tui.campaign.commands.character.rest import (
    Rest,
    RestPreview,
    suggested_split,
)
from strange_tui.campaign.commands.character.text import MAX_TEXT
from strange_tui.campaign.commands.character.track import ShiftTrack, TrackPreview

__all__ = [
    "ShiftTrack",
    "TrackPreview",
    "AbilityPreview",
    "ReadAbilities",
    "UseAbility",
    "ability_cost",
    "effect_words",
    "rolled_as",
    "traits_for",
    "usable",
    "LEVEL_FORMULA",
    "MAX_CYPHER_LEVEL",
    "MAX_NAME",
    "MAX_TEXT",
    "ArmorPreview",
    "ArtifactPreview",
    "DropArtifact",
    "GainArtifact",
    "IdentifyArtifact",
    "IdentifyCypher",
    "IdentifyPreview",
    "UseArtifact",
    "UsePreview",
    "ChangeArmor",
    "CypherPreview",
    "DamagePreview",
    "DiscardCypher",
    "DiscardPreview",
    "EditNotes",
    "GainCypher",
    "Heal",
    "HealPreview",
    "PoolLine",
    "PoolsAfter",
    "Rest",
    "RestPreview",
    "RollRecoveryDie",
    "TakeBackRecoveryDie",
    "AnswerRest",
    "AskPartyRest",
    "PartyRest",
    "PartyRestPreview",
    "RestTheOthers",
    "SheetFacts",
    "SpendPoints",
    "SpendPreview",
    "TakeDamage",
    "UseCypher",
    "after_events",
    "can_step_up",
    "discard_pick",
    "fixed_level",
    "level_of",
    "load_of",
    "pools_after",
    "kept_die",
    "rest_seconds",
    "sheet_facts",
    "suggested_split",
]
