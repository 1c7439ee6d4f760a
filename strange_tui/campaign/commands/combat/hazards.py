"""Hazards and objects (R-HAZ-1, R-HAZ-2): the GM applies a hazard of the cheat sheet to
characters, in a fight or out of one, and brings an object to attack into a fight.

A hazard's damage is ambient: Armor does not count (R-DMG-1). In a fight a hazard that
burns each round stays on its targets as a condition (its name the hazard's, its damage
the round's): at the start of each of the holder's turns it deals that damage again
(``NextTurn``), until the condition is taken off. Out of a fight it is dealt once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, state_after
from strange_tui.campaign.commands.character.damage import TakeDamage
from strange_tui.campaign.commands.combat.limits import MAX_NPC_HEALTH, MAX_NPC_LEVEL, MAX_NPC_NAME
from strange_tui.campaign.commands.combat.setup import slug
from strange_tui.campaign.commands.combat.views import combatant_of, encounter_of, out_of_fight
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded, NpcHealthChanged, NpcsAdded
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.hazards import HAZARDS, Hazard, hazard_damage, object_armor
from strange_tui.rules.track import DamageTrack

HAZARD_NOTE = "hazard"
"""The note of a hazard's condition: the tracker shows its damage each round."""
MAX_FALL_FEET = 10_000
OBJECT_HEALTH_PER_LEVEL = 3
"""An object's health when none is given: 3 per level, as an NPC's."""
HARDNESS = ("soft", "hard", "very hard", "extremely hard")


def fall_source(feet: int) -> str:
    """What a fall is called in the log ('falling 30 ft'); read back by its sentence."""
    return f"falling {feet} ft"


class HazardTarget(msgspec.Struct, frozen=True, kw_only=True):
    """One target of a hazard: the damage (no Armor counts) and what is left after it."""

    id: str
    name: str
    damage: int
    pc: bool
    after: str
    """'M3 S10 I8, hale' for a PC; 'health 3/9' for an NPC."""


class HazardPreview(msgspec.Struct, frozen=True, kw_only=True):
    label: str
    damage: int
    per_round: bool
    """In a fight: it stays as a condition and burns again at each of the holder's turns."""
    targets: tuple[HazardTarget, ...]
    notes: tuple[str, ...] = ()


def hazard_choices() -> tuple[tuple[str, str], ...]:
    """(words, id) of each hazard for a dialog's list: 'minor fire: 3 each round'."""
    choices = []
    for hazard in HAZARDS.values():
        if hazard.per_ten_feet:
            how = f"{hazard.damage} per 10 feet"
        elif hazard.per_round:
            how = f"{hazard.damage} each round"
        else:
            how = f"{hazard.damage}"
        choices.append((f"{hazard.label}: {how}", hazard.id))
    return tuple(choices)


def measured_in_feet(hazard_id: str) -> bool:
    """Whether the hazard asks how far (a fall)."""
    return hazard_id in HAZARDS and HAZARDS[hazard_id].per_ten_feet


def hazard_of(hazard_id: str) -> Hazard:
    try:
        return HAZARDS[hazard_id]
    except KeyError:
        raise RuleViolation(f"No hazard {hazard_id!r} on the cheat sheet.") from None


def burn_events(state: Campaign, ids: Sequence[str], amount: int, source: str) -> list[AnyEvent]:
    """Ambient damage to PCs (each a hit, its split recorded) and NPCs (at once)."""
    encounter = state.encounter
    events: list[AnyEvent] = []
    npcs = []
    for cid in ids:
        combatant = encounter.combatants.get(cid) if encounter is not None else None
        if combatant is not None and not combatant.pc:
            npcs.append(cid)
            continue
        hit = TakeDamage(character=cid, amount=amount, ambient=True, source=source)
        events.append(hit.event(state_after(state, events) if events else state))
    if npcs:
        events.append(
            NpcHealthChanged(targets=tuple(npcs), amount=-amount, ignore_armor=True, source=source)
        )
    return events


def hazard_condition(hazard: Hazard) -> Condition:
    return Condition(name=hazard.label, rounds=0, damage=hazard.damage, note=HAZARD_NOTE)


