"""A long chase (R-CHASE-1): start it, roll each Speed task, or call it off.

Seats: the chase is its PC's, so the PC's seat may start it, roll it and give it up (the
GM's seat may do all of it for anyone). Starting it names the quarry's level, which the GM
says aloud; a seat already names the difficulty of its own rolls (``Roll``), so the app
trusts the table here the same way, and the log shows who started it.

Each roll is one command: the Speed task at the quarry's level, made by ``Roll`` (the same
Effort costs, effects and dice rules as any roll), its count on the chase, and the end of
the chase when the roll decides it. Read literally, a first failure loses the chase (no
success yet, one failure): the preview says so before the die, and the GM may start again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import (
    AnyEvent,
    ChaseEnded,
    ChaseRolled,
    ChaseStarted,
    RollMade,
)
from strange_tui.campaign.model.folds.chase import running_chase
from strange_tui.campaign.model.state import Campaign, Chase
from strange_tui.rules.chase import chase_outcome, check_quarry_level
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack

MAX_QUARRY_NAME = 80


class ChasePreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the tracker and the roll dialog show before the next Speed task."""

    quarry: str
    level: int
    flees: bool
    successes: int
    failures: int
    roll: RollPreview
    """The next task's odds and cost (R-TASK-5)."""
    on_success: str
    """'a success wins the chase', 'a success: 2 of 3'."""
    on_failure: str
    """'a failure loses it', 'a failure: 2 failures against 2 successes'."""


def chase_label(chase: Chase) -> str:
    """'the chase after the courier', 'the chase from the hounds' (the roll's label)."""
    return f"the chase {'from' if chase.flees else 'after'} {chase.quarry}"


def successes_words(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"


def failures_words(count: int) -> str:
    return f"{count} failure" if count == 1 else f"{count} failures"


def next_steps(chase: Chase) -> tuple[str, str]:
    """R-CHASE-1: what a success and what a failure of the next roll would lead to."""
    won = chase_outcome(chase.level, chase.successes + 1, chase.failures)
    lost = chase_outcome(chase.level, chase.successes, chase.failures + 1)
    on_success = (
        "a success wins the chase"
        if won == "won"
        else f"a success: {chase.successes + 1} of {chase.level}"
    )
    on_failure = (
        "a failure loses it"
        if lost == "lost"
        else f"a failure: {failures_words(chase.failures + 1)}"
        f" against {successes_words(chase.successes)}"
    )
    return on_success, on_failure


class StartChase(Command, frozen=True, kw_only=True):
    """R-CHASE-1: ``character`` runs after (``flees``: from) ``quarry`` of ``level``: as
    many Speed successes as the level win; failures outnumbering successes lose."""

    character: str
    quarry: str
    level: int = 3
    flees: bool = False

    def event(self, state: Campaign) -> ChaseStarted:
        who = character_of(state, self.character)
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if state.chase is not None and not state.chase.outcome:
            raise RuleViolation("A chase is under way: end it before another starts.")
        quarry = self.quarry.strip()
        if not quarry:
            raise RuleViolation("Name the quarry: whom or what the chase is after.")
        if len(quarry) > MAX_QUARRY_NAME:
            raise RuleViolation(f"A quarry's name has {MAX_QUARRY_NAME} characters at most.")
        check_quarry_level(self.level)
        return ChaseStarted(character=who.id, quarry=quarry, level=self.level, flees=self.flees)

    def preview(self, state: Campaign) -> str:
        """'Mara Quist runs after the courier (level 3): needs 3 successes.'"""
        event = self.event(state)
        way = "from" if event.flees else "after"
        return (
            f"{state.characters[event.character].name} runs {way} {event.quarry}"
            f" (level {event.level}): needs {successes_words(event.level)}; a failure"
            " before the first success loses it."
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


class ChaseRoll(Command, frozen=True, kw_only=True):
    """R-CHASE-1: the chase's next Speed task at the quarry's level, counted on the chase,
    and the chase's end when this roll decides it (one command)."""

    character: str
    skill: Literal["", "trained", "specialized"] = ""
    training: str = ""
    """R-TASK-9: the sheet's skill ``skill`` comes from (see ``Roll.training``)."""
    inability: bool = False
    assets: int = 0
    effort: int = 0
    die: int | None = None

    def chase(self, state: Campaign) -> Chase:
        chase = running_chase(state)
        if chase.character != self.character:
            who = character_of(state, self.character)
            runner = state.characters[chase.character].name
            raise RuleViolation(f"The chase is {runner}'s, not {who.name}'s.")
        return chase

    def roll(self, chase: Chase) -> Roll:
        """The Speed task, as any roll makes it (Effort, assets, effects, the die)."""
        return Roll(
            character=self.character,
            stat=Stat.SPEED,
            difficulty=chase.level,
            label=chase_label(chase),
            skill=self.skill,
            training=self.training,
            inability=self.inability,
            assets=self.assets,
            effort=self.effort,
            die=self.die,
            by=self.by,
        )

    def preview(self, state: Campaign) -> ChasePreview:
        chase = self.chase(state)
        on_success, on_failure = next_steps(chase)
        return ChasePreview(
            quarry=chase.quarry,
            level=chase.level,
            flees=chase.flees,
            successes=chase.successes,
            failures=chase.failures,
            roll=self.roll(chase).preview(state),
            on_success=on_success,
            on_failure=on_failure,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        chase = self.chase(state)
        events: list[AnyEvent] = list(self.roll(chase).decide(state, dice))
        made = next(event for event in events if isinstance(event, RollMade))
        successes = chase.successes + made.success
        failures = chase.failures + (not made.success)
        events.append(
            ChaseRolled(
                character=chase.character,
                success=made.success,
                successes=successes,
                failures=failures,
                needed=chase.level,
            )
        )
        if outcome := chase_outcome(chase.level, successes, failures):
            events.append(ChaseEnded(character=chase.character, quarry=chase.quarry,
                                     outcome=outcome))  # fmt: skip
        return events


class EndChase(Command, frozen=True, kw_only=True):
    """The chase is called off before the rule decides it (the GM, or the runner's seat:
    a player may give up running)."""

    character: str

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        chase = running_chase(state)
        if chase.character != self.character:
            runner = state.characters[chase.character].name
            raise RuleViolation(f"The chase is {runner}'s.")
        return [ChaseEnded(character=chase.character, quarry=chase.quarry, outcome="abandoned")]

    def preview(self, state: Campaign) -> str:
        self.decide(state, None)  # type: ignore[arg-type]
        chase = running_chase(state)
        return (
            f"Call off {chase_label(chase)} ({chase.successes} of {chase.level} successes so far)?"
        )
