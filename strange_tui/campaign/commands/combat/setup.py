"""Setting up a fight: starting it, NPCs joining it (a pack's creature with its records,
R-NPC-1, R-NPC-2), and initiative (R-CMB-1, R-CMB-5).

Past 300 lines: the three steps that begin a fight, which share its checks and limits."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, state_after
from strange_tui.campaign.commands.combat.limits import (
    MAX_ARMOR,
    MAX_NPC_DAMAGE,
    MAX_NPC_HEALTH,
    MAX_NPC_LEVEL,
    MAX_NPC_NAME,
    MAX_NPCS_AT_ONCE,
)
from strange_tui.campaign.commands.combat.views import capped, encounter_of, pc_limit
from strange_tui.campaign.commands.combat.weapons import training_in
from strange_tui.campaign.commands.rolls.odds import OddsView, odds_view
from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.ability_tasks import roll_tags, task_steps
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import (
    AnyEvent,
    CombatStarted,
    InitiativeRolled,
    NpcsAdded,
    RollMade,
)
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.state import Campaign
from strange_tui.content.creature_powers import AnyCreatureEffect, Behaviour
from strange_tui.content.model import Creature
from strange_tui.rules import combat
from strange_tui.rules.damage import npc_damage, npc_health
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import D20, is_automatic, resolve
from strange_tui.rules.track import DamageTrack


class StartCombat(Command, frozen=True, kw_only=True):
    """A fight begins: every living PC with the party joins it (R-TR-1: not those who
    stayed in another recursion). R-DMG-4, R-DMG-3: a debilitated PC is still in the fight:
    they take no action but a short crawl (no initiative roll, last in the order), and an
    attack on them simply hits, which brought to 0 again kills them; only the dead stay
    out. With no such PC there is no fight: refused, nothing logged."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "start a fight"

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        if state.encounter is not None:
            raise RuleViolation("A fight is already under way.")
        if not state.characters:
            raise RuleViolation("No one to fight: the party is empty.")
        here = {
            cid: c
            for cid, c in state.characters.items()
            if c.travel.recursion in ("", state.recursion)
        }
        if not here:
            raise RuleViolation(
                "No one to fight: every PC stayed in another recursion."
            )
        pcs = tuple(cid for cid, c in here.items() if c.track is not DamageTrack.DEAD)
        if not pcs:
            raise RuleViolation("No one can fight: every PC here is dead.")
        return [CombatStarted(pcs=pcs)]


MAX_INTRUSION = 240
"""The longest intrusion an NPC carries (a pack's is held to it on load)."""


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

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "bring NPCs into the fight"

    name: str
    level: int
    health: int | None = None
    damage: int | None = None
    armor: int = 0
    count: int = 1
    swarm: bool = False
    boss: bool = False
    attack_pool: Stat = Stat.MIGHT
    """R-DMG-1: the pool their attacks damage."""
    creature: str | None = None
    """The pack entry they are (its id), whose records come with them:"""
    effects: tuple[AnyCreatureEffect, ...] = ()
    """R-NPC-1, R-NPC-2: the creature's modifications and powers, as its entry says them."""
    intrusion: str = ""
    behaviour: Behaviour | None = None
    start: bool = False
    """With no fight under way, the fight begins with them (``StartCombat``), in the same
    step: a fight starts only once it has someone to fight (cancelling starts nothing)."""

    @classmethod
    def of_creature(cls, creature: Creature, **choices: Any) -> AddNpcs:
        """NPCs that are a pack's creature: its numbers, and its modifications and powers
        carried into the fight (R-NPC-1, R-NPC-2)."""
        return cls(
            name=creature.name,
            level=creature.level,
            health=creature.health,
            damage=creature.damage,
            armor=creature.armor,
            attack_pool=Stat(creature.attack_pool),
            creature=creature.id,
            effects=creature.effects,
            intrusion=creature.intrusion,
            behaviour=creature.behaviour,
            **choices,
        )

    def starting(self, state: Campaign) -> tuple[list[AnyEvent], Campaign]:
        """The fight's start, if this begins it, and the state the NPCs join."""
        if not self.start or state.encounter is not None:
            return [], state
        begun = list(StartCombat(by=self.by).decide(state, PlayerDice([])))
        return begun, state_after(state, begun)

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
        alike = {
            "armor": self.armor,
            "boss": self.boss,
            "attack_pool": self.attack_pool,
            "creature": self.creature,
            "effects": self.effects,
            "intrusion": self.intrusion[:MAX_INTRUSION],
            "behaviour": self.behaviour,
        }
        if not self.swarm:
            groups = [(name, self.count, level, health, damage, alike)]
        else:
            if self.boss:
                raise RuleViolation(
                    "The boss package is for one creature, not for a swarm."
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
        return AddNpcsPreview(npcs=self.npcs(self.starting(state)[1]))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        begun, state = self.starting(state)
        return [*begun, NpcsAdded(npcs=self.npcs(state))]


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

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "roll the whole party's initiative"

    dice: dict[str, int] = msgspec.field(default_factory=dict)

    def setups(self, state: Campaign) -> tuple[int, dict[str, RollMade], dict[str, str]]:
        """The difficulty, each PC's Speed task (as a roll describes it), and the PCs
        who cannot roll with the reason."""
        encounter = encounter_of(state)
        # R-HAZ-2: an object in the fight does not set initiative.
        levels = [c.level for c in encounter.npcs() if not c.defeated and not c.inanimate]
        difficulty = combat.initiative_difficulty(levels)
        recorded, beyond = capped(difficulty)
        setups, unable = {}, {}
        for cid in encounter.order:
            if not encounter.combatants[cid].pc:
                continue
            if limit := pc_limit(state, cid):
                unable[cid] = limit
                continue
            who = character_of(state, cid)
            now = moment(state)
            sheet = training_in(who, ("Initiative", "initiative tasks"), now)
            # R-ABL-1: what the PC's abilities ease or hinder in initiative.
            tags = roll_tags(Stat.SPEED.value, label="Initiative", initiative=True)
            steps = sum(n for _, n in task_steps(who, tags, now))
            setups[cid] = RollMade(
                character=cid,
                stat=Stat.SPEED,
                difficulty=recorded,
                label="Initiative",
                skill=sheet.skill,
                inability=sheet.inability,
                hindrances=beyond + max(0, -steps),
                eased=max(0, steps),
            )
        for cid in self.dice:
            if cid in unable:
                raise RuleViolation(unable[cid])
            if cid not in setups:
                raise RuleViolation(f"{cid} is not a PC in this fight.")
            if cid in encounter.cast:
                who = state.characters[cid].name
                raise RuleViolation(f"{who} rolled initiative at their own seat already.")
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
        rolled, succeeded, by_app = {}, [], []
        for cid, setup in setups.items():
            task = task_of(setup)
            die = None
            cast = encounter.cast.get(cid)
            if cast:  # Rolled at the player's own seat.
                die = rolled[cid] = cast
                if cid in encounter.cast_by_app:
                    by_app.append(cid)
            elif not is_automatic(task):
                typed = self.dice.get(cid)
                die = (PlayerDice([typed]) if typed is not None else dice).roll(D20)
                rolled[cid] = die
                if typed is None:
                    by_app.append(cid)
            if resolve(task, die).success:
                succeeded.append(cid)
        # The initiative questions still open at the seats end with the order set (reduce).
        return [
            InitiativeRolled(
                pcs=pcs, dice=rolled, succeeded=tuple(succeeded), app_rolled=tuple(by_app)
            )
        ]
