"""Keeping what play brings onto the story's lists right where the player meets it: the
oracle's question as a thread, the journal's note as a thread, and a random event that
names nothing on a list (someone new, a thread that begins, something unclear) as a person
or a thread under a name the player gives it (R-EVT-1 picks from these lists later).

Each keep is one AddToList: one step, one log line. Only a deliberate key keeps: ctrl+k
(a priority key, over the text fields' own ctrl+k), the Keep button, or Enter in the name."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Button, Input, Label, Select

from strange_tui.campaign.commands.solo.events import NEW_ONE, TABLE
from strange_tui.campaign.commands.solo.lists import ENTRY_WORDS, NAME_LIMIT, AddToList
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AnyEvent, Drawn, Listed
from strange_tui.tui.common.access import strange_app

KEEP_BINDING = Binding("ctrl+k", "keep", "Keep", id="solo.keep", priority=True)
"""The one key that keeps, in every dialog that offers it (priority: a text field's own
ctrl+k would take it otherwise)."""

MEANING = "; its meaning: "
"""How a random event's words end: its focus, then this, then its meaning (events.py)."""

FOCUS_LISTS = {"thread": "threads", "person": "people"}
"""The list a focus picks from, when it names nothing on it yet."""

AS_WHAT = [("as a thread", "threads"), ("as a person", "people")]


def cut(text: str, limit: int = NAME_LIMIT) -> str:
    """The first line written in ``text``, its spaces evened, cut to ``limit`` characters
    at a word with '…' when longer."""
    line = next((line for line in text.splitlines() if line.strip()), "")
    line = " ".join(line.split())
    if len(line) <= limit:
        return line
    head = line[: limit - 1]
    if line[limit - 1] != " " and " " in head:  # Mid-word: back to the word before.
        head = head.rsplit(" ", 1)[0]
    return head.rstrip() + "…"


def keep(screen, which: str, name: str, note: str = "") -> bool:
    """Add ``name`` to the list ``which`` as one step and say so (the app says why not)."""
    events = strange_app(screen).run_command(AddToList(list=which, name=name, note=note))
    if not events:
        return False
    listed = events[0]
    assert isinstance(listed, Listed)
    screen.notify(f"Kept as a {ENTRY_WORDS[which]}: {listed.item.name}", title="Story")
    return True


def event_offer(drawn: Drawn, content: Library) -> tuple[str, str] | None:
    """For a random event whose focus names nothing on a list: the list it would go on
    first (a thread by default: the player may choose) and its meaning words, the note.
    None for any other draw, or an event that picked someone already listed or a PC."""
    if drawn.table != TABLE or MEANING not in drawn.result:
        return None
    head, meaning = drawn.result.split(MEANING, 1)
    meaning = " ".join(meaning.split())
    for focus in content.kind("event_foci").values():
        if focus.picks == "pc":
            continue
        if head == focus.name:  # A focus that picks from no list.
            return FOCUS_LISTS.get(focus.picks, "threads"), meaning
        if focus.picks and head == f"{focus.name} ({NEW_ONE[focus.picks]})":
            return FOCUS_LISTS[focus.picks], meaning
    return None


class EventKeeper(Horizontal):
    """A row under a random event: a name, the list, Keep. Hidden until an event that
    names nothing on a list is shown; hidden again once kept."""

    SCOPED_CSS = False  # The narrow rules start from the dialog's class.
    DEFAULT_CSS = """
    EventKeeper { height: auto; display: none; }
    EventKeeper.-shown { display: block; }
    EventKeeper #keep-name { width: 1fr; }
    EventKeeper #keep-list { width: 16; margin-left: 1; }
    EventKeeper Button { margin-left: 1; }
    .-narrow EventKeeper { layout: vertical; }
    .-narrow EventKeeper > * { width: 100%; margin-left: 0; }
    .-narrow EventKeeper #keep-name, .-narrow EventKeeper #keep-list { width: 100%; }
    """

    def __init__(self) -> None:
        super().__init__(classes="row flat", id="keep-event")
        self.note = ""
        """The event's meaning words, the note the entry keeps."""

    def compose(self) -> ComposeResult:
        yield Label("Keep ^k", classes="field")
        yield Input(placeholder="a name", id="keep-name",
                    compact=True)  # fmt: skip
        yield Select(AS_WHAT, value="threads", allow_blank=False, id="keep-list", compact=True)
        yield Button("Keep", id="keep-event-button", compact=True)

    @property
    def offered(self) -> bool:
        return self.has_class("-shown")

    def offer(self, events: Sequence[AnyEvent], content: Library) -> None:
        """Show the row for the first random event in ``events`` that may be kept."""
        found = None
        for event in events:
            if isinstance(event, Drawn):
                found = event_offer(event, content)
                if found is not None:
                    break
        self.set_class(found is not None, "-shown")
        if found is not None:
            which, self.note = found
            self.query_one("#keep-name", Input).value = ""
            self.query_one("#keep-list", Select).value = which

    def keep(self) -> bool:
        """Keep the event under the name typed (one notify line if none is)."""
        name = self.query_one("#keep-name", Input).value
        if not name.strip():
            self.notify("Name it first: who or what the event brings.", severity="warning")
            self.query_one("#keep-name", Input).focus()
            return False
        which = str(self.query_one("#keep-list", Select).value)
        if keep(self.screen, which, name, self.note):
            self.remove_class("-shown")  # Kept once: the next event offers again.
            return True
        return False

    @on(Input.Submitted, "#keep-name")
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()  # The dialog's own Enter (to the dice) is not for this field.
        self.keep()

    @on(Button.Pressed, "#keep-event-button")
    def pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.keep()
