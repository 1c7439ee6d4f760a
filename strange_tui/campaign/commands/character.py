"""The character sheet's actions: take damage, spend and heal points, rest, gain, use and
discard cyphers, edit notes, put armor on and off (R-DMG-1..4, R-EFF-6, R-POOL-1,
R-REC-1..3, R-CYP-1, R-CMB-6).

Every preview folds the command's own events through ``reduce`` on the state (as the store
will), so what a dialog shows before the player commits is what happens.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import msgspec
from msgspec.structs import replace

from strange_tui.campaign import armor
from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.events import (
    AnyEvent,
    ArmorChanged,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    NotesEdited,
    PointsSpent,
    RecoveryRolled,
)
from strange_tui.campaign.reduce import reduce
from strange_tui.campaign.state import Campaign, Character, Cypher
from strange_tui.campaign.types import ROUND_SECONDS
from strange_tui.rules.cyphers import cypher_load, cyphers_to_discard
from strange_tui.rules.damage import apply_damage, armor_applies
from strange_tui.rules.dice import DiceSource, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import SPILL_ORDER, Pools, Stat
from strange_tui.rules.recovery import (
    RECOVERY_DIE,
    apply_recovery,
    next_rest,
    recover_track_step,
)
from strange_tui.rules.track import DamageTrack

MAX_TEXT = 20_000
MAX_NAME = 80
MAX_CYPHER_LEVEL = 100
LEVEL_FORMULA = re.compile(r"^(\d+|1d(6|10|20)([+]\d+)?)$")


# --- What the dialogs show ------------------------------------------------------------


class PoolLine(msgspec.Struct, frozen=True, kw_only=True):
    """One pool before and after an action ("luck" for the Luck pool)."""

    name: str
    before: int
    after: int
    maximum: int


class PoolsAfter(msgspec.Struct, frozen=True, kw_only=True):
    """A character's pools and damage track before and after an action, as ``reduce``
    makes them."""

    pools: tuple[PoolLine, ...]
    track_before: DamageTrack
    track_after: DamageTrack

    @property
    def changed(self) -> tuple[PoolLine, ...]:
        """The pools the action moves."""
        return tuple(line for line in self.pools if line.before != line.after)


class DamagePreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-DMG-1..3: a hit before it lands: Armor, the damage left, where it spills."""

    amount: int
    armor: int
    """The Armor that counts against this hit (0 for ambient, Speed or Intellect damage)."""
    blocked: int
    taken: int
    """The damage after Armor."""
    spill: tuple[tuple[Stat, int], ...]
    """The points each pool takes, in the order the damage reaches them (R-DMG-2)."""
    emptied: tuple[Stat, ...]
    lost: int
    """Damage that found no pool left to take it."""
    after: PoolsAfter


class SpendPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-EFF-6, R-POOL-1: points paid, some perhaps from Luck."""

    stat: Stat
    amount: int
    from_pool: int
    from_luck: int
    after: PoolsAfter


class HealPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Points back to a pool, never past its maximum (a pool raised from 0 lifts the
    track one step)."""

    stat: Stat
    amount: int
    restored: int
    wasted: int
    after: PoolsAfter


class RestPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-REC-1..3: the day's next rest, its recovery roll, and what the points give.

    Until the d6 is known (``die`` None) only the rest itself is described."""

    number: int
    """Which of the day's four rests this is (R-REC-2)."""
    label: str
    seconds: int
    """How far the rest moves the clock (0 when the player keeps the clock still)."""
    rest_seconds: int
    """How long this rest takes."""
    bonus: int
    can_step_up: bool
    """R-REC-3: every pool above 0 and not hale: the roll may buy a step up instead."""
    die: int | None = None
    points: int | None = None
    track_step: bool = False
    allocation: dict[Stat, int] = msgspec.field(default_factory=dict)
    """The division the rest will use (the player's, or the suggested one)."""
    suggested: dict[Stat, int] = msgspec.field(default_factory=dict)
    restored: tuple[tuple[Stat, int], ...] = ()
    """What each pool gains from the division."""
    wasted: int = 0
    luck: int = 0
    """Points the Luck pool gets back (R-POOL-1)."""
    after: PoolsAfter | None = None
    armor_costs: tuple[str, ...] = ()
    """R-CMB-6: the Might the hours of the rest take from those wearing armor unpracticed
    ('Mara: 10 h in heavy armor, 30 Might'); already counted in ``after``."""


class CypherPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-CYP-1: the load before and after gaining a cypher, against the type's limit."""

    name: str
    level: int | None
    """The level, when typed or fixed; None while it is still to be rolled."""
    formula: str
    occultic: bool
    effect: str
    load: int
    load_after: int
    limit: int
    over_by: int


class DiscardPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The cyphers a use or discard removes, and the load after (R-CYP-1)."""

    names: tuple[str, ...]
    load: int
    load_after: int
    limit: int


class SheetFacts(msgspec.Struct, frozen=True, kw_only=True):
    """What the sheet shows that the rules work out: the cypher load against the limit
    (R-CYP-1), the next rest (R-REC-2), the recovery roll (R-REC-1)."""

    cypher_load: int
    cypher_limit: int
    over_limit: int
    next_rest_number: int
    next_rest_label: str
    next_rest_seconds: int
    recovery_bonus: int
    can_step_up: bool
    dead: bool
    worn: str = ""
    """R-CMB-6: the armor worn ('' for none), and what wearing it costs."""
    armor_costs: str = ""


# --- Read models ----------------------------------------------------------------------


def sheet_facts(character: Character) -> SheetFacts:
    """R-CYP-1, R-REC-1..3: the sheet's worked-out numbers for ``character``."""
    load = load_of(character.cyphers)
    rest = next_rest(character.rests_today)
    return SheetFacts(
        cypher_load=load,
        cypher_limit=character.cypher_limit,
        over_limit=max(0, load - character.cypher_limit),
        next_rest_number=rest.number,
        next_rest_label=rest.label,
        next_rest_seconds=rest_seconds(character),
        recovery_bonus=character.tier + character.recovery_bonus,
        can_step_up=can_step_up(character),
        dead=character.track is DamageTrack.DEAD,
        worn=character.worn.category if character.worn else "",
        armor_costs=armor.cost_words(character.worn) if character.worn else "",
    )


def load_of(cyphers: Sequence[Cypher]) -> int:
    """R-CYP-1: the cyphers' weight against the limit (an occultic one counts two)."""
    return cypher_load([cypher.occultic for cypher in cyphers])


def rest_seconds(character: Character) -> int:
    """R-REC-2: how long the character's next rest takes, in seconds."""
    rest = next_rest(character.rests_today)
    return rest.rounds * ROUND_SECONDS + rest.minutes * 60


def can_step_up(character: Character) -> bool:
    """R-REC-3: whether a recovery roll may buy one step up the damage track."""
    try:
        recover_track_step(character.pools, character.track)
    except RuleViolation:
        return False
    return True


def suggested_split(character: Character, points: int) -> dict[Stat, int]:
    """R-REC-1: a division of recovered points: pools at 0 first (each lifts the track,
    R-REC-3), then the emptiest, never past a pool's maximum."""
    split = {stat: 0 for stat in SPILL_ORDER}
    pools = character.pools
    for stat in sorted(SPILL_ORDER, key=lambda s: (pools[s].current > 0, pools[s].current)):
        split[stat] = min(pools[stat].maximum - pools[stat].current, points)
        points -= split[stat]
    return split


def recovery_die(dice: DiceSource | None = None) -> int:
    """R-REC-1: the app's d6 for a recovery roll, for a player who types none; the rest
    then records it like a typed die."""
    return (dice if dice is not None else SeededDice()).roll(RECOVERY_DIE)


def discard_pick(character: Character, rng: random.Random | None = None) -> tuple[int, ...]:
    """R-CYP-1: a random pick of carried cyphers (indices) to discard until the load fits
    the limit; empty when within it. The app offers it; the GM may choose otherwise."""
    flags = [cypher.occultic for cypher in character.cyphers]
    return tuple(cyphers_to_discard(flags, character.cypher_limit, rng or random.Random()))


