"""The campaign log: every command as one line, newest first, filtered by character; the
player's scene notes stand among them as the story's paragraphs, scenes and fights as
headings (the turns passing folded into the fight's).

All of history is reachable (``end`` the oldest, ``home`` the newest) through a window of
a few pages (log_pages.py); of a window's entries a slice is shown, so no key renders more
than a few screens of entries however long the campaign. The parts of the last few windows
built are kept while the campaign stays as it was (back at a window, only its slice is
shown again), and the oldest are built ahead, once the log is drawn: ``end`` and ``home``
on a million events show their page within a few frames."""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Header, OptionList, Select

from strange_tui.campaign.model.events import AnyEvent, batches
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.kept import kept_rolls, told_to_seat
from strange_tui.campaign.narrate.log import involves, names_of
from strange_tui.campaign.narrate.story import kept, newest_first, story
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.home.log_lines import Built, part_keys
from strange_tui.tui.home.log_pages import LogList, LogWindow

EDGE = 8
"""Entries from the list's top or bottom at which more is shown (the next page read)."""
SLICE = 32
"""The parts shown at a time when the window holds part of history: a few screens."""
KEPT_BUILDS = 3
"""Windows whose parts are kept (the newest built): the newest and the oldest, and one."""


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
        self.shown = Built([], [], {}, TITLE)
        """The window's parts as built (newest first), and the options made of them."""
        self.all_keys: list[tuple[int, int] | None] = []
        """Each part's entry (its command's first event, its note's place), None for a
        heading: the highlight stays on its entry as the window moves."""
        self.start = 0
        """The first of the window's parts shown."""
        self.keys: list[tuple[int, int] | None] = []
        """The shown options' entries."""
        self.built: dict[tuple, Built] = {}
        """The last windows built (by pages and filter), while the state is ``built_for``."""
        self.built_for: Campaign | None = None
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

    def read_ahead(self) -> None:
        """Once the log is drawn, its oldest entries are made ready for ``end``: their
        pages read (once: the pages keep them) and their parts built, kept while the
        campaign stays as it is (a page that cannot be read is left to ``end`` to tell)."""
        if self.window is not None and self.window.read_ahead():
            self.built_window(self.state, self.window.oldest_pages())

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
        self.call_after_refresh(self.read_ahead)

    def rebuild(self, state: Campaign) -> None:
        """The window's entries as the story's parts, filtered, newest first."""
        window = self.window
        assert window is not None
        built = self.built_window(state, (window.low, window.high))
        self.shown, self.all_keys = built, built.keys
        self.query_one("#events", OptionList).border_title = built.title

    def built_window(self, state: Campaign, pages: tuple[int, int]) -> Built:
        """Pages ``pages`` (``low``, ``high``) as built, kept from before when built for
        this state and filter."""
        assert self.window is not None
        chosen = self.query_one(Select).value
        who = chosen if isinstance(chosen, str) else None
        if state is not self.built_for:
            self.built, self.built_for = {}, state
        key = (*pages, len(self.window.pages), who)
        built = self.built.pop(key, None) or self.build(state, who, pages)
        self.built[key] = built  # The newest used last: the oldest used goes first.
        while len(self.built) > KEPT_BUILDS:
            del self.built[next(iter(self.built))]
        return built

    def build(self, state: Campaign, who: str | None, pages: tuple[int, int]) -> Built:
        assert self.window is not None
        events = self.window.events(pages)
        names = names_of(state, events)  # The NPCs of fights that ended have names too.
        # The story's parts (scenes and fights as headings, the turns folded), newest first.
        parts = story(batches(events), names, days=False)
        # R-TASK-8: a roll whose difficulty the GM still keeps, as this seat may read it.
        withheld = kept_rolls(state, self.session.seat, events)
        parts = list(told_to_seat(parts, names, withheld))
        if who is not None:
            parts = kept(parts, lambda command: any(involves(e, who) for e in command))
        parts = newest_first(parts)
        whole = pages == (0, self.window.journal_page)
        return Built(parts, part_keys(parts), names, TITLE if whole else self.where(events))

    def place(self, at: int | None, *, end: bool = False) -> None:
        """Show the parts around ``at`` (an index of the window's parts), highlighted (none
        highlighted if None): all of them when the window holds all of history, else a
        slice of ``SLICE``, so a key renders a few screens of entries, not a window's."""
        assert self.window is not None
        count = len(self.all_keys)
        size = count if self.window.whole else SLICE
        centre = 0 if at is None else at
        self.start = max(0, min(centre - size // 2, count - size))
        self.keys = self.all_keys[self.start : self.start + size]
        view = self.query_one("#events", OptionList)
        # Replaced at once: cleared first, the list hid its scrollbar and showed it again.
        options = [self.shown.option(n) for n in range(self.start, self.start + len(self.keys))]
        view.set_options(options or [Text("Nothing here yet.", style="dim")])
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
