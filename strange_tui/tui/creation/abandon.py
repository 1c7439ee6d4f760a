"""'Abandon this character?': asked before the creation wizard throws its draft away."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from strange_tui.tui.common.dialog import DIALOG_CSS


class AbandonDialog(ModalScreen[bool]):
    """'Abandon this character?' before the wizard throws the draft away."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    BINDINGS = [
        Binding("y", "answer(True)", "Abandon", id="abandon.yes"),
        Binding("n,escape", "answer(False)", "Keep", id="abandon.no"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Abandon this character?"
            yield Static("The choices made so far will be lost. y: abandon · n: keep going")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
