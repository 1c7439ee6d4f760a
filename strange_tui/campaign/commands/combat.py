"""The combat tracker's actions as commands (R-CMB-1..5, R-SPEC-2..5, R-DMG-1, R-DMG-5).

Starting and ending a fight, NPCs joining it, initiative, the PCs' order, turns, a PC's
attack, an NPC's attack (the PC's defense roll), NPC health and conditions. A PC's attack
is one command: its roll, the damage a hit deals and the effect a 19 or 20 brings are one
transaction and one undo step; so is a defense roll and the damage a failure takes.

The previews are computed by the code that decides the events, and anything the state
would become (health, pools, the damage track) by folding the events with ``reduce``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.rolls import OddsView, Roll, RollPreview, odds_view
from strange_tui.campaign.creation import Library
from strange_tui.campaign.encounter import Combatant, Encounter
from strange_tui.campaign.events import (
    AnyEvent,
    CombatEnded,
    CombatStarted,
    ConditionAdded,
    ConditionRemoved,
    DamageTaken,
    InitiativeRolled,
    NpcHealthChanged,
    NpcsAdded,
    OrderChanged,
    RollMade,
    TurnAdvanced,
    batches,
)
from strange_tui.campaign.rolls import task_of
from strange_tui.campaign.state import Campaign, Character
from strange_tui.campaign.store import fold_command
from strange_tui.content.model import Weapon
from strange_tui.rules import combat
from strange_tui.rules.combat import Condition
from strange_tui.rules.damage import armor_applies, damage_after_armor, npc_damage, npc_health
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.effort import effort_damage
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Pools, Stat
from strange_tui.rules.special import attack_damage_bonus, effect_choices
from strange_tui.rules.task import (
    D20,
    MAX_DIFFICULTY,
    final_difficulty,
    is_automatic,
    resolve,
    step_breakdown,
)
from strange_tui.rules.track import DamageTrack, can_act, can_move

EFFECT_CONDITIONS: dict[str, tuple[str, int]] = {
    "distract": ("distracted", 1),
    "stun": ("stunned", 1),
    "impair": ("impaired", 0),
    "knock down": ("prone", 1),
}
"""R-SPEC-3, R-SPEC-4, R-CMB-4: the attack effects that leave the foe with a condition
(its name, and the rounds it lasts; 0 for the rest of the fight)."""

CONDITION_NAMES: tuple[str, ...] = tuple(combat.CONDITIONS)
"""R-CMB-4: the conditions the tracker knows (any other name is a custom tag)."""

MAX_NPC_LEVEL = 10
MAX_NPCS_AT_ONCE = 20
MAX_NPC_NAME = 70
MAX_NPC_HEALTH = 1000
MAX_NPC_DAMAGE = 100
MAX_ARMOR = 100
MAX_CONDITION_NAME = 40
MAX_ROUNDS = 1000
MAX_HEALTH_CHANGE = 1000

SpecialChoice = str
"""What a natural 19 or 20 on a hit brings: "damage" (the extra damage), or an effect."""
DAMAGE = "damage"


# What the fight is now.


def encounter_of(state: Campaign) -> Encounter:
    """The fight under way; RuleViolation when there is none."""
    if state.encounter is None:
        raise RuleViolation("There is no fight under way.")
    return state.encounter


def combatant_of(encounter: Encounter, combatant_id: str) -> Combatant:
    """A combatant of the fight; RuleViolation when there is none by that id."""
    try:
        return encounter.combatants[combatant_id]
    except KeyError:
        raise RuleViolation(f"No combatant {combatant_id!r} in this fight.") from None


def capped(difficulty: int) -> tuple[int, int]:
    """R-TASK-4: a difficulty past 10 is recorded as 10 plus hindrance steps."""
    return min(difficulty, MAX_DIFFICULTY), max(0, difficulty - MAX_DIFFICULTY)


def state_after(state: Campaign, events: Sequence[AnyEvent]) -> Campaign:
    """The campaign once ``events`` are applied, as the store would apply them."""
    return fold_command(state, events)[0]


def acting_problem(state: Campaign, combatant_id: str) -> str | None:
    """Why ``combatant_id`` cannot act now (R-CMB-1, R-CMB-4, R-DMG-4), or None when it
    is their turn and they can."""
    encounter = state.encounter
    if encounter is None:
        return "There is no fight under way."
    who = encounter.combatants.get(combatant_id)
    if who is None:
        return f"No combatant {combatant_id!r} in this fight."
    active = encounter.active
    if active is None:
        return "Roll initiative first (R-CMB-1)."
    if active.id != who.id:
        return f"It is {active.name}'s turn, not {who.name}'s."
    if who.pc and (limit := pc_limit(state, who.id)):
        return limit
    if any(condition.loses_turn for condition in who.conditions):
        return f"{who.name} is stunned and loses this turn (R-CMB-4)."
    if who.defeated:
        return f"{who.name} is defeated."
    return None


def pc_limit(state: Campaign, character_id: str) -> str | None:
    """R-DMG-4: why a PC can take no action (debilitated: at most a move of an immediate
    distance, none with Speed 0; dead: out of the fight), or None when they can act."""
    pc = character_of(state, character_id)
    if pc.track is DamageTrack.DEAD:
        return f"{pc.name} is dead: out of the fight (R-DMG-4)."
    if can_act(pc.track):
        return None
    if can_move(pc.track, pc.pools.speed.current):
        return f"{pc.name} is debilitated: can only move, an immediate distance (R-DMG-4)."
    return f"{pc.name} is debilitated with Speed 0: cannot move, nor act (R-DMG-4)."


def out_of_fight(state: Campaign, combatant_id: str) -> bool:
    """Whether the combatant is out of the fight: a defeated NPC, or a dead PC (R-DMG-4)."""
    encounter = state.encounter
    who = encounter.combatants.get(combatant_id) if encounter else None
    if who is None:
        return True
    if who.pc:
        pc = state.characters.get(combatant_id)
        return pc is None or pc.track is DamageTrack.DEAD
    return who.defeated


def can_act_now(state: Campaign, combatant_id: str) -> bool:
    """Whether it is ``combatant_id``'s turn and they can act on it."""
    return acting_problem(state, combatant_id) is None


