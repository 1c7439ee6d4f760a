"""The store: dispatch events, keep them in a log, undo and redo, tell subscribers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from msgspec.structs import replace

from strange_tui.campaign.events import AnyEvent
from strange_tui.campaign.reduce import reduce
from strange_tui.campaign.state import Campaign
from strange_tui.rules.errors import RuleViolation

# A checkpoint seals older events once the journal holds this many...
CHECKPOINT_EVERY = 256
# ...but keeps this many in the journal, so undo still reaches back after a checkpoint.
UNDO_DEPTH = 64

Subscriber = Callable[[Campaign, AnyEvent | None], None]


class ReplayError(RuleViolation):
    """An event of a journal that the rules refuse on replay; ``index`` says which."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index


class EventLog(Protocol):
    """Where the store keeps its events (a campaign folder on disk, or memory in tests)."""

    def append(self, event: AnyEvent) -> None:
        """Keep ``event`` durably before returning."""

    def drop_last(self) -> None:
        """Forget the last event kept (undo)."""

    def checkpoint(
        self, snapshot: Campaign, sealed: Sequence[AnyEvent], kept: Sequence[AnyEvent]
    ) -> None:
        """Save ``snapshot`` (the state after ``sealed``), seal ``sealed`` into history and
        keep only ``kept`` in the journal."""


class MemoryLog:
    """An EventLog in memory, for tests and scratch campaigns."""

    def __init__(self) -> None:
        self.journal: list[AnyEvent] = []
        self.history: list[AnyEvent] = []
        self.snapshot: Campaign | None = None

    def append(self, event: AnyEvent) -> None:
        self.journal.append(event)

    def drop_last(self) -> None:
        self.journal.pop()

    def checkpoint(
        self, snapshot: Campaign, sealed: Sequence[AnyEvent], kept: Sequence[AnyEvent]
    ) -> None:
        self.snapshot = snapshot
        self.history.extend(sealed)
        self.journal = list(kept)


class Store:
    """Holds the campaign state and changes it only through events.

    ``dispatch`` stamps an event with its number and the in-game time, folds it with
    ``reduce`` (which refuses what the rules forbid, changing nothing), keeps it in the log,
    and tells the subscribers. Undo and redo move over the events of the journal; an undone
    event is dropped from the log, so it is never saved.
    """

    def __init__(
        self,
        snapshot: Campaign,
        log: EventLog | None = None,
        journal: Sequence[AnyEvent] = (),
        *,
        checkpoint_every: int = CHECKPOINT_EVERY,
        undo_depth: int = UNDO_DEPTH,
    ) -> None:
        self._log = log if log is not None else MemoryLog()
        self._checkpoint_every = checkpoint_every
        self._undo_depth = undo_depth
        self._subscribers: list[Subscriber] = []
        # (state before, event) for each event of the journal, oldest first.
        self._done: list[tuple[Campaign, AnyEvent]] = []
        self._undone: list[AnyEvent] = []
        self.checkpoint_error: OSError | None = None
        """Why the last checkpoint failed, if it did; the journal still holds everything."""
        state = snapshot
        for index, event in enumerate(journal):
            self._done.append((state, event))
            try:
                state = reduce(state, event)
            except RuleViolation as refused:
                raise ReplayError(index, str(refused)) from None
        self._state = state

    @property
    def state(self) -> Campaign:
        """The current campaign state."""
        return self._state

    @property
    def can_undo(self) -> bool:
        return bool(self._done)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber(state, event)`` after every change; returns an unsubscribe."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber)

    def dispatch(self, event: AnyEvent) -> AnyEvent:
        """Apply ``event`` and keep it; returns the event as stamped. RuleViolation (and
        nothing changed, nothing written) when the rules forbid it."""
        stamped = replace(event, seq=self._state.seq + 1, at=self._state.clock.seconds)
        new_state = reduce(self._state, stamped)
        self._log.append(stamped)
        self._done.append((self._state, stamped))
        self._undone.clear()
        self._state = new_state
        self._maybe_checkpoint()
        self._notify(stamped)
        return stamped

    def undo(self) -> AnyEvent:
        """Take back the last event; returns it."""
        if not self._done:
            raise RuleViolation("Nothing to undo.")
        before, event = self._done[-1]
        self._log.drop_last()
        self._done.pop()
        self._undone.append(event)
        self._state = before
        self._notify(None)
        return event

    def redo(self) -> AnyEvent:
        """Apply again the event undone last; returns it."""
        if not self._undone:
            raise RuleViolation("Nothing to redo.")
        event = self._undone[-1]
        new_state = reduce(self._state, event)
        self._log.append(event)
        self._undone.pop()
        self._done.append((self._state, event))
        self._state = new_state
        self._notify(event)
        return event

    def journal(self) -> list[AnyEvent]:
        """The events since the last snapshot, oldest first."""
        return [event for _, event in self._done]

    def compact(self) -> None:
        """Seal all but the last ``undo_depth`` events (call it when the campaign closes),
        so the next open replays a short journal and undo still reaches back."""
        if len(self._done) > self._undo_depth:
            self._checkpoint()

    def _maybe_checkpoint(self) -> None:
        """Seal older events once the journal is long, so opening stays fast."""
        if len(self._done) >= self._checkpoint_every:
            self._checkpoint()

    def _checkpoint(self) -> None:
        """A checkpoint that fails (a full disk) loses nothing: the journal still holds
        every event, and the next one tries again."""
        cut = len(self._done) - self._undo_depth
        snapshot = self._done[cut][0]
        sealed = [event for _, event in self._done[:cut]]
        kept = [event for _, event in self._done[cut:]]
        try:
            self._log.checkpoint(snapshot, sealed, kept)
        except OSError as error:
            self.checkpoint_error = error
            return
        self.checkpoint_error = None
        self._done = self._done[cut:]

    def _notify(self, event: AnyEvent | None) -> None:
        for subscriber in list(self._subscribers):
            subscriber(self._state, event)
