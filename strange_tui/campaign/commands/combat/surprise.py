"""Surprise as a fight begins (R-ACT-2): the GM says who is caught unaware, up to the end
of round 1; each is surprised until their own first turn ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.combat.actions import SURPRISED, ActionPreview
from strange_tui.campaign.commands.combat.views import combatant_of, encounter_of, out_of_fight
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

SURPRISE_LAST_ROUND = 1
"""R-ACT-2: surprise is decided as a fight begins: up to the end of its first round."""


class Surprise(Command, frozen=True, kw_only=True):
    """R-ACT-2: some combatants are caught unaware as the fight begins (up to the end of
    round 1): until their first turn ends, a surprised PC cannot use Effort to defend
    (the cheat sheet's line is unclear: the GM may take it off), and attacks on a
    surprised NPC are a step easier."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "decide who is surprised"

    targets: tuple[str, ...]

    def checked(self, state: Campaign) -> tuple[Combatant, ...]:
        encounter = encounter_of(state)
        if encounter.round > SURPRISE_LAST_ROUND:
            raise RuleViolation(
                f"Surprise comes as a fight begins, by the end of round {SURPRISE_LAST_ROUND};"
                f" this is round {encounter.round} (a condition (k) still can be given)."
            )
        if not self.targets:
            raise RuleViolation("Mark the combatants (space) or highlight one.")
        whom = tuple(combatant_of(encounter, t) for t in dict.fromkeys(self.targets))
        for who in whom:
            if who.inanimate:
                raise RuleViolation(f"{who.name} is an object: nothing to surprise.")
            if out_of_fight(state, who.id):
                raise RuleViolation(f"{who.name} is out of the fight.")
        return whom

    def preview(self, state: Campaign) -> ActionPreview:
        lines = []
        for who in self.checked(state):
            if who.pc:
                lines.append(
                    f"{who.name}: no Effort on defense rolls until their first turn ends"
                    " (the GM may adjust: take the condition off)."
                )
            else:
                lines.append(f"{who.name}: attacks on it a step easier until its first turn ends.")
        return ActionPreview(title="Surprised", lines=tuple(lines))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        whom = self.checked(state)
        surprised = Condition(name=SURPRISED, rounds=1)
        return [ConditionAdded(targets=tuple(w.id for w in whom), condition=surprised)]
