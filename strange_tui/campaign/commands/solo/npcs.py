"""The NPCs acting on their own (solo play: no GM runs them). On an NPC's turn the app
chooses whom it attacks, by a stated policy, and the attack becomes that PC's defense roll
as at a table (R-CMB-3): the question goes to the PC's seat, where the player rolls.

The policy, in full: the NPC attacks a PC who can defend (in the fight, alive, not
debilitated), chosen at random with one die over them in the order of the fight (no die
when only one can). A PC who drew its attack (R-ACT-1) is the one it attacks (when
several did, the die chooses among them). When every PC left is debilitated, it attacks
one of them the same way, and the attack simply hits (R-DMG-4: no defense roll). A boss's
bonus needs no choice: its level and damage already hold it. The choice and its die go to
the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.combat.defense import Defend
from strange_tui.campaign.commands.combat.views import (
    check_acting,
    combatant_of,
    drawing,
    encounter_of,
    out_of_fight,
)
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.encounter import NPC_TARGET
from strange_tui.campaign.model.events import AnyEvent, Drawn
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import can_act

TABLE = NPC_TARGET
"""The table the log names for an NPC's choice of target (Drawn.table); the fight
remembers that the NPC has acted this turn (``Encounter.npc_acted``)."""


class Targets(msgspec.Struct, frozen=True, kw_only=True):
    """Whom an NPC may attack now, in the order of the fight: ``defending`` when some PC
    can roll to defend (a die chooses among them), else the debilitated PCs, hit without a
    roll."""

    npc: str
    pcs: tuple[str, ...]
    defending: bool = True


class NpcAttacks(Command, frozen=True, kw_only=True):
    """The app's NPC attacks on its turn: the policy (see the module) chooses the PC, the
    choice is recorded with its die (Drawn), and the PC is asked for the defense roll
    (AskDefense's question), or, debilitated, takes the hit (Defend without a roll). One
    command: the choice and the attack."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "have an NPC act"

    npc: str
    stat: Stat = Stat.SPEED

    def targets(self, state: Campaign) -> Targets:
        """The PCs the policy chooses among; RuleViolation when the NPC cannot attack."""
        encounter = encounter_of(state)
        npc = combatant_of(encounter, self.npc)
        if npc.pc:
            raise RuleViolation(f"{npc.name} is a PC: a PC's attack is an attack roll (a).")
        check_acting(state, npc.id)
        waiting = [p for p in state.prompts if p.kind == "defense" and p.npc == npc.id]
        if waiting:
            whom = state.characters[waiting[0].character].name
            raise RuleViolation(f"{npc.name} attacks {whom} already: the defense roll waits (!).")
        if encounter.npc_acted:
            # An NPC takes one action a turn (Cypher System): its attack this turn is done.
            raise RuleViolation(f"{npc.name} has acted this turn: an NPC acts once a turn (n).")
        standing = [
            cid
            for cid in encounter.order
            if encounter.combatants[cid].pc and not out_of_fight(state, cid)
        ]
        if not standing:
            raise RuleViolation("No PC is left in the fight.")
        defending = [cid for cid in standing if can_act(state.characters[cid].track)]
        drew = [cid for cid in defending if drawing(encounter.combatants[cid], npc)]
        if drew:
            return Targets(npc=npc.id, pcs=tuple(drew))
        if defending:
            return Targets(npc=npc.id, pcs=tuple(defending))
        return Targets(npc=npc.id, pcs=tuple(standing), defending=False)

    def preview(self, state: Campaign) -> Targets:
        return self.targets(state)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        targets = self.targets(state)
        rolled = dice.roll(len(targets.pcs)) if len(targets.pcs) > 1 else 0
        pc = targets.pcs[rolled - 1] if rolled else targets.pcs[0]
        npc = encounter_of(state).combatants[self.npc]
        chosen = Drawn(
            table=TABLE,
            result=f"{npc.name} attacks {state.characters[pc].name}",
            dice=(rolled,) if rolled else (),
            character=pc,
        )
        if targets.defending:
            attack = AskDefense(character=pc, npc=self.npc, stat=self.stat).decide(state, dice)
        else:
            attack = Defend(character=pc, npc=self.npc, stat=self.stat).decide(state, dice)
        return [chosen, *attack]