class ApplyHazard(Command, frozen=True, kw_only=True):
    """R-HAZ-1: a hazard of the cheat sheet strikes ``targets`` (PCs by their sheet, NPCs
    of the fight): its damage, ambient, to each (a fall: per 10 feet of ``feet``); in a
    fight, a hazard that burns each round stays on them as a condition (see the module)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "apply a hazard"

    targets: tuple[str, ...]
    hazard: str
    feet: int = 0

    def checked(self, state: Campaign) -> tuple[Hazard, int, tuple[str, ...]]:
        """(the hazard, its damage, the targets)."""
        hazard = hazard_of(self.hazard)
        if not 0 <= self.feet <= MAX_FALL_FEET:
            raise RuleViolation(f"A fall is 0 to {MAX_FALL_FEET:,} feet.")
        if self.feet and not hazard.per_ten_feet:
            raise RuleViolation(f"{hazard.label.capitalize()} is not measured in feet.")
        damage = hazard_damage(hazard, self.feet)
        if not damage:
            raise RuleViolation("A fall of under 10 feet deals no damage.")
        targets = tuple(dict.fromkeys(self.targets))
        if not targets:
            raise RuleViolation("Choose who the hazard strikes.")
        encounter = state.encounter
        for target in targets:
            if encounter is not None and target in encounter.combatants:
                who = combatant_of(encounter, target)
                if out_of_fight(state, target):
                    raise RuleViolation(f"{who.name} is out of the fight.")
                if not who.pc:
                    continue
            pc = character_of(state, target)
            if pc.track is DamageTrack.DEAD:
                raise RuleViolation(f"{pc.name} is dead, and dead is dead.")
        return hazard, damage, targets

    def stays(self, state: Campaign, hazard: Hazard) -> bool:
        return hazard.per_round and state.encounter is not None

    def source(self, hazard: Hazard) -> str:
        return fall_source(self.feet) if hazard.per_ten_feet else hazard.label

    def preview(self, state: Campaign) -> HazardPreview:
        hazard, damage, targets = self.checked(state)
        after = state_after(state, self.decide(state, PlayerDice([])))  # A hazard rolls no die.
        shown = []
        for target in targets:
            if target in after.characters and (
                after.encounter is None or after.encounter.combatants[target].pc
            ):
                pc = after.characters[target]
                pools = pc.pools
                left = f"M{pools.might.current} S{pools.speed.current} I{pools.intellect.current}"
                shown.append(
                    HazardTarget(
                        id=target,
                        name=pc.name,
                        damage=damage,
                        pc=True,
                        after=f"{left}, {pc.track.label}",
                    )
                )
                continue
            assert after.encounter is not None
            npc = after.encounter.combatants[target]
            shown.append(
                HazardTarget(
                    id=target,
                    name=npc.name,
                    damage=damage,
                    pc=False,
                    after=f"health {npc.health}/{npc.max_health}",
                )
            )
        notes = ["Ambient: Armor does not count."]
        if hazard.note:
            notes.append(f"{hazard.label.capitalize()}: {hazard.note}.")
        if self.stays(state, hazard):
            notes.append(
                f"It burns again for {damage} at the start of each of their turns, until it is"
                " taken off (k, then ctrl+r)."
            )
        elif hazard.per_round:
            notes.append("Out of a fight it is dealt once; apply it again for each round.")
        if hazard.loses_action:
            notes.append("Often the next action is lost too: the GM may stun (k).")
        return HazardPreview(
            label=hazard.label,
            damage=damage,
            per_round=self.stays(state, hazard),
            targets=tuple(shown),
            notes=tuple(notes),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        hazard, damage, targets = self.checked(state)
        events = burn_events(state, targets, damage, self.source(hazard))
        if self.stays(state, hazard):
            events.append(ConditionAdded(targets=targets, condition=hazard_condition(hazard)))
        return events


class AddObjectPreview(msgspec.Struct, frozen=True, kw_only=True):
    object: Combatant


class AddObject(Command, frozen=True, kw_only=True):
    """R-HAZ-2: an object to attack joins the fight (a door, a lock): its level, its
    hardness giving its Armor (soft 0, hard 1, very hard 2, extremely hard 3) and its
    health (3 per level unless given). It never takes a turn nor sets initiative."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "bring an object into the fight"

    name: str
    level: int
    hardness: str = "hard"
    health: int | None = None

    def thing(self, state: Campaign) -> Combatant:
        encounter = encounter_of(state)
        name = " ".join(self.name.split())
        if not name:
            raise RuleViolation("Name the object (a door, a lock...).")
        if len(name) > MAX_NPC_NAME:
            raise RuleViolation(f"An object's name is {MAX_NPC_NAME} characters at most.")
        if not 0 <= self.level <= MAX_NPC_LEVEL:
            raise RuleViolation(f"Object levels run from 0 to {MAX_NPC_LEVEL}.")
        health = self.level * OBJECT_HEALTH_PER_LEVEL if self.health is None else self.health
        if not 1 <= health <= MAX_NPC_HEALTH:
            raise RuleViolation(f"An object's health runs from 1 to {MAX_NPC_HEALTH}.")
        n, cid = 1, slug(name)
        while cid in encounter.combatants:
            n += 1
            cid = f"{slug(name)}-{n}"
        return Combatant(
            id=cid,
            name=name if n == 1 else f"{name} {n}"[:80],
            level=self.level,
            health=health,
            max_health=health,
            armor=object_armor(self.hardness),
            inanimate=True,
        )

    def preview(self, state: Campaign) -> AddObjectPreview:
        return AddObjectPreview(object=self.thing(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [NpcsAdded(npcs=(self.thing(state),))]
