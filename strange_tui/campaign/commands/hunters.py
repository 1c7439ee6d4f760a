"""The Hunters' actions (the 2d6 ruleset, R-HUN-1..8): a new hunter, a roll against a CR, a
person's defense or a complex challenge (situational modifiers, a raised damage type), damage
by degree (from an attacker's roll) or by type, a disabled hunter stabilised, a complex
challenge started or ended; each with what its dialog shows before the player commits, and
the small read models the Hunters home shows (damage by type, condition, worsening, when the
points heal). Time passing is ``commands.clock.PassTime`` (both rulesets).

Every number here comes from ``rules.hunters`` and the previews run the same code as
``decide`` (or the events through ``reduce``), so they cannot disagree with what happens.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.clock import (  # noqa: F401 - time passing lives there
    MAX_TIME_AMOUNT,
    TIME_UNITS,
    ClockPreview,
    PassTime,
    TimeUnit,
)
from strange_tui.campaign.events import (
    AnyEvent,
    ChallengeEnded,
    ChallengeStarted,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
    HunterStabilised,
)
from strange_tui.campaign.hunters_state import Challenge, Hunter
from strange_tui.campaign.hunting import worsening_events, worsening_kind
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
"""R-HUN-4: the GM's own adjustment ("anything else worthy"), besides the named modifiers."""
SITUATIONAL: dict[str, tuple[int, int]] = dict(hunters.SITUATIONAL)
"""R-HUN-4: the seed's situational modifiers, each with its range (negative: against the
one who rolls)."""
DEFENSES: tuple[tuple[str, str], ...] = (
    ("low", "Low (unaware)"),
    ("standard", "Standard (aware, +3)"),
    ("high", "High (concentrating, +6)"),
)
"""R-HUN-3: the defenses a person may put up."""
RAISE_CR = hunters.RAISE_CR
"""R-HUN-7: raising the damage type of an attack adds this to its CR."""
MAX_DEFENSE_BONUS, MAX_DEFENSE_SKILL = 20, 10
MAX_DAMAGE_DEGREES, MAX_TOOL_BONUS = 20, 10
MAX_THRESHOLD = 1000
CHALLENGE_INTERVALS: tuple[tuple[str, int], ...] = (
    ("every round", 6),
    ("every 5 minutes", 300),
    ("every hour", 3600),
    ("every day", 86_400),
)
"""R-HUN-6: how often the rolls of a complex challenge come (the clock advances by it)."""


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
    worsening: str | None = None
    """R-HUN-8: disabled and not stabilised: the type that worsens each minute."""
    stable: bool = False
    """R-HUN-8: stabilised since the last damage."""


class HealingView(msgspec.Struct, frozen=True, kw_only=True):
    """When the points of one type on one vital heal (R-HUN-7): one interval each, in turn;
    ``when`` (the next) and ``last`` are None: never."""

    vital: str
    kind: str
    when: int | None
    when_label: str
    points: int = 1
    """Points of the type still there."""
    last: int | None = None
    last_label: str = ""


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
                worsening=worsening_kind(hunter, vital, now),
                stable=vital in hunter.stable,
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
    """R-HUN-7: for each vital and each type still there, when its next point heals and
    when its last one does (the points of a type heal one interval each, in turn)."""
    lines = []
    for vital in VITALS:
        pending: dict[str, list[int | None]] = {}
        for kind, at in hunters.heal_times(hunter.parts(vital)):
            if at is None or at > now:
                pending.setdefault(kind, []).append(at)
        for kind in DAMAGE_TYPES:
            if kind not in pending:
                continue
            times = pending[kind]
            when = None if None in times else min(t for t in times if t is not None)
            last = None if None in times else max(t for t in times if t is not None)
            lines.append(
                HealingView(
                    vital=vital,
                    kind=kind,
                    when=when,
                    when_label=_label(when),
                    points=len(times),
                    last=last,
                    last_label=_label(last),
                )
            )
    return lines


def _label(when: int | None) -> str:
    return "never" if when is None else Clock(seconds=when).label()


