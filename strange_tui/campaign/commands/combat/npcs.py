"""NPC health and the combatants' conditions, changed by hand (R-CMB-4, R-DMG-1, R-DMG-5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, state_after
from strange_tui.campaign.commands.combat.limits import (
    MAX_CONDITION_NAME,
    MAX_HEALTH_CHANGE,
    MAX_ROUNDS,
)
from strange_tui.campaign.commands.combat.views import combatant_of, encounter_of
from strange_tui.campaign.model.events import (
    AnyEvent,
    ConditionAdded,
    ConditionRemoved,
    NpcHealthChanged,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import combat
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.hazards import HAZARDS

CONDITION_NAMES: tuple[str, ...] = tuple(combat.CONDITIONS)
"""R-CMB-4: the conditions the tracker knows (any other name is a custom tag)."""
HAZARD_LABELS = frozenset(hazard.label for hazard in HAZARDS.values())


class NpcHealth(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    health: int
    after: int
    max_health: int


class HealthPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Each NPC's health now and after the change (Armor counted, R-DMG-1, R-DMG-5)."""

    npcs: tuple[NpcHealth, ...]


class _ChangeHealth(Command, frozen=True, kw_only=True):
    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "change an NPC's health"

    targets: tuple[str, ...]
    amount: int

    def event(self, state: Campaign) -> NpcHealthChanged:
        raise NotImplementedError

    def checked(self, state: Campaign) -> None:
        encounter = encounter_of(state)
        if not self.targets:
            raise RuleViolation("Mark the NPCs (space) or highlight one.")
        for target in self.targets:
            if combatant_of(encounter, target).pc:
                name = encounter.combatants[target].name
                raise RuleViolation(f"{name} is a PC: damage goes to the sheet's pools.")
        if not 1 <= self.amount <= MAX_HEALTH_CHANGE:
            raise RuleViolation(f"Type the points, 1 to {MAX_HEALTH_CHANGE}.")

    def preview(self, state: Campaign) -> HealthPreview:
        event = self.event(state)
        after = state_after(state, [event]).encounter
        encounter = encounter_of(state)
        assert after is not None
        return HealthPreview(
            npcs=tuple(
                NpcHealth(
                    name=encounter.combatants[t].name,
                    health=encounter.combatants[t].health,
                    after=after.combatants[t].health,
                    max_health=encounter.combatants[t].max_health,
                )
                for t in self.targets
            )
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class DamageNpcs(_ChangeHealth, frozen=True, kw_only=True):
    """Damage to the marked NPCs at once, each less its own Armor unless it is ambient
    (R-DMG-1, R-DMG-5)."""

    ignore_armor: bool = False

    def event(self, state: Campaign) -> NpcHealthChanged:
        self.checked(state)
        fight = encounter_of(state)
        armor = tuple(
            0 if self.ignore_armor else fight.combatants[target].armor for target in self.targets
        )
        return NpcHealthChanged(
            targets=self.targets, amount=-self.amount, ignore_armor=self.ignore_armor, armor=armor
        )


class HealNpcs(_ChangeHealth, frozen=True, kw_only=True):
    """Health back to the marked NPCs, never past what they started with."""

    def event(self, state: Campaign) -> NpcHealthChanged:
        self.checked(state)
        return NpcHealthChanged(targets=self.targets, amount=self.amount)


def condition_name(name: str) -> str:
    name = name.strip().lower()
    if not name or len(name) > MAX_CONDITION_NAME:
        raise RuleViolation(f"Name the condition ({MAX_CONDITION_NAME} characters at most).")
    return name


class AddCondition(Command, frozen=True, kw_only=True):
    """R-CMB-4: a condition (stunned, dazed, distracted, impaired, prone, or any tag) on
    the marked combatants, for ``rounds`` rounds (0: the rest of the fight)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "give a combatant a condition"

    targets: tuple[str, ...]
    name: str
    rounds: int = 1

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        encounter = encounter_of(state)
        if not self.targets:
            raise RuleViolation("Mark the combatants (space) or highlight one.")
        for target in self.targets:
            if (who := combatant_of(encounter, target)).defeated and not who.pc:
                # Its conditions went with it (the fold clears them): none to give it.
                raise RuleViolation(f"{who.name} is defeated: no condition to give it.")
        if not 0 <= self.rounds <= MAX_ROUNDS:
            raise RuleViolation("Give 0 or more rounds (0: the rest of the fight).")
        name = condition_name(self.name)
        if name in HAZARD_LABELS:
            # R-HAZ-1: a hazard's condition carries its damage each round: only z gives it.
            raise RuleViolation(f"{name.capitalize()} is a hazard: apply it as one (z).")
        condition = Condition(name=name, rounds=self.rounds)
        return [ConditionAdded(targets=self.targets, condition=condition)]


class RemoveCondition(Command, frozen=True, kw_only=True):
    """R-CMB-4: a condition ends early on those of the marked combatants who have it."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "take a combatant's condition away"

    targets: tuple[str, ...]
    name: str

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        encounter = encounter_of(state)
        name = condition_name(self.name)
        having = [
            target
            for target in self.targets
            if any(c.name == name for c in combatant_of(encounter, target).conditions)
        ]
        if not having:
            raise RuleViolation(f"No one marked is {name}.")
        return [ConditionRemoved(target=target, name=name) for target in having]