def level_of(formula: str, dice: DiceSource) -> int:
    """A cypher's level from its formula: '5', '1d6', '1d6+2' (the die from ``dice``)."""
    if not LEVEL_FORMULA.match(formula):
        raise RuleViolation(_bad_formula(formula))
    if "d" not in formula:
        return int(formula)
    die, _, plus = formula.partition("+")
    return dice.roll(int(die.split("d")[1])) + int(plus or 0)


def fixed_level(formula: str) -> int | None:
    """The level a formula gives without a die ('5'), else None."""
    return int(formula) if formula.isdigit() else None


# --- The commands ---------------------------------------------------------------------


class TakeDamage(Command, frozen=True, kw_only=True):
    """R-DMG-1..3: a hit to a character: Armor counts unless the damage is ambient (or not
    physical); what empties a pool spills on (Might, Speed, Intellect) and moves the PC down
    the damage track."""

    character: str
    amount: int
    stat: Stat = Stat.MIGHT
    ambient: bool = False
    source: str = ""

    def event(self, state: Campaign) -> DamageTaken:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead (R-DMG-4).")
        if self.amount < 1:
            raise RuleViolation("Damage is a whole number, 1 or more (R-DMG-1).")
        _check_text(self.source, "The source")
        armor = who.armor if armor_applies(self.stat, ambient=self.ambient) else 0
        return DamageTaken(
            character=who.id,
            amount=self.amount,
            stat=self.stat,
            armor=armor,
            ambient=self.ambient,
            source=self.source.strip(),
        )

    def preview(self, state: Campaign) -> DamagePreview:
        event = self.event(state)
        who = character_of(state, self.character)
        hit = apply_damage(
            who.pools,
            who.track,
            event.amount,
            stat=event.stat,
            armor=event.armor,
            ambient=event.ambient,
        )
        return DamagePreview(
            amount=event.amount,
            armor=event.armor,
            blocked=hit.blocked,
            taken=event.amount - hit.blocked,
            spill=hit.applied,
            emptied=hit.emptied,
            lost=hit.lost,
            after=pools_after(state, self.character, [event]),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class SpendPoints(Command, frozen=True, kw_only=True):
    """R-EFF-6, R-POOL-1: pay points from a pool, up to ``from_luck`` of them from Luck
    first; a character cannot spend points they do not have."""

    character: str
    stat: Stat
    amount: int
    from_luck: int = 0
    reason: str = ""

    def event(self, state: Campaign) -> PointsSpent:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead (R-DMG-4).")
        if self.amount < 1:
            raise RuleViolation("Points spent are a whole number, 1 or more (R-EFF-6).")
        if self.from_luck < 0:
            raise RuleViolation("Points from Luck are a whole number, 0 or more (R-POOL-1).")
        _check_text(self.reason, "The reason")
        return PointsSpent(
            character=who.id,
            stat=self.stat,
            amount=self.amount,
            from_luck=min(self.from_luck, self.amount),
            reason=self.reason.strip(),
        )

    def preview(self, state: Campaign) -> SpendPreview:
        event = self.event(state)
        after = pools_after(state, self.character, [event])
        return SpendPreview(
            stat=event.stat,
            amount=event.amount,
            from_pool=event.amount - event.from_luck,
            from_luck=event.from_luck,
            after=after,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class Heal(Command, frozen=True, kw_only=True):
    """Points back to a pool by an ability or a cypher (not a recovery roll): never past
    the maximum; a pool raised from 0 lifts the PC one step up the track (R-REC-3)."""

    character: str
    stat: Stat
    amount: int
    reason: str = ""

    def event(self, state: Campaign) -> Healed:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead (R-DMG-4).")
        if self.amount < 1:
            raise RuleViolation("Points healed are a whole number, 1 or more.")
        _check_text(self.reason, "The reason")
        return Healed(
            character=who.id, stat=self.stat, amount=self.amount, reason=self.reason.strip()
        )

    def preview(self, state: Campaign) -> HealPreview:
        event = self.event(state)
        after = pools_after(state, self.character, [event])
        line = next(line for line in after.pools if line.name == event.stat.value)
        restored = line.after - line.before
        return HealPreview(
            stat=event.stat,
            amount=event.amount,
            restored=restored,
            wasted=event.amount - restored,
            after=after,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class Rest(Command, frozen=True, kw_only=True):
    """R-REC-1..3: the day's next rest and its recovery roll (the player's d6 in ``die``,
    else the app's), the points divided as ``allocation`` says (the suggested division
    when None) or spent on one step up the track; the clock moves by the rest's length
    (R-REC-2) unless ``advance_clock`` is off."""

    character: str
    die: int | None = None
    allocation: dict[Stat, int] | None = None
    track_step: bool = False
    advance_clock: bool = True

    def _check(self, state: Campaign) -> Character:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if self.die is not None:
            dice_for(self.die, SeededDice(), RECOVERY_DIE)  # Refuses a face the d6 lacks.
        if self.track_step and self.allocation:
            raise RuleViolation("A step up the track takes the whole recovery roll (R-REC-3).")
        if self.track_step:
            recover_track_step(who.pools, who.track)  # Refuses with the reason (R-REC-3).
        return who

    def event(self, state: Campaign, die: int) -> RecoveryRolled:
        who = self._check(state)
        bonus = who.tier + who.recovery_bonus
        allocation: dict[Stat, int] = {}
        if not self.track_step:
            chosen = (
                self.allocation
                if self.allocation is not None
                else suggested_split(who, die + bonus)
            )
            allocation = {stat: points for stat, points in chosen.items() if points}
        return RecoveryRolled(
            character=who.id,
            die=die,
            bonus=bonus,
            allocation=allocation,
            track_step=self.track_step,
            clock=rest_seconds(who) if self.advance_clock else 0,
        )

    def preview(self, state: Campaign) -> RestPreview:
        who = self._check(state)
        facts = sheet_facts(who)
        seconds = facts.next_rest_seconds if self.advance_clock else 0
        base = RestPreview(
            number=facts.next_rest_number,
            label=facts.next_rest_label,
            seconds=seconds,
            rest_seconds=facts.next_rest_seconds,
            bonus=facts.recovery_bonus,
            can_step_up=facts.can_step_up,
            track_step=self.track_step,
        )
        if self.die is None:
            return base
        event = self.event(state, self.die)
        events = [event, *self.armor_costs(state, event)]
        points = event.die + event.bonus
        restored: tuple[tuple[Stat, int], ...] = ()
        wasted = luck = 0
        if not event.track_step:
            outcome = apply_recovery(who.pools, who.track, points, event.allocation)
            restored, wasted = outcome.restored, outcome.wasted
            if who.pools.luck is not None and outcome.pools.luck is not None:
                luck = outcome.pools.luck.current - who.pools.luck.current
        return replace(
            base,
            die=event.die,
            points=points,
            allocation=dict(event.allocation),
            suggested=suggested_split(who, points),
            restored=restored,
            wasted=wasted,
            luck=luck,
            after=pools_after(state, self.character, events),
            armor_costs=tuple(
                f"{state.characters[e.character].name}: {e.reason}, {e.amount} Might"
                for e in events[1:]
                if isinstance(e, PointsSpent)
            ),
        )

    def armor_costs(self, state: Campaign, rest: RecoveryRolled) -> list[PointsSpent]:
        """R-CMB-6: the Might owed, once the rest has moved the clock, by everyone wearing
        armor unpracticed."""
        return armor.wear_costs(after_events(state, [rest]))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        self._check(state)
        die = dice_for(self.die, dice, RECOVERY_DIE).roll(RECOVERY_DIE)
        event = self.event(state, die)
        return [event, *self.armor_costs(state, event)]


class GainCypher(Command, frozen=True, kw_only=True):
    """A character picks up a cypher: its level typed, or rolled from its level formula
    ('1d6+2'); over the type's limit the app warns and the GM removes some (R-CYP-1)."""

    character: str
    name: str
    level: int | None = None
    formula: str = ""
    occultic: bool = False
    effect: str = ""

    def _check(self, state: Campaign) -> Character:
        who = character_of(state, self.character)
        if not self.name.strip():
            raise RuleViolation("Name the cypher.")
        if len(self.name.strip()) > MAX_NAME:
            raise RuleViolation(f"A cypher's name is at most {MAX_NAME} characters.")
        _check_text(self.effect, "The effect")
        if self.level is not None and not 1 <= self.level <= MAX_CYPHER_LEVEL:
            raise RuleViolation(f"A cypher's level runs from 1 to {MAX_CYPHER_LEVEL}.")
        if self.level is None:
            if not self.formula:
                raise RuleViolation("Give the cypher a level (or a formula to roll it).")
            if not LEVEL_FORMULA.match(self.formula):
                raise RuleViolation(_bad_formula(self.formula))
        return who

    def preview(self, state: Campaign) -> CypherPreview:
        who = self._check(state)
        load = load_of(who.cyphers)
        after = load + load_of([Cypher(name="new", occultic=self.occultic)])
        return CypherPreview(
            name=self.name.strip(),
            level=self.level if self.level is not None else fixed_level(self.formula),
            formula=self.formula,
            occultic=self.occultic,
            effect=self.effect,
            load=load,
            load_after=after,
            limit=who.cypher_limit,
            over_by=max(0, after - who.cypher_limit),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who = self._check(state)
        level = self.level if self.level is not None else level_of(self.formula, dice)
        cypher = Cypher(
            name=self.name.strip(),
            level=min(level, MAX_CYPHER_LEVEL),
            occultic=self.occultic,
            effect=self.effect,
        )
        return [CypherGained(character=who.id, cypher=cypher)]


class UseCypher(Command, frozen=True, kw_only=True):
    """A character uses the cypher at ``index`` on their sheet; it is gone."""

    character: str
    index: int

    def events(self, state: Campaign) -> list[CypherUsed]:
        who = character_of(state, self.character)
        return [_removal(who, self.index, discarded=False)]

    def preview(self, state: Campaign) -> DiscardPreview:
        return _discard_preview(state, self.character, self.events(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return self.events(state)


class DiscardCypher(Command, frozen=True, kw_only=True):
    """R-CYP-1: a character discards the cyphers at ``indices`` (one or a pick to get back
    within the limit), all in one step."""

    character: str
    indices: tuple[int, ...]

    def events(self, state: Campaign) -> list[CypherUsed]:
        who = character_of(state, self.character)
        if not self.indices:
            raise RuleViolation("Choose a cypher to discard.")
        if len(set(self.indices)) != len(self.indices):
            raise RuleViolation("Each cypher is discarded once.")
        # Highest first, so the indices still name the same cyphers as each one goes.
        return [_removal(who, i, discarded=True) for i in sorted(self.indices, reverse=True)]

    def preview(self, state: Campaign) -> DiscardPreview:
        return _discard_preview(state, self.character, self.events(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return self.events(state)


class ArmorPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-CMB-6: putting armor on or taking it off: the Armor that counts, the Speed pool's
    maximum, and what wearing it costs, before and after; the Might owed for the hours
    already worn is paid first."""

    wearing: str
    """The armor worn now ('' for none)."""
    armor: str
    """The armor worn after ('' for none)."""
    armor_before: int
    armor_after: int
    speed_before: int
    speed_after: int
    """The Speed pool's maximum."""
    costs_before: str
    costs_after: str
    practiced: bool
    owed_hours: int = 0
    owed_might: int = 0
    after: PoolsAfter


class ChangeArmor(Command, frozen=True, kw_only=True):
    """R-CMB-6: a character puts on light, medium or heavy armor, or takes it off (""):
    the Armor they wear counts against every hit; unpracticed, it takes from their Speed
    pool's maximum and costs Might each hour (the Might owed so far is paid first)."""

    character: str
    armor: str = ""

    def events(self, state: Campaign) -> list[AnyEvent]:
        who = character_of(state, self.character)
        if self.armor and self.armor not in armor.CATEGORIES:
            raise RuleViolation(f"Armor is light, medium or heavy; not {self.armor!r} (R-CMB-6).")
        owed: list[AnyEvent] = [e for e in armor.wear_costs(state) if e.character == who.id]
        return [*owed, ArmorChanged(character=who.id, armor=self.armor)]

    def preview(self, state: Campaign) -> ArmorPreview:
        events = self.events(state)
        before = character_of(state, self.character)
        after = character_of(after_events(state, events), self.character)
        owed = [e for e in events if isinstance(e, PointsSpent)]
        return ArmorPreview(
            wearing=before.worn.category if before.worn else "",
            armor=self.armor,
            armor_before=before.armor,
            armor_after=after.armor,
            speed_before=before.pools.speed.maximum,
            speed_after=after.pools.speed.maximum,
            costs_before=armor.cost_words(before.worn),
            costs_after=armor.cost_words(after.worn),
            practiced=armor.practice(before.abilities) > 0,
            owed_hours=sum(e.armor_hours for e in owed),
            owed_might=sum(e.amount for e in owed),
            after=pools_after(state, self.character, events),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return self.events(state)


class EditNotes(Command, frozen=True, kw_only=True):
    """A character's notes (background, reminders) rewritten."""

    character: str
    notes: str

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who = character_of(state, self.character)
        _check_text(self.notes, "The notes")
        if self.notes == who.notes:
            raise RuleViolation("The notes are unchanged.")
        return [NotesEdited(character=who.id, notes=self.notes)]


# --- Shared helpers -------------------------------------------------------------------


def after_events(state: Campaign, events: Sequence[AnyEvent]) -> Campaign:
    """The state after ``events``, folded by ``reduce`` as the store will apply them (the
    same numbering), so a preview cannot disagree with the outcome."""
    first = 0
    for event in events:
        event = replace(event, seq=state.seq + 1, at=state.clock.seconds, batch=first)
        first = first or event.seq
        state = reduce(state, event)
    return state


def pools_after(state: Campaign, character_id: str, events: Sequence[AnyEvent]) -> PoolsAfter:
    """A character's pools and track before ``events`` and after ``reduce`` folds them."""
    before = character_of(state, character_id)
    after = character_of(after_events(state, events), character_id)
    return PoolsAfter(
        pools=_lines(before.pools, after.pools),
        track_before=before.track,
        track_after=after.track,
    )


def _lines(before: Pools, after: Pools) -> tuple[PoolLine, ...]:
    lines = [
        PoolLine(
            name=stat.value,
            before=before[stat].current,
            after=after[stat].current,
            maximum=after[stat].maximum,
        )
        for stat in SPILL_ORDER
    ]
    if before.luck is not None and after.luck is not None:
        lines.append(
            PoolLine(
                name="luck",
                before=before.luck.current,
                after=after.luck.current,
                maximum=after.luck.maximum,
            )
        )
    return tuple(lines)


def _removal(who: Character, index: int, *, discarded: bool) -> CypherUsed:
    if not 0 <= index < len(who.cyphers):
        raise RuleViolation(f"{who.name} carries no cypher number {index + 1}.")
    return CypherUsed(
        character=who.id, index=index, name=who.cyphers[index].name, discarded=discarded
    )


def _discard_preview(
    state: Campaign, character_id: str, events: Sequence[CypherUsed]
) -> DiscardPreview:
    before = character_of(state, character_id)
    after = character_of(after_events(state, events), character_id)
    return DiscardPreview(
        names=tuple(event.name for event in events),
        load=load_of(before.cyphers),
        load_after=load_of(after.cyphers),
        limit=before.cypher_limit,
    )


def _check_text(text: str, what: str) -> None:
    if len(text) > MAX_TEXT:
        raise RuleViolation(f"{what} holds at most {MAX_TEXT:,} characters.")


def _bad_formula(formula: str) -> str:
    return f"{formula!r} is not a cypher level: a number, or 1d6+2 and the like."
