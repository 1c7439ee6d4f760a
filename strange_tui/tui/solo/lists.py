"""The story's lists in solo play (Home's k): the threads still open and the people met,
which the random events pick from. Add one with a name and a note; close the highlighted
one with ctrl+r or its button (a thread done, a person gone from the story).

Typing never acts: Enter in the name goes to the note; only Enter in the note, the Add
button or ctrl+s add, and only ctrl+r or the button closes."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from strange_tui.campaign.commands.solo.lists import (
    LISTS,
    NAME_LIMIT,
    NOTE_LIMIT,
    AddToList,
    CloseInList,
)
from strange_tui.campaign.model.events import Listed
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, row

TITLES = {"threads": "Threads open", "people": "People met"}
ONE = {"threads": "thread", "people": "person"}


class ListsDialog(CharacterDialog):
    """Both lists side by side, the form that adds to one, and the key that closes."""

    DEFAULT_CSS = """
    ListsDialog .dialog { width: 80; }
    ListsDialog #lists { height: auto; }
    ListsDialog #lists Vertical { width: 1fr; height: auto; }
    ListsDialog #lists Label { text-style: bold; padding: 0 1; }
    ListsDialog #lists OptionList { height: 7; border: round $secondary; }
    ListsDialog #lists OptionList:focus { border: round $accent; }
    """
    BINDINGS = [
        Binding("ctrl+s", "add", "Add", id="lists.add"),
        Binding("ctrl+r", "close_entry", "Close entry", id="lists.close_entry",
                tooltip="close the highlighted thread, or the person leaves the story"),
    ]  # fmt: skip

    def __init__(self, which: str = "threads") -> None:
        super().__init__("")
        self.current = which
        """The list last looked at: the highlighted entry there is the one ctrl+r closes."""
        self.changed = 0

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Threads and people"
            box.border_subtitle = "ctrl+s adds · ctrl+r closes the highlighted · escape closes"
            with Horizontal(id="lists"):
                for which in LISTS:
                    with Vertical():
                        yield Label(TITLES[which])
                        yield OptionList(id=which)
            yield row(
                "Add to",
                Select(
                    [(TITLES[which], which) for which in LISTS],
                    value=self.current,
                    allow_blank=False,
                    id="which",
                    compact=True,
                ),
            )
            yield row(
                "Name", Input(placeholder="a name", id="name", max_length=NAME_LIMIT, compact=True)
            )
            yield row(
                "Note",
                Input(
                    placeholder="a few words (optional), then enter",
                    id="note",
                    max_length=NOTE_LIMIT,
                    compact=True,
                ),
            )
            yield Horizontal(
                Button("Add", variant="primary", id="add"),
                Button("Close entry ^r", id="close-entry"),
                Button("Close", id="close"),
                classes="buttons",
            )

    def on_mount(self) -> None:
        self.show_lists()
        self.query_one("#name", Input).focus()

    def show_lists(self) -> None:
        story = self.session.state.story
        for which in LISTS:
            shown = self.query_one(f"#{which}", OptionList)
            keep = shown.highlighted
            shown.clear_options()
            for item in story.items(which):
                words = Text(item.name, style="bold")
                if item.note:
                    words.append(f" — {item.note}", style="dim")
                shown.add_option(Option(words, id=item.id))
            if shown.option_count:
                shown.highlighted = min(keep or 0, shown.option_count - 1)

    @on(OptionList.OptionHighlighted)
    def looked_at(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.has_focus:
            self.current = str(event.option_list.id)

    def on_descendant_focus(self, event) -> None:
        """The list focused is the one ctrl+r closes in, and the one the form adds to."""
        widget = event.widget
        if isinstance(widget, OptionList) and widget.id in LISTS:
            self.current = str(widget.id)
            self.query_one("#which", Select).value = self.current

    @on(Select.Changed, "#which")
    def chosen(self, event: Select.Changed) -> None:
        self.current = str(event.value)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the note adds; Enter in the name goes to the note."""
        if event.input.id == "note":
            self.action_add()
        else:
            self.query_one("#note", Input).focus()

    @on(Button.Pressed, "#add")
    def action_add(self) -> None:
        which = str(self.query_one("#which", Select).value)
        name = self.query_one("#name", Input)
        note = self.query_one("#note", Input)
        command = AddToList(list=which, name=name.value, note=note.value)
        events = strange_app(self).run_command(command)
        if not events:
            return
        self.changed += 1
        added = events[0]
        assert isinstance(added, Listed)
        name.value = note.value = ""
        self.show_lists()
        shown = self.query_one(f"#{which}", OptionList)
        shown.highlighted = shown.option_count - 1
        self.notify(f"{added.item.name}: on the list.", title=TITLES[which])
        name.focus()

    @on(Button.Pressed, "#close-entry")
    def action_close_entry(self) -> None:
        shown = self.query_one(f"#{self.current}", OptionList)
        if shown.highlighted is None or not shown.option_count:
            self.notify(f"No {ONE[self.current]} to close.", severity="warning")
            return
        option = shown.get_option_at_index(shown.highlighted)
        command = CloseInList(list=self.current, id=str(option.id))
        if strange_app(self).run_command(command):
            self.changed += 1
            self.show_lists()

    def action_cancel(self) -> None:
        self.dismiss(self.changed > 0)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.changed > 0)
