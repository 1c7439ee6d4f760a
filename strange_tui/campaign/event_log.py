"""Where the store keeps its events: the ``EventLog`` a campaign folder implements (its
journal, its lock, what other writers did), and ``MemoryLog`` for tests and scratch
campaigns."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple, Protocol

from strange_tui.campaign.model.events import AnyEvent, batches
from strange_tui.campaign.model.state import Campaign


class News(NamedTuple):
    """What other writers did: batches appended (``snapshot`` None), or the whole journal
    again after ``snapshot`` when they checkpointed or undid."""

    snapshot: Campaign | None
    events: tuple[AnyEvent, ...]


class Unsure(enum.Enum):
    """The news could not be read without the lock (``EventLog.news_unlocked``)."""

    UNSURE = "unsure"


UNSURE = Unsure.UNSURE


class EventLog(Protocol):
    """Where the store keeps its events (a campaign folder on disk, or memory in tests)."""

    def transaction(self) -> Any:
        """An object whose ``held()`` context holds the writers' lock (re-entrant)."""

    def news(self) -> News | None:
        """What other writers did since this log last read or wrote (with the lock held)."""

    def news_unlocked(self) -> News | None | Unsure:
        """The news read without the lock when that is safe, else ``UNSURE``."""

    def quiet(self) -> bool:
        """True when no other writer can have written since this log last read or wrote:
        a look without the lock (False when in doubt)."""

    def append(self, events: Sequence[AnyEvent]) -> None:
        """Keep one command's ``events`` durably, all or none, before returning."""

    def drop_last(self) -> None:
        """Forget the last command's events (undo)."""

    def checkpoint(
        self, snapshot: Campaign, sealed: Sequence[AnyEvent], kept: Sequence[AnyEvent]
    ) -> None:
        """Save ``snapshot`` (the state after ``sealed``), seal ``sealed`` into history and
        keep only ``kept`` in the journal."""


class _NoLock:
    """The lock of a log only one store writes."""

    @contextmanager
    def held(self, wait: float | None = None) -> Iterator[None]:
        yield


class MemoryLog:
    """An EventLog in memory, for tests and scratch campaigns."""

    def __init__(self) -> None:
        self.journal: list[AnyEvent] = []
        self.history: list[AnyEvent] = []
        self.snapshot: Campaign | None = None

    def transaction(self) -> _NoLock:
        return _NoLock()

    def news(self) -> News | None:
        return None

    def news_unlocked(self) -> None:
        return None

    def quiet(self) -> bool:
        return True

    def append(self, events: Sequence[AnyEvent]) -> None:
        self.journal.extend(events)

    def drop_last(self) -> None:
        del self.journal[-len(batches(self.journal)[-1]) :]

    def checkpoint(
        self, snapshot: Campaign, sealed: Sequence[AnyEvent], kept: Sequence[AnyEvent]
    ) -> None:
        self.snapshot = snapshot
        self.history.extend(sealed)
        self.journal = list(kept)
