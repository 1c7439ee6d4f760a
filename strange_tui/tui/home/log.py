"""The campaign log: every command as one line, newest first, filtered by character; the
player's scene notes stand among them as the story's paragraphs, scenes and fights as
headings (the turns passing folded into the fight's)."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Header, OptionList, Select
from textual.widgets.option_list import Option

from strange_tui.campaign.model.events import AnyEvent, SceneWritten, batches
from strange_tui.campaign.model.state import Campaign, Clock
from strange_tui.campaign.narrate.log import command_sentence, involves, names_of
from strange_tui.campaign.narrate.story import FIGHT, Heading, Line, Part, kept, newest_first, story
from strange_tui.storage.errors import CampaignFileError
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.screen import CampaignScreen

SHOWN = 2000  # The newest events shown; older ones stay in history/.
TIME_WIDTH = 15
"""The time column ('Day 6, 09:21'), padded: the sentences start in one column."""


class TimedLine:
    """A log line: its time, then its sentence, which wraps under itself (not under the
    time, where a wrapped line read as a new entry). ``str`` is the line as plain text."""

    def __init__(self, at: int, sentence: str | Text) -> None:
        self.when = Clock(seconds=at).label()
        self.sentence = sentence

    def __str__(self) -> str:
        text = self.sentence.plain if isinstance(self.sentence, Text) else self.sentence
        return f"{self.when:<{TIME_WIDTH}}{text}"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        grid = Table.grid()
        grid.add_column(width=TIME_WIDTH, style="dim", no_wrap=True)
        grid.add_column(ratio=1)
        # A str would be read as markup: a name typed with [brackets] must show as typed.
        sentence = self.sentence if isinstance(self.sentence, Text) else Text(self.sentence)
        grid.add_row(Text(self.when), sentence)
        yield grid


class LogScreen(CampaignScreen):
    """Read-only history of the campaign."""

    DEFAULT_CSS = """
    LogScreen #filter { width: 40; margin: 0 1; }
    LogScreen #events { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="log.back"),
        Binding("f", "filter", "Filter", id="log.filter"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.sealed: list[AnyEvent] = []
        self.people: dict[str, str] | None = None
        """The filter's choices as listed: id -> name."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Select([], prompt="Everyone", id="filter", allow_blank=True, compact=True)
        events = OptionList(id="events", classes="panel")
        events.border_title = "Log, newest first"
        yield events
        yield KeyBar()

    def on_mount(self) -> None:
        self.read_sealed()
        self.query_one("#events", OptionList).focus()
        self.follow_campaign()

    def list_people(self, state: Campaign) -> None:
        """The filter's choices: the campaign's characters (and hunters), kept up to date
        as the log stays open between visits (a character made since is there too)."""
        people = {cid: c.name for cid, c in state.characters.items()}
        people.update({hid: h.name for hid, h in state.hunters.items()})
        if people == self.people:
            return
        self.people = people
        select = self.query_one(Select)
        chosen = select.value
        with self.prevent(Select.Changed):
            select.set_options((name, cid) for cid, name in people.items())
            if isinstance(chosen, str) and chosen in people:
                select.value = chosen

    def on_select_changed(self) -> None:
        self.show(self.state)

    def action_filter(self) -> None:
        self.query_one(Select).focus()

    def read_sealed(self) -> None:
        try:
            self.sealed = self.session.sealed_events(SHOWN)
        except CampaignFileError as error:
            self.notify(f"Older history could not be read: {error}", severity="warning")

    def show(self, state: Campaign) -> None:
        self.list_people(state)
        chosen = self.query_one(Select).value
        who = chosen if isinstance(chosen, str) else None
        journal = self.session.journal()
        known = self.sealed[-1].seq if self.sealed else 0
        if journal and journal[0].seq > known + 1:
            self.read_sealed()  # A checkpoint (here or in another window) sealed more.
        seen = {event.seq for event in journal}
        events = [e for e in self.sealed if e.seq not in seen] + journal
        names = names_of(state, events)  # The NPCs of fights that ended have names too.
        # The story's parts (scenes and fights as headings, the turns folded), newest first.
        parts = story(batches(events[-SHOWN:]), names, days=False)
        if who is not None:
            parts = kept(parts, lambda command: any(involves(e, who) for e in command))
        lines = [part_option(part, names) for part in newest_first(parts)]
        view = self.query_one("#events", OptionList)
        view.clear_options()
        view.add_options(lines or [Text("Nothing here yet.", style="dim")])


def part_option(part: Part, names: dict[str, str]) -> Option:
    """A part of the story as the log lists it: a heading stands out and cannot be
    highlighted; a note or a command as ``log_line`` says it."""
    if isinstance(part, Heading):
        mark = "▸ " if part.level == FIGHT else "■ "
        return Option(Text.assemble((mark + part.text, "bold")), disabled=True)
    if isinstance(part, Line):
        return Option(TimedLine(part.at, part.text))
    return Option(log_line(part.command, names))


def log_line(command: tuple[AnyEvent, ...], names: dict[str, str]) -> Text | TimedLine:
    """One command as the log shows it: its time and its sentence; a scene note as a
    paragraph of the story (the player's words, set apart, no time: it is prose)."""
    if all(isinstance(event, SceneWritten) for event in command):
        note = "\n\n".join(e.text for e in command if isinstance(e, SceneWritten))
        return Text.assemble("\n", (note, "italic"), "\n")
    return TimedLine(command[0].at, command_sentence(command, names))
