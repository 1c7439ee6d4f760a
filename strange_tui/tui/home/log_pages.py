"""The log's window onto history: a few pages (chunks of history/, and the journal as the
newest) loaded at a time, moved a page older or newer as the cursor nears an edge, or to
either end at once, so no key's cost grows with the campaign's length.

A jump to either end takes no more pages than hold ``ENOUGH`` events (a page of a long
campaign holds some 200, and decoding one costs a few frames); the window grows back to
``PAGES`` as the cursor moves on. The oldest pages are read ahead (``read_ahead``), once
the log is shown, so that ``end`` finds them decoded."""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widgets import OptionList

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.history_pages import HistoryPages

PAGES = 3
"""Pages in the window (the journal's counts as one): a few hundred events at most."""
ENOUGH = 100
"""Events a jump to either end reads at least, when history holds more than a window: a
few screens of entries (more pages come as the cursor moves on)."""


class LogWindow:
    """Pages ``low`` to ``high`` of history (page ``len(pages)`` is the journal's events
    past the sealed ones), oldest first. A page that cannot be read is told once (by
    ``told``) and counts as empty."""

    def __init__(
        self,
        pages: HistoryPages,
        journal: Callable[[], list[AnyEvent]],
        told: Callable[[str], None],
    ) -> None:
        self.pages = pages
        self._journal = journal
        self._told = told
        self._bad: set[int] = set()
        self.low = self.high = self.journal_page

    @property
    def journal_page(self) -> int:
        return len(self.pages)

    @property
    def at_newest(self) -> bool:
        return self.high == self.journal_page

    @property
    def at_oldest(self) -> bool:
        return self.low == 0

    @property
    def whole(self) -> bool:
        """Whether the window holds all of history."""
        return self.at_oldest and self.at_newest

    def newest(self) -> None:
        """The newest pages: all of history when it fits a window, else the journal and
        as many pages before it as hold ``ENOUGH`` events (``PAGES`` at most)."""
        self.high = self.journal_page
        self.low = max(0, self.high - PAGES + 1)
        if self.high >= PAGES:
            self.low = next(
                (n for n in range(self.high, self.low, -1) if self._span(n, self.high) >= ENOUGH),
                self.low,
            )

    def oldest(self) -> None:
        self.low, self.high = self.oldest_pages()

    def oldest_pages(self) -> tuple[int, int]:
        """The pages ``oldest`` shows: all of history when it fits a window, else the
        first pages that hold ``ENOUGH`` events (``PAGES`` at most)."""
        high = min(self.journal_page, PAGES - 1)
        if self.journal_page < PAGES:
            return 0, high
        return 0, next((n for n in range(high) if self._span(0, n) >= ENOUGH), high)

    def older(self) -> bool:
        """One page older (the newest dropped past ``PAGES``); False at the oldest."""
        if self.at_oldest:
            return False
        self.low -= 1
        self.high = min(self.high, self.low + PAGES - 1)
        return True

    def newer(self) -> bool:
        if self.at_newest:
            return False
        self.high += 1
        self.low = max(self.low, self.high - PAGES + 1)
        return True

    def caught_up(self, journal: list[AnyEvent]) -> None:
        """A checkpoint (here or in another window) sealed more, up to ``journal``: find
        the pages again, and a window at the newest stays there."""
        newest = self.at_newest
        if self.pages.refresh(journal[0].seq - 1 if journal else 0) and newest:
            self.newest()

    def sealed_behind(self, journal: list[AnyEvent]) -> bool:
        """Whether ``journal`` starts past the sealed pages known: more was sealed."""
        return bool(journal) and journal[0].seq > self.pages.last() + 1

    def read_ahead(self) -> bool:
        """Decode the pages ``oldest`` shows, before ``end`` asks for them (the pages keep
        them); whether all could be read. Quiet: a page that cannot be read is told when
        it is shown."""
        low, high = self.oldest_pages()
        try:
            for index in range(low, min(high, self.journal_page - 1) + 1):
                self.pages.page(index)
        except CampaignFileError:
            return False
        return True

    def _span(self, low: int, high: int) -> int:
        """About how many events pages ``low`` to ``high`` hold, from the chunks' heads
        (0 when a head cannot say: another page is taken)."""
        try:
            return self._last(high) - self._first(low) + 1
        except CampaignFileError:
            return 0

    def _first(self, index: int) -> int:
        if index == self.journal_page:
            journal = self._journal()
            return journal[0].seq if journal else self.pages.last() + 1
        return self.pages.range(index)[0]

    def _last(self, index: int) -> int:
        return self.total() if index == self.journal_page else self.pages.range(index)[1]

    def events(self, pages: tuple[int, int] | None = None) -> list[AnyEvent]:
        """The events of pages ``pages`` (``low``, ``high``; the window's when None),
        oldest first, each number once."""
        low, high = pages or (self.low, self.high)
        events: list[AnyEvent] = []
        for index in range(low, high + 1):
            events += self._page(index)
        last = 0
        unique = []
        for event in events:
            if event.seq > last:
                last = event.seq
                unique.append(event)
        return unique

    def total(self) -> int:
        """The campaign's last event (its number of events)."""
        journal = self._journal()
        return journal[-1].seq if journal else self.pages.last()

    def _page(self, index: int) -> list[AnyEvent]:
        if index == self.journal_page:
            return self._journal()
        try:
            return self.pages.page(index)
        except CampaignFileError as error:
            if index not in self._bad:
                self._bad.add(index)
                self._told(f"Older history could not be read: {error}")
            return []


class LogList(OptionList):
    """The log's list: its first and last keys (home, end) reach history's newest and
    oldest entries, through the screen's window, and scrolling to the bottom goes on into
    older pages."""

    def __init__(
        self, newest: Callable[[], None], oldest: Callable[[], None], **options: str
    ) -> None:
        super().__init__(**options)
        self._newest = newest
        self._oldest = oldest

    def action_cursor_down(self) -> None:
        """The next entry down, stopping at the oldest (no wrapping round to the top: the
        window would jump back to the newest pages)."""
        start = -1 if self.highlighted is None else self.highlighted
        self._move_to(range(start + 1, self.option_count))

    def action_cursor_up(self) -> None:
        start = self.option_count if self.highlighted is None else self.highlighted
        self._move_to(range(start - 1, -1, -1))

    def _move_to(self, indexes: range) -> None:
        found = next((n for n in indexes if not self.get_option_at_index(n).disabled), None)
        if found is not None:
            self.highlighted = found

    def action_first(self) -> None:
        self._newest()

    def action_last(self) -> None:
        self._oldest()

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        super()._on_mouse_scroll_down(event)
        # The wheel moves no highlight: at the bottom, the last entry is highlighted, and
        # the screen loads what is older as it does for the keys.
        if self.scroll_target_y >= self.max_scroll_y and self.option_count:
            last = self.option_count - 1
            if self.highlighted != last and not self.get_option_at_index(last).disabled:
                self.highlighted = last

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        super()._on_mouse_scroll_up(event)
        if self.scroll_target_y <= 0 and self.option_count:
            first = next((n for n, o in enumerate(self.options) if not o.disabled), None)
            if first is not None and self.highlighted != first:
                self.highlighted = first
