"""Crafting an item (R-CRAFT-1): one command makes the Intellect task at the item's level
(by ``Roll``: the same Effort costs, effects and dice rules as any roll), records the try
(a success puts the item on the sheet) and moves the clock by the crafting time, as
``PassTime`` moves it (so effects run out, a night starts a new day of recovery rolls and
the hours in armor are paid for, as whenever time passes).

Training may go to the time or the materials instead of easing the task: a trained
crafter then rolls untrained, a specialized one as trained (one step of training goes to
the time or the materials, the other still eases). An item of level 8 or more takes many
years: the roll is made, and the clock stays where it is (the log says so).

Seats: crafting is the crafter's own action, like a rest that also moves the clock: the
character's seat may send it, and the GM's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.character.previews import after_events
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.table.clock import HOUR, MINUTE, ClockPreview, PassTime
from strange_tui.campaign.model.events import AnyEvent, CraftingAttempted, RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.types import DAY_SECONDS
from strange_tui.rules.crafting import (
    CRAFTING_TIMES,
    CraftingTime,
    crafting_time,
    materials,
    time_words,
)
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat

Training = Literal["ease", "time", "materials"]
MAX_ITEM_NAME = 80
TRAINING_USES: dict[str, str] = {
    "ease": "eases the task",
    "time": "shortens the time",
    "materials": "spares materials",
}
"""What a crafter's training goes to, in the words the dialog and preview use."""


class CraftLevel(msgspec.Struct, frozen=True, kw_only=True):
    """One rung of the crafting ladder, for the dialog's choice of level."""

    level: int
    time: str
    example: str


class CraftPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the crafting dialog shows before the die: the task's odds and cost, the
    materials, the time and where the clock will be."""

    roll: RollPreview
    materials: str
    """'level 3, 2 and 1 materials'."""
    time: str
    """'a day: the clock goes to Day 3, 09:00'; 'many years: the clock stays'."""
    seconds: int
    time_choices: tuple[tuple[str, int], ...]
    """The times to choose from (level 4: one day or two), each in words and seconds."""
    clock: ClockPreview | None = None
    """What the time passing does besides (effects ending, a new day); None: it stays."""
    training: str = ""
    """What the training goes to, when not to easing the task."""


def crafting_ladder() -> tuple[CraftLevel, ...]:
    """R-CRAFT-1: every item level with its time and an example, for the dialog."""
    return tuple(CraftLevel(level=t.level, time=t.words, example=t.example) for t in CRAFTING_TIMES)


def materials_words(levels: Sequence[int]) -> str:
    """'level 3, 2 and 1 materials', 'level 1 materials', 'no materials'."""
    if not levels:
        return "no materials"
    numbers = [str(level) for level in levels]
    listed = numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"
    return f"level {listed} materials"


def time_choices(time: CraftingTime) -> tuple[tuple[str, int], ...]:
    """The times the crafter may take within the ladder's range (whole days), least
    first; one when the ladder gives one time; none for many years."""
    if time.least is None or time.most is None:
        return ()
    if time.least == time.most:
        return ((time.words, time.least),)
    return tuple(
        (time_words(time, seconds), seconds)
        for seconds in range(time.least, time.most + 1, DAY_SECONDS)
    )


def time_choices_for(level: int, training: str) -> tuple[tuple[str, int], ...]:
    """The times a crafter may choose for an item of ``level`` (the dialog asks before the
    rest of the form is complete); none for a level off the ladder."""
    try:
        return time_choices(crafting_time(level, shortened=training == "time"))
    except RuleViolation:
        return ()


def clock_command(seconds: int, reason: str) -> PassTime:
    """The time passing, as ``PassTime`` counts it (minutes, hours or days)."""
    for unit, size in (("days", DAY_SECONDS), ("hours", HOUR), ("minutes", MINUTE)):
        if seconds % size == 0:
            return PassTime(amount=seconds // size, unit=unit, reason=reason)  # type: ignore[arg-type]
    raise RuleViolation("Crafting time passes in whole minutes.")  # pragma: no cover


class Craft(Command, frozen=True, kw_only=True):
    """R-CRAFT-1: ``character`` makes ``item`` of ``level``: an Intellect task at the
    level, then the crafting time passes (``seconds`` picks it within the ladder's range;
    None: the least). ``training`` says what the training goes to."""

    character: str
    item: str
    level: int = 1
    skill: Literal["", "trained", "specialized"] = ""
    trained_in: str = ""
    """R-TASK-9: the sheet's skill ``skill`` comes from (``Roll.training``; ``training`` here
    is what the training goes to)."""
    inability: bool = False
    assets: int = 0
    effort: int = 0
    training: Training = "ease"
    seconds: int | None = None
    die: int | None = None

    def name(self) -> str:
        item = self.item.strip()
        if not item:
            raise RuleViolation("Name the item to make.")
        if len(item) > MAX_ITEM_NAME:
            raise RuleViolation(f"An item's name has {MAX_ITEM_NAME} characters at most.")
        return item

    def time(self) -> CraftingTime:
        return crafting_time(self.level, shortened=self.training == "time")

    def crafting_seconds(self) -> int:
        """The time that passes (0: many years, the clock stays)."""
        time = self.time()
        if time.least is None or time.most is None:
            return 0
        seconds = time.least if self.seconds is None else self.seconds
        if not time.least <= seconds <= time.most:
            raise RuleViolation(f"A level {self.level} item takes {time.words}.")
        return seconds

    def materials(self) -> tuple[int, ...]:
        return materials(self.level, reduced=self.training == "materials")

    def check(self, state: Campaign) -> None:
        """What refuses the crafting before any die: no fight, a training to use, a use
        that changes something."""
        character_of(state, self.character)
        self.name()
        if state.encounter is not None:
            raise RuleViolation("End the fight first: crafting takes minutes at the least.")
        self.crafting_seconds()  # Refuses a level off the ladder or a time outside it.
        if self.training == "ease":
            return
        if not self.skill:
            raise RuleViolation(
                "Only a trained crafter can spend training on the time or the materials."
            )
        if self.training == "time" and self.time() == crafting_time(self.level):
            raise RuleViolation(
                f"A level {self.level} item takes no less time: let the training ease the task."
            )
        if self.training == "materials" and self.materials() == materials(self.level):
            raise RuleViolation(
                f"A level {self.level} item needs no lower materials to spare:"
                " let the training ease the task."
            )

    def roll(self) -> Roll:
        """The Intellect task at the item's level; training spent on the time or the
        materials eases it one step less."""
        skill = self.skill
        if self.training != "ease":
            skill = "trained" if skill == "specialized" else ""
        return Roll(
            character=self.character,
            stat=Stat.INTELLECT,
            difficulty=self.level,
            label=f"crafting {self.name()} (level {self.level})",
            skill=skill,
            training=self.trained_in,
            inability=self.inability,
            assets=self.assets,
            effort=self.effort,
            die=self.die,
            by=self.by,
        )

    def preview(self, state: Campaign) -> CraftPreview:
        self.check(state)
        seconds = self.crafting_seconds()
        time = self.time()
        words = time_words(time, seconds)
        clock = None
        if seconds:
            clock = clock_command(seconds, f"crafting {self.name()}").preview(state)
            when = f"{words}: the clock goes to {clock.until}"
        else:
            when = f"{words}: more than play passes; the clock stays"
        return CraftPreview(
            roll=self.roll().preview(state),
            materials=materials_words(self.materials()),
            time=when,
            seconds=seconds,
            time_choices=time_choices(time),
            clock=clock,
            training="" if self.training == "ease" else f"training {TRAINING_USES[self.training]}",
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        self.check(state)
        seconds = self.crafting_seconds()
        events: list[AnyEvent] = list(self.roll().decide(state, dice))
        made = next(event for event in events if isinstance(event, RollMade))
        events.append(
            CraftingAttempted(
                character=self.character,
                item=self.name(),
                level=self.level,
                success=made.success,
                training=self.training,
                materials=self.materials(),
                seconds=seconds,
            )
        )
        if seconds:
            passed = clock_command(seconds, f"crafting {self.name()}")
            events.extend(passed.decide(after_events(state, events)))
        return events
