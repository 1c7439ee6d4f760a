"""A character's notes (background, reminders) rewritten."""

from __future__ import annotations

from collections.abc import Sequence

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.character.text import _check_text
from strange_tui.campaign.model.events import AnyEvent, NotesEdited
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation


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
