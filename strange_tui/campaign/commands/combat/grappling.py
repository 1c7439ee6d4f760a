"""Grappling (R-GRAB-1; seed 003: "Might task to start or end grapple. Physical actions are
opportunity actions requiring Might task to attempt. +1 difficulty to defend in [a
grapple]").

A PC grabs an NPC on their turn (a Might task at its level); an NPC grabs a PC on its turn
(the PC's Might defense at its level); a held PC breaks free (a Might task at the holder's
level) or, staying held, makes the Might task that lets them attempt a physical action; a
PC lets go of the one they hold (no roll). The hold is the condition "held" on the one
held, its note naming the holder: it lasts until broken or let go, and the held one
defends a step harder (rules/combat.py CONDITIONS). One action, one command.

Just past 300 lines: the five commands of one hold (grab, break free, act while held, let
go, resist a grab) read the same condition and the same holder's level."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.combat.actions import (
    ActionPreview,
    acting_pc,
    condition_on,
    foe_of,
    rolled,
)
from strange_tui.campaign.commands.combat.attack_situation import HELD, holder_of
from strange_tui.campaign.commands.combat.defense import DefenseSkill
from strange_tui.campaign.commands.combat.reactions import task_roll
from strange_tui.campaign.commands.combat.saves import defense_task
from strange_tui.campaign.commands.combat.views import (
    check_acting,
    combatant_of,
    encounter_of,
    out_of_fight,
)
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.creatures import immune_to, level_for
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import (
    ActionTaken,
    AnyEvent,
    ConditionAdded,
    ConditionRemoved,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import combat
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack, can_act

DEFENDS_HARDER = "defends a step harder (attacks on it are eased)"


GRIP_TAGS = {"might defense", "defense", "might"}
"""R-NPC-1: what a creature's entry may say of its grip: its Might defense, its strength."""


def grip_level(foe: Combatant) -> int:
    """R-GRAB-1, R-CMB-5, R-NPC-1: the level of a PC's Might task against ``foe``'s grip
    (or to take hold of it): its level, or its Might defense as its entry says; a boss's
    one higher."""
    return level_for(foe, GRIP_TAGS)[0] + (combat.BOSS_LEVEL if foe.boss else 0)


def level_words(foe: Combatant) -> str:
    boss = ", a boss: one higher" if foe.boss else ""
    level, line = level_for(foe, GRIP_TAGS)
    said = f" ({line.removeprefix(foe.name + ': ')})" if line else ""
    return f"{foe.name}'s level {level}{said}{boss}"


def hold(holder: Combatant) -> Condition:
    """R-GRAB-1: the hold ``holder`` has on someone: until broken or let go."""
    return Condition(name=HELD, rounds=0, note=holder.name)


def holds(holder: Combatant, held: Combatant) -> bool:
    """Whether ``holder`` holds ``held`` (the hold's note names it)."""
    grip = condition_on(held, HELD)
    return grip is not None and grip.note in (holder.name, holder.id)


