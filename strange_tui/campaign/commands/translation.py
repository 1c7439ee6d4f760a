"""Translating the party to another recursion as one command (R-TR-1..9): the roles, the
likeness, the foci taken on arrival, what a failure brings (the GM's pick, or the app's
draw), the initiator's Intellect task with its die (typed or rolled) and a paradox's free
reroll, all decided at once into one TranslationMade (with the Effort paid, if any)."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.commands.rolls import OddsView, odds_view
from strange_tui.campaign.events import AnyEvent, PointsSpent, RollMade, TranslationMade
from strange_tui.campaign.rolls import full_cost, make_roll, task_of
from strange_tui.campaign.state import Campaign, Character
from strange_tui.campaign.translating import acclimation_of
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.effort import check_effort
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.odds import task_odds
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.task import MAX_DIFFICULTY
from strange_tui.rules.track import can_act
from strange_tui.rules.translation import (
    FAILURES,
    Roles,
    check_roles,
    difficulty_parts,
    paradox_reroll,
    special_effect,
    trance_seconds,
)
from strange_tui.rules.translation import acclimation_seconds as base_acclimation

DRAW = "draw"
"""The failure policy that lets the app draw a consequence with dice (R-TR-7)."""
CONSEQUENCES: dict[str, str] = dict(FAILURES)
"""R-TR-7: the failure table, each consequence with what it does (the GM picks one)."""
NO_TRANSLATION = "no translation"
CATASTROPHIC = "catastrophic failure"
INTERRUPTED = "interrupted translation"
MAX_RECORDED_DIFFICULTY = 40
SPECIALS = {
    1: "GM intrusion",
    19: "no acclimation; focus tasks eased for an hour",
    20: "no acclimation; focus tasks eased for a day",
}
"""R-SPEC-1, R-TR-6: what a special face brings to a translation."""


class DifficultyPart(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the itemised difficulty (R-TR-1, R-TR-3, R-TR-4)."""

    label: str
    steps: int


class TranslationPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the wizard shows before the die: times, the itemised difficulty, the odds (with
    a paradox's free reroll), the Effort's cost and whether it can be paid."""

    trance: int
    """R-TR-2: seconds of trance."""
    acclimation: int
    """R-TR-2: seconds of acclimation on a plain success (a 19 or 20 skips it, R-TR-6)."""
    parts: tuple[DifficultyPart, ...]
    difficulty: int
    """The sum of the parts (above 10, the rest hinders the roll)."""
    helpers: int
    """R-TR-1: +1 to the roll for each helper."""
    odds: OddsView
    """The initiator's Intellect task (R-TASK-5), with the translation's special faces."""
    paradox: bool
    """R-TR-5: the initiator rerolls a failure, free."""
    p_success: float
    """The chance that the party translates, the paradox's reroll counted."""
    cost: int
    """Intellect points the Effort costs (0 without Effort)."""
    problem: str | None = None
    """Why the initiator could not roll as things stand (the Effort, their state)."""


class Arrival(msgspec.Struct, frozen=True, kw_only=True):
    """R-TR-8: a participant and the focus they arrived with."""

    name: str
    focus: str
    changed: bool
    """Whether the focus is not the one they had before."""


class TranslationOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """What a translation came to, in words the wizard shows after the die."""

    success: bool
    interrupted: bool
    die: int | None
    reroll: int | None
    difficulty: int
    arrived: bool
    destination: str
    """Where the party is now (an interrupted translation lands elsewhere, R-TR-7)."""
    consequence: tuple[tuple[str, str], ...]
    """Each consequence of a failure with what it does (R-TR-7)."""
    special: str
    """R-TR-6: what a 19 or 20 brought, in words ('' otherwise)."""
    trance: int
    acclimation: int
    eased_for: int
    arrivals: tuple[Arrival, ...]
    spent: int
    """Intellect the Effort cost the initiator."""


class Translate(Command, frozen=True, kw_only=True):
    """R-TR-1..9: the party translates to ``destination``. Everything is chosen before the
    die: roles, likeness, the foci taken on arrival, what a failure brings (``on_failure``:
    a consequence of the table, or DRAW for the app's dice), the interrupted trance, and the
    dice (``die``, and ``reroll`` for a paradox initiator's free reroll of a failure; None:
    the app rolls)."""

    destination: str
    recursion_difficulty: int
    """R-TR-1: the destination's translation difficulty (from the content pack)."""
    initiator: str
    hasteners: tuple[str, ...] = ()
    easers: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()
    likeness: bool = False
    """R-TR-4: relying on a likeness, never having been there (+3 steps)."""
    effort: int = 0
    """Levels of Effort the initiator applies to the Intellect task."""
    foci: dict[str, str] = msgspec.field(default_factory=dict)
    """R-TR-8: the focus each participant takes in ``destination`` (missing: the one they
    had there before, else the one they have)."""
    on_failure: str = NO_TRANSLATION
    """R-TR-7: a consequence of the failure table (the GM's pick), or DRAW."""
    recursions: tuple[str, ...] = ()
    """The recursions known to the content, where an interrupted translation may land."""
    interrupted: bool = False
    """R-TR-5: the trance was interrupted (the GM says so): it fails, no die is rolled."""
    die: int | None = None
    reroll: int | None = None
    """R-TR-5: the paradox's second die, used only if the first fails."""

    def roles(self) -> Roles:
        return check_roles(
            Roles(
                initiator=self.initiator,
                hasteners=tuple(self.hasteners),
                easers=tuple(self.easers),
                helpers=tuple(self.helpers),
            )
        )

    def setup(self, state: Campaign) -> tuple[Roles, list[tuple[str, int]], RollMade]:
        """The roles, the itemised difficulty and the initiator's task (no die yet);
        RuleViolation when this translation cannot be attempted."""
        if state.encounter is not None:
            raise RuleViolation("End the fight first: a translation takes a trance.")
        if self.destination == state.recursion:
            raise RuleViolation(f"The party is already in {state.recursion.title()}.")
        if not 0 <= self.recursion_difficulty <= MAX_DIFFICULTY:
            raise RuleViolation(
                f"A recursion's translation difficulty runs from 0 to {MAX_DIFFICULTY} (R-TR-1)."
            )
        roles = self.roles()
        for pc in roles.participants():
            character_of(state, pc)
        strangers = sorted(set(self.foci) - set(roles.participants()))
        if strangers:
            raise RuleViolation(
                f"Only those who translate take a focus on arrival, not {strangers[0]} (R-TR-8)."
            )
        if self.on_failure != DRAW and self.on_failure not in FAILURES:
            raise RuleViolation(f"{self.on_failure!r} is not on the failure table (R-TR-7).")
        parts = difficulty_parts(
            self.recursion_difficulty,
            state.translations,
            state.clock.seconds,
            roles,
            likeness=self.likeness,
        )
        total = sum(steps for _, steps in parts)
        task = RollMade(
            character=self.initiator,
            stat=Stat.INTELLECT,
            label=f"translating to {self.destination.title()}",
            difficulty=min(total, MAX_DIFFICULTY),
            hindrances=max(0, total - MAX_DIFFICULTY),
            effort=self.effort,
            bonus=len(roles.helpers),
        )
        task_of(task)  # Refuses a task the rules do not allow, with the reason.
        return roles, parts, task

    def preview(self, state: Campaign) -> TranslationPreview:
        roles, parts, task = self.setup(state)
        who = character_of(state, self.initiator)
        view = odds_view(task, who.impaired)
        shown = {face: chance for face, chance in view.p_special.items() if face in SPECIALS}
        view = msgspec.structs.replace(
            view,
            p_special=shown,
            special_labels={face: SPECIALS[face] for face in shown},
        )
        paradox = paradox_reroll(who.type, first_success=False, rerolled=False)
        p = task_odds(task_of(task)).p_success
        p_total = p + (1 - p) * p if paradox else p
        cost = full_cost(who, task)
        return TranslationPreview(
            trance=trance_seconds(kinds(state, roles.hasteners)),
            acclimation=base_acclimation(kinds(state, roles.easers)),
            parts=tuple(DifficultyPart(label=label, steps=steps) for label, steps in parts),
            difficulty=sum(steps for _, steps in parts),
            helpers=len(roles.helpers),
            odds=view,
            paradox=paradox,
            p_success=float(p_total),
            cost=cost,
            problem=None if self.interrupted else problem_of(who, task, cost),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        roles, parts, task = self.setup(state)
        who = character_of(state, self.initiator)
        paradox = paradox_reroll(who.type, first_success=False, rerolled=False)
        if self.reroll is not None and not paradox:
            raise RuleViolation("Only a paradox initiator rerolls a failed translation (R-TR-5).")
        die = reroll = None
        success, paid = False, 0
        if not self.interrupted:
            cost = full_cost(who, task)
            problem = problem_of(who, task, cost)
            if problem:
                raise RuleViolation(problem)
            first = make_roll(who, task, dice_for(self.die, dice))
            kept = first
            if paradox_reroll(who.type, first.success, rerolled=False):
                kept = make_roll(who, task, dice_for(self.reroll, dice))
                reroll = kept.die
            die, success, paid = first.die, kept.success, kept.cost
            factor, eased_for = special_effect(kept.die if success else None)
        else:
            factor, eased_for = 1, 0
        consequence = "" if success else self.consequence(dice)
        arrived = success or NO_TRANSLATION not in consequence
        destination = self.destination
        if arrived and INTERRUPTED in consequence:
            elsewhere = [r for r in self.recursions if r not in (state.recursion, destination)]
            if elsewhere:
                destination = draw(dice, elsewhere)
        total = sum(steps for _, steps in parts)
        events: list[AnyEvent] = []
        if paid:
            events.append(
                PointsSpent(
                    character=self.initiator,
                    stat=Stat.INTELLECT,
                    amount=paid,
                    reason=f"Effort to translate to {self.destination.title()}",
                )
            )
        events.append(
            TranslationMade(
                destination=destination,
                initiator=roles.initiator,
                hasteners=roles.hasteners,
                easers=roles.easers,
                helpers=roles.helpers,
                likeness=self.likeness,
                difficulty=min(total, MAX_RECORDED_DIFFICULTY),
                die=die,
                reroll=reroll,
                interrupted=self.interrupted,
                success=success,
                arrived=arrived,
                trance=trance_seconds(kinds(state, roles.hasteners)),
                acclimation=factor * base_acclimation(kinds(state, roles.easers)),
                eased_for=eased_for,
                consequence=consequence,
                foci=dict(self.foci) if arrived and destination == self.destination else {},
            )
        )
        return events

    def consequence(self, dice: DiceSource) -> str:
        """R-TR-7: what the failure brings: the GM's pick or a draw with the app's dice; a
        catastrophic failure adds two more results of the table."""
        name = draw(dice, list(FAILURES)) if self.on_failure == DRAW else self.on_failure
        if name != CATASTROPHIC:
            return name
        others = [f for f in FAILURES if f != CATASTROPHIC]
        first = draw(dice, others)
        second = draw(dice, [f for f in others if f != first])
        return ", ".join((CATASTROPHIC, first, second))


def kinds(state: Campaign, ids: Sequence[str]) -> list[str]:
    """The types of these characters (a spinner hastens, a vector eases, R-TR-2)."""
    return [character_of(state, pc).type for pc in ids]


def problem_of(who: Character, task: RollMade, cost: int) -> str | None:
    """Why ``who`` cannot attempt ``task`` now (R-DMG-4, R-EFF-2, R-EFF-6), or None."""
    try:
        if not can_act(who.track):
            raise RuleViolation(f"{who.name} is {who.track.label} and cannot act (R-DMG-4).")
        check_effort(task.effort, 0, who.effort)
        spend(who.pools, who.track, Stat.INTELLECT, cost)
    except RuleViolation as refused:
        return str(refused)
    return None


def draw(dice: DiceSource, options: Sequence[str]) -> str:
    """One of ``options``, drawn with a die of as many faces."""
    return options[dice.roll(len(options)) - 1]


def outcome_of(
    before: Campaign, after: Campaign, events: Sequence[AnyEvent]
) -> TranslationOutcome:
    """What a translation came to: its command's ``events``, applied to ``before`` (the
    state when it was committed), giving ``after``."""
    event = next(e for e in events if isinstance(e, TranslationMade))
    spent = sum(e.amount for e in events if isinstance(e, PointsSpent))
    participants = (event.initiator, *event.hasteners, *event.easers, *event.helpers)
    arrivals: tuple[Arrival, ...] = ()
    if event.arrived:
        arrivals = tuple(
            Arrival(
                name=after.characters[pc].name,
                focus=after.characters[pc].focus,
                changed=after.characters[pc].focus != before.characters[pc].focus,
            )
            for pc in participants
            if pc in after.characters and pc in before.characters
        )
    consequence = tuple(
        (name, FAILURES.get(name, "")) for name in event.consequence.split(", ") if name
    )
    kept = event.reroll or event.die
    special = ""
    if event.success and event.eased_for:
        span = "an hour" if kept == 19 else "a day"
        special = f"A natural {kept}: no acclimation; focus tasks eased for {span}."
    elif kept == 1:
        special = "A natural 1: the GM intrudes, free of charge (R-SPEC-1)."
    return TranslationOutcome(
        success=event.success,
        interrupted=event.interrupted,
        die=event.die,
        reroll=event.reroll,
        difficulty=event.difficulty,
        arrived=event.arrived,
        destination=event.destination,
        consequence=consequence,
        special=special,
        trance=event.trance,
        acclimation=acclimation_of(event) if event.arrived else 0,
        eased_for=event.eased_for,
        arrivals=arrivals,
        spent=spent,
    )


__all__ = [
    "CONSEQUENCES",
    "DRAW",
    "Arrival",
    "DifficultyPart",
    "Translate",
    "TranslationOutcome",
    "TranslationPreview",
    "outcome_of",
]
