"""The Speed tasks around a guard (R-ACT-1): a PC on guard stops someone who passes or
acts against what they guard (a step easier); a PC gets past an NPC on guard (a step
harder). Each is one command: its roll."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.combat.actions import (
    GUARDING,
    ActionPreview,
    acting_pc,
    condition_on,
    foe_of,
    rolled,
)
from strange_tui.campaign.commands.combat.reactions import task_roll
from strange_tui.campaign.commands.combat.views import combatant_of, encounter_of
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import can_act

GUARD_STEP = 1
"""R-ACT-1: a guard's task is a step easier; getting past an NPC guard, a step harder."""


class StopPasser(Command, frozen=True, kw_only=True):
    """R-ACT-1: a PC on guard tries to stop someone passing, or acting against what they
    guard: a Speed task at that combatant's level, a step easier. Taken when it happens,
    on anyone's turn."""

    character: str
    passer: str
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def task(self, state: Campaign) -> Roll:
        encounter = encounter_of(state)
        who = combatant_of(encounter, self.character)
        guarding = condition_on(who, GUARDING)
        if not who.pc or guarding is None:
            raise RuleViolation(f"{who.name} is not on guard (Guard, among the actions, c).")
        if not can_act(character_of(state, who.id).track):
            raise RuleViolation(f"{who.name} is debilitated and cannot act.")
        passer = foe_of(state, self.passer)
        return task_roll(
            state,
            self.character,
            Stat.SPEED,
            passer.level,
            f"Stop {passer.name} ({guarding.note})",
            effort=self.effort,
            assets=self.assets,
            die=self.die,
            eased=GUARD_STEP,
        )

    def preview(self, state: Campaign) -> ActionPreview:
        task = self.task(state)
        passer = foe_of(state, self.passer)
        return ActionPreview(
            title=task.label,
            lines=(f"A Speed task at {passer.name}'s level {passer.level}, a step easier.",),
            roll=task.preview(state),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return rolled(self.task(state), state, dice)[0]


class GetPast(Command, frozen=True, kw_only=True):
    """R-ACT-1: on their turn, a PC tries to get past an NPC on guard (or act against what
    it guards): a Speed task at its level, a step harder."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    npc: str
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def task(self, state: Campaign) -> Roll:
        acting_pc(state, self.character)
        npc = foe_of(state, self.npc)
        guarding = condition_on(npc, GUARDING)
        if guarding is None:
            raise RuleViolation(f"{npc.name} is not on guard (the GM gives it 'guarding', k).")
        return task_roll(
            state,
            self.character,
            Stat.SPEED,
            npc.level,
            f"Get past {npc.name}" + (f" ({guarding.note})" if guarding.note else ""),
            effort=self.effort,
            assets=self.assets,
            die=self.die,
            hindered=GUARD_STEP,
        )

    def preview(self, state: Campaign) -> ActionPreview:
        task = self.task(state)
        npc = foe_of(state, self.npc)
        return ActionPreview(
            title=task.label,
            lines=(f"A Speed task at {npc.name}'s level {npc.level}, a step harder: it guards.",),
            roll=task.preview(state),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return rolled(self.task(state), state, dice)[0]
