"""A PC's part of the party's rest, at the player's seat (R-REC-4): the rest dialog of the
sheet (their own d6, or the app's, kept once shown; the points divided as they choose),
which sends the answer to the GM's call; the clock moves with the last PC's rest, once, by
the longest."""

from __future__ import annotations

from textual.markup import escape

from strange_tui.campaign.model.prompts import Prompt
from strange_tui.tui.character.rest import RestDialog
from strange_tui.tui.common.dialog import send
from strange_tui.tui.table.answer import STAYS, Answer


class RestAnswer(Answer, RestDialog):
    """R-REC-4 at the player's seat: the next recovery roll, divided by the player; escape
    leaves it for later (``!`` reopens it)."""

    def __init__(self, prompt: Prompt) -> None:
        super().__init__(prompt.character)
        self.prompt = prompt

    def on_mount(self) -> None:
        box = self.query_one(".dialog")
        box.border_title = f"The party rests: {escape(self.character.name)}{self.for_whom()}"
        box.border_subtitle = STAYS

    def closed_elsewhere(self) -> None:
        """The answer was made in another window: the table's desk closes this dialog
        (and says who answered), as for every question."""

    def refresh_answer(self) -> None:
        """The pools as the table has them now (a rest, a hit taken meanwhile)."""
        if not self.refused and self.die is not None and not self.stale:
            self.update_preview()

    def confirm(self) -> None:
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        self.done = self.sent = True
        if send(self, command):
            self.dismiss(True)
        else:
            self.done = self.sent = False  # Refused (and said): still to answer.