class Grab(Command, frozen=True, kw_only=True):
    """R-GRAB-1: on their turn the PC grabs an NPC: a Might task at its level (a boss's
    one higher). On a success the NPC is held by the PC until it breaks free or is let go:
    it defends a step harder. A hold another had on it gives way to this one."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    target: str
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def task(self, state: Campaign) -> Roll:
        who = acting_pc(state, self.character)
        foe = foe_of(state, self.target)
        if holds(who, foe):
            raise RuleViolation(f"{who.name} holds {foe.name} already.")
        if immune_to(foe, "grab"):
            raise RuleViolation(f"{foe.name} cannot be grabbed: its entry says so.")
        return task_roll(state, self.character, Stat.MIGHT, grip_level(foe), f"Grab {foe.name}",
                         effort=self.effort, assets=self.assets, die=self.die)  # fmt: skip

    def preview(self, state: Campaign) -> ActionPreview:
        task = self.task(state)
        who, foe = acting_pc(state, self.character), foe_of(state, self.target)
        lines = [
            f"A Might task at {level_words(foe)}.",
            f"On a success {foe.name} is held by {who.name} until it breaks free or is let"
            f" go: it {DEFENDS_HARDER}.",
        ]
        if (grip := condition_on(foe, HELD)) is not None:
            lines.append(f"{foe.name} is held already ({grip.note or 'by someone'}): this hold"
                         " takes its place.")  # fmt: skip
        if condition_on(who, HELD) is not None:
            lines.append(f"{who.name} is held: a physical action first needs a Might task.")
        return ActionPreview(title=task.label, lines=tuple(lines), roll=task.preview(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        events, made = rolled(self.task(state), state, dice)
        if not made.success:
            return events
        who = acting_pc(state, self.character)
        return [*events, ConditionAdded(targets=(self.target,), condition=hold(who))]


class _HeldTask(Command, frozen=True, kw_only=True):
    """A held PC's Might task against the holder's grip, on the PC's turn: the holder is
    the one the hold's note names, else ``holder`` (an NPC of the fight)."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    holder: str = ""
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def held(self, state: Campaign) -> tuple[Combatant, Combatant]:
        """(the held PC, the NPC holding them); RuleViolation when there is no such hold."""
        who = acting_pc(state, self.character)
        if condition_on(who, HELD) is None:
            raise RuleViolation(f"{who.name} is not held.")
        if self.holder:
            holder: Combatant | None = foe_of(state, self.holder, standing=False)
        else:
            holder = holder_of(encounter_of(state), who)
        if holder is None:
            raise RuleViolation(f"Say who holds {who.name}: the Might task is at their level.")
        if holder.pc:
            raise RuleViolation(f"{holder.name} is a PC: the GM settles it between them.")
        if holder.defeated:
            raise RuleViolation(f"{holder.name} is defeated: the GM takes the hold off (k).")
        return who, holder

    def label(self, holder: Combatant) -> str:
        raise NotImplementedError

    def task(self, state: Campaign) -> Roll:
        _, holder = self.held(state)
        return task_roll(state, self.character, Stat.MIGHT, grip_level(holder),
                         self.label(holder), effort=self.effort, assets=self.assets,
                         die=self.die)  # fmt: skip

    def outcome(self, who: Combatant, holder: Combatant) -> tuple[str, ...]:
        raise NotImplementedError

    def preview(self, state: Campaign) -> ActionPreview:
        task = self.task(state)
        who, holder = self.held(state)
        lines = (f"A Might task at {level_words(holder)}.", *self.outcome(who, holder))
        return ActionPreview(title=task.label, lines=lines, roll=task.preview(state))


class BreakFree(_HeldTask, frozen=True, kw_only=True):
    """R-GRAB-1: a held PC tries to end the grapple: a Might task at the holder's level;
    on a success the hold is gone."""

    def label(self, holder: Combatant) -> str:
        return f"Break free of {holder.name}"

    def outcome(self, who: Combatant, holder: Combatant) -> tuple[str, ...]:
        return (f"On a success {who.name} is free; on a failure still held.",)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        events, made = rolled(self.task(state), state, dice)
        if not made.success:
            return events
        return [*events, ConditionRemoved(target=self.character, name=HELD)]


