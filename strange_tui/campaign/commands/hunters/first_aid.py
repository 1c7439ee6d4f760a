"""FirstAid: one hunter tends a disabled one whose wounds worsen (R-HUN-9, the project's own).

The seed says only that a disabled target's wounds worsen "until stabilized by a
professional"; at the table someone has to try. Here an aider rolls 2d6 + a skill, a trait
and equipment of theirs - their flaws against CR 10 (average); a success stabilises the
worsening vital as a professional would (R-HUN-8), a failure changes nothing but the time
it took. Time still heals the rest (R-HUN-7).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.hunters.checks import _hunter, _valid
from strange_tui.campaign.commands.hunters.damage import why_not_worsening
from strange_tui.campaign.commands.hunters.limits import VITALS
from strange_tui.campaign.commands.hunters.roll import HunterOdds, HunterRoll
from strange_tui.campaign.model.events import AnyEvent, HunterRolled, HunterStabilised
from strange_tui.campaign.model.folds.hunters import worsening_kind
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import hunters
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

FIRST_AID_CR = 10
"""R-HUN-9: first aid is an average task (R-HUN-2)."""


class FirstAidPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-9: who tends whom, the vital that worsens, and the roll's exact odds."""

    aider: str
    patient: str
    vital: str
    worsening: str
    """The type that worsens each minute until a success stops it."""
    odds: HunterOdds


class FirstAid(Command, frozen=True, kw_only=True):
    """R-HUN-9 (the project's own): ``hunter`` (the aider, whose seat sends it) gives first
    aid to ``patient``, disabled and worsening in ``vital``: 2d6 + the aider's ``skill``,
    ``trait`` and ``equipment`` - their flaws against CR 10; a success stabilises the vital
    (R-HUN-8), in the same step as the roll. ``values``: the player's own dice."""

    hunter: str
    patient: str
    vital: str = "health"
    skill: str = ""
    trait: str = ""
    equipment: str = ""
    values: tuple[int, ...] | None = None

    def roll(self, state: Campaign) -> HunterRoll:
        """The aider's check, once the patient is known to need it."""
        patient = _hunter(state, self.patient)
        if self.vital not in VITALS:
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)}.")
        if worsening_kind(patient, self.vital, state.clock.seconds) is None:
            raise RuleViolation(why_not_worsening(patient, self.vital, state.clock.seconds))
        return HunterRoll(
            hunter=self.hunter,
            skill=self.skill,
            trait=self.trait,
            equipment=self.equipment,
            cr=FIRST_AID_CR,
            values=self.values,
        )

    def preview(self, state: Campaign) -> FirstAidPreview:
        roll = self.roll(state)
        return FirstAidPreview(
            aider=state.hunters[self.hunter].name,
            patient=state.hunters[self.patient].name,
            vital=self.vital,
            worsening=worsening_kind(state.hunters[self.patient], self.vital, state.clock.seconds)
            or "",
            odds=roll.preview(state),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        rolled = self.roll(state).decide(state, dice)[0]
        assert isinstance(rolled, HunterRolled)
        patient = state.hunters[self.patient]
        rolled = replace(rolled, label=f"first aid on {patient.name}", aiding=self.patient)
        events: list[AnyEvent] = [_valid(rolled)]
        if hunters.succeeds(rolled.dice, rolled.bonus, rolled.cr):
            aider = state.hunters[self.hunter].name
            events.append(
                _valid(HunterStabilised(hunter=self.patient, vital=self.vital, by=aider))  # type: ignore[arg-type]
            )
        return events


def first_aiders(state: Campaign, patient: str) -> list[tuple[str, str]]:
    """R-HUN-9: the hunters who may tend ``patient``: every other one able to act (R-HUN-8),
    as (id, name)."""
    now = state.clock.seconds
    return [
        (h.id, h.name) for h in state.hunters.values() if h.id != patient and h.unable(now) is None
    ]


def why_no_first_aid(state: Campaign, patient: str, aider: str = "") -> str | None:
    """R-HUN-9: why no hunter can give ``patient`` first aid (every other one is dead or
    disabled, or there is none; with ``aider``, a hunter's seat: theirs cannot), or None."""
    who = _hunter(state, patient)
    aiders = [hid for hid, _ in first_aiders(state, patient) if not aider or hid == aider]
    if aiders:
        return None
    now = state.clock.seconds
    if aider == patient:
        reason = "a hunter cannot tend themselves."
    elif aider in state.hunters:
        reason = state.hunters[aider].unable(now) or ""
    else:
        others = [h.unable(now) or "" for h in state.hunters.values() if h.id != patient]
        reason = " ".join(others) if others else "there is no other hunter."
    return f"No hunter can give {who.name} first aid: {reason}"
