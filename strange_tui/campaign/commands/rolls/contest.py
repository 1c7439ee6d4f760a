"""PC against PC (R-TASK-2): both players roll a d20, the higher total wins; an advantage
adds 3 to a die, a disadvantage takes 3 off. A tie is rolled again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, name
from strange_tui.campaign.model.events import AnyEvent, ContestRolled
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.task import D20, contest_odds, contest_winner
from strange_tui.rules.track import can_act

MAX_RETRIES = 50
"""Ties the app rolls again before it gives up (a tie twice in a row is 5% of 5%)."""


class ContestPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The chance each side wins, before the dice."""

    first: str
    second: str
    p_first: float
    p_second: float


class Contest(Command, frozen=True, kw_only=True):
    """R-TASK-2: ``first`` and ``second`` contest ``label``; each may have an advantage
    (+3) or a disadvantage (-3); the dice are the players' (``first_die``, ``second_die``)
    or the app's. One command, one log line; no number on the sheets moves."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "settle a contest between two PCs"

    first: str
    second: str
    label: str = ""
    first_bonus: int = 0
    second_bonus: int = 0
    first_die: int | None = None
    second_die: int | None = None

    def checked(self, state: Campaign) -> tuple[str, str]:
        if self.first == self.second:
            raise RuleViolation("A contest is between two characters: choose another.")
        names = []
        for pc in (self.first, self.second):
            who = character_of(state, pc)
            if not can_act(who.track):
                raise RuleViolation(f"{who.name} is {who.track.label} and cannot act.")
            names.append(who.name)
        contest_winner(1, 1, first_bonus=self.first_bonus, second_bonus=self.second_bonus)
        if self.label:
            name(self.label, "What they contest")
        return names[0], names[1]

    def preview(self, state: Campaign) -> ContestPreview:
        first, second = self.checked(state)
        p = contest_odds(first_bonus=self.first_bonus, second_bonus=self.second_bonus)
        return ContestPreview(first=first, second=second, p_first=p, p_second=1 - p)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        self.checked(state)
        typed = self.first_die is not None or self.second_die is not None
        if typed and (self.first_die is None or self.second_die is None):
            raise RuleViolation("Type both dice, or neither (the app rolls both).")
        source: DiceSource = PlayerDice([self.first_die, self.second_die]) if typed else dice
        for _ in range(MAX_RETRIES):
            a, b = source.roll(D20), source.roll(D20)
            won = contest_winner(a, b, first_bonus=self.first_bonus, second_bonus=self.second_bonus)
            if won:
                break
            if typed:
                raise RuleViolation(f"A tie at {a + self.first_bonus}: both roll again.")
        else:  # pragma: no cover - fifty ties in a row
            raise RuleViolation("Tie after tie: roll again.")
        return [
            ContestRolled(
                first=self.first,
                second=self.second,
                label=self.label.strip(),
                first_die=a,
                second_die=b,
                first_bonus=self.first_bonus,
                second_bonus=self.second_bonus,
                winner=(self.first, self.second)[won - 1],
                app_rolled=not typed,
            )
        ]
