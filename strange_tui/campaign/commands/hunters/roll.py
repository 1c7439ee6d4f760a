"""HunterRoll: a roll against a CR, a defense or a challenge, its modifiers, odds and outcome."""

from __future__ import annotations

import re
from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.hunters.checks import _challenge, _hunter, _valid
from strange_tui.campaign.commands.hunters.limits import (
    DEFENSES,
    MAX_DEFENSE_BONUS,
    MAX_DEFENSE_SKILL,
    RAISE_CR,
    SITUATION_RANGE,
    SITUATIONAL,
)
from strange_tui.campaign.commands.hunters.views import _flaws
from strange_tui.campaign.model.events import AnyEvent, HunterRolled
from strange_tui.campaign.model.folds.hunters import worsening_events
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import hunters
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation


def read_modifiers(text: str) -> tuple[dict[str, int], int] | str:
    """R-HUN-4: 'distracted, no lighting, tools +2, -1' as the named modifiers
    ({'distracted': -1, 'no lighting': -2, 'tools': 2}) and the GM's own number (-1); or
    what is wrong with it. A named modifier without a number takes its seed value (the
    mildest of a range); a name the seed does not list needs +1 or -1."""
    named: dict[str, int] = {}
    own = 0
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = re.fullmatch(r"(.*?)\s*([+-]?\d+)?", part)
        assert match is not None
        name, number = match.group(1).strip().lower(), match.group(2)
        if not name:
            own += int(number)
            continue
        if len(name) > 80:
            return "Name each modifier in a few words."
        if number is not None:
            named[name] = int(number)
        elif name in SITUATIONAL:
            low, high = SITUATIONAL[name]
            named[name] = low if low == high else (high if high < 0 else low)
        else:
            return f"{name!r} is not on the seed's list: say +1 or -1."
    return named, own


class Part(msgspec.Struct, frozen=True, kw_only=True):
    """One line of an itemised bonus or CR: what, and how much."""

    label: str
    value: int


