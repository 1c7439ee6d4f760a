"""What every dialog about one character shares: its character, escape, and form rows; and
``send``, which runs a dialog's command as this window's own step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.containers import Horizontal
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from strange_tui.campaign.commands import Command
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.state import Character
from strange_tui.tui.common.access import session_of, strange_app
from strange_tui.tui.common.session import Refused, Session
from strange_tui.tui.common.speed import FirstResumeStyled

DIALOG_CSS = """
ModalScreen {
    align: center middle;
    background: $background 60%;
}

.dialog {
    width: 72;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    overflow-y: auto;
    scrollbar-size-vertical: 1;
    border: thick $primary;
    border-title-color: $accent;
    border-title-style: bold;
    background: $panel;
    padding: 0 1;
}

.dialog .row {
    height: auto;
    width: 100%;
}

.dialog Label.field {
    width: 14;
    padding: 1 1 0 0;
    text-style: bold;
}

.dialog .flat Label.field {
    padding: 0 1 0 0;
}

/* Check boxes are one line: no border, focused or not (a tall border on focus would
   leave no row for the label); focus shows as the label in the cursor's colours. */
.dialog Checkbox, .dialog Checkbox:focus {
    border: none;
    padding: 0;
    height: 1;
    max-width: 100%;
    background: transparent;
}

.dialog Input, .dialog Select {
    width: 1fr;
}

.dialog .buttons {
    height: auto;
    width: 100%;
    align-horizontal: right;
    padding-top: 1;
}

.dialog .buttons Button {
    margin-left: 1;
}

/* A terminal under 60 columns (the class comes from the breakpoints of CharacterDialog):
   forms go to one label and one field a row, check boxes one under another, buttons as
   narrow as their words; what still does not fit scrolls (focus scrolls it into view). */

.-narrow .dialog #form, .-narrow .dialog #split {
    grid-size: 2;
    grid-columns: 12 1fr;
    grid-rows: auto;
}

.-narrow .dialog #form > .wide {
    column-span: 1;
}

.-narrow .dialog .checks {
    layout: vertical;
    height: auto;
}

.-narrow .dialog .buttons {
    align-horizontal: left;
}

.-narrow .dialog Checkbox {
    height: auto;
    text-wrap: wrap;
}

.-narrow .dialog .buttons Button {
    min-width: 0;
    margin-left: 0;
    margin-right: 1;
}

.dialog .buttons {
    overflow-x: auto;
    scrollbar-size-horizontal: 0;
}

