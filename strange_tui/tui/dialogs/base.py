"""What every dialog about one character shares: its character, escape, and form rows."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label

from strange_tui.campaign.state import Character


class CharacterDialog(ModalScreen[bool]):
    """A modal about one character; dismisses with True when it changed something."""

    BINDINGS = [Binding("escape", "cancel", "Close", id="dialog.close")]

    def __init__(self, character_id: str) -> None:
        super().__init__()
        self.character_id = character_id

    @property
    def character(self) -> Character:
        state = self.app.campaign
        assert state is not None
        return state.characters[self.character_id]

    def action_cancel(self) -> None:
        self.dismiss(False)


def row(label: str, widget: Widget) -> Horizontal:
    """A labelled form row."""
    return Horizontal(Label(label, classes="field"), widget, classes="row")


def int_value(field: Input, default: int = 0) -> int | None:
    """The whole number in an Input (``default`` when blank), None when it is not one."""
    text = field.value.strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        return None
