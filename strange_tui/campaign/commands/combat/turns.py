"""Running a fight: turns, the PCs' order, and its end (R-CMB-1, R-CMB-4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

import msgspec

from strange_tui.campaign.commands.base import Command, state_after, text
from strange_tui.campaign.commands.combat.actions import WAITING
from strange_tui.campaign.commands.combat.hazards import burn_events
from strange_tui.campaign.commands.combat.views import combatant_of, encounter_of
from strange_tui.campaign.commands.table.clock import time_passes
from strange_tui.campaign.model.creatures import regeneration
from strange_tui.campaign.model.dice_seen import is_trace
from strange_tui.campaign.model.events import (
    ActionGranted,
    AnyEvent,
    CombatEnded,
    CombatStarted,
    ConditionRemoved,
    InitiativeRolled,
    NpcHealthChanged,
    OrderChanged,
    PromptClosed,
    TurnAdvanced,
    batches,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.types import ROUND_SECONDS
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation


class NextTurn(Command, frozen=True, kw_only=True):
    """The active combatant's turn ends, and each of its conditions loses a round (R-CMB-4:
    a condition counts its holder's own turns); the next combatant still in the fight acts
    (defeated NPCs, dead PCs and objects are skipped, R-DMG-4, R-HAZ-2); past the last, a
    new round. As its turn begins, each hazard it is in deals its damage again (R-HAZ-1),
    and a wait it still holds is over (R-ACT-1): it acts now; a creature that regenerates
    regains its health (R-NPC-2)."""

    def acting_for(self, state: Campaign) -> str | None:
        """A player ends their own PC's turn; the NPCs' turns are the GM's."""
        active = state.encounter.active if state.encounter is not None else None
        return active.id if active is not None and active.pc else None

    GM_ACTION: ClassVar[str] = "end an NPC's turn"

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        ending = encounter_of(state).active
        # A defense never rolled is dropped with the attacker's turn: the log says so.
        events: list[AnyEvent] = [
            PromptClosed(prompt=p.id, dropped=True, character=p.character, npc=p.npc)
            for p in state.prompts
            if p.kind == "defense" and ending is not None and p.npc == ending.id
        ]
        events.append(TurnAdvanced())
        after = state_after(state, events)
        active = after.encounter.active if after.encounter is not None else None
        if active is None:
            return events
        for hazard in (c for c in active.conditions if c.damage):
            now = state_after(state, events)
            events += burn_events(now, [active.id], hazard.damage, hazard.name)
        if any(c.name == WAITING for c in active.conditions):
            events.append(ConditionRemoved(target=active.id, name=WAITING))
        if regained := regeneration(state_after(state, events).encounter.combatants[active.id]):
            # R-NPC-2: its entry's regeneration, as its turn begins: one line of the log.
            events.append(
                NpcHealthChanged(targets=(active.id,), amount=regained, source="regenerates")
            )
        return events


def commands_back_to_turn(journal: Sequence[AnyEvent]) -> int | None:
    """How many commands, newest first, "previous turn" takes back: back to and including
    the last next turn. None when no next turn of this fight is on record (the fight's
    start or its initiative comes first). The traces of steps the GM took back are no
    steps: undo passes over them."""
    steps = [command for command in batches(journal) if not is_trace(command)]
    for back, command in enumerate(reversed(steps), start=1):
        if any(isinstance(event, TurnAdvanced) for event in command):
            return back
        if any(isinstance(event, CombatStarted | InitiativeRolled) for event in command):
            return None
    return None


class GrantAction(Command, frozen=True, kw_only=True):
    """R-CMB-8: the GM's ruling gives the PC whose turn it is one more action this turn
    (``why`` in the GM's words: the log says it after "the GM's ruling", so that it never
    reads as an ability's name; "" the GM's ruling alone)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "grant another action"

    why: str = ""

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        active = encounter_of(state).active
        if active is None or not active.pc:
            raise RuleViolation("Another action is granted on a PC's turn.")
        why = text(self.why, "The reason", 200)
        return [ActionGranted(character=active.id, source=f"the GM's ruling: {why}" if why else "")]


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
            raise RuleViolation("PCs trade places only with the PC next to them.")
        order[index], order[other] = order[other], order[index]
        return [OrderChanged(order=tuple(order))]


class CombatSummary(msgspec.Struct, frozen=True, kw_only=True):
    rounds: int
    dealt: int
    taken: int
    intrusions: int
    standing: tuple[str, ...] = ()
    """The NPCs still standing (health above 0; an object to attack is not one), with
    their health: "Thug 2 (9/9)". Ending with any is a choice to ask about first."""


class EndCombat(Command, frozen=True, kw_only=True):
    """The fight is over; its summary (rounds, damage dealt and taken, intrusions) stays
    in the log. R-CMB-9: its rounds were game time (about six seconds each): the clock
    moves by them in the same step, so what ran out in the fight stays run out."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "end the fight"

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
        standing = tuple(
            f"{npc.name} ({npc.health}/{npc.max_health})"
            for npc in encounter_of(state).npcs()
            if not npc.defeated and not npc.inanimate
        )
        return CombatSummary(
            rounds=ended.rounds,
            dealt=ended.dealt,
            taken=ended.taken,
            intrusions=ended.intrusions,
            standing=standing,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        ended = self.event(state)
        if not ended.rounds:
            return [ended]
        after = state_after(state, [ended])
        rounds = f"{ended.rounds} round" + ("s" if ended.rounds > 1 else "")
        return [ended, *time_passes(after, ended.rounds * ROUND_SECONDS, f"the fight's {rounds}")]
