"""The cheat sheet's combat actions on a PC's own turn (R-ACT-1): covering fire, distract,
guard, wait (and acting when the wait's trigger comes); surprise at the start of a fight
(``surprise``, R-ACT-2). Draw the attack and the actions taken on another's turn are in
``reactions``; the tasks around a guard in ``guarding``.

Each leaves its effect as a condition (rules/combat.py CONDITIONS) that the next rolls
apply: a pinned down or distracted foe is easier to defend against, a guard defends more
easily, a surprised PC cannot use Effort to defend. One action, one command."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.combat.attack import Attack
from strange_tui.campaign.commands.combat.views import (
    check_acting,
    combatant_of,
    encounter_of,
    out_of_fight,
)
from strange_tui.campaign.commands.combat.weapons import UNARMED, WeaponUsed
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded, RollMade, WaitTriggered
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

MAX_NOTE = 120
"""A condition's note (a guarded thing, a wait's trigger): rules/combat.py Condition."""

PINNED, DISTRACTED, GUARDING, WAITING, SURPRISED = (
    "pinned down",
    "distracted",
    "guarding",
    "waiting",
    "surprised",
)


class ActionPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What a combat action would do, in words, before the player commits; with the
    odds and cost of its roll when it has one."""

    title: str
    lines: tuple[str, ...] = ()
    roll: RollPreview | None = None
    taken: int = 0
    """Take the attack: the damage the PC would take on a success, after Armor."""


def note_of(value: str, what: str) -> str:
    """A note as a condition keeps it: one line, not blank, 120 characters at most."""
    note = " ".join(value.split())
    if not note:
        raise RuleViolation(f"Say {what}.")
    if len(note) > MAX_NOTE:
        raise RuleViolation(f"{what[:1].upper()}{what[1:]} is {MAX_NOTE} characters at most.")
    return note


def acting_pc(state: Campaign, character: str) -> Combatant:
    """The PC taking an action on their own turn; RuleViolation when they cannot."""
    who = combatant_of(encounter_of(state), character)
    if not who.pc:
        raise RuleViolation(f"{who.name} is not a PC: the NPCs' part is the GM's.")
    check_acting(state, character)
    return who


def foe_of(state: Campaign, target: str, *, standing: bool = True) -> Combatant:
    """An NPC of the fight (not an object, which never acts), still standing."""
    foe = combatant_of(encounter_of(state), target)
    if foe.pc:
        raise RuleViolation(f"{foe.name} is a PC: the action is against an NPC.")
    if foe.inanimate:
        raise RuleViolation(f"{foe.name} is an object: it takes no actions.")
    if standing and foe.defeated:
        raise RuleViolation(f"{foe.name} is already defeated.")
    return foe


def rolled(roll: Roll, state: Campaign, dice: DiceSource) -> tuple[list[AnyEvent], RollMade]:
    """A roll's events (an XP spent for it may come first) and the roll among them."""
    events = list(roll.decide(state, dice))
    made = next(event for event in events if isinstance(event, RollMade))
    return events, made


def condition_on(who: Combatant, name: str) -> Condition | None:
    return next((c for c in who.conditions if c.name == name), None)


