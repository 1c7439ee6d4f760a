"""The combat actions that turn an NPC's attack (R-ACT-1): draw the attack (on the PC's
turn), take the attack meant for an ally (on the NPC's turn). Each is one command: its
roll (when the GM asks for one) and what the roll brings. The tasks around a guard are in
``guarding``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command, character_of, state_after
from strange_tui.campaign.commands.character.damage import landed
from strange_tui.campaign.commands.combat.actions import ActionPreview, acting_pc, foe_of, rolled
from strange_tui.campaign.commands.combat.views import (
    DRAWING,
    DRAWING_PROMINENT,
    capped,
    check_acting,
    combatant_of,
    encounter_of,
    out_of_fight,
)
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.abilities import armor_total, moment
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded, DamageTaken, PromptClosed
from strange_tui.campaign.model.prompts import open_prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import combat
from strange_tui.rules.combat import Condition
from strange_tui.rules.damage import armor_applies, damage_after_armor
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import can_act

TAKEN_EXTRA = 1
"""R-ACT-1: taking an attack for someone, it hits for 1 more damage."""


def task_roll(
    state: Campaign,
    character: str,
    stat: Stat,
    level: int,
    label: str,
    *,
    effort: int,
    assets: int,
    die: int | None,
    eased: int = 0,
    hindered: int = 0,
) -> Roll:
    """A PC's task at a foe's level, hindered by the PC's own conditions."""
    who = combatant_of(encounter_of(state), character)
    difficulty, beyond = capped(level)
    return Roll(
        character=character,
        stat=stat,
        difficulty=difficulty,
        label=label,
        effort=effort,
        assets=assets,
        hindrances=beyond + hindered + combat.hindrance(who.conditions),
        eased=eased,
        die=die,
    )


def optional_task(
    action: DrawAttack | TakeAttack, state: Campaign, stat: Stat, level: int, label: str
) -> Roll | None:
    """R-ACT-1: the task drawing or taking an attack may ask for (None when not asked for:
    then no Effort, assets or die either)."""
    if not action.roll:
        if action.effort or action.assets or action.die is not None:
            raise RuleViolation("No task asked for: no Effort, assets or die.")
        return None
    return task_roll(state, action.character, stat, level, label, effort=action.effort,
                     assets=action.assets, die=action.die)  # fmt: skip


class DrawAttack(Command, frozen=True, kw_only=True):
    """R-ACT-1: on their turn the PC makes an NPC attack them rather than another: at
    once, or with an Intellect task at the NPC's level (``roll``) when the GM asks for
    one. On success (or with no task) the PC draws its attack until their next turn
    ends; a prominent character defends a step harder meanwhile."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    npc: str
    prominent: bool = False
    roll: bool = False
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def task(self, state: Campaign) -> Roll | None:
        acting_pc(state, self.character)
        npc = foe_of(state, self.npc)
        return optional_task(self, state, Stat.INTELLECT, npc.level, f"Draw {npc.name}'s attack")

    def condition(self, state: Campaign) -> Condition:
        npc = foe_of(state, self.npc)
        name = DRAWING_PROMINENT if self.prominent else DRAWING
        return Condition(name=name, rounds=1, note=npc.name)

    def preview(self, state: Campaign) -> ActionPreview:
        task = self.task(state)
        who, npc = character_of(state, self.character), foe_of(state, self.npc)
        when = "On a success" if task is not None else "At once"
        lines = [
            f"{when}, {npc.name} attacks {who.name} until {who.name}'s next turn ends"
            " (in solo play the app sends its attack there)."
        ]
        if self.prominent:
            lines.append(f"Prominent: {who.name} defends a step harder meanwhile.")
        return ActionPreview(
            title=f"{who.name} draws {npc.name}'s attack",
            lines=tuple(lines),
            roll=task.preview(state) if task is not None else None,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        task = self.task(state)
        drawn = ConditionAdded(targets=(self.character,), condition=self.condition(state))
        if task is None:
            return [drawn]
        events, made = rolled(task, state, dice)
        return [*events, drawn] if made.success else events


class TakeAttack(Command, frozen=True, kw_only=True):
    """R-ACT-1: on an NPC's turn, the PC steps into the attack meant for an ally: a Speed
    task at the NPC's level (``roll``, when the GM asks for one); on a success (or with no
    task) the attack hits the PC, no defense roll, for its damage + 1 less the PC's Armor
    (as a defense roll's failure takes it). On a failure nothing: the ally defends."""

    character: str
    npc: str
    ally: str
    roll: bool = True
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def checked(self, state: Campaign) -> tuple[Combatant, Combatant]:
        """(the NPC, the ally); RuleViolation when the attack cannot be taken."""
        encounter = encounter_of(state)
        npc = foe_of(state, self.npc)
        check_acting(state, npc.id)
        who = combatant_of(encounter, self.character)
        ally = combatant_of(encounter, self.ally)
        if not who.pc or not ally.pc:
            raise RuleViolation("A PC takes the attack meant for another PC.")
        if who.id == ally.id:
            raise RuleViolation(f"{who.name} takes the attack for someone else.")
        for pc in (who, ally):
            if out_of_fight(state, pc.id):
                raise RuleViolation(f"{pc.name} is out of the fight.")
        if not can_act(character_of(state, who.id).track):
            raise RuleViolation(f"{who.name} is debilitated and cannot act.")
        return npc, ally

    def task(self, state: Campaign) -> Roll | None:
        npc, ally = self.checked(state)
        label = f"Take {npc.name}'s attack on {ally.name}"
        return optional_task(self, state, Stat.SPEED, npc.level, label)

    def hit(self, state: Campaign) -> DamageTaken:
        """The hit the PC takes, its split recorded on ``state``."""
        npc, ally = self.checked(state)
        who = character_of(state, self.character)
        pool = npc.attack_pool  # R-DMG-1: the pool the attack damages.
        armor = armor_total(who, moment(state)) if armor_applies(pool) else 0
        return landed(
            state,
            DamageTaken(
                character=who.id,
                amount=npc.damage + TAKEN_EXTRA,
                stat=pool,
                armor=armor,
                source=f"{npc.name}'s attack on {ally.name}",
            ),
        )

    def preview(self, state: Campaign) -> ActionPreview:
        task = self.task(state)
        npc, ally = self.checked(state)
        who = character_of(state, self.character)
        hit = self.hit(state)
        taken = damage_after_armor(hit.amount, hit.armor)
        when = "On a success" if task is not None else "At once"
        lines = [
            f"{when}: the attack hits {who.name}, no defense roll: {npc.damage} + {TAKEN_EXTRA}"
            f" = {hit.amount} damage − Armor {hit.armor} = {taken}.",
        ]
        if task is not None:
            lines.append(f"On a failure, nothing: {ally.name} defends as usual.")
        return ActionPreview(
            title=f"{who.name} takes {npc.name}'s attack on {ally.name}",
            lines=tuple(lines),
            roll=task.preview(state) if task is not None else None,
            taken=taken,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        task = self.task(state)
        events: list[AnyEvent] = []
        if task is not None:
            events, made = rolled(task, state, dice)
            if not made.success:
                return events
        events.append(self.hit(state_after(state, events) if events else state))
        # The ally's defense roll, if it was asked at their seat, is not needed any more.
        if asked := open_prompt(state.prompts, "defense", self.ally, self.npc):
            events.append(PromptClosed(prompt=asked.id))
        return events