def check_acting(state: Campaign, combatant_id: str) -> None:
    problem = acting_problem(state, combatant_id)
    if problem is not None:
        raise RuleViolation(problem)


class TurnView(msgspec.Struct, frozen=True, kw_only=True):
    """Whose turn it is and what they may do, for the tracker to show."""

    round: int
    active: str | None = None
    name: str = ""
    pc: bool = False
    loses_turn: bool = False
    """R-CMB-4: the active combatant is stunned and loses this turn."""
    limit: str | None = None
    """R-DMG-4: why the active PC can take no action (debilitated: only a move, none
    with Speed 0; dead)."""
    damage: int = 0
    """The active NPC's damage (R-DMG-5)."""
    dealt: int = 0
    taken: int = 0
    intrusions: int = 0


def turn_of(state: Campaign) -> TurnView | None:
    """The fight's round and whose turn it is (None when there is no fight)."""
    encounter = state.encounter
    if encounter is None:
        return None
    totals = {
        "round": encounter.round,
        "dealt": encounter.dealt,
        "taken": encounter.taken,
        "intrusions": encounter.intrusions,
    }
    active = encounter.active
    if active is None:
        return TurnView(**totals)
    return TurnView(
        **totals,
        active=active.id,
        name=active.name,
        pc=active.pc,
        loses_turn=any(condition.loses_turn for condition in active.conditions),
        limit=pc_limit(state, active.id) if active.pc else None,
        damage=active.damage,
    )


# Starting, turns, order, ending.


class StartCombat(Command, frozen=True, kw_only=True):
    """A fight begins: every PC who can act joins it (R-DMG-4: not the debilitated or
    the dead)."""

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        if not state.characters:
            raise RuleViolation("No one to fight: the party is empty.")
        if state.encounter is not None:
            raise RuleViolation("A fight is already under way.")
        pcs = tuple(cid for cid, c in state.characters.items() if can_act(c.track))
        if not pcs:
            raise RuleViolation("No one can fight: every PC is debilitated or dead (R-DMG-4).")
        return [CombatStarted(pcs=pcs)]


class NextTurn(Command, frozen=True, kw_only=True):
    """The active combatant's turn ends, and each of its conditions loses a round (R-CMB-4:
    a condition counts its holder's own turns); the next combatant still in the fight acts
    (defeated NPCs and dead PCs are skipped, R-DMG-4); past the last, a new round."""

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        encounter_of(state)
        return [TurnAdvanced()]


def commands_back_to_turn(journal: Sequence[AnyEvent]) -> int | None:
    """How many commands, newest first, "previous turn" takes back: back to and including
    the last next turn. None when no next turn of this fight is on record (the fight's
    start or its initiative comes first)."""
    for back, command in enumerate(reversed(batches(journal)), start=1):
        if any(isinstance(event, TurnAdvanced) for event in command):
            return back
        if any(isinstance(event, CombatStarted | InitiativeRolled) for event in command):
            return None
    return None


class MovePc(Command, frozen=True, kw_only=True):
    """R-CMB-1: the players change their order: a PC trades places with the PC next to
    them (``steps`` -1: up, 1: down); the fight keeps this order."""

    character: str
    steps: Literal[-1, 1]

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        encounter = encounter_of(state)
        who = combatant_of(encounter, self.character)
        order = list(encounter.order)
        index = order.index(who.id)
        other = index + self.steps
        if self.steps not in (-1, 1) or not 0 <= other < len(order):
            raise RuleViolation(f"{who.name} cannot move further that way.")
        if not who.pc or not encounter.combatants[order[other]].pc:
            raise RuleViolation("PCs trade places only with the PC next to them (R-CMB-1).")
        order[index], order[other] = order[other], order[index]
        return [OrderChanged(order=tuple(order))]


class CombatSummary(msgspec.Struct, frozen=True, kw_only=True):
    rounds: int
    dealt: int
    taken: int
    intrusions: int


