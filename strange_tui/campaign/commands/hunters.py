"""The Hunters' actions (the 2d6 ruleset, R-HUN-1..8): a new hunter, a roll against a CR or a
complex challenge, damage by degree or by type, a complex challenge started or ended, time
passing; each with what its dialog shows before the player commits, and the small read
models the Hunters home shows (damage by type, condition, when the next point heals).

Every number here comes from ``rules.hunters`` and the previews run the same code as
``decide`` (or the events through ``reduce``), so they cannot disagree with what happens.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Literal

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.events import (
    AnyEvent,
    ChallengeEnded,
    ChallengeStarted,
    ClockAdvanced,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
)
from strange_tui.campaign.hunters_state import Challenge, Hunter
from strange_tui.campaign.reduce import reduce
from strange_tui.campaign.state import Campaign, Clock
from strange_tui.rules import hunters
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation

VITALS: tuple[str, ...] = hunters.VITALS
"""R-HUN-8: the four vital statistics, in the order the sheet shows them."""
DAMAGE_TYPES: tuple[str, ...] = hunters.DAMAGE_TYPES
"""R-HUN-7: the damage types, mildest first."""
DICE_COUNTS: tuple[int, ...] = (2, 3, 4)
"""R-HUN-1: 2d6, or 3d6 and 4d6 for the inhuman."""
SKILL_TOP, TRAIT_TOP, EQUIPMENT_TOP = 10, 5, 5
"""R-HUN-1: the most points a skill, a trait or a piece of equipment gives."""
VITAL_RANGE = (1, 100)
SITUATION_RANGE = (-4, 4)
"""R-HUN-4: the sum of the situational modifiers the roll dialog takes."""
MAX_DAMAGE_DEGREES, MAX_TOOL_BONUS = 20, 10
MAX_THRESHOLD = 1000
CHALLENGE_INTERVALS: tuple[tuple[str, int], ...] = (
    ("every round", 6),
    ("every 5 minutes", 300),
    ("every hour", 3600),
    ("every day", 86_400),
)
"""R-HUN-6: how often the rolls of a complex challenge come (the clock advances by it)."""
TIME_UNITS: dict[str, int] = {
    "minutes": 60,
    "hours": 3600,
    "days": 86_400,
    "weeks": 7 * 86_400,
}
MAX_TIME_AMOUNT = 1000

TimeUnit = Literal["minutes", "hours", "days", "weeks"]


# -- Read models for the screens ------------------------------------------------------------


class VitalView(msgspec.Struct, frozen=True, kw_only=True):
    """One vital statistic of a hunter: points left, damage by type, condition (R-HUN-7..8)."""

    vital: str
    left: int
    maximum: int
    damage: dict[str, int]
    """Points of each type still present, mildest first."""
    condition: str
    """'fine', 'disabled' or 'dead' (R-HUN-8)."""


class HealingView(msgspec.Struct, frozen=True, kw_only=True):
    """When the next point of one wound heals (R-HUN-7); ``when`` is None: never."""

    vital: str
    kind: str
    when: int | None
    when_label: str


class HunterView(msgspec.Struct, frozen=True, kw_only=True):
    """A hunter as the Hunters home shows them at an in-game second."""

    id: str
    name: str
    skills: dict[str, int]
    flaws: int
    """Flaws counted against every roll: the hunter's own and those of their damage."""
    vitals: tuple[VitalView, ...]
    healing: tuple[HealingView, ...]


def hunter_view(hunter: Hunter, now: int) -> HunterView:
    """R-HUN-7, R-HUN-8: what the home shows of ``hunter`` at ``now``."""
    vitals = []
    for vital in VITALS:
        current = hunter.damage(vital, now)
        damage = {kind: current[kind] for kind in DAMAGE_TYPES if current.get(kind)}
        maximum = hunter.vitals.get(vital, 10)
        vitals.append(
            VitalView(
                vital=vital,
                left=maximum - sum(damage.values()),
                maximum=maximum,
                damage=damage,
                condition=hunters.condition(maximum, damage),
            )
        )
    return HunterView(
        id=hunter.id,
        name=hunter.name,
        skills=dict(hunter.skills),
        flaws=_flaws(hunter, now),
        vitals=tuple(vitals),
        healing=tuple(healing_of(hunter, now)),
    )


