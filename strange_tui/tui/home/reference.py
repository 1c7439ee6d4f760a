"""The quick reference (F2 from anywhere, "Quick reference" in the palette): the
difficulty ladder and the cheat sheet's ladders, found by typing (R-REF-1, R-MOD-1,
R-ART-1).

The filter field keeps the focus the whole time, so every letter types and none acts;
the arrows move through the lines under it. Enter on a line with a difficulty opens the
roll dialog at that difficulty, stat and label (for the seat's own character; the GM
picks one when the party has several); a line without one is there to read. The topics
are the model's (``campaign/narrate/reference.py``), the same the ``ref`` command prints."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.narrate.reference import RefLine, Topic, reference_topics, search
from strange_tui.content.loader import Content, user_pack_files
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import DIALOG_CSS
from strange_tui.tui.common.speed import FirstResumeStyled

NUMBER_WIDTH = 3
PLACEHOLDER = "type to filter: climb, glass, fire, 10..."
HINT = "type to filter · ↑↓ · enter on a numbered line rolls · esc"


class ReferenceScreen(FirstResumeStyled, ModalScreen[None]):
    """A filter field over the reference's lines, grouped by topic, and a note on the
    highlighted line's topic with what enter does there."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
    ReferenceScreen .dialog { width: 100; height: 100%; }
    ReferenceScreen #query { margin-bottom: 0; }
    ReferenceScreen #lines { height: 1fr; border: none; padding: 0; }
    ReferenceScreen #note { height: auto; max-height: 4; color: $text-muted;
                            border-top: solid $secondary; }
    ReferenceScreen.-short #note { max-height: 2; }
    """
    )
    SCOPED_CSS = False

    BINDINGS = [
        Binding("escape", "close", "Close", id="reference.close"),
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("pagedown", "move(8)", show=False),
        Binding("pageup", "move(-8)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.topics: tuple[Topic, ...] = ()
        self.shown: list[tuple[Topic, RefLine] | None] = []
        """What each option of the list is: a line under its topic, or None (a heading)."""

    def content(self) -> Content:
        """The open campaign's packs, or (on the campaign list) the built-in and the saves
        directory's."""
        app = strange_app(self)
        if app.session is not None:
            return app.session.content
        return Content(user_pack_files(app.saves))

    def compose(self) -> ComposeResult:
        self.topics = reference_topics(self.content())
        with Vertical(classes="dialog", id="reference") as box:
            box.border_title = "Quick reference"
            box.border_subtitle = HINT
            yield Input(placeholder=PLACEHOLDER, id="query", compact=True)
            lines = OptionList(id="lines")
            lines.can_focus = False  # The filter keeps the focus: letters always type.
            yield lines
            yield Static(id="note")

    def on_mount(self) -> None:
        self.query_one("#query", Input).focus()
        self.refill()

    @on(Input.Changed, "#query")
    def refill(self) -> None:
        """The lines every typed word is found in, under their topics' headings."""
        options = self.query_one("#lines", OptionList)
        options.clear_options()
        self.shown = []
        for each in search(self.topics, self.query_one("#query", Input).value):
            options.add_option(Option(heading(each), disabled=True))
            self.shown.append(None)
            for line in each.lines:
                options.add_option(Option(line_prompt(line)))
                self.shown.append((each, line))
        first = self.line_indexes()
        options.highlighted = first[0] if first else None
        self.show_note()

    def line_indexes(self) -> list[int]:
        return [index for index, item in enumerate(self.shown) if item is not None]

    def highlighted(self) -> tuple[Topic, RefLine] | None:
        index = self.query_one("#lines", OptionList).highlighted
        return self.shown[index] if index is not None and index < len(self.shown) else None

    def action_move(self, steps: int) -> None:
        """Up and down through the lines (the headings are skipped)."""
        indexes = self.line_indexes()
        options = self.query_one("#lines", OptionList)
        if not indexes:
            return
        at = indexes.index(options.highlighted) if options.highlighted in indexes else 0
        options.highlighted = indexes[max(0, min(len(indexes) - 1, at + steps))]
        if at + steps <= 0:
            options.scroll_home(animate=False)  # The first topic's heading back in view.
        self.show_note()

    def show_note(self) -> None:
        """The highlighted line's topic note, and what enter does on the line."""
        note = self.query_one("#note", Static)
        chosen = self.highlighted()
        if chosen is None:
            note.update(Text("Nothing matches: fewer words, or other ones.", style="yellow"))
            return
        topic, line = chosen
        # What enter does first: on a short terminal the note has room for one line.
        if line.difficulty is not None:
            stat = f", {line.stat.value.title()}" if line.stat else ""
            text = Text(f"enter: roll at difficulty {line.difficulty}{stat}", style="bold")
        else:
            text = Text("to read: this line sets no difficulty", style="dim")
        text.append(f"\n{topic.name}: ", style="bold")
        text.append(topic.note)
        note.update(text)

    @on(OptionList.OptionHighlighted, "#lines")
    def highlight_moved(self) -> None:
        self.show_note()  # A click moves the highlight too.

    @on(Input.Submitted, "#query")
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.choose()

    @on(OptionList.OptionSelected, "#lines")
    def clicked(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.choose()

    def choose(self) -> None:
        """Enter on a line: a roll at its difficulty; on a line to read, say so."""
        chosen = self.highlighted()
        if chosen is None:
            return
        line = chosen[1]
        if line.difficulty is None:
            self.notify("That line is to read: it sets no difficulty.", timeout=3)
            return
        app = strange_app(self)
        session = app.session
        if session is None:
            self.notify("Open a campaign to roll: the reference reads without one.")
            return
        state = session.state
        if state.ruleset != "strange":
            self.notify("These ladders are The Strange's d20 tasks; Hunters roll 2d6.")
            return
        if not session.is_gm:
            if session.seat in state.characters:
                self.roll(line, session.seat)
            return
        party = list(state.characters.values())
        if not party:
            self.notify("Make a character first (n on Home).", severity="warning")
        elif len(party) == 1:
            self.roll(line, party[0].id)
        else:
            choices = [(character.id, character.name) for character in party]
            self.app.push_screen(
                CharacterChooser(choices, line), lambda chosen: self.roll(line, chosen)
            )

    def roll(self, line: RefLine, character_id: str | None) -> None:
        """The reference closes and the roll dialog opens at the line's task."""
        if character_id is None:
            return
        from strange_tui.tui.rolls.roll import open_roll

        app = strange_app(self)
        self.dismiss(None)
        open_roll(app, character_id, label=line.label, stat=line.stat, difficulty=line.difficulty)

    def action_close(self) -> None:
        self.dismiss(None)


class CharacterChooser(ModalScreen[str | None]):
    """Who rolls the reference's task (the GM's seat, a party of several): arrows and
    enter, escape to go back to the reference."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
    CharacterChooser .dialog { width: 48; }
    CharacterChooser OptionList, CharacterChooser OptionList:focus {
        height: auto; max-height: 10; border: none; padding: 0;
    }
    """
    )
    SCOPED_CSS = False

    BINDINGS = [Binding("escape", "back", "Back", id="reference.chooser.back")]

    def __init__(self, choices: list[tuple[str, str]], line: RefLine) -> None:
        super().__init__()
        self.choices = choices
        self.line = line

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Who rolls? Difficulty {self.line.difficulty}"
            box.border_subtitle = "↑↓ · enter · esc"
            yield OptionList(*(Option(Text(name), id=cid) for cid, name in self.choices))

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        listing.highlighted = 0
        listing.focus()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)


def heading(topic: Topic) -> Text:
    """'Climbing · Might' in bold (the stat its tasks roll, when it has one)."""
    text = Text(topic.name, style="bold underline")
    if topic.stat:
        text.append(f" · {topic.stat.value.title()}", style="bold")
    return text


def line_prompt(line: RefLine) -> Table:
    """The difficulty in a column of its own, the text wrapping beside it (a line to read
    shows a dot there)."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=NUMBER_WIDTH, justify="right", style="bold cyan", no_wrap=True)
    grid.add_column(ratio=1)
    number = "·" if line.difficulty is None else str(line.difficulty)
    grid.add_row(number, Text(line.text))
    return grid