class EndCombat(Command, frozen=True, kw_only=True):
    """The fight is over; its summary (rounds, damage dealt and taken, intrusions) stays
    in the log."""

    def event(self, state: Campaign) -> CombatEnded:
        encounter = encounter_of(state)
        return CombatEnded(
            rounds=encounter.round,
            dealt=encounter.dealt,
            taken=encounter.taken,
            intrusions=encounter.intrusions,
        )

    def preview(self, state: Campaign) -> CombatSummary:
        ended = self.event(state)
        return CombatSummary(
            rounds=ended.rounds, dealt=ended.dealt, taken=ended.taken, intrusions=ended.intrusions
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


# NPCs joining the fight.


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "npc"


class AddNpcsPreview(msgspec.Struct, frozen=True, kw_only=True):
    npcs: tuple[Combatant, ...]


class AddNpcs(Command, frozen=True, kw_only=True):
    """NPCs join the fight: ``count`` alike, or, as a swarm, ``count`` creatures of which
    every four act as one (R-CMB-5: the level + 1, at least +2 damage, the health of that
    level or the creature's own if higher; the rest, fewer than four, fight as single
    creatures), perhaps one with the boss package (+3 damage, +1 level on attack and
    defense). Health and damage default to the level's (R-DMG-5); a creature from the
    packs brings its own."""

    name: str
    level: int
    health: int | None = None
    damage: int | None = None
    armor: int = 0
    count: int = 1
    swarm: bool = False
    boss: bool = False

    def npcs(self, state: Campaign) -> tuple[Combatant, ...]:
        """The combatants that join, with ids of their own."""
        encounter = encounter_of(state)
        name = self.name.strip()
        if not name:
            raise RuleViolation("Name the NPC.")
        if len(name) > MAX_NPC_NAME:
            raise RuleViolation(f"An NPC's name is {MAX_NPC_NAME} characters at most.")
        if not 0 <= self.level <= MAX_NPC_LEVEL:
            raise RuleViolation(f"NPC levels run from 0 to {MAX_NPC_LEVEL}.")
        most = MAX_NPCS_AT_ONCE * (combat.SWARM_SIZE if self.swarm else 1)
        if not 1 <= self.count <= most:
            what = " creatures in swarms" if self.swarm else ""
            raise RuleViolation(f"Add 1 to {most}{what} at a time.")
        level = self.level
        health = npc_health(level) if self.health is None else self.health
        damage = npc_damage(level) if self.damage is None else self.damage
        if not 0 <= health <= MAX_NPC_HEALTH:
            raise RuleViolation(f"An NPC's health runs from 0 to {MAX_NPC_HEALTH}.")
        if not 0 <= damage <= MAX_NPC_DAMAGE:
            raise RuleViolation(f"An NPC's damage runs from 0 to {MAX_NPC_DAMAGE}.")
        if not 0 <= self.armor <= MAX_ARMOR:
            raise RuleViolation(f"Armor runs from 0 to {MAX_ARMOR}.")
        alike = {"armor": self.armor, "boss": self.boss}
        if not self.swarm:
            groups = [(name, self.count, level, health, damage, alike)]
        else:
            if self.boss:
                raise RuleViolation(
                    "The boss package is for one creature, not for a swarm (R-CMB-5)."
                )
            swarms, singles = combat.swarm_split(self.count)
            if swarms + singles > MAX_NPCS_AT_ONCE:
                raise RuleViolation(f"That makes more than {MAX_NPCS_AT_ONCE} combatants.")
            swarm_level, swarm_damage = combat.swarm(level, damage)
            swarm_health = max(npc_health(swarm_level), health)
            groups = [
                (
                    f"{name} swarm",
                    swarms,
                    swarm_level,
                    swarm_health,
                    swarm_damage,
                    {**alike, "swarm": True},
                ),
                (name, singles, level, health, damage, alike),
            ]
        if self.boss:
            groups = [(n, c, lv, h, combat.boss(d), extra) for n, c, lv, h, d, extra in groups]
        taken = set(encounter.combatants)
        npcs = []
        for label, count, group_level, group_health, group_damage, extra in groups:
            for _ in range(count):
                n, cid = 1, slug(label)
                while cid in taken:
                    n += 1
                    cid = f"{slug(label)}-{n}"
                taken.add(cid)
                # A second thug added later is "Thug 2", not another "Thug".
                shown = label if count == 1 and n == 1 else f"{label} {n}"
                npcs.append(
                    Combatant(
                        id=cid,
                        name=shown[:80],
                        level=group_level,
                        health=group_health,
                        max_health=group_health,
                        damage=group_damage,
                        **extra,
                    )
                )
        return tuple(npcs)

    def preview(self, state: Campaign) -> AddNpcsPreview:
        return AddNpcsPreview(npcs=self.npcs(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [NpcsAdded(npcs=self.npcs(state))]


# Initiative.


class InitiativePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-CMB-1: the difficulty (the highest NPC level) and each PC's odds, in the
    players' order; the PCs who cannot roll (R-DMG-4), and why."""

    difficulty: int
    odds: dict[str, OddsView]
    unable: dict[str, str] = msgspec.field(default_factory=dict)


class RollInitiative(Command, frozen=True, kw_only=True):
    """R-CMB-1: each PC makes a Speed task at the highest NPC level (training in
    Initiative eases it); who succeeds acts before the NPCs, in the players' order.
    ``dice`` holds the d20s the players typed; the app rolls the others. R-DMG-4: a
    debilitated or dead PC makes no roll and comes after the NPCs."""

    dice: dict[str, int] = msgspec.field(default_factory=dict)

    def setups(self, state: Campaign) -> tuple[int, dict[str, RollMade], dict[str, str]]:
        """The difficulty, each PC's Speed task (as a roll describes it), and the PCs
        who cannot roll with the reason."""
        encounter = encounter_of(state)
        levels = [c.level for c in encounter.npcs() if not c.defeated]
        difficulty = combat.initiative_difficulty(levels)
        recorded, beyond = capped(difficulty)
        setups, unable = {}, {}
        for cid in encounter.order:
            if not encounter.combatants[cid].pc:
                continue
            if limit := pc_limit(state, cid):
                unable[cid] = limit
                continue
            skill = character_of(state, cid).skills.get("Initiative")
            setups[cid] = RollMade(
                character=cid,
                stat=Stat.SPEED,
                difficulty=recorded,
                label="Initiative",
                skill=skill if skill in ("trained", "specialized") else "",
                inability=skill == "inability",
                hindrances=beyond,
            )
        for cid in self.dice:
            if cid in unable:
                raise RuleViolation(unable[cid])
            if cid not in setups:
                raise RuleViolation(f"{cid} is not a PC in this fight.")
        return difficulty, setups, unable

    def preview(self, state: Campaign) -> InitiativePreview:
        difficulty, setups, unable = self.setups(state)
        odds = {
            cid: odds_view(setup, state.characters[cid].impaired) for cid, setup in setups.items()
        }
        return InitiativePreview(difficulty=difficulty, odds=odds, unable=unable)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        _, setups, _ = self.setups(state)
        encounter = encounter_of(state)
        pcs = tuple(cid for cid in encounter.order if encounter.combatants[cid].pc)
        rolled, succeeded = {}, []
        for cid, setup in setups.items():
            task = task_of(setup)
            die = None
            if not is_automatic(task):
                typed = self.dice.get(cid)
                die = (PlayerDice([typed]) if typed is not None else dice).roll(D20)
                rolled[cid] = die
            if resolve(task, die).success:
                succeeded.append(cid)
        return [InitiativeRolled(pcs=pcs, dice=rolled, succeeded=tuple(succeeded))]


# A PC's attack (R-CMB-2).

GUN_WORDS = ("gun", "pistol", "rifle", "revolver", "carbine", "musket", "blaster", "firearm")
"""Words that make a ranged weapon on the sheet a gun (Gunner's damage, training in guns)."""
UNARMED_ID = "unarmed"
GUNNER_DAMAGE = 1
PROWESS_DAMAGE = 1
MAX_ATTACK_BONUS = 10
SKILL_RANK = {"": 0, "trained": 1, "specialized": 2}


class WeaponUsed(msgspec.Struct, frozen=True, kw_only=True):
    """The weapon an attack is made with (one on the sheet, matched to the weapons pack):
    its category sets the damage and whether it eases the attack (R-CMB-2); a gun gets
    Gunner's damage and training in guns."""

    name: str = "Unarmed"
    category: Literal["light", "medium", "heavy"] = "light"
    damage: int = 2
    ranged: bool = False
    gun: bool = False
    unarmed: bool = False


UNARMED = WeaponUsed(unarmed=True)


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z]+", text.lower()))


def is_gun(name: str) -> bool:
    """Whether a weapon's name makes it a gun (a pistol, rifle, shotgun, blaster...)."""
    return any(word in _words(name) for word in GUN_WORDS)


def pack_weapon(item: str, pack: dict[str, Weapon]) -> Weapon | None:
    """The weapons-pack entry an item of equipment is (R-CMB-2), or None when it is no
    weapon: the entry it names or one of its examples exactly; else the entry whose
    example it contains ("combat knife": a knife); else, when only the kind matches an
    example of another size ("heavy pistol" against "very small pistol"), the medium
    weapon of that kind (CSRD Weapons: most weapons are medium)."""
    said = _words(item)
    if not said:
        return None
    contained: list[tuple[int, Weapon]] = []
    kinds: list[Weapon] = []
    for wid, weapon in pack.items():
        if wid == UNARMED_ID:
            continue
        for named in (weapon.name, *weapon.examples):
            example = _words(named)
            if not example:
                continue
            if example == said:
                return weapon
            if f" {example} " in f" {said} ":
                contained.append((len(example), weapon))
            elif example.split()[-1] == said.split()[-1]:
                kinds.append(weapon)
    if contained:
        longest = max(length for length, _ in contained)
        return next(weapon for length, weapon in contained if length == longest)
    if kinds:
        ranged = kinds[0].ranged
        medium = (w for w in pack.values() if w.category == "medium" and w.ranged == ranged)
        return next(medium, kinds[0])
    return None


def has_ability(who: Character, name: str) -> bool:
    return any(ability.strip().lower() == name.lower() for ability in who.abilities)


def prowess(who: Character) -> str | None:
    """Combat Prowess as the sheet records it, "melee" or "ranged" (the choice made when
    it was taken: "Combat Prowess (ranged)"); None without it or without the choice."""
    for ability in who.abilities:
        said = _words(ability)
        if said.startswith("combat prowess"):
            for kind in ("melee", "ranged"):
                if kind in said.split():
                    return kind
    return None


def weapons_of(who: Character, content: Library) -> tuple[WeaponUsed, ...]:
    """R-CMB-2: the weapons ``who`` carries (the equipment the weapons pack names), then
    bare hands (a medium weapon with No Need for Weapons)."""
    pack = content.kind("weapons")
    found: dict[str, WeaponUsed] = {}
    for item in who.equipment:
        entry = pack_weapon(item, pack)
        if entry is not None and item.lower() not in found:
            found[item.lower()] = WeaponUsed(
                name=item,
                category=entry.category,
                damage=entry.damage,
                ranged=entry.ranged,
                gun=entry.ranged and is_gun(item),
            )
    bare = pack.get(UNARMED_ID)
    unarmed = (
        UNARMED
        if bare is None
        else WeaponUsed(name=bare.name, category=bare.category, damage=bare.damage, unarmed=True)
    )
    if has_ability(who, "No Need for Weapons"):
        unarmed = replace(unarmed, category="medium", damage=combat.WEAPON_DAMAGE["medium"])
    return (*found.values(), unarmed)


class Training(msgspec.Struct, frozen=True, kw_only=True):
    """What the sheet says of a task (R-TASK-3): the best training and the skill that
    gives it, and an inability (trained cancels it) and its skill."""

    skill: Literal["", "trained", "specialized"] = ""
    skill_name: str = ""
    inability: bool = False
    inability_name: str = ""

    @property
    def label(self) -> str:
        parts = [f"{self.skill} ({self.skill_name})"] if self.skill else []
        parts += [f"inability ({self.inability_name})"] if self.inability else []
        return ", ".join(parts)


def training_in(who: Character, names: Sequence[str]) -> Training:
    """R-TASK-3: the sheet's training and inabilities among the skills ``names``
    (case does not matter)."""
    wanted = {name.lower() for name in names}
    best: Literal["", "trained", "specialized"] = ""
    best_name, unable = "", ""
    for skill, level in who.skills.items():
        if skill.strip().lower() not in wanted:
            continue
        if level == "inability":
            unable = unable or skill
        elif SKILL_RANK[level] > SKILL_RANK[best]:
            best, best_name = level, skill
    return Training(skill=best, skill_name=best_name, inability=bool(unable), inability_name=unable)


def weapon_skill_names(weapon: WeaponUsed) -> tuple[str, ...]:
    """The skills an attack with ``weapon`` may be trained in (or unable at): its
    category ("light weapons", as the types name their inabilities), its kind (melee or
    ranged), guns for a gun, unarmed for bare hands, and the weapon's own name."""
    kind = "ranged" if weapon.ranged else "melee"
    names = [
        f"{weapon.category} weapons",
        f"{weapon.category} {kind} weapons",
        f"{kind} weapons",
        f"{kind} attacks",
        "attacks",
        weapon.name,
    ]
    if weapon.gun:
        names += ["guns", "firearms"]
    if weapon.unarmed:
        names += ["unarmed", "unarmed attacks", "unarmed combat"]
    return tuple(names)


def weapon_training(who: Character, weapon: WeaponUsed) -> Training:
    """R-CMB-2, R-TASK-3: the attacker's training or inability with the weapon."""
    return training_in(who, weapon_skill_names(weapon))


def defense_training(who: Character, stat: Stat) -> Training:
    """R-CMB-3, R-TASK-3: the defender's training or inability in defending with ``stat``
    ("Speed defense", "Might defense", "Intellect defense" or "Mental defense", or all
    defense)."""
    names = [f"{stat.value} defense", f"{stat.value} defense tasks", "defense", "all defense"]
    if stat is Stat.INTELLECT:
        names.append("mental defense")
    return training_in(who, names)


def defense_skill(state: Campaign, character_id: str, stat: Stat) -> str:
    """The defense training the sheet gives, as one choice of the defense dialog:
    "", "trained", "specialized" or "inability" (trained and an inability cancel)."""
    sheet = defense_training(character_of(state, character_id), stat)
    if not sheet.inability:
        return sheet.skill
    return {"": "inability", "trained": "", "specialized": "trained"}[sheet.skill]


def ability_damage(who: Character, weapon: WeaponUsed) -> tuple[tuple[str, int], ...]:
    """Damage the sheet's abilities add to a hit with ``weapon``: Gunner +1 with a gun;
    Combat Prowess +1 with melee or ranged attacks, as chosen when taken."""
    parts = []
    if weapon.gun and has_ability(who, "Gunner"):
        parts.append(("Gunner", GUNNER_DAMAGE))
    if (kind := prowess(who)) and (kind == "ranged") == weapon.ranged:
        parts.append(("Combat Prowess", PROWESS_DAMAGE))
    return tuple(parts)


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


class Attack(Command, frozen=True, kw_only=True):
    """R-CMB-2: a PC attacks an NPC on the PC's turn: a task at the target's level (eased
    for a light weapon or bare hands and against a stunned or prone foe; a boss defends a
    level higher), eased by the sheet's training with the weapon (hindered by an
    inability, R-TASK-3), by assets (0-2) and Effort, with a bonus to the die. A hit
    deals weapon + ability (Gunner, Combat Prowess) + Effort damage + the special bonus
    (R-SPEC-2..5) less the target's Armor. ``on_19`` and ``on_20`` are chosen before the
    die: "damage" or an effect (distract, stun, impair and knock down leave a condition).
    An ``area`` attack hits ``target`` and each of ``others`` that the one die reaches,
    with +2 damage per level of Effort on damage to each instead of +3 (R-EFF-5); it
    takes 19 and 20 as damage. One command: the roll, the damage and the condition."""

    character: str
    target: str
    weapon: WeaponUsed = UNARMED
    effort: int = 0
    damage_effort: int = 0
    assets: int = 0
    bonus: int = 0
    area: bool = False
    others: tuple[str, ...] = ()
    on_19: SpecialChoice = DAMAGE
    on_20: SpecialChoice = DAMAGE
    die: int | None = None

    def foes(self, state: Campaign) -> tuple[Combatant, ...]:
        """The target, then the area's further targets; each an NPC still standing."""
        encounter = encounter_of(state)
        ids = (self.target, *self.others)
        if self.others and not self.area:
            raise RuleViolation("Several targets at once are an area attack (R-EFF-5).")
        if len(set(ids)) != len(ids):
            raise RuleViolation("Each target counts once.")
        foes = []
        for foe_id in ids:
            target = combatant_of(encounter, foe_id)
            if target.pc:
                raise RuleViolation(f"{target.name} is a PC: attacks here are on NPCs.")
            if target.defeated:
                raise RuleViolation(f"{target.name} is already defeated.")
            foes.append(target)
        return tuple(foes)

    def checked(self, state: Campaign) -> tuple[Character, tuple[Combatant, ...]]:
        """The attacker and the targets; RuleViolation for what the attack cannot be."""
        encounter = encounter_of(state)
        who = character_of(state, self.character)
        attacker = combatant_of(encounter, self.character)
        if not attacker.pc:
            raise RuleViolation(f"{attacker.name} is not a PC: an NPC's attack is a defense roll.")
        check_acting(state, self.character)
        foes = self.foes(state)
        weapon = self.weapon
        if weapon.category not in combat.WEAPON_DAMAGE:
            raise RuleViolation(f"A weapon is light, medium or heavy; not {weapon.category!r}.")
        if not 0 <= weapon.damage <= MAX_NPC_DAMAGE:
            raise RuleViolation(f"A weapon's damage runs from 0 to {MAX_NPC_DAMAGE}.")
        if not -MAX_ATTACK_BONUS <= self.bonus <= MAX_ATTACK_BONUS:
            most = MAX_ATTACK_BONUS
            raise RuleViolation(f"A bonus to the die runs from -{most} to +{most}.")
        options = special_options(state, self.character)
        for face, choice in ((19, self.on_19), (20, self.on_20)):
            if choice == DAMAGE:
                continue
            if self.area:
                raise RuleViolation(f"An area attack takes a {face} as damage, not {choice!r}.")
            if choice not in options.effects[face]:
                raise RuleViolation(
                    f"A {face} cannot bring {choice!r} here"
                    + (" (R-SPEC-5: an impaired attacker gets +1 damage)." if who.impaired else ".")
                )
        return who, foes

    def roll_against(self, state: Campaign, who: Character, target: Combatant, label: str) -> Roll:
        """The attack's task against one target, as a roll."""
        encounter = encounter_of(state)
        attacker = combatant_of(encounter, self.character)
        difficulty, beyond = capped(
            combat.attack_difficulty(
                target.level,
                light=self.weapon.category == "light",
                target=target.conditions,
                boss=target.boss,
            )
        )
        sheet = weapon_training(who, self.weapon)
        return Roll(
            character=self.character,
            stat=Stat.SPEED if self.weapon.ranged else Stat.MIGHT,
            difficulty=difficulty,
            label=label,
            skill=sheet.skill,
            inability=sheet.inability,
            assets=self.assets,
            effort=self.effort,
            damage_effort=self.damage_effort,
            hindrances=beyond + combat.hindrance(attacker.conditions),
            bonus=self.bonus,
            attack=True,
            die=self.die,
        )

    def label(self, foes: Sequence[Combatant]) -> str:
        weapon = self.weapon.name.lower()
        if self.area:
            return f"Area attack on {', '.join(f.name for f in foes)} with {weapon}"
        return f"Attack {foes[0].name} with {weapon}"

    def roll(self, state: Campaign) -> Roll:
        """The attack's task against the (first) target, as a roll (it refuses what the
        attack cannot be)."""
        who, foes = self.checked(state)
        return self.roll_against(state, who, foes[0], self.label(foes))

    def parts(self, who: Character) -> tuple[tuple[str, int], ...]:
        """What a hit's damage is made of before the special bonus (R-CMB-2, R-EFF-5)."""
        parts = [(self.weapon.name, self.weapon.damage), *ability_damage(who, self.weapon)]
        if self.damage_effort:
            extra = effort_damage(self.damage_effort, area=self.area)
            parts.append((f"Effort {self.damage_effort}" + (" (area)" if self.area else ""), extra))
        return tuple(parts)

    def hit(self, who: Character, die: int | None) -> tuple[int, int, str]:
        """(damage before Armor, special bonus, effect) of a hit on ``die``."""
        choice = {19: self.on_19, 20: self.on_20}.get(die or 0, DAMAGE)
        effect = "" if choice == DAMAGE else choice
        bonus = 0 if effect else attack_damage_bonus(die or 0, impaired=who.impaired)
        before = sum(n for _, n in self.parts(who))
        damage = combat.attack_damage(before, 0, bonus, armor=0)
        return damage, bonus, effect

    def hit_events(self, state: Campaign, made: RollMade) -> list[AnyEvent]:
        """The roll as recorded, then what its hit does to the target."""
        damage, _, effect = self.hit(character_of(state, self.character), made.die)
        events: list[AnyEvent] = [replace(made, effect=effect) if effect else made]
        if damage:
            events.append(
                NpcHealthChanged(targets=(self.target,), amount=-damage, source=made.label)
            )
        if effect in EFFECT_CONDITIONS:
            name, rounds = EFFECT_CONDITIONS[effect]
            condition = Condition(name=name, rounds=rounds)
            events.append(ConditionAdded(targets=(self.target,), condition=condition))
        return events

    def steps(
        self, state: Campaign, who: Character, target: Combatant, roll: Roll
    ) -> tuple[tuple[str, int], ...]:
        """What eases or hinders the attack on ``target``, in words (R-CMB-2, R-TASK-3)."""
        steps: list[tuple[str, int]] = []
        if target.boss:
            steps.append(("boss", combat.BOSS_LEVEL))
        if self.weapon.category == "light":
            steps.append(("light weapon", -combat.LIGHT_WEAPON_EASE))
        steps += [(f"{c.name} foe", -c.exposes) for c in target.conditions if c.exposes]
        sheet = weapon_training(who, self.weapon)
        for label, step in step_breakdown(task_of(roll.setup(state))):
            if label in ("trained", "specialized") and sheet.skill_name:
                label = f"{label} ({sheet.skill_name})"
            elif label == "inability" and sheet.inability_name:
                label = f"inability ({sheet.inability_name})"
            steps.append((label, step))
        return tuple(steps)

    def preview(self, state: Campaign) -> AttackPreview:
        who, foes = self.checked(state)
        target = foes[0]
        roll = self.roll_against(state, who, target, self.label(foes))
        shown = roll.preview(state)
        task = task_of(roll.setup(state))
        if shown.odds.automatic:
            faces: list[int | None] = [None]
        else:
            faces = [None] if resolve(task, 16).success else []
            faces += [face for face in (17, 18, 19, 20) if resolve(task, face).success]
        hits = []
        for face in faces:
            damage, bonus, effect = self.hit(who, face)
            events: list[AnyEvent] = [
                NpcHealthChanged(targets=(target.id,), amount=-damage, source=roll.label)
            ]
            after = state_after(state, events).encounter
            assert after is not None
            hits.append(
                HitPreview(
                    die=face,
                    bonus=bonus,
                    effect=effect,
                    condition=EFFECT_CONDITIONS.get(effect, ("", 0))[0],
                    damage=damage_after_armor(damage, target.armor),
                    health=after.combatants[target.id].health,
                )
            )
        others = []
        plain, _, _ = self.hit(who, None)
        for other in foes[1:]:
            odds = roll_odds(state, self.roll_against(state, who, other, roll.label))
            after = state_after(
                state, [NpcHealthChanged(targets=(other.id,), amount=-plain)]
            ).encounter
            assert after is not None
            others.append(
                TargetPreview(
                    name=other.name,
                    final_difficulty=odds.final_difficulty,
                    p_hit=odds.p_success,
                    automatic=odds.automatic,
                    damage=damage_after_armor(plain, other.armor),
                    health=after.combatants[other.id].health,
                    max_health=other.max_health,
                )
            )
        return AttackPreview(
            roll=shown,
            target=target.name,
            armor=target.armor,
            health=target.health,
            max_health=target.max_health,
            hits=tuple(hits),
            parts=self.parts(who),
            steps=self.steps(state, who, target, roll),
            area=self.area,
            others=tuple(others),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who, foes = self.checked(state)
        label = self.label(foes)
        if not self.area:
            (made,) = self.roll_against(state, who, foes[0], label).decide(state, dice)
            assert isinstance(made, RollMade)
            return self.hit_events(state, made) if made.success else [made]
        # One die against every target: recorded against the hardest, compared to each.
        rolls = {foe.id: self.roll_against(state, who, foe, label) for foe in foes}
        tasks = {foe_id: task_of(roll.setup(state)) for foe_id, roll in rolls.items()}
        hardest = max(foes, key=lambda foe: final_difficulty(tasks[foe.id]))
        (made,) = rolls[hardest.id].decide(state, dice)
        assert isinstance(made, RollMade)
        hit = tuple(foe.id for foe in foes if resolve(tasks[foe.id], made.die).success)
        damage, _, _ = self.hit(who, made.die)
        if not hit or not damage:
            return [made]
        return [made, NpcHealthChanged(targets=hit, amount=-damage, source=label)]


def roll_odds(state: Campaign, roll: Roll) -> OddsView:
    """The odds of a roll (its cost aside)."""
    return odds_view(roll.setup(state), character_of(state, roll.character).impaired)


# An NPC's attack: the PC's defense (R-CMB-3).


class DefensePreview(msgspec.Struct, frozen=True, kw_only=True):
    """The defense roll's odds and cost, and what a failure would do to the PC."""

    roll: RollPreview
    npc: str
    damage: int
    """The NPC's damage (R-DMG-5)."""
    armor: int
    """The PC's Armor that counts against it (R-DMG-1)."""
    taken: int
    """The damage after Armor."""
    pools: Pools | None = None
    """The PC's pools after a failure (its cost paid, then the hit)."""
    track: DamageTrack | None = None
    problem: str | None = None
    """Why no failure is shown (an automatic success), or why it cannot happen."""
    skill: str = ""
    """The training (or inability) the roll uses; the sheet's unless chosen."""
    no_roll: str = ""
    """R-DMG-4: why the defender makes no roll (debilitated): the attack simply hits."""


DefenseSkill = Literal["", "trained", "specialized", "inability"]


class Defend(Command, frozen=True, kw_only=True):
    """R-CMB-3: on an NPC's turn it attacks a PC, who rolls to defend (Speed unless the
    attack says otherwise) at the NPC's level (a boss attacks a level higher; a dazed,
    distracted or impaired NPC is easier to defend against), trained, specialized or
    unable as the sheet says for that defense (``skill`` None) or as chosen. A failure
    takes the NPC's damage less the PC's Armor (R-DMG-1). R-DMG-4: a debilitated PC
    cannot defend (the attack hits, no roll); a dead PC is out of the fight. One
    command: the roll and the damage."""

    character: str
    npc: str
    stat: Stat = Stat.SPEED
    skill: DefenseSkill | None = None
    effort: int = 0
    die: int | None = None

    def attacker(self, state: Campaign) -> Combatant:
        encounter = encounter_of(state)
        npc = combatant_of(encounter, self.npc)
        if npc.pc:
            raise RuleViolation(f"{npc.name} is a PC: a PC's attack is an attack roll (a).")
        check_acting(state, npc.id)
        return npc

    def defender(self, state: Campaign) -> Character:
        encounter = encounter_of(state)
        defender = combatant_of(encounter, self.character)
        if not defender.pc:
            raise RuleViolation(f"{defender.name} is not a PC: only PCs roll to defend.")
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead: out of the fight (R-DMG-4).")
        return who

    def no_roll(self, state: Campaign) -> str:
        """R-DMG-4: why the defender cannot roll ('' when they can)."""
        who = self.defender(state)
        if can_act(who.track):
            return ""
        return f"{who.name} is debilitated and cannot defend: the attack hits (R-DMG-4)."

    def chosen_skill(self, state: Campaign) -> str:
        if self.skill is not None:
            return self.skill
        return defense_skill(state, self.character, self.stat)

    def roll(self, state: Campaign) -> Roll:
        encounter = encounter_of(state)
        npc = self.attacker(state)
        self.defender(state)
        defender = combatant_of(encounter, self.character)
        difficulty, beyond = capped(
            combat.defense_difficulty(npc.level, npc=npc.conditions, boss=npc.boss)
        )
        skill = self.chosen_skill(state)
        return Roll(
            character=self.character,
            stat=self.stat,
            difficulty=difficulty,
            label=f"Defend against {npc.name}",
            skill="" if skill == "inability" else skill,  # type: ignore[arg-type]
            inability=skill == "inability",
            effort=self.effort,
            hindrances=beyond + combat.hindrance(defender.conditions),
            die=self.die,
        )

    def hit(self, state: Campaign) -> DamageTaken | None:
        """The damage a failed defense takes (None when the NPC deals none)."""
        npc, who = self.attacker(state), self.defender(state)
        if not npc.damage:
            return None
        armor = who.armor if armor_applies(Stat.MIGHT) else 0
        return DamageTaken(
            character=who.id, amount=npc.damage, stat=Stat.MIGHT, armor=armor, source=npc.name
        )

    def events(self, state: Campaign, dice: DiceSource) -> list[AnyEvent]:
        hit = self.hit(state)
        if self.no_roll(state):
            if self.effort or self.die is not None:
                raise RuleViolation(self.no_roll(state))
            return [hit] if hit is not None else []
        (made,) = self.roll(state).decide(state, dice)
        return [made] if made.success or hit is None else [made, hit]

    def preview(self, state: Campaign) -> DefensePreview:
        roll = self.roll(state)
        shown = roll.preview(state)
        npc = self.attacker(state)
        hit = self.hit(state)
        armor = hit.armor if hit else 0
        preview = DefensePreview(
            roll=shown,
            npc=npc.name,
            damage=npc.damage,
            armor=armor,
            taken=damage_after_armor(npc.damage, armor),
            skill=self.chosen_skill(state),
        )
        if reason := self.no_roll(state):
            preview = replace(preview, no_roll=reason)
            failing: int | None = 1
        else:
            task = task_of(roll.setup(state))
            failing = next(
                (die for die in (*range(2, D20 + 1), 1) if not resolve(task, die).success), None
            )
            if shown.odds.automatic or failing is None:
                return replace(preview, problem="An automatic success: no failure to fear.")
            if shown.problem:
                return replace(preview, problem=shown.problem)
        try:
            after = state_after(state, self.events(state, PlayerDice([failing])))
        except RuleViolation as refused:
            return replace(preview, problem=str(refused))
        who = after.characters[self.character]
        return replace(preview, pools=who.pools, track=who.track)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        events = self.events(state, dice)
        if not events:
            raise RuleViolation(f"{self.attacker(state).name} deals no damage.")
        return events


# NPC health and conditions.


class NpcHealth(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    health: int
    after: int
    max_health: int


class HealthPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Each NPC's health now and after the change (Armor counted, R-DMG-1, R-DMG-5)."""

    npcs: tuple[NpcHealth, ...]


class _ChangeHealth(Command, frozen=True, kw_only=True):
    targets: tuple[str, ...]
    amount: int

    def event(self, state: Campaign) -> NpcHealthChanged:
        raise NotImplementedError

    def checked(self, state: Campaign) -> None:
        encounter = encounter_of(state)
        if not self.targets:
            raise RuleViolation("Mark the NPCs (space) or highlight one.")
        for target in self.targets:
            if combatant_of(encounter, target).pc:
                name = encounter.combatants[target].name
                raise RuleViolation(f"{name} is a PC: damage goes to the sheet's pools.")
        if not 1 <= self.amount <= MAX_HEALTH_CHANGE:
            raise RuleViolation(f"Type the points, 1 to {MAX_HEALTH_CHANGE}.")

    def preview(self, state: Campaign) -> HealthPreview:
        event = self.event(state)
        after = state_after(state, [event]).encounter
        encounter = encounter_of(state)
        assert after is not None
        return HealthPreview(
            npcs=tuple(
                NpcHealth(
                    name=encounter.combatants[t].name,
                    health=encounter.combatants[t].health,
                    after=after.combatants[t].health,
                    max_health=encounter.combatants[t].max_health,
                )
                for t in self.targets
            )
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class DamageNpcs(_ChangeHealth, frozen=True, kw_only=True):
    """Damage to the marked NPCs at once, each less its own Armor unless it is ambient
    (R-DMG-1, R-DMG-5)."""

    ignore_armor: bool = False

    def event(self, state: Campaign) -> NpcHealthChanged:
        self.checked(state)
        return NpcHealthChanged(
            targets=self.targets, amount=-self.amount, ignore_armor=self.ignore_armor
        )


class HealNpcs(_ChangeHealth, frozen=True, kw_only=True):
    """Health back to the marked NPCs, never past what they started with."""

    def event(self, state: Campaign) -> NpcHealthChanged:
        self.checked(state)
        return NpcHealthChanged(targets=self.targets, amount=self.amount)


def condition_name(name: str) -> str:
    name = name.strip().lower()
    if not name or len(name) > MAX_CONDITION_NAME:
        raise RuleViolation(f"Name the condition ({MAX_CONDITION_NAME} characters at most).")
    return name


class AddCondition(Command, frozen=True, kw_only=True):
    """R-CMB-4: a condition (stunned, dazed, distracted, impaired, prone, or any tag) on
    the marked combatants, for ``rounds`` rounds (0: the rest of the fight)."""

    targets: tuple[str, ...]
    name: str
    rounds: int = 1

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        encounter = encounter_of(state)
        if not self.targets:
            raise RuleViolation("Mark the combatants (space) or highlight one.")
        for target in self.targets:
            combatant_of(encounter, target)
        if not 0 <= self.rounds <= MAX_ROUNDS:
            raise RuleViolation("Give 0 or more rounds (0: the rest of the fight).")
        condition = Condition(name=condition_name(self.name), rounds=self.rounds)
        return [ConditionAdded(targets=self.targets, condition=condition)]


class RemoveCondition(Command, frozen=True, kw_only=True):
    """R-CMB-4: a condition ends early on those of the marked combatants who have it."""

    targets: tuple[str, ...]
    name: str

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        encounter = encounter_of(state)
        name = condition_name(self.name)
        having = [
            target
            for target in self.targets
            if any(c.name == name for c in combatant_of(encounter, target).conditions)
        ]
        if not having:
            raise RuleViolation(f"No one marked is {name}.")
        return [ConditionRemoved(target=target, name=name) for target in having]