def healing_of(hunter: Hunter, now: int) -> list[HealingView]:
    """R-HUN-7: for each wound not yet healed, when its next point heals."""
    lines = []
    for wound in hunter.wounds:
        rate = hunters.HEAL_SECONDS[wound.kind]
        healed = 0 if rate is None else (now - wound.at) // rate
        if healed >= wound.points:
            continue
        when = None if rate is None else wound.at + (healed + 1) * rate
        label = "never" if when is None else Clock(seconds=when).label()
        lines.append(HealingView(vital=wound.vital, kind=wound.kind, when=when, when_label=label))
    return lines


def _flaws(hunter: Hunter, now: int) -> int:
    """R-HUN-1, R-HUN-7: the hunter's flaws plus those of trauma and worse still present."""
    return sum(hunter.flaws.values()) + hunter.damage_flaws(now)


# -- Shared checks ---------------------------------------------------------------------------


def _hunting(state: Campaign) -> None:
    if state.ruleset != "hunters":
        raise RuleViolation(
            "This is a Strange campaign; the Hunters' actions belong to Hunters ones."
        )


def _hunter(state: Campaign, hunter_id: str) -> Hunter:
    _hunting(state)
    try:
        return state.hunters[hunter_id]
    except KeyError:
        raise RuleViolation(f"No hunter {hunter_id!r} in this campaign.") from None


def _challenge(state: Campaign, challenge_id: str) -> Challenge:
    try:
        return state.challenges[challenge_id]
    except KeyError:
        raise RuleViolation(f"No challenge {challenge_id!r} under way.") from None