class PendingRoll(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-7: a hunter's latest roll that hit and whose damage is not yet dealt."""

    hunter: str
    name: str
    label: str
    degrees: int
    raised: bool


def pending_rolls(state: Campaign) -> list[PendingRoll]:
    """R-HUN-5, R-HUN-7: the rolls whose damage the damage dialog may deal."""
    return [
        PendingRoll(
            hunter=h.id,
            name=h.name,
            label=h.last_roll.label,
            degrees=h.last_roll.degrees,
            raised=h.last_roll.raised,
        )
        for h in state.hunters.values()
        if h.last_roll is not None and h.last_roll.degrees and not h.last_roll.used
    ]


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
            return f"{name!r} is not on the seed's list: say +1 or -1 (R-HUN-4)."
    return named, own


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
    the player's own dice; None: the app rolls."""

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
            raise RuleViolation(f"The situation is {low:+d} to {high:+d} (R-HUN-4).")
        if self.situation:
            bonus.append(Part(label="situation", value=self.situation))
        person = self.against_person or bool(self.defense)
        if self.defender:
            if not person:
                raise RuleViolation(
                    "A defender's conditions count only against a person (R-HUN-4)."
                )
            if any(value >= 0 for value in self.defender.values()):
                raise RuleViolation(
                    "Only the defender's unfavourable conditions (below 0) count for the"
                    " roller; their favourable ones go in their defense (R-HUN-4)."
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
                raise RuleViolation(f"A defense's bonuses are 0 to {MAX_DEFENSE_BONUS} (R-HUN-3).")
            if not 0 <= self.defense_skill <= MAX_DEFENSE_SKILL:
                raise RuleViolation(f"Skill points are 0 to {MAX_DEFENSE_SKILL} (R-HUN-1).")
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
                raise RuleViolation(f"Type {self.dice} dice from 1 to 6, e.g. 3,5 (R-HUN-1).")
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


# -- Damage ----------------------------------------------------------------------------------


class HunterDamagePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-7, R-HUN-8: the points the damage deals, by type, and the vital after it."""

    kinds: tuple[str, ...]
    vital: str
    left: int
    maximum: int
    condition: str
    worsening: str | None = None
    """R-HUN-8: the vital will worsen each minute until stabilised (the type)."""
    source: str = ""
    """Where the damage comes from (the attacker's roll)."""


class DamageHunter(Command, frozen=True, kw_only=True):
    """R-HUN-7: damage to a vital statistic by degrees (the first point bruising, each
    further one a type higher; a tool raises the type by 1 per +2, a raised attack by 1),
    or ``degrees`` points of one chosen ``kind``. With an ``attacker``, the degrees and the
    raised type are those of the attacker's latest roll, whose damage it deals once."""

    hunter: str
    vital: str = "health"
    degrees: int = 1
    tool: int = 0
    raised: bool = False
    """By hand: the attacker raised the type, having rolled at +2 CR at the table."""
    kind: str = ""
    """A damage type for every point; blank: by degrees."""
    source: str = ""
    attacker: str = ""
    """The hunter whose latest roll deals the damage ('': entered by hand)."""

    def event(self, state: Campaign) -> HunterDamaged:
        _hunter(state, self.hunter)
        if self.vital not in VITALS:
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)} (R-HUN-8).")
        degrees, raised, source, roll = self.degrees, self.raised, self.source, 0
        if self.attacker:
            attacker = _hunter(state, self.attacker)
            last = attacker.last_roll
            if last is None or last.used or not last.degrees:
                raise RuleViolation(
                    f"{attacker.name} has no hit whose damage is still to deal: roll first."
                )
            if self.kind:
                raise RuleViolation("Damage from a roll goes by its degrees (R-HUN-7).")
            degrees, raised, roll = last.degrees, last.raised, last.seq
            source = source or f"{attacker.name}'s {last.label}"
        if not 1 <= degrees <= MAX_DAMAGE_DEGREES or not 0 <= self.tool <= MAX_TOOL_BONUS:
            raise RuleViolation(
                f"Degrees from 1 to {MAX_DAMAGE_DEGREES}, tool bonus 0 to {MAX_TOOL_BONUS}."
            )
        if self.kind and self.kind not in DAMAGE_TYPES:
            raise RuleViolation(f"The damage types are {', '.join(DAMAGE_TYPES)} (R-HUN-7).")
        kinds = (
            [self.kind] * degrees
            if self.kind
            else hunters.attack_damage(degrees, tool_bonus=self.tool, raised=raised)
        )
        return HunterDamaged(
            hunter=self.hunter,
            vital=self.vital,  # type: ignore[arg-type]
            kinds=tuple(kinds),  # type: ignore[arg-type]
            source=source[:200],
            attacker=self.attacker or None,
            roll=roll,
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
            worsening=view.worsening,
            source=event.source,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(self.event(state))]


# -- Stabilising -----------------------------------------------------------------------------


class StabilisePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-HUN-8: the vital that stops worsening, and the damage on it."""

    vital: str
    damage: dict[str, int]
    worsening: str


class StabiliseHunter(Command, frozen=True, kw_only=True):
    """R-HUN-8: a professional stabilises a disabled hunter's ``vital``: it stops worsening
    each minute (until it takes damage again)."""

    hunter: str
    vital: str = "health"
    by: str = ""
    """Who stabilised them (a medic, a priest...)."""

    def event(self, state: Campaign) -> HunterStabilised:
        who = _hunter(state, self.hunter)
        if self.vital not in VITALS:
            raise RuleViolation(f"The vital statistics are {', '.join(VITALS)} (R-HUN-8).")
        if worsening_kind(who, self.vital, state.clock.seconds) is None:
            raise RuleViolation(
                f"{who.name}'s {self.vital} is not worsening: only a disabled hunter whose"
                " mildest damage is wounding or traumatic needs stabilising (R-HUN-8)."
            )
        return HunterStabilised(
            hunter=self.hunter,
            vital=self.vital,  # type: ignore[arg-type]
            by=self.by.strip()[:200],
        )

    def preview(self, state: Campaign) -> StabilisePreview:
        event = self.event(state)
        who = state.hunters[self.hunter]
        now = state.clock.seconds
        damage = who.damage(self.vital, now)
        return StabilisePreview(
            vital=event.vital,
            damage={kind: damage[kind] for kind in DAMAGE_TYPES if damage.get(kind)},
            worsening=worsening_kind(who, self.vital, now) or "",
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [_valid(self.event(state))]


def worsening_vitals(state: Campaign, hunter_id: str) -> tuple[str, ...]:
    """R-HUN-8: the hunter's vitals that worsen each minute until stabilised."""
    who = _hunter(state, hunter_id)
    return tuple(v for v in VITALS if worsening_kind(who, v, state.clock.seconds))


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
