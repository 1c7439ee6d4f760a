"""CreateHunter: a new hunter joins, with the preview of who they will be (R-HUN-1, R-HUN-8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.hunters.checks import _check_points, _free_id, _hunting, _valid
from strange_tui.campaign.commands.hunters.limits import (
    EQUIPMENT_TOP,
    SKILL_TOP,
    TRAIT_TOP,
    VITAL_RANGE,
    VITALS,
)
from strange_tui.campaign.model.events import AnyEvent, HunterCreated
from strange_tui.campaign.model.hunters import Hunter
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation


class HunterPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The hunter as they will join (their id chosen from the name)."""

    hunter: Hunter


class CreateHunter(Command, frozen=True, kw_only=True):
    """R-HUN-1, R-HUN-8: a hunter with skills (0..10), traits and equipment (0..5) and the
    four vital statistics (1..100 each)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "add a hunter"

    name: str
    skills: dict[str, int] = {}
    traits: dict[str, int] = {}
    equipment: dict[str, int] = {}
    vitals: dict[str, int] = {}
    """Missing vitals are 10."""

    def hunter(self, state: Campaign) -> Hunter:
        _hunting(state)
        name = self.name.strip()
        if not name:
            raise RuleViolation("A hunter needs a name.")
        _check_points("skills", self.skills, SKILL_TOP)
        _check_points("traits", self.traits, TRAIT_TOP)
        _check_points("equipment", self.equipment, EQUIPMENT_TOP)
        unknown = set(self.vitals) - set(VITALS)
        if unknown:
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)}.")
        vitals = {vital: self.vitals.get(vital, 10) for vital in VITALS}
        low, high = VITAL_RANGE
        if any(not low <= value <= high for value in vitals.values()):
            raise RuleViolation(f"Vital statistics run from {low} to {high}.")
        return Hunter(
            id=_free_id(name, state.hunters, "hunter"),
            name=name[:80],
            skills={k.strip()[:80]: v for k, v in self.skills.items()},
            traits={k.strip()[:80]: v for k, v in self.traits.items()},
            equipment={k.strip()[:80]: v for k, v in self.equipment.items()},
            vitals=vitals,  # type: ignore[arg-type]
        )

    def preview(self, state: Campaign) -> HunterPreview:
        return HunterPreview(hunter=self.hunter(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(HunterCreated(hunter=self.hunter(state)))]
