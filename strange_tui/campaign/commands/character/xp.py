"""The GM's XP award to a character (R-XP-1), as a command."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command, character_of, gm_only, text
from strange_tui.campaign.model.events import AnyEvent, XpAwarded
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

MAX_AWARD = 100
"""The most XP one award gives (the event's bound)."""


class AwardXp(Command, frozen=True, kw_only=True):
    """The GM awards XP to a character (a discovery, a fine moment); GM only."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "award XP"

    character: str
    amount: int
    reason: str = ""

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        gm_only(self, "awards XP")
        character_of(state, self.character)
        if not 1 <= self.amount <= MAX_AWARD:
            raise RuleViolation(f"Award 1 to {MAX_AWARD} XP.")
        reason = text(self.reason, "The reason")
        return [XpAwarded(character=self.character, amount=self.amount, reason=reason)]
