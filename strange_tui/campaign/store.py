"""The store: apply each command's events as one transaction, keep them in a log, undo and
redo whole commands, tell subscribers.

Over 300 lines: the one class that writes the journal, and what it must keep true there
together: each command one batch, undo by seat and window (a die seen at a player's seat
taken back only by the GM, its trace kept), redo, following other windows, checkpoints."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple

from msgspec.structs import replace

from strange_tui.campaign.event_log import UNSURE, EventLog, MemoryLog, News
from strange_tui.campaign.limits import check_event, check_state
from strange_tui.campaign.model.dice_seen import REFUSED, is_trace, shows_a_die, taken_back
from strange_tui.campaign.model.events import AnyEvent, batches
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.errors import RuleViolation

# A checkpoint seals older events once the journal holds this many...
CHECKPOINT_EVERY = 256
# ...but keeps this many in the journal, so undo still reaches back after a checkpoint.
UNDO_DEPTH = 64

Subscriber = Callable[[Campaign, tuple[AnyEvent, ...]], None]
"""Called after each change with the new state and the command's events (none for undo)."""


class ReplayError(RuleViolation):
    """An event of a journal that the rules refuse on replay; ``index`` says which."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index


def fold_command(
    state: Campaign, events: Sequence[AnyEvent], origin: str = ""
) -> tuple[Campaign, tuple[AnyEvent, ...]]:
    """One command's events stamped (seq, in-game time, batch, origin) and folded into
    ``state``; RuleViolation when the rules refuse any of them, or when an event or the
    state it makes would hold what the campaign files may not (they would never open)."""
    if not events:
        raise RuleViolation("Nothing to do.")
    stamped: list[AnyEvent] = []
    for event in events:
        first = stamped[0].seq if stamped else 0
        event = replace(
            event,
            seq=state.seq + 1,
            at=state.clock.seconds,
            batch=first,
            origin="" if first else origin,
        )
        check_event(event)
        state = reduce(state, event)
        stamped.append(event)
    check_state(state)
    return state, tuple(stamped)


class Done(NamedTuple):
    """One command in the journal: the state before it, and its events."""

    before: Campaign
    events: tuple[AnyEvent, ...]


class Store:
    """Holds the campaign state and changes it only through commands' events.

    ``apply`` stamps a command's events with their numbers and the in-game time, folds them
    with ``reduce`` (which refuses what the rules forbid: then nothing changes), keeps them
    in the log as one batch, and tells the subscribers once. Undo and redo move over whole
    commands; an undone command is dropped from the log, so it is never saved.
    """

    def __init__(
        self,
        snapshot: Campaign,
        log: EventLog | None = None,
        journal: Sequence[AnyEvent] = (),
        *,
        checkpoint_every: int = CHECKPOINT_EVERY,
        undo_depth: int = UNDO_DEPTH,
        origin: str = "",
    ) -> None:
        self._log = log if log is not None else MemoryLog()
        self.origin = origin
        """This window, stamped on its commands: undo takes back only its own."""
        self._checkpoint_every = checkpoint_every
        self._undo_depth = undo_depth
        self._subscribers: list[Subscriber] = []
        self._done: list[Done] = []
        """Each command of the journal, oldest first."""
        self._undone: list[tuple[AnyEvent, ...]] = []
        self.checkpoint_error: OSError | None = None
        """Why the last checkpoint failed, if it did; the journal still holds everything."""
        self._state = snapshot
        self._fold_journal(journal)

    def _fold_journal(self, journal: Sequence[AnyEvent]) -> None:
        """Fold events that are already in the log (opening, or another window's)."""
        state = self._state
        index = 0
        for batch in batches(journal):
            self._done.append(Done(state, batch))
            for event in batch:
                try:
                    state = reduce(state, event)
                except RuleViolation as refused:
                    raise ReplayError(index, str(refused)) from None
                index += 1
        self._state = state

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Hold the writers' lock and catch up on what other windows wrote: a command
        decided inside sees the campaign as it is on disk."""
        with self._log.transaction().held():
            self._catch_up()
            yield

    def catch_up(self, wait: float | None = None) -> bool:
        """Take in what other windows wrote; True when anything changed."""
        if self._log.quiet():
            # A window follows its campaign several times a second: while nobody else
            # writes, that costs a look at the journal, not the lock (nor its owner note).
            return False
        news = self._log.news_unlocked()
        if news is not UNSURE:
            # Another window's whole batches, read as they landed: no wait for its lock.
            return self._take(news)
        with self._log.transaction().held(wait):
            return self._catch_up()

    def _catch_up(self) -> bool:
        return self._take(self._log.news())

    def _take(self, news: News | None) -> bool:
        if news is None:
            return False
        if news.snapshot is not None:
            self._state = news.snapshot
            self._done = []
        self._fold_journal(news.events)
        self._undone.clear()
        self._notify(news.events)
        return True

    @property
    def state(self) -> Campaign:
        """The current campaign state."""
        return self._state

    @property
    def can_undo(self) -> bool:
        return self._last_step() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def last_command(self) -> tuple[AnyEvent, ...]:
        """The events of the command undo would take back (none when there is none)."""
        at = self._last_step()
        return self._done[at].events if at is not None else ()

    def _last_step(self) -> int | None:
        """Where in the journal the step undo would take back is: the last command that
        is not the trace of a step taken back (undo passes over those)."""
        for at in range(len(self._done) - 1, -1, -1):
            if not is_trace(self._done[at].events):
                return at
        return None

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call ``subscriber(state, events)`` after every change; returns an unsubscribe."""
        self._subscribers.append(subscriber)
        return lambda: self._subscribers.remove(subscriber)

    def dispatch(self, event: AnyEvent) -> AnyEvent:
        """Apply one event as a command of its own; returns it as stamped."""
        return self.apply([event])[0]

    def apply(self, events: Sequence[AnyEvent]) -> tuple[AnyEvent, ...]:
        """Apply one command's ``events`` as one transaction: one journal batch, one undo
        step, one notification. RuleViolation (nothing changed, nothing written) when the
        rules refuse any of them. Other windows' changes are taken in first, and the
        events are checked against the campaign as it then is."""
        with self.transaction():
            state, done = fold_command(self._state, events, self.origin)
            self._log.append(done)
            self._done.append(Done(self._state, done))
            self._undone.clear()
            self._state = state
            self._maybe_checkpoint()
        self._notify(done)
        return done

    def undo(self, seat: str = GM) -> tuple[AnyEvent, ...]:
        """Take back the campaign's last command, when this window made it (or a window
        of this machine that has since closed); returns its events. Another open window's
        command is never taken back from here: RuleViolation says whose it is. A player's
        ``seat`` takes back only that seat's own commands (the GM's takes back any).

        A die once seen stays seen: a step that rolled a die is taken back only from the
        GM's seat (solo play: as any other step). When the GM takes back such a step made
        at a player's seat (from any window: that seat may not), the log keeps its trace,
        a ``StepTakenBack`` in its place; undo passes over the traces."""
        with self.transaction():
            at = self._last_step()
            if at is None:
                raise RuleViolation("Nothing to undo.")
            before, events = self._done[at]
            if seat != GM and events[0].seat != seat:
                made_at = events[0].seat
                whose = (
                    f"{self._state.characters[made_at].name}'s"
                    if made_at in self._state.characters
                    else "the GM's"
                )
                raise RuleViolation(f"The last change was {whose}; only that seat may undo it.")
            rolled = shows_a_die(events) and not self._state.settings.solo
            if rolled and seat != GM:
                raise RuleViolation(REFUSED)
            traced = rolled and bool(events[0].seat)
            if not traced and not may_undo(events[0].origin, self.origin):
                raise RuleViolation(
                    "The last change was made in another window"
                    f" ({describe_origin(events[0].origin)}); undo it there."
                )
            traces = [done.events for done in self._done[at + 1 :]]
            if traced:
                traces.append((taken_back(events, events[0].seat),))
            for _ in self._done[at:]:
                self._log.drop_last()
            del self._done[at:]
            self._state = before
            for trace in traces:  # In the step's place, stamped anew.
                state, kept = fold_command(self._state, trace, self.origin)
                self._log.append(kept)
                self._done.append(Done(self._state, kept))
                self._state = state
            self._undone.append(events)
        self._notify(())
        return events

    def redo(self) -> tuple[AnyEvent, ...]:
        """Apply again the command undone last, as a new command; returns its events.
        Once another window changed the campaign, there is nothing to redo."""
        with self.transaction():
            if not self._undone:
                raise RuleViolation("Nothing to redo.")
            events = self._undone.pop()
            undone = list(self._undone)
            try:
                return self.apply([replace(e, seq=0, batch=0, origin="") for e in events])
            finally:
                self._undone = undone

    @property
    def log(self) -> EventLog:
        return self._log

    def journal(self) -> list[AnyEvent]:
        """The events since the last snapshot, oldest first."""
        return [event for done in self._done for event in done.events]

    def compact(self) -> None:
        """Seal all but the last ``undo_depth`` commands (call it when the campaign closes),
        so the next open replays a short journal and undo still reaches back."""
        with self.transaction():
            if len(self._done) > self._undo_depth:
                self._checkpoint()

    def _maybe_checkpoint(self) -> None:
        """Seal older commands once the journal is long, so opening stays fast."""
        if len(self._done) >= self._checkpoint_every:
            self._checkpoint()

    def _checkpoint(self) -> None:
        """A checkpoint that fails (a full disk) loses nothing: the journal still holds
        every event, and the next one tries again."""
        cut = len(self._done) - self._undo_depth
        snapshot = self._done[cut].before
        sealed = [event for done in self._done[:cut] for event in done.events]
        kept = [event for done in self._done[cut:] for event in done.events]
        try:
            self._log.checkpoint(snapshot, sealed, kept)
        except OSError as error:
            self.checkpoint_error = error
            return
        self.checkpoint_error = None
        self._done = self._done[cut:]

    def _notify(self, events: tuple[AnyEvent, ...]) -> None:
        for subscriber in list(self._subscribers):
            subscriber(self._state, events)


def may_undo(made_by: str, me: str) -> bool:
    """Whether the window ``me`` may take back a command made by ``made_by``: its own; one
    made before windows were told apart; or one of a window of this machine that has
    closed since (reopening a campaign keeps its undo)."""
    if made_by in ("", me):
        return True
    host, _, pid = made_by.rpartition(":")
    my_host = me.rpartition(":")[0]
    return host == my_host and pid.isdigit() and not _running(int(pid))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # It exists, but is someone else's.
    return True


def describe_origin(origin: str) -> str:
    host, _, pid = origin.rpartition(":")
    return f"process {pid} on {host}" if host else origin