class HunterOdds(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-1..5: a roll's numbers before the dice, itemised, with exact odds by degree."""

    dice: int
    bonus: int
    cr: int
    cr_name: str
    p_success: float
    p_degrees: dict[int, float]
    """The chance of each number of degrees (1 = a bare success)."""
    challenge: str | None = None
    """The complex challenge's name, when the roll is against one (R-HUN-6)."""
    bonus_parts: tuple[Part, ...] = ()
    """R-HUN-1, R-HUN-4: skill, trait, equipment, flaws, each situational modifier, the
    defender's penalties counted for the roller."""
    cr_parts: tuple[Part, ...] = ()
    """R-HUN-3, R-HUN-7: the CR (or a defense's default), the defense, a raised type."""
    raised: bool = False


class HunterRollOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """What a recorded roll came to, in numbers the dialog shows."""

    dice: tuple[int, ...]
    bonus: int
    total: int
    success: bool
    degrees: int
    fumbled: bool
    """Two or more dice showed 1: a failure whatever the bonus (R-HUN-1)."""
    challenge_left: int | None = None
    """The threshold the challenge has left after the roll (R-HUN-6)."""
    raised: bool = False
    """R-HUN-7: its damage, if any, is a type higher."""


class HunterRoll(Command, frozen=True, kw_only=True):
    """R-HUN-1..7: 2d6 (3d6, 4d6) + skill + trait + equipment - flaws, with the situational
    modifiers, against a CR, a person's defense or a complex challenge (its CR; a success
    wears its threshold down); the attacker may raise the damage type at +2 CR. ``values``:
    the player's own dice; None: the app rolls. R-HUN-1: "the player will total up all
    bonuses": the hunter's own seat sends it (the GM's may, for anyone)."""

    hunter: str
    skill: str = ""
    trait: str = ""
    equipment: str = ""
    situation: int = 0
    """R-HUN-4: the GM's own adjustment for "anything else worthy" (-4..+4)."""
    modifiers: dict[str, int] = {}
    """R-HUN-4: the seed's situational modifiers on the roller ({'distracted': -1})."""
    cr: int = 10
    """The CR; against a defense, the defense's default."""
    defense: str = ""
    """R-HUN-3: against a person's defense: 'low' (unaware), 'standard' (aware) or 'high'
    (concentrating); '' for a plain CR."""
    defense_bonus: int = 0
    """R-HUN-3: the defender's bonuses to that defense."""
    defense_skill: int = 0
    """R-HUN-3: the defender's skill points in that defense (0: always Low)."""
    against_person: bool = False
    """R-HUN-4: the roll faces a person (implied by a defense): the defender's unfavourable
    conditions count for the roller."""
    defender: dict[str, int] = {}
    """R-HUN-4: the defender's unfavourable conditions ({'distracted': -1})."""
    raised: bool = False
    """R-HUN-7: the attacker raises the damage type by one, at +2 CR."""
    challenge: str | None = None
    dice: int = 2
    values: tuple[int, ...] | None = None

    def parts(self, state: Campaign) -> tuple[list[Part], list[Part]]:
        """The itemised bonus and CR; RuleViolation when the roll cannot be made."""
        who = _hunter(state, self.hunter)
        if unable := who.unable(state.clock.seconds):
            raise RuleViolation(unable)  # R-HUN-8: "otherwise unable to act".
        hunters.check_dice_count(self.dice)
        bonus: list[Part] = []
        points = []
        for what, pick, owned in (
            ("skill", self.skill, who.skills),
            ("trait", self.trait, who.traits),
            ("equipment", self.equipment, who.equipment),
        ):
            if pick and pick not in owned:
                raise RuleViolation(f"{who.name} has no {what} {pick!r}.")
            points.append(owned.get(pick, 0))
            if pick:
                bonus.append(Part(label=pick, value=owned[pick]))
        flaws = _flaws(who, state.clock.seconds)
        hunters.total_bonus(*points, flaws=flaws)  # Refuses points out of range.
        if flaws:
            bonus.append(Part(label="flaws", value=-flaws))
        hunters.situational(self.modifiers)  # Refuses a modifier out of its range.
        bonus.extend(Part(label=name, value=value) for name, value in self.modifiers.items())
        low, high = SITUATION_RANGE
        if not low <= self.situation <= high:
            raise RuleViolation(f"The situation is {low:+d} to {high:+d}.")
        if self.situation:
            bonus.append(Part(label="situation", value=self.situation))
        person = self.against_person or bool(self.defense)
        if self.defender:
            if not person:
                raise RuleViolation("A defender's conditions count only against a person.")
            if any(value >= 0 for value in self.defender.values()):
                raise RuleViolation(
                    "Only the defender's unfavourable conditions (below 0) count for the"
                    " roller; their favourable ones go in their defense."
                )
            penalties = hunters.situational(self.defender)
            gained = hunters.against_person(0, penalties)
            bonus.append(Part(label=f"defender {', '.join(self.defender)}", value=gained))
        return bonus, self._cr_parts(state)

    def _cr_parts(self, state: Campaign) -> list[Part]:
        parts: list[Part] = []
        if self.challenge:
            if self.defense:
                raise RuleViolation("A complex challenge has its own CR, not a defense.")
            challenge = _challenge(state, self.challenge)
            parts.append(Part(label=challenge.name, value=challenge.cr))
        elif self.defense:
            if self.defense not in dict(DEFENSES):
                raise RuleViolation(f"Defenses are low, standard or high; not {self.defense!r}.")
            if not 0 <= self.defense_bonus <= MAX_DEFENSE_BONUS:
                raise RuleViolation(f"A defense's bonuses are 0 to {MAX_DEFENSE_BONUS}.")
            if not 0 <= self.defense_skill <= MAX_DEFENSE_SKILL:
                raise RuleViolation(f"Skill points are 0 to {MAX_DEFENSE_SKILL}.")
            if not 0 <= self.cr <= hunters.MAX_CR:
                raise RuleViolation(f"A defense's default is 0 to {hunters.MAX_CR}.")
            cr = hunters.defense_cr(self.cr, self.defense_bonus, self.defense, self.defense_skill)
            parts.append(Part(label="default", value=self.cr))
            if self.defense_bonus:
                parts.append(Part(label="defense bonuses", value=self.defense_bonus))
            mode = self.defense if self.defense_skill else "low"
            label = f"{mode} defense" + ("" if mode == self.defense else " (unskilled)")
            parts.append(Part(label=label, value=cr - self.cr - self.defense_bonus))
        else:
            parts.append(Part(label="CR", value=self.cr))
        if self.raised:
            parts.append(Part(label="type raised", value=RAISE_CR))
        hunters.check_cr(sum(part.value for part in parts))
        return parts

    def setup(self, state: Campaign) -> HunterRolled:
        """The roll as it will be recorded, without its dice."""
        bonus, cr = self.parts(state)
        return HunterRolled(
            hunter=self.hunter,
            cr=sum(part.value for part in cr),
            dice=(),
            bonus=sum(part.value for part in bonus),
            label=self.skill or "a check",
            challenge=self.challenge or None,
            raised=self.raised,
        )

    def preview(self, state: Campaign) -> HunterOdds:
        bonus, cr = self.parts(state)
        setup = self.setup(state)
        p_success, p_degrees = hunters.odds(setup.bonus, setup.cr, self.dice)
        return HunterOdds(
            dice=self.dice,
            bonus=setup.bonus,
            cr=setup.cr,
            cr_name=hunters.cr_name(setup.cr),
            p_success=float(p_success),
            p_degrees={d: float(p) for d, p in p_degrees.items()},
            challenge=state.challenges[self.challenge].name if self.challenge else None,
            bonus_parts=tuple(bonus),
            cr_parts=tuple(cr),
            raised=self.raised,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        setup = self.setup(state)
        if self.values is not None:
            if len(self.values) != self.dice:
                raise RuleViolation(f"Type {self.dice} dice from 1 to 6, e.g. 3,5.")
            dice = PlayerDice(self.values)
        events: list[AnyEvent] = [_valid(replace(setup, dice=hunters.roll(dice, self.dice)))]
        if self.challenge:
            # R-HUN-6, R-HUN-8: the challenge's interval passes; the disabled worsen.
            events.extend(worsening_events(state, state.challenges[self.challenge].interval))
        return events


def roll_outcome(state: Campaign, event: HunterRolled) -> HunterRollOutcome:
    """R-HUN-1, R-HUN-5, R-HUN-6: what ``event`` came to; ``state`` is the state after it
    (for the threshold a challenge has left)."""
    left = None
    if event.challenge and event.challenge in state.challenges:
        left = state.challenges[event.challenge].remaining
    return HunterRollOutcome(
        dice=tuple(event.dice),
        bonus=event.bonus,
        total=sum(event.dice) + event.bonus,
        success=hunters.succeeds(event.dice, event.bonus, event.cr),
        degrees=hunters.degrees(event.dice, event.bonus, event.cr),
        fumbled=hunters.fumbled(event.dice),
        challenge_left=left,
        raised=event.raised,
    )
