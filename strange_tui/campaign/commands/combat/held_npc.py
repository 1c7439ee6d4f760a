"""A held NPC struggles before it acts (R-GRAB-1; seed 003: "Physical actions are
opportunity actions requiring Might task to attempt").

On its turn, before a physical action (an attack, a grab, an area attack), an NPC a PC
holds makes its Might task. The GM never rolls: the PC holding it rolls to keep hold, a
Might defense at the NPC's level (a PC's roll stands for an NPC's task, R-CMB-3). Kept: it
makes no physical action this turn; slipped: it may attempt one, still held. The roll is
recorded against the NPC (``RollMade.target``) and the fight keeps its outcome for the
turn (``Encounter.hold_tested``); ``holds.struggle_problem`` says what that leaves it."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.combat.actions import ActionPreview
from strange_tui.campaign.commands.combat.defense_training import DefenseSkill
from strange_tui.campaign.commands.combat.holds import npc_holder
from strange_tui.campaign.commands.combat.saves import defense_task
from strange_tui.campaign.commands.combat.views import combatant_of, encounter_of
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.creatures import level_for
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import combat
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat

STRENGTH_TAGS = {"might"}
"""R-NPC-1: what a creature's entry may say of its own Might tasks (its strength)."""


class KeepHold(Command, frozen=True, kw_only=True):
    """R-GRAB-1: on the turn of the NPC ``character`` holds, before its physical action,
    the PC rolls to keep hold: a Might defense at the NPC's level (its Might as its entry
    may say; a boss's one higher; easier against a dazed or distracted one), trained as
    the sheet says for Might defense. A success: the NPC makes no physical action this
    turn; a failure: it may attempt one. It stays held either way. Sent by the holder's
    seat or the GM's; no action of the PC's own turn."""

    character: str
    npc: str
    skill: DefenseSkill | None = None
    effort: int = 0
    assets: int = 0
    die: int | None = None

    def checked(self, state: Campaign) -> tuple[Combatant, Combatant]:
        """(the PC holding, the NPC struggling); RuleViolation when there is no such turn."""
        encounter = encounter_of(state)
        npc = combatant_of(encounter, self.npc)
        active = encounter.active
        if active is None:
            raise RuleViolation("Roll initiative first.")
        if npc.pc or active.id != npc.id:
            raise RuleViolation(f"A hold is kept on the held NPC's turn, not {active.name}'s.")
        who = combatant_of(encounter, self.character)
        if npc_holder(state, npc) != who:
            raise RuleViolation(f"{who.name} holds no {npc.name} that could be kept from acting.")
        if encounter.hold_tested:
            raise RuleViolation(f"{who.name} has rolled to keep hold of {npc.name} already.")
        return who, npc

    def roll(self, state: Campaign) -> Roll:
        _, npc = self.checked(state)
        strength = level_for(npc, STRENGTH_TAGS)[0]
        level = combat.defense_difficulty(strength, npc=npc.conditions, boss=npc.boss)
        label = f"Keep {npc.name} from acting in the hold"
        return defense_task(state, self.character, Stat.MIGHT, level, label, skill=self.skill,
                            effort=self.effort, assets=self.assets, die=self.die,
                            by=self.by)  # fmt: skip

    def preview(self, state: Campaign) -> ActionPreview:
        roll = self.roll(state)
        who, npc = self.checked(state)
        _, line = level_for(npc, STRENGTH_TAGS)
        said = f" ({line.removeprefix(npc.name + ': ')})" if line else ""
        boss = ", a boss: one higher" if npc.boss else ""
        lines = (
            f"{npc.name} struggles to act in {who.name}'s hold: a Might defense at its"
            f" level{said}{boss}.",
            f"On a success {npc.name} makes no physical action this turn; on a failure it"
            " may attempt one. It stays held either way.",
        )
        return ActionPreview(title=roll.label, lines=lines, roll=roll.preview(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        events = list(self.roll(state).decide(state, dice))
        # The roll is made against the NPC: the fight reads it as the hold's test.
        return [replace(e, target=self.npc) if isinstance(e, RollMade) else e for e in events]
