"""The story journal (Home's ``j``): a scene note in the player's own words, written into
the log between the rolls, so that a solo session reads as a story afterwards.

Every letter types (no single key does anything else): ctrl+s writes the note, escape
closes. A note typed and not written is not lost to a stray escape: the first one says so,
a second one drops it."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static, TextArea

from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.model.events import SceneWritten
from strange_tui.tui.common.access import session_of, strange_app
from strange_tui.tui.common.dialog import DIALOG_CSS
from strange_tui.tui.solo.keep import KEEP_BINDING, cut, keep

LAST_SHOWN = 160
"""How much of the last note the dialog recalls, to pick up the story where it was."""


class SceneDialog(ModalScreen[bool]):
    """A scene note for the log; dismisses with True once written."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
SceneDialog .dialog { height: 80%; }
SceneDialog #last { height: auto; max-height: 3; color: $text-muted; }
SceneDialog #scene { height: 1fr; min-height: 3; }
"""
    )
    SCOPED_CSS = False
    BINDINGS = [
        Binding("ctrl+s", "save", "Write", id="scene.save"),
        Binding("escape", "close", "Close", id="scene.close"),
        KEEP_BINDING,
    ]

    def __init__(self) -> None:
        super().__init__()
        self.warned = False
        """Escape was pressed once over a note not yet written."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "A scene of the story"
            box.border_subtitle = (
                "ctrl+s writes it · ctrl+k keeps line 1 as a thread · escape closes"
            )
            yield Static(self.last_note(), id="last")
            yield TextArea(id="scene", soft_wrap=True)
            with Horizontal(classes="buttons"):
                yield Button("Write", variant="primary", id="save")
                yield Button("Close", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#scene", TextArea).focus()

    def last_note(self) -> Text:
        """The story so far, in a line: the last note written (this session's journal)."""
        notes = [e for e in session_of(self).journal() if isinstance(e, SceneWritten)]
        if not notes:
            return Text("What happens? The note goes to the log in its place.", style="dim")
        last = " ".join(notes[-1].text.split())
        if len(last) > LAST_SHOWN:
            last = last[: LAST_SHOWN - 1] + "…"
        return Text.assemble(("Last: ", "bold"), (last, "italic"))

    @on(TextArea.Changed, "#scene")
    def typed(self) -> None:
        self.warned = False

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        note = self.query_one("#scene", TextArea).text
        if not note.strip():
            self.notify("Write the scene first: the note is empty.", severity="warning")
            return
        if strange_app(self).run_command(WriteScene(text=note)):
            self.notify("Written in the log.", title="Journal")
            self.dismiss(True)

    def action_keep(self) -> None:
        """The note's first line kept as a thread (R-EVT-1's lists), the note not written:
        it stays here to finish."""
        name = cut(self.query_one("#scene", TextArea).text)
        if not name:
            self.notify("Nothing to keep: the note is empty.", severity="warning")
            return
        keep(self, "threads", name)

    @on(Button.Pressed, "#cancel")
    def action_close(self) -> None:
        if self.query_one("#scene", TextArea).text.strip() and not self.warned:
            self.warned = True
            self.notify(
                "Not written yet: ctrl+s writes it; escape again drops it.",
                title="Journal",
                severity="warning",
            )
            return
        self.dismiss(False)
