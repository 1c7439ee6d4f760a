"""The campaign log: every command as one line, newest first, filtered by character; the
player's scene notes stand among them as the story's paragraphs, scenes and fights as
headings (the turns passing folded into the fight's).

All of history is reachable (``end`` the oldest, ``home`` the newest) through a window of
a few pages (log_pages.py); of a window's entries a slice is shown, so no key renders more
than a few screens of entries however long the campaign."""

from __future__ import annotations

from functools import partial

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Header, OptionList, Select
from textual.widgets.option_list import Option

from strange_tui.campaign.model.events import AnyEvent, SceneWritten, batches
from strange_tui.campaign.model.state import Campaign, Clock
from strange_tui.campaign.narrate.kept import kept_rolls, told_to_seat
from strange_tui.campaign.narrate.log import command_sentence, involves, names_of
from strange_tui.campaign.narrate.story import FIGHT, Heading, Line, Part, kept, newest_first, story
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.home.log_pages import LogList, LogWindow

EDGE = 8
"""Entries from the list's top or bottom at which more is shown (the next page read)."""
SLICE = 32
"""The parts shown at a time when the window holds part of history: a few screens."""
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
    """Read-only history of the campaign, all of it: a window of a few pages, newest
    first, moved as the cursor nears its edges (``home``: the newest, ``end``: the
    oldest), see log_pages.py."""

    DEFAULT_CSS = """
    LogScreen #filter { width: 40; margin: 0 1; }
    LogScreen #events { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="log.back"),
        Binding("f", "filter", "Filter", id="log.filter"),
        Binding("home", "newest", "Newest entries", id="log.newest", show=False),
        Binding("end", "oldest", "Oldest entries", id="log.oldest", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.window: LogWindow | None = None
        self.all_parts: list[Part] = []
        """The window's parts, newest first; ``start`` is the first of those shown."""
        self.all_keys: list[tuple[int, int] | None] = []
        """Each part's entry (its command's first event, its note's place), None for a
        heading: the highlight stays on its entry as the window moves."""
        self.start = 0
        self.keys: list[tuple[int, int] | None] = []
        """The shown options' entries."""
        self.names: dict[str, str] = {}
        self.highlighted: int | None = None
        """The option highlighted when last looked at: which way the cursor moves."""
        self.people: dict[str, str] | None = None
        """The filter's choices as listed: id -> name."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Select([], prompt="Everyone", id="filter", allow_blank=True, compact=True)
        events = LogList(self.action_newest, self.action_oldest, id="events", classes="panel")
        events.border_title = TITLE
        yield events
        yield KeyBar()

    def on_mount(self) -> None:
        warn = partial(self.notify, severity="warning")
        self.window = LogWindow(self.session.history_pages(), self.session.journal, warn)
        self.window.newest()
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

    def action_newest(self) -> None:
        self.jump(first=True)

    def action_oldest(self) -> None:
        self.jump(first=False)

    def jump(self, *, first: bool) -> None:
        """To the newest (``first``) or the oldest entry: the window moved there and
        drawn again, or, when it is there already and the entry shown, only the highlight
        moved."""
        window = self.window
        assert window is not None
        where = (window.low, window.high)
        if first:
            window.newest()
        else:
            window.oldest()
        if (window.low, window.high) != where:
            self.rebuild(self.state)
        at = self.entry(first=first)
        if at is not None and (window.low, window.high) == where and self.start <= at:
            if at < self.start + len(self.keys):
                view = self.query_one("#events", OptionList)
                view.highlighted = self.highlighted = at - self.start
                if first:
                    view.scroll_home(animate=False)
                else:
                    view.scroll_end(animate=False)
                return
        self.place(at, end=not first)

    def on_option_list_option_highlighted(self) -> None:
        """Moving down near the bottom of what is shown, more comes in below (from the
        window's parts, else a page older, the newest page going); moving up near the
        top, more above."""
        window, index = self.window, self.query_one("#events", OptionList).highlighted
        before, self.highlighted = self.highlighted, index
        if window is None or index is None or index >= len(self.keys):
            return
        before = -1 if before is None else before
        at, anchor = self.start + index, self.keys[index]
        if index > before and index >= len(self.keys) - EDGE:
            if at + EDGE < len(self.all_keys):
                self.place(at)
            elif window.older():
                self.rebuild(self.state)
                self.place(self.find(anchor))
        elif index < before and index < EDGE:
            if self.start > 0:
                self.place(at)
            elif window.newer():
                self.rebuild(self.state)
                self.place(self.find(anchor))

    def show(self, state: Campaign) -> None:
        self.list_people(state)
        assert self.window is not None
        journal = self.session.journal()
        if self.window.sealed_behind(journal):
            self.window.caught_up(journal)  # A checkpoint (here or elsewhere) sealed more.
        at = self.query_one("#events", OptionList).highlighted
        anchor = self.keys[at] if at is not None and at < len(self.keys) else None
        self.rebuild(state)
        self.place(None if anchor is None else self.find(anchor))

    def rebuild(self, state: Campaign) -> None:
        """The window's entries as the story's parts, filtered, newest first."""
        assert self.window is not None
        chosen = self.query_one(Select).value
        who = chosen if isinstance(chosen, str) else None
        events = self.window.events()
        self.names = names_of(state, events)  # The NPCs of fights that ended have names too.
        # The story's parts (scenes and fights as headings, the turns folded), newest first.
        parts = story(batches(events), self.names, days=False)
        # R-TASK-8: a roll whose difficulty the GM still keeps, as this seat may read it.
        withheld = kept_rolls(state, self.session.seat, events)
        parts = list(told_to_seat(parts, self.names, withheld))
        if who is not None:
            parts = kept(parts, lambda command: any(involves(e, who) for e in command))
        self.all_parts = newest_first(parts)
        self.all_keys = part_keys(self.all_parts)
        view = self.query_one("#events", OptionList)
        view.border_title = TITLE if self.window.whole else self.where(events)

    def place(self, at: int | None, *, end: bool = False) -> None:
        """Show the parts around ``at`` (an index of the window's parts), highlighted (none
        highlighted if None): all of them when the window holds all of history, else a
        slice of ``SLICE``, so a key renders a few screens of entries, not a window's."""
        assert self.window is not None
        count = len(self.all_parts)
        size = count if self.window.whole else SLICE
        centre = 0 if at is None else at
        self.start = max(0, min(centre - size // 2, count - size))
        shown = self.all_parts[self.start : self.start + size]
        self.keys = self.all_keys[self.start : self.start + size]
        view = self.query_one("#events", OptionList)
        view.clear_options()
        options = [part_option(part, self.names) for part in shown]
        view.add_options(options or [Text("Nothing here yet.", style="dim")])
        if at is not None and self.keys:
            view.highlighted = at - self.start
            if end:
                view.scroll_end(animate=False, immediate=True)
            elif at == self.entry(first=True):
                view.scroll_home(animate=False, immediate=True)
        self.highlighted = view.highlighted

    def find(self, anchor: tuple[int, int] | None) -> int | None:
        """The window's part for ``anchor``'s entry, or the nearest older one."""
        if anchor is None:
            return None
        older = (n for n, key in enumerate(self.all_keys) if key is not None and key <= anchor)
        return next(older, self.entry(first=False))

    def entry(self, *, first: bool) -> int | None:
        """The window's newest (``first``) or oldest entry (headings are none)."""
        entries = [n for n, key in enumerate(self.all_keys) if key is not None]
        return (entries[0] if first else entries[-1]) if entries else None

    def where(self, events: list[AnyEvent]) -> str:
        """The title when the window holds part of history: which events, of how many."""
        assert self.window is not None
        if not events:
            return TITLE
        return f"{TITLE} · {events[0].seq:,}–{events[-1].seq:,} of {self.window.total():,}"


TITLE = "Log, newest first"


def part_keys(parts: list[Part]) -> list[tuple[int, int] | None]:
    """Each part's entry: (its command's first event, which of its notes), None for a
    heading."""
    keys: list[tuple[int, int] | None] = []
    for n, part in enumerate(parts):
        if isinstance(part, Heading):
            keys.append(None)
            continue
        seq = part.command[0].seq
        before = keys[n - 1] if n else None
        keys.append((seq, before[1] + 1) if before is not None and before[0] == seq else (seq, 0))
    return keys


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