class CoveringFire(Command, frozen=True, kw_only=True):
    """R-ACT-1: the PC attacks to keep a foe's head down: the attack's task (as Attack
    rolls it) but no damage; on a hit the foe is pinned down for a round, so its next
    attack is hindered (defending against it is a step easier)."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    target: str
    weapon: WeaponUsed = UNARMED
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def roll(self, state: Campaign) -> Roll:
        acting_pc(state, self.character)
        foe = foe_of(state, self.target)
        attack = Attack(
            character=self.character,
            target=self.target,
            weapon=self.weapon,
            effort=self.effort,
            assets=self.assets,
            die=self.die,
        )
        # The attack's task, with no damage to roll for: 17 to 20 bring nothing extra.
        return replace(
            attack.roll(state), label=f"Covering fire at {foe.name}", attack=False, damage_effort=0
        )

    def preview(self, state: Campaign) -> ActionPreview:
        roll = self.roll(state)
        foe = foe_of(state, self.target)
        return ActionPreview(
            title=f"Covering fire at {foe.name}",
            lines=(
                f"No damage. On a hit {foe.name} is pinned down until its next turn ends:"
                " its attack is hindered, a step easier to defend against.",
            ),
            roll=roll.preview(state),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        events, made = rolled(self.roll(state), state, dice)
        if not made.success:
            return events
        pinned = Condition(name=PINNED, rounds=1, note=character_of(state, self.character).name)
        return [*events, ConditionAdded(targets=(self.target,), condition=pinned)]


class Distract(Command, frozen=True, kw_only=True):
    """R-ACT-1: the PC distracts a foe for a round: its attacks are hindered. A second
    distraction does not stack: it replaces the first (and its rounds)."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    target: str

    def checked(self, state: Campaign) -> tuple[Combatant, Combatant]:
        return acting_pc(state, self.character), foe_of(state, self.target)

    def preview(self, state: Campaign) -> ActionPreview:
        who, foe = self.checked(state)
        lines = [
            f"{foe.name} is distracted until its next turn ends: its attacks are hindered,"
            " a step easier to defend against."
        ]
        if condition_on(foe, DISTRACTED):
            lines.append(
                f"{foe.name} is distracted already: this distraction replaces that one"
                " (they do not add up)."
            )
        return ActionPreview(title=f"{who.name} distracts {foe.name}", lines=tuple(lines))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who, _ = self.checked(state)
        distracted = Condition(name=DISTRACTED, rounds=1, note=who.name)
        return [ConditionAdded(targets=(self.target,), condition=distracted)]


class Guard(Command, frozen=True, kw_only=True):
    """R-ACT-1: the PC guards something (a door, a friend) until their next turn ends:
    their defense rolls are eased, and so is the Speed task to stop someone passing or
    acting against it (``StopPasser``)."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    what: str

    def preview(self, state: Campaign) -> ActionPreview:
        who = acting_pc(state, self.character)
        what = note_of(self.what, "what is guarded")
        return ActionPreview(
            title=f"{who.name} guards {what}",
            lines=(
                f"Until {who.name}'s next turn ends: each defense roll is a step easier.",
                "Stopping someone who passes or acts against it is a Speed task at their"
                " level, a step easier (the action picker's 'stop someone').",
            ),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        acting_pc(state, self.character)
        guarding = Condition(name=GUARDING, rounds=1, note=note_of(self.what, "what is guarded"))
        return [ConditionAdded(targets=(self.character,), condition=guarding)]


class Wait(Command, frozen=True, kw_only=True):
    """R-ACT-1: the PC names a trigger and waits: when it comes, they act at once
    (``ActOnWait``), and keep that place in the order; their next turn ends the wait."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    trigger: str

    def preview(self, state: Campaign) -> ActionPreview:
        who = acting_pc(state, self.character)
        trigger = note_of(self.trigger, "the trigger")
        return ActionPreview(
            title=f"{who.name} waits: {trigger}",
            lines=(
                f"When it happens, 'act on the wait' gives {who.name} the turn at once"
                " (the turn under way ends; that place in the order stays theirs).",
                f"If it has not come by {who.name}'s next turn, the wait is over.",
            ),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        acting_pc(state, self.character)
        waiting = Condition(name=WAITING, rounds=0, note=note_of(self.trigger, "the trigger"))
        return [ConditionAdded(targets=(self.character,), condition=waiting)]


class ActOnWait(Command, frozen=True, kw_only=True):
    """R-ACT-1: the waiting PC's trigger came: the turn under way ends and the PC acts
    now, taking that place in the order from then on."""

    character: str

    def checked(self, state: Campaign) -> tuple[Combatant, Condition]:
        encounter = encounter_of(state)
        who = combatant_of(encounter, self.character)
        waiting = condition_on(who, WAITING)
        if waiting is None:
            raise RuleViolation(f"{who.name} is not waiting.")
        if encounter.active is None:
            raise RuleViolation("Roll initiative first.")
        if out_of_fight(state, self.character):
            raise RuleViolation(f"{who.name} is out of the fight.")
        return who, waiting

    def preview(self, state: Campaign) -> ActionPreview:
        who, waiting = self.checked(state)
        active = encounter_of(state).active
        assert active is not None
        if active.id == who.id:
            lines = (f"It is {who.name}'s turn: the wait ends and they act.",)
        else:
            lines = (
                f"{active.name}'s turn ends; {who.name} acts now and keeps that place in the"
                " order.",
            )
        return ActionPreview(title=f"{who.name}'s trigger: {waiting.note}", lines=lines)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        _, waiting = self.checked(state)
        return [WaitTriggered(character=self.character, trigger=waiting.note)]
