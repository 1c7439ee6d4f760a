"""An effect that moves a character on the damage track directly (R-DMG-3): a rare poison,
a massive trauma a step down; a healing effect a step up."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.character.text import _check_text
from strange_tui.campaign.model.events import AnyEvent, TrackShifted
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.damage import shift_track
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.track import DamageTrack, step_up

MAX_STEPS = 3


class TrackPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Where the character stands on the track now and after."""

    name: str
    before: str
    after: str


class ShiftTrack(Command, frozen=True, kw_only=True):
    """R-DMG-3: ``steps`` down the damage track (negative: up), whatever the pools hold,
    for ``reason``: one command, one log line. Dead is dead: no effect moves the dead."""

    character: str
    steps: int = 1
    reason: str = ""

    def event(self, state: Campaign) -> TrackShifted:
        who = character_of(state, self.character)
        if not self.steps or abs(self.steps) > MAX_STEPS:
            raise RuleViolation(f"Move 1 to {MAX_STEPS} steps down or up the track.")
        if who.track is DamageTrack.DEAD:
            raise RuleViolation(f"{who.name} is dead, and dead is dead.")
        if self.steps < 0 and who.track is DamageTrack.HALE:
            raise RuleViolation(f"{who.name} is hale: there is no step up.")
        _check_text(self.reason, "The reason")
        return TrackShifted(character=who.id, steps=self.steps, reason=self.reason.strip())

    def preview(self, state: Campaign) -> TrackPreview:
        event = self.event(state)
        who = character_of(state, self.character)
        after = (
            shift_track(who.track, event.steps)
            if event.steps > 0
            else step_up(who.track, -event.steps)
        )
        return TrackPreview(name=who.name, before=who.track.label, after=after.label)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]
