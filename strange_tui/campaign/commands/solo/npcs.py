"""The NPCs acting on their own (solo play: no GM runs them). On an NPC's turn the app
chooses whom it attacks, by a stated policy, and the attack becomes that PC's defense roll
as at a table (R-CMB-3): the question goes to the PC's seat, where the player rolls.

A quick NPC (no entry, no behaviour) keeps the plain policy: it attacks a PC who can defend
(in the fight, alive, not debilitated), chosen at random with one die over them in the
order of the fight (no die when only one can). A PC who drew its attack (R-ACT-1) is the
one it attacks (when several did, the die chooses among them). When every PC left is
debilitated, it attacks one of them the same way, and the attack simply hits (R-DMG-4: no
defense roll). A boss's bonus needs no choice: its level and damage already hold it.

A creature of a pack is played by its entry (R-NPC-3): as its turn begins, its morale when
its entry says it thinks of fleeing (``morale.py``: a flight ends its turn, and it leaves
the fight); then, with an area attack, a die for whether it uses it (1 in 3 of its turns,
1 in N+2 each for N of them: every PC in the fight defends, its whole turn); else its
target by its behaviour (``targets.py``), once for each of its attacks a turn (R-NPC-2).
Each choice and its dice go to the log in one line, with the odds and why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, state_after
from strange_tui.campaign.commands.combat.defense import Defend
from strange_tui.campaign.commands.combat.turns import NextTurn
from strange_tui.campaign.commands.combat.views import (
    check_acting,
    combatant_of,
    drawing,
    encounter_of,
    out_of_fight,
)
from strange_tui.campaign.commands.solo import morale, targets
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.creatures import area_attacks, attacks_a_turn
from strange_tui.campaign.model.encounter import (
    NPC_AREA,
    NPC_MORALE,
    NPC_TACTIC,
    NPC_TARGET,
    Combatant,
)
from strange_tui.campaign.model.events import AnyEvent, Drawn, NpcFled, PromptRaised
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
    drew: bool = False
    """R-ACT-1: ``pcs`` are those who drew its attack."""


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
        many = attacks_a_turn(npc)
        if encounter.npc_acted or encounter.npc_attacks >= many:
            # An NPC takes one action a turn (Cypher System): its attack this turn is done;
            # R-NPC-2: an entry's several attacks are that one action.
            if many == 1:
                raise RuleViolation(f"{npc.name} has acted this turn: an NPC acts once a turn (n).")
            raise RuleViolation(
                f"{npc.name} has acted this turn: its {many} attacks, or its area attack (n)."
            )
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
            return Targets(npc=npc.id, pcs=tuple(drew), drew=True)
        if defending:
            return Targets(npc=npc.id, pcs=tuple(defending))
        return Targets(npc=npc.id, pcs=tuple(standing), defending=False)

    def preview(self, state: Campaign) -> Targets:
        return self.targets(state)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        targets = self.targets(state)
        npc = encounter_of(state).combatants[self.npc]
        if npc.behaviour is not None:
            return self.by_entry(state, npc, targets, dice)
        rolled = dice.roll(len(targets.pcs)) if len(targets.pcs) > 1 else 0
        pc = targets.pcs[rolled - 1] if rolled else targets.pcs[0]
        chosen = Drawn(
            table=TABLE,
            result=f"{npc.name} attacks {state.characters[pc].name}",
            dice=(rolled,) if rolled else (),
            character=pc,
        )
        return [chosen, *self.blow(state, pc, targets.defending, dice)]

    def blow(self, state: Campaign, pc: str, defending: bool, dice: DiceSource) -> list[AnyEvent]:
        """The attack on ``pc``: the defense asked at their seat, or the hit (R-DMG-4)."""
        if defending:
            return [*AskDefense(character=pc, npc=self.npc, stat=self.stat).decide(state, dice)]
        return [*Defend(character=pc, npc=self.npc, stat=self.stat).decide(state, dice)]

    def by_entry(
        self, state: Campaign, npc: Combatant, chosen: Targets, dice: DiceSource
    ) -> list[AnyEvent]:
        """R-NPC-3: its morale and its area attack as its turn begins, then its target."""
        encounter = encounter_of(state)
        said: list[str] = []
        kept: list[int] = []
        if not encounter.npc_attacks and (why_now := morale.situation(encounter, npc)):
            check = morale.check(npc, why_now, dice)
            if check.fled:
                return self.flee(state, npc, check, dice)
            said.append(check.words)
            kept.append(check.die)
        if not encounter.npc_attacks and (areas := area_attacks(npc)):
            sides = len(areas) + 2
            die = dice.roll(sides)
            kept.append(die)
            names = ", ".join(f"its {a.name} on a {i}" for i, a in enumerate(areas, start=1))
            each = " each" if len(areas) > 1 else ""
            shown = f"the area die: a d{sides} shows {die}; {names}, 1 in {sides}{each}"
            if die <= len(areas):
                area = areas[die - 1]
                said.append(
                    f"{npc.name} uses its {area.name} on every PC within {area.range} range"
                    f" ({shown})"
                )
                return self.area(state, npc, area.name, said, kept, dice)
            which = " or ".join(f"its {a.name}" for a in areas)
            said.append(f"{npc.name} strikes rather than use {which} ({shown})")
        many = attacks_a_turn(npc)
        if many > 1:
            said.append(f"{npc.name}'s attack {encounter.npc_attacks + 1} of {many} this turn")
        pick = targets.drawn_by if chosen.drew else targets.choose
        choice = pick(state, npc, chosen.pcs, dice)
        drawn = Drawn(
            table=NPC_TACTIC,
            result=". ".join([*said, choice.why]),
            dice=(*kept, *choice.dice),
            character=choice.pc,
        )
        return [drawn, *self.blow(state, choice.pc, chosen.defending, dice)]

    def flee(
        self, state: Campaign, npc: Combatant, check: morale.Morale, dice: DiceSource
    ) -> list[AnyEvent]:
        """R-NPC-3: its morale failed: its turn ends, and it leaves the fight."""
        fled: list[AnyEvent] = [Drawn(table=NPC_MORALE, result=check.words, dice=(check.die,))]
        fled += NextTurn().decide(state, dice)
        return [*fled, NpcFled(npc=npc.id, name=npc.name)]

    def area(
        self,
        state: Campaign,
        npc: Combatant,
        name: str,
        said: list[str],
        kept: list[int],
        dice: DiceSource,
    ) -> list[AnyEvent]:
        """R-NPC-2: its area attack, its whole turn: every PC in the fight defends on their
        own (asked at their seat; a debilitated one is hit without a roll, R-DMG-4)."""
        encounter = encounter_of(state)
        area = next(a for a in area_attacks(npc) if a.name == name)
        events: list[AnyEvent] = [Drawn(table=NPC_AREA, result=". ".join(said), dice=tuple(kept))]
        for pc in encounter.order:
            if not encounter.combatants[pc].pc or out_of_fight(state, pc):
                continue
            defend = Defend(character=pc, npc=npc.id, stat=Stat(area.stat), area=name)
            now = state_after(state, events)
            if defend.no_roll(now):
                events += defend.decide(now, dice)
                continue
            defend.roll(now)  # The same checks as the roll itself.
            events.append(
                PromptRaised(
                    prompt="defense", character=pc, npc=npc.id, stat=Stat(area.stat), what=name
                )
            )
        return events