.dialog .preview {
    height: auto;
    border: round $secondary;
    padding: 0 1;
    margin-top: 1;
}
"""


class CharacterDialog(FirstResumeStyled, ModalScreen[bool]):
    """A modal about one character; dismisses with True when it changed something."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False  # The shared dialog rules; loaded with the first dialog, not at start.

    BINDINGS = [Binding("escape", "cancel", "Close", id="dialog.close")]
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-roomy")]

    def __init__(self, character_id: str) -> None:
        super().__init__()
        self.character_id = character_id
        self._shown: tuple[object, ...] | None = None
        """What the preview shows now: (command, campaign seq, its preview); a form's
        fields report a change as they mount, and the same command is not previewed
        and drawn again (a dialog opens with one preview, not a dozen)."""

    @property
    def session(self) -> Session:
        """The open campaign: its state, commands and previews."""
        return session_of(self)

    @property
    def character(self) -> Character:
        return self.session.state.characters[self.character_id]

    def training_field(self) -> Select[str]:
        """R-TASK-9: the task's training as the model offers this seat: the sheet's skills
        by name (the GM's seat may grant a step)."""
        from strange_tui.campaign.commands.rolls.steps import training_options  # First use.

        session = self.session
        return training_select(training_options(session.state, self.character_id, session.seat))

    def training_chosen(self) -> tuple[Any, str]:
        """R-TASK-9: the training field's choice as a command's ``skill`` and the sheet's
        skill it names."""
        from strange_tui.campaign.commands.rolls.steps import training_choice

        return training_choice(self.query_one("#skill", Select).value)

    def action_cancel(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#cancel")
    def cancel_pressed(self) -> None:
        self.dismiss(False)

    def commit(self, command: Command | str) -> None:
        """Run the command the form describes and close; or say what to fix (a form not
        complete gives a string instead of a command)."""
        if isinstance(command, str):
            self.notify(command, severity="warning")
        elif strange_app(self).run_command(command):
            self.dismiss(True)

    def preview_of(self, command: Command | str) -> Any:
        """The model's preview of the form's command, or why there is none (a string)."""
        if isinstance(command, str):
            return command
        try:
            return self.session.preview(command)
        except Refused as refused:
            return str(refused)

    def show_preview(self, command: Command | str, render: Callable[[Any], Any]) -> Any:
        """Draw the preview of ``command`` in ``#preview`` (``render`` makes it something
        to show), or in red why there is none; returns the preview (None: there is none)."""
        key = (command, self.session.state.seq, render)
        if self._shown is not None and self._shown[:3] == key:
            return self._shown[3]
        seen = self.preview_of(command)
        self._shown = (*key, None if isinstance(seen, str) else seen)
        preview = self.query_one("#preview", Static)
        if isinstance(seen, str):
            preview.update(Text(seen, style="red"))
            return None
        preview.update(render(seen))
        return seen


def training_select(options: list[tuple[str, str]]) -> Select[str]:
    """R-TASK-9: the task's training as the model offers it at this seat (the sheet's
    skills by name; the GM's seat may grant more), untrained first: the roll forms."""
    return Select(options, value="", allow_blank=False, id="skill", compact=True)


def assets_select() -> Select[int]:
    """The task's assets, 0 to 2 (R-TASK-3)."""
    return Select([("0", 0), ("1", 1), ("2", 2)], value=0, allow_blank=False, id="assets",
                  compact=True)  # fmt: skip


def row(label: str, widget: Widget) -> Horizontal:
    """A labelled form row (one line high for compact inputs and check boxes)."""
    flat = getattr(widget, "compact", False) or type(widget).__name__ == "Checkbox"
    return Horizontal(Label(label, classes="field"), widget, classes="row flat" if flat else "row")


def int_value(field: Input, default: int = 0) -> int | None:
    """The whole number in an Input (``default`` when blank), None when it is not one."""
    text = field.value.strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        return None


OWN_DICE = "own"
"""The config's ``dice = "own"``: the player rolls every die, and a blank field is a die
not yet typed, never the app's to roll."""


def own_dice(node: DOMNode) -> bool:
    """Whether the player's config says they roll their own dice (the app never does)."""
    config = getattr(node.app, "config", None)
    return getattr(config, "dice", "") == OWN_DICE


def die_hint(node: DOMNode, hint: str) -> str:
    """A die field's placeholder: ``hint`` ("your d20, then enter · blank: the app
    rolls"), without its blank part when the player rolls their own dice."""
    if not own_dice(node):
        return hint
    kept = [part for part in hint.split(" · ") if "app rolls" not in part]
    return " · ".join(kept) or "your d20"


def typed_d20(field: Input) -> int | None | str:
    """The d20 the player typed in ``field`` (None: blank, the app rolls), or what is wrong
    with it, in a sentence. With the config's own dice, a blank field is not yet a die."""
    value = int_value(field, default=0)
    if value is None or not 0 <= value <= 20:
        return "A d20 shows 1 to 20."
    if not value and own_dice(field):
        return "Type what your d20 shows (you roll your own dice: the config's dice)."
    return value or None


def send(node: DOMNode, command: Command) -> tuple[AnyEvent, ...] | None:
    """Run ``command`` from a dialog as this window's own step: a question it closes was
    answered here, so this window is not told about it as news (None: refused, and said)."""
    app: Any = node.app
    desk = getattr(app, "prompt_desk", None)  # The table's desk (tui/table/desk.py).
    if desk is None:
        return app.run_command(command)
    with desk.sending():
        return app.run_command(command)
