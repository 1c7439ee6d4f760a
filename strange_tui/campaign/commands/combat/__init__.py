"""The combat tracker's actions as commands (R-CMB-1..5, R-SPEC-2..5, R-DMG-1, R-DMG-5).

Starting and ending a fight, NPCs joining it, initiative, the PCs' order, turns, a PC's
attack, an NPC's attack (the PC's defense roll), NPC health and conditions. A PC's attack
is one command: its roll, the damage a hit deals and the effect a 19 or 20 brings are one
transaction and one undo step; so is a defense roll and the damage a failure takes.

The previews are computed by the code that decides the events, and anything the state
would become (health, pools, the damage track) by folding the events with ``reduce``.

Each job is a module of this package: ``views`` (what the fight is now), ``setup``,
``turns``, ``weapons``, ``specials``, ``attack``, ``attack_preview``, ``defense``, ``npcs``
and ``limits``; the cheat sheet's (R-ACT-1, R-ACT-2, R-HAZ-1, R-HAZ-2) in ``actions``,
``reactions``, ``guarding``, ``surprise`` and ``hazards``; trading damage for an effect
(R-SPEC-6) in ``trades``; moving in a fight, grappling and a save (R-MOVE-2, R-GRAB-1,
R-SAVE-1) in ``movement``, ``grappling`` and ``saves``. Every name is re-exported here.
"""

from strange_tui.campaign.commands.base import state_after
from strange_tui.campaign.commands.combat.actions import (
    ActionPreview,
    ActOnWait,
    CoveringFire,
    Distract,
    Guard,
    Wait,
)
from strange_tui.campaign.commands.combat.attack import Attack
from strange_tui.campaign.commands.combat.attack_preview import (
    AttackPreview,
    HitPreview,
    TargetPreview,
    roll_odds,
)
from strange_tui.campaign.commands.combat.defense import (
    Defend,
    DefensePreview,
    DefenseSkill,
    defense_skill,
    defense_training,
)
from strange_tui.campaign.commands.combat.grappling import (
    ActWhileHeld,
    BreakFree,
    Grab,
    LetGo,
    ResistGrab,
)
from strange_tui.campaign.commands.combat.guarding import GetPast, StopPasser
from strange_tui.campaign.commands.combat.hazards import (
    AddObject,
    AddObjectPreview,
    ApplyHazard,
    HazardPreview,
)
from strange_tui.campaign.commands.combat.held_npc import KeepHold
from strange_tui.campaign.commands.combat.limits import (
    MAX_ARMOR,
    MAX_ATTACK_BONUS,
    MAX_CONDITION_NAME,
    MAX_HEALTH_CHANGE,
    MAX_NPC_DAMAGE,
    MAX_NPC_HEALTH,
    MAX_NPC_LEVEL,
    MAX_NPC_NAME,
    MAX_NPCS_AT_ONCE,
    MAX_ROUNDS,
)
from strange_tui.campaign.commands.combat.movement import MoveInFight
from strange_tui.campaign.commands.combat.npcs import (
    CONDITION_NAMES,
    AddCondition,
    DamageNpcs,
    HealNpcs,
    HealthPreview,
    NpcHealth,
    RemoveCondition,
    condition_name,
)
from strange_tui.campaign.commands.combat.reactions import DrawAttack, TakeAttack
from strange_tui.campaign.commands.combat.saves import Resist
from strange_tui.campaign.commands.combat.setup import (
    AddNpcs,
    AddNpcsPreview,
    InitiativePreview,
    RollInitiative,
    StartCombat,
    slug,
)
from strange_tui.campaign.commands.combat.specials import (
    DAMAGE,
    EFFECT_CONDITIONS,
    SpecialChoice,
    SpecialOptions,
    special_options,
)
from strange_tui.campaign.commands.combat.surprise import Surprise
from strange_tui.campaign.commands.combat.trades import TradePreview, trade_cost
from strange_tui.campaign.commands.combat.turns import (
    CombatSummary,
    EndCombat,
    GrantAction,
    MovePc,
    NextTurn,
    commands_back_to_turn,
)
from strange_tui.campaign.commands.combat.views import (
    TurnView,
    acting_problem,
    can_act_now,
    capped,
    check_acting,
    combatant_of,
    encounter_of,
    loses_this_turn,
    out_of_fight,
    pc_limit,
    turn_of,
)
from strange_tui.campaign.commands.combat.weapons import (
    SKILL_RANK,
    UNARMED,
    UNARMED_ID,
    Training,
    WeaponUsed,
    ability_damage,
    pack_weapon,
    training_in,
    weapon_skill_names,
    weapon_training,
    weapons_of,
)

__all__ = [
    # R-ACT-1, R-ACT-2, R-HAZ-1, R-HAZ-2: the cheat sheet's actions, hazards and objects.
    "ActOnWait",
    "ActionPreview",
    "AddObject",
    "AddObjectPreview",
    "ApplyHazard",
    "CoveringFire",
    "Distract",
    "DrawAttack",
    "GetPast",
    "Guard",
    "HazardPreview",
    "StopPasser",
    "Surprise",
    "TakeAttack",
    "Wait",
    # R-MOVE-2, R-GRAB-1, R-SAVE-1: moving in a fight, grappling, a save.
    "ActWhileHeld",
    "BreakFree",
    "Grab",
    "LetGo",
    "MoveInFight",
    "Resist",
    "ResistGrab",
    "KeepHold",
    "AddCondition",
    "AddNpcs",
    "AddNpcsPreview",
    "Attack",
    "AttackPreview",
    "CONDITION_NAMES",
    "CombatSummary",
    "DAMAGE",
    "DamageNpcs",
    "Defend",
    "DefensePreview",
    "DefenseSkill",
    "EFFECT_CONDITIONS",
    "EndCombat",
    "HealNpcs",
    "HealthPreview",
    "HitPreview",
    "InitiativePreview",
    "MAX_ARMOR",
    "MAX_ATTACK_BONUS",
    "MAX_CONDITION_NAME",
    "MAX_HEALTH_CHANGE",
    "MAX_NPCS_AT_ONCE",
    "MAX_NPC_DAMAGE",
    "MAX_NPC_HEALTH",
    "MAX_NPC_LEVEL",
    "MAX_NPC_NAME",
    "MAX_ROUNDS",
    "MovePc",
    "GrantAction",
    "NextTurn",
    "NpcHealth",
    "RemoveCondition",
    "RollInitiative",
    "SKILL_RANK",
    "SpecialChoice",
    "SpecialOptions",
    "StartCombat",
    "TargetPreview",
    "TradePreview",
    "trade_cost",
    "Training",
    "TurnView",
    "UNARMED",
    "UNARMED_ID",
    "WeaponUsed",
    "ability_damage",
    "acting_problem",
    "can_act_now",
    "capped",
    "check_acting",
    "combatant_of",
    "commands_back_to_turn",
    "condition_name",
    "defense_skill",
    "defense_training",
    "encounter_of",
    "loses_this_turn",
    "out_of_fight",
    "pack_weapon",
    "pc_limit",
    "roll_odds",
    "slug",
    "special_options",
    "state_after",
    "training_in",
    "turn_of",
    "weapon_skill_names",
    "weapon_training",
    "weapons_of",
]
