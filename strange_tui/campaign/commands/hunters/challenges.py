"""StartChallenge and EndChallenge: a complex challenge begun and ended (R-HUN-6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.commands.hunters.checks import _challenge, _free_id, _hunting, _valid
from strange_tui.campaign.commands.hunters.limits import MAX_THRESHOLD
from strange_tui.campaign.model.events import AnyEvent, ChallengeEnded, ChallengeStarted
from strange_tui.campaign.model.hunters import Challenge
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import hunters
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation


class ChallengePreview(msgspec.Struct, frozen=True, kw_only=True):
    challenge: Challenge


class StartChallenge(Command, frozen=True, kw_only=True):
    """R-HUN-6: a complex challenge: a CR, a threshold worn down by the remainders of
    successes (times 1, 2 or 3), and how often its rolls come (seconds)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "start a complex challenge"

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
            raise RuleViolation("Remainders are multiplied by 1, 2 or 3.")
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

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "end a complex challenge"

    challenge: str

    def preview(self, state: Campaign) -> ChallengePreview:
        _hunting(state)
        return ChallengePreview(challenge=_challenge(state, self.challenge))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        self.preview(state)
        return [ChallengeEnded(challenge=self.challenge)]
