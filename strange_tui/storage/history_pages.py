"""history/ read a page at a time, for the log: each chunk is a page, read only when asked
for (newest or oldest first, or any page between), so reaching either end of a long
history reads a few chunks, never all of them.

Read only: chunks are found by probing their numbers (``chunk_probe``: a listing of
5,000 chunks costs more than the pages shown), or by ``history.chunk_paths`` when the
probe's chunks do not reach the journal (a number missing, names written by hand); read by
``history.read_chunk``, and a page's first event placed by the page before it (a
checkpoint cut short by a crash may have sealed some events twice: each number is given
once, by the older page)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.storage import chunk_probe, history
from strange_tui.storage.errors import CampaignFileError

KEPT_PAGES = 8
"""Pages kept read (the newest used): moving back and forth near one place reads none
again, and a long walk through history keeps no more than these."""


class HistoryPages:
    """The sealed chunks of one history folder as pages, oldest (0) to newest."""

    def __init__(self, folder: Path, at_least: int = 0) -> None:
        """``at_least``: the journal's base, which the sealed chunks reach when whole."""
        self.folder = folder
        self.paths: Sequence[Path] = self._find(at_least)
        self._read: OrderedDict[Path, list[AnyEvent]] = OrderedDict()
        self._ranges: dict[Path, tuple[int, int]] = {}

    def _find(self, at_least: int) -> Sequence[Path]:
        """The chunks, oldest first: numbered 1 to n when chunk n reaches ``at_least``,
        else as listed."""
        newest = chunk_probe.probed_newest(self.folder)
        if newest is not None:
            try:
                if history.chunk_range(newest)[1] >= at_least:
                    return Numbered(self.folder, int(newest.stem))
            except CampaignFileError:
                pass  # The listing's order, and the page's read, say what is wrong.
        return history.chunk_paths(self.folder)

    def __len__(self) -> int:
        return len(self.paths)

    def refresh(self, at_least: int = 0) -> bool:
        """Find the chunks again (a checkpoint sealed more); True when they changed."""
        paths = self._find(at_least)
        if list(paths[-1:]) == list(self.paths[-1:]) and len(paths) == len(self.paths):
            return False
        self.paths = paths
        return True

    def last(self) -> int:
        """The last sealed event, from the newest chunk's head (0: none, or unreadable)."""
        for index in range(len(self.paths) - 1, -1, -1):
            try:
                return self.range(index)[1]
            except CampaignFileError:
                continue
        return 0

    def range(self, index: int) -> tuple[int, int]:
        """The first and last event page ``index`` holds, from its head alone (or from
        the page itself once read)."""
        path = self.paths[index]
        if path in self._read and self._read[path]:
            events = self._read[path]
            return events[0].seq, events[-1].seq
        if path not in self._ranges:
            self._ranges[path] = history.chunk_range(path)
        return self._ranges[path]

    def page(self, index: int) -> list[AnyEvent]:
        """The events of page ``index``, oldest first, without those the page before it
        holds too. CampaignFileError when its chunk cannot be read."""
        path = self.paths[index]
        events = self._read.get(path)
        if events is None:
            events = history.read_chunk(path)
            self._read[path] = events
            while len(self._read) > KEPT_PAGES:
                self._read.popitem(last=False)
        self._read.move_to_end(path)
        if index == 0:
            return events
        try:
            before = self.range(index - 1)[1]
        except CampaignFileError:
            return events  # The page before cannot say: nothing is dropped.
        return [event for event in events if event.seq > before]


class Numbered(Sequence[Path]):
    """Chunks 1 to ``count`` by their checkpoint names, made only as asked for."""

    def __init__(self, folder: Path, count: int) -> None:
        self.folder = folder
        self.count = count

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[n] for n in range(*index.indices(self.count))]
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError(index)
        return chunk_probe.chunk_path(self.folder, index + 1)
