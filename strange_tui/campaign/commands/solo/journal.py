"""The story journal: scene notes the player writes between the rolls, kept in the log in
their place among the events, so that a session reads as a story afterwards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command, text
from strange_tui.campaign.model.events import AnyEvent, SceneWritten
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.story import scene_opened
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation


def note_text(value: str) -> str:
    """A note as the log keeps it: the player's paragraphs, with one kind of line break
    and no blank lines at either end."""
    lines = value.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return text("\n".join(line.rstrip() for line in lines), "A scene note")


class WriteScene(Command, frozen=True, kw_only=True):
    """A note of the story, in the player's words (any seat may write one: it touches no
    one's numbers). R-SCN-3: with no scene under way and no fight it opens the next scene,
    and says its number."""

    ANY_SEAT: ClassVar[bool] = True

    text: str

    def preview(self, state: Campaign) -> str:
        """The note as it will be kept (RuleViolation: empty, or too long)."""
        kept = note_text(self.text)
        if not kept:
            raise RuleViolation("Write the scene first: the note is empty.")
        return kept

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        opens = scene_opened(state.story, note=True, fighting=state.encounter is not None)
        return [SceneWritten(text=self.preview(state), opens=opens)]