class ActWhileHeld(_HeldTask, frozen=True, kw_only=True):
    """R-GRAB-1: a held PC's physical action is an opportunity action: a Might task at the
    holder's level first; a success lets them attempt it (an attack, say), a failure does
    not. They stay held either way. R-CMB-8: the task is the way into the turn's action,
    not an action of its own: a success leaves the action to the attack that follows; a
    failure spends it (none this turn)."""

    TURN_ACTION: ClassVar[bool] = False

    def label(self, holder: Combatant) -> str:
        return f"Struggle to act, held by {holder.name}"

    def outcome(self, who: Combatant, holder: Combatant) -> tuple[str, ...]:
        return (
            f"On a success {who.name} may attempt a physical action now (an attack: a);"
            " on a failure, none this turn.",
            f"Either way {who.name} stays held.",
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        events, made = rolled(self.task(state), state, dice)
        return events if made.success else [*events, ActionTaken(character=self.character)]


class LetGo(Command, frozen=True, kw_only=True):
    """R-GRAB-1: a PC lets go of the one they hold: no roll; the hold is gone."""

    character: str
    target: str

    def checked(self, state: Campaign) -> tuple[Combatant, Combatant]:
        encounter = encounter_of(state)
        who, held = combatant_of(encounter, self.character), combatant_of(encounter, self.target)
        if not who.pc:
            raise RuleViolation(f"{who.name} is not a PC: the NPCs' part is the GM's.")
        if out_of_fight(state, who.id):
            raise RuleViolation(f"{who.name} is out of the fight.")
        if not holds(who, held):
            raise RuleViolation(f"{who.name} does not hold {held.name}.")
        return who, held

    def preview(self, state: Campaign) -> ActionPreview:
        who, held = self.checked(state)
        return ActionPreview(
            title=f"{who.name} lets go of {held.name}", lines=(f"No roll: {held.name} is free.",)
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        self.checked(state)
        return [ConditionRemoved(target=self.target, name=HELD)]


class ResistGrab(Command, frozen=True, kw_only=True):
    """R-GRAB-1, R-CMB-3: on an NPC's turn it grabs a PC, who rolls a Might defense at its
    level (a boss's one higher; easier against a hindered NPC). On a failure the PC is held
    by it. R-DMG-4: a debilitated PC cannot defend: held at once."""

    character: str
    npc: str
    skill: DefenseSkill | None = None
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def checked(self, state: Campaign) -> tuple[Combatant, Combatant]:
        """(the NPC grabbing, the PC grabbed)."""
        npc = foe_of(state, self.npc)
        check_acting(state, npc.id)
        who = combatant_of(encounter_of(state), self.character)
        if not who.pc:
            raise RuleViolation(f"{who.name} is not a PC: the NPCs' part is the GM's.")
        if character_of(state, who.id).track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead: out of the fight.")
        if holds(npc, who):
            raise RuleViolation(f"{npc.name} holds {who.name} already.")
        return npc, who

    def no_roll(self, state: Campaign) -> str:
        _, who = self.checked(state)
        if can_act(character_of(state, who.id).track):
            return ""
        return f"{who.name} is debilitated and cannot defend: held at once."

    def roll(self, state: Campaign) -> Roll:
        npc, _ = self.checked(state)
        # R-NPC-1: its grab is an attack, made with its strength, as its entry may say.
        grab = level_for(npc, {"attacks", "melee attacks", "might"})[0]
        level = combat.defense_difficulty(grab, npc=npc.conditions, boss=npc.boss)
        return defense_task(state, self.character, Stat.MIGHT, level,
                            f"Resist {npc.name}'s grab", skill=self.skill, effort=self.effort,
                            assets=self.assets, die=self.die, by=self.by)  # fmt: skip

    def preview(self, state: Campaign) -> ActionPreview:
        npc, who = self.checked(state)
        held = f"{who.name} is held by {npc.name} until breaking free, and defends a step harder"
        if reason := self.no_roll(state):
            return ActionPreview(title=f"{npc.name} grabs {who.name}", lines=(reason, f"{held}."))
        roll = self.roll(state)
        return ActionPreview(
            title=roll.label,
            lines=(f"A Might defense at {level_words(npc)}.", f"On a failure {held}."),
            roll=roll.preview(state),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        npc, _ = self.checked(state)
        held = ConditionAdded(targets=(self.character,), condition=hold(npc))
        if self.no_roll(state):
            if self.effort or self.assets or self.die is not None:
                raise RuleViolation(self.no_roll(state))
            return [held]
        events, made = rolled(self.roll(state), state, dice)
        return events if made.success else [*events, held]
