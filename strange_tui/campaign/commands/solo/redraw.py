"""One die of a draw rolled again, right after the draw and once: the draw is read again
from the same tables with the new die, and the new ``Drawn`` names the one it replaces
(which stays in the log: a die once seen stays seen).

The dice before the one rolled again stand; those after it stand as long as the draw
reads them the same way (a die of the same faces in the same place); once the new die
sends the draw elsewhere (another focus names a list, a cypher's level needs no die), the
dice it still needs are rolled afresh."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.solo.draw import Draw, counted
from strange_tui.campaign.model.events import AnyEvent, Drawn
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation


class Sided:
    """Dice that note each die's faces and value, in order."""

    def __init__(self, dice: DiceSource) -> None:
        self.dice = dice
        self.rolled: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        value = self.dice.roll(sides)
        self.rolled.append((sides, value))
        return value


class Rerolled:
    """The dice of a draw with die ``index`` rolled again by ``new``; the old ones after it
    while they fit, then ``fresh`` ones."""

    def __init__(
        self, old: Sequence[tuple[int, int]], index: int, new: DiceSource, fresh: DiceSource
    ) -> None:
        self.old, self.index, self.new, self.fresh = old, index, new, fresh
        self.rolled: list[int] = []
        self.fits = True

    def roll(self, sides: int) -> int:
        at = len(self.rolled)
        if at == self.index:
            value = self.new.roll(sides)
        elif self.fits and at < len(self.old) and self.old[at][0] == sides:
            value = self.old[at][1]
        else:
            self.fits = False  # The draw went elsewhere: what it needs now is rolled.
            value = self.fresh.roll(sides)
        self.rolled.append(value)
        return value


class RerollPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The draw's dice, each with its faces: (faces, value), in the order rolled."""

    dice: tuple[tuple[int, int], ...]


class RerollDrawDie(Command, frozen=True, kw_only=True):
    """One die of ``drawn`` (the Drawn as the journal holds it, drawn by ``draw``) rolled
    again: die ``index`` (0 the first), ``die`` the player's own (None: the app rolls).
    Only right after the draw, and once (a draw that replaces another is not rolled again).
    The GM's, or any seat's in solo play (``STORY_TOOL``)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "roll a draw's die again"

    draw: Draw
    drawn: Drawn
    index: int
    die: int | None = None

    def original(self, state: Campaign) -> list[tuple[int, int]]:
        """The draw's dice with their faces, read again from the tables (RuleViolation
        when it may not be rolled again, or does not read the same)."""
        drawn = self.drawn
        if drawn.replaces:
            raise RuleViolation("This draw already had a die rolled again: once per draw.")
        if not drawn.seq or drawn.seq != state.seq:
            raise RuleViolation(
                "A die is rolled again right after its draw, and once: this draw is past."
            )
        if not drawn.dice:
            raise RuleViolation("This draw rolled no die.")
        noted = Sided(PlayerDice(drawn.dice))
        try:
            (again,) = self.draw.events(state, noted)
        except RuleViolation:
            again = None
        same = isinstance(again, Drawn) and (again.table, again.result, again.dice) == (
            drawn.table,
            drawn.result,
            drawn.dice,
        )
        if not same:
            raise RuleViolation("This draw does not read the same from the tables now.")
        return noted.rolled

    def preview(self, state: Campaign) -> RerollPreview:
        return RerollPreview(dice=tuple(self.original(state)))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        old = self.original(state)
        if not 0 <= self.index < len(old):
            rolled = counted(len(old), "die", "dice")
            raise RuleViolation(f"There is no die {self.index + 1}: this draw rolled {rolled}.")
        new = PlayerDice([self.die]) if self.die is not None else dice
        source = Rerolled(old, self.index, new, dice)
        (event,) = self.draw.events(state, source)
        assert isinstance(event, Drawn)
        return [replace(event, dice=tuple(source.rolled), replaces=self.drawn.seq)]