def _slug(name: str, fallback: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or fallback


def _free_id(name: str, taken: Mapping[str, object], fallback: str) -> str:
    """An id made of ``name`` that is not yet ``taken`` (rowan, rowan-2, ...)."""
    base = _slug(name, fallback)
    found, n = base, 2
    while found in taken:
        found, n = f"{base}-{n}", n + 1
    return found


def _valid(event: AnyEvent) -> AnyEvent:
    """The event as the journal will read it back: a value it could not read is refused
    now, not when the campaign is opened again."""
    try:
        msgspec.convert(msgspec.to_builtins(event), type(event))
    except msgspec.ValidationError as problem:
        raise RuleViolation(f"That cannot be recorded: {problem}.") from None
    return event


def _after(state: Campaign, events: Sequence[AnyEvent]) -> Campaign:
    """The state once ``events`` are applied, by the same ``reduce`` the store uses."""
    for event in events:
        state = reduce(state, replace(event, seq=state.seq + 1, at=state.clock.seconds))
    return state


def _check_points(what: str, points: Mapping[str, int], top: int) -> None:
    for name, value in points.items():
        if not name.strip() or len(name) > 80:
            raise RuleViolation(f"Each of the {what} needs a name (up to 80 characters).")
        if not 0 <= value <= top:
            raise RuleViolation(
                f"{what.title()} give 0 to +{top}; {name} {value} is out of range (R-HUN-1)."
            )


# -- A new hunter ----------------------------------------------------------------------------


class HunterPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The hunter as they will join (their id chosen from the name)."""

    hunter: Hunter


class CreateHunter(Command, frozen=True, kw_only=True):
    """R-HUN-1, R-HUN-8: a hunter with skills (0..10), traits and equipment (0..5) and the
    four vital statistics (1..100 each)."""

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
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)} (R-HUN-8).")
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


# -- A roll ----------------------------------------------------------------------------------


class HunterOdds(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-1, R-HUN-2, R-HUN-5: a roll's numbers before the dice, exact odds by degree."""

    dice: int
    bonus: int
    cr: int
    cr_name: str
    p_success: float
    p_degrees: dict[int, float]
    """The chance of each number of degrees (1 = a bare success)."""
    challenge: str | None = None
    """The complex challenge's name, when the roll is against one (R-HUN-6)."""


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


class HunterRoll(Command, frozen=True, kw_only=True):
    """R-HUN-1, R-HUN-4..6: 2d6 (3d6, 4d6) + skill + trait + equipment - flaws + the
    situation against a CR, or against a complex challenge (its CR; a success wears its
    threshold down). ``values``: the player's own dice; None: the app rolls."""

    hunter: str
    skill: str = ""
    trait: str = ""
    equipment: str = ""
    situation: int = 0
    cr: int = 10
    challenge: str | None = None
    dice: int = 2
    values: tuple[int, ...] | None = None

    def setup(self, state: Campaign) -> HunterRolled:
        """The roll as it will be recorded, without its dice."""
        who = _hunter(state, self.hunter)
        hunters.check_dice_count(self.dice)
        cr = _challenge(state, self.challenge).cr if self.challenge else self.cr
        hunters.check_cr(cr)
        low, high = SITUATION_RANGE
        if not low <= self.situation <= high:
            raise RuleViolation(f"The situation is {low:+d} to {high:+d} (R-HUN-4).")
        points = []
        for what, pick, owned in (
            ("skill", self.skill, who.skills),
            ("trait", self.trait, who.traits),
            ("equipment", self.equipment, who.equipment),
        ):
            if pick and pick not in owned:
                raise RuleViolation(f"{who.name} has no {what} {pick!r}.")
            points.append(owned.get(pick, 0))
        bonus = hunters.total_bonus(*points, flaws=_flaws(who, state.clock.seconds))
        return HunterRolled(
            hunter=self.hunter,
            cr=cr,
            dice=(),
            bonus=bonus + self.situation,
            label=self.skill or "a check",
            challenge=self.challenge or None,
        )

    def preview(self, state: Campaign) -> HunterOdds:
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
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        setup = self.setup(state)
        if self.values is not None:
            if len(self.values) != self.dice:
                raise RuleViolation(f"Type {self.dice} dice from 1 to 6, e.g. 3,5 (R-HUN-1).")
            dice = PlayerDice(self.values)
        return [_valid(replace(setup, dice=hunters.roll(dice, self.dice)))]


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
    )


# -- Damage ----------------------------------------------------------------------------------


class HunterDamagePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-7, R-HUN-8: the points the damage deals, by type, and the vital after it."""

    kinds: tuple[str, ...]
    vital: str
    left: int
    maximum: int
    condition: str


class DamageHunter(Command, frozen=True, kw_only=True):
    """R-HUN-7: damage to a vital statistic by degrees (the first point bruising, each
    further one a type higher; a tool raises the type by 1 per +2, a raised attack by 1),
    or ``degrees`` points of one chosen ``kind``."""

    hunter: str
    vital: str = "health"
    degrees: int = 1
    tool: int = 0
    raised: bool = False
    kind: str = ""
    """A damage type for every point; blank: by degrees."""
    source: str = ""

    def event(self, state: Campaign) -> HunterDamaged:
        _hunter(state, self.hunter)
        if self.vital not in VITALS:
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)} (R-HUN-8).")
        if not 1 <= self.degrees <= MAX_DAMAGE_DEGREES or not 0 <= self.tool <= MAX_TOOL_BONUS:
            raise RuleViolation(
                f"Degrees from 1 to {MAX_DAMAGE_DEGREES}, tool bonus 0 to {MAX_TOOL_BONUS}."
            )
        if self.kind and self.kind not in DAMAGE_TYPES:
            raise RuleViolation(f"The damage types are {', '.join(DAMAGE_TYPES)} (R-HUN-7).")
        kinds = (
            [self.kind] * self.degrees
            if self.kind
            else hunters.attack_damage(self.degrees, tool_bonus=self.tool, raised=self.raised)
        )
        return HunterDamaged(
            hunter=self.hunter,
            vital=self.vital,  # type: ignore[arg-type]
            kinds=tuple(kinds),  # type: ignore[arg-type]
            source=self.source,
        )

    def preview(self, state: Campaign) -> HunterDamagePreview:
        event = self.event(state)
        after = _after(state, [event])
        view = next(
            v for v in hunter_view(after.hunters[self.hunter], after.clock.seconds).vitals
            if v.vital == self.vital
        )
        return HunterDamagePreview(
            kinds=tuple(event.kinds),
            vital=self.vital,
            left=view.left,
            maximum=view.maximum,
            condition=view.condition,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(self.event(state))]


# -- Complex challenges ----------------------------------------------------------------------


class ChallengePreview(msgspec.Struct, frozen=True, kw_only=True):
    challenge: Challenge


class StartChallenge(Command, frozen=True, kw_only=True):
    """R-HUN-6: a complex challenge: a CR, a threshold worn down by the remainders of
    successes (times 1, 2 or 3), and how often its rolls come (seconds)."""

    name: str
    cr: int = 10
    threshold: int = 10
    multiplier: int = 1
    interval: int = 300

    def challenge(self, state: Campaign) -> Challenge:
        _hunting(state)
        name = self.name.strip()
        if not name or not 1 <= self.threshold <= MAX_THRESHOLD:
            raise RuleViolation(
                f"A name, a CR from {hunters.MIN_CR} to {hunters.MAX_CR} and a threshold"
                f" from 1 to {MAX_THRESHOLD}."
            )
        hunters.check_cr(self.cr)
        if self.multiplier not in (1, 2, 3):
            raise RuleViolation("Remainders are multiplied by 1, 2 or 3 (R-HUN-6).")
        if not 0 <= self.interval <= 10**7:
            raise RuleViolation("The rolls come at most every 115 days.")
        return Challenge(
            id=_free_id(name, state.challenges, "challenge"),
            name=name[:80],
            cr=self.cr,
            threshold=self.threshold,
            remaining=self.threshold,
            multiplier=self.multiplier,
            interval=self.interval,
        )

    def preview(self, state: Campaign) -> ChallengePreview:
        return ChallengePreview(challenge=self.challenge(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(ChallengeStarted(challenge=self.challenge(state)))]


class EndChallenge(Command, frozen=True, kw_only=True):
    """R-HUN-6: a complex challenge is over (done, or given up)."""

    challenge: str

    def preview(self, state: Campaign) -> ChallengePreview:
        _hunting(state)
        return ChallengePreview(challenge=_challenge(state, self.challenge))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        self.preview(state)
        return [ChallengeEnded(challenge=self.challenge)]


# -- Time passes -----------------------------------------------------------------------------


class TimePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-7: the clock after the time passes."""

    seconds: int
    until: str


class PassTime(Command, frozen=True, kw_only=True):
    """R-HUN-7: in-game time passes on a Hunters campaign (wounds heal with it)."""

    amount: int = 1
    unit: TimeUnit = "hours"
    reason: str = "time passes"

    def event(self, state: Campaign) -> ClockAdvanced:
        _hunting(state)
        if not 1 <= self.amount <= MAX_TIME_AMOUNT:
            raise RuleViolation(f"From 1 to {MAX_TIME_AMOUNT}.")
        if self.unit not in TIME_UNITS:
            raise RuleViolation(f"Time passes in {', '.join(TIME_UNITS)}.")
        return ClockAdvanced(seconds=self.amount * TIME_UNITS[self.unit], reason=self.reason)

    def preview(self, state: Campaign) -> TimePreview:
        event = self.event(state)
        return TimePreview(seconds=event.seconds, until=_after(state, [event]).clock.label())

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(self.event(state))]
