"""How the app follows its open campaign: woken by the system when another window writes
it (storage/watching.py: the folder's inotify descriptor, read by the app's own asyncio
loop, no thread), with a slow look every couple of seconds in case an event is lost; or,
where the system cannot tell (a network folder, no inotify, ``follow = "poll"``), a look at
the journal every FOLLOW_EVERY seconds, as before watching existed.

No Textual import at run time: ``strange-tui --where`` asks ``how_it_follows`` cheaply."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from strange_tui.storage.watching import FolderWatch, Plan, open_watch

if TYPE_CHECKING:
    from textual.app import App
    from textual.timer import Timer

    from strange_tui.tui.common.session import Session

FOLLOW_EVERY = 0.3
"""Seconds between two looks at the campaign's journal when polling."""
SAFETY_EVERY = 2.0
"""Seconds between two looks while watching: a missed event leaves a window stale that
long at most."""
RETRY_AFTER = 0.1
RETRIES = 3
"""A wake that found nothing looks again a few times: the writer may still have held the
lock (following waits 50 ms for it, then leaves it), and its release raises no event."""
AFTER_FIRST_FRAME = 0.25
"""Seconds after mounting when following begins: the first frame comes first."""
WATCHED_WORDS = "inotify (the journal watched by the system)"


def how_it_follows(
    folder: Path,
    config_follow: str,
    env: Mapping[str, str] | None = None,
    mounts: str | None = None,
) -> str:
    """How a window follows a campaign in ``folder`` (or below it), for ``--where``: the
    watch is tried on the nearest folder there is, and closed at once."""
    while not folder.is_dir() and folder.parent != folder:
        folder = folder.parent
    watch, plan = open_watch(folder, config_follow, env, mounts)
    if watch is None:
        return f"polling every {FOLLOW_EVERY} s ({plan.why})"
    watch.close()
    return WATCHED_WORDS


class Following:
    """The follow of one app: a watch and its reader, or a poll timer, for the session open
    now; started on mount, moved to each new session, stopped on damage and on exit."""

    def __init__(self, app: App[None], follow: Callable[[], bool], config_follow: str) -> None:
        self._app = app
        self._follow = follow
        """The app's look at the campaign (True when something changed)."""
        self._config_follow = config_follow
        self._session: Session | None = None
        self._running = False
        self._ended = False
        self.watch: FolderWatch | None = None
        """The system's watch on the campaign folder, while there is one."""
        self.plan = Plan("poll", "no campaign open")
        self.every: float | None = None
        """The timer's interval: FOLLOW_EVERY when polling, SAFETY_EVERY when watching."""
        self._timer: Timer | None = None
        self._retry: Timer | None = None
        self._retries = 0
        self._woken = False
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def mode(self) -> str:
        """ "watch" or "poll" ("" while nothing is followed)."""
        if self._timer is None:
            return ""
        return "watch" if self.watch is not None else "poll"

    def start(self) -> None:
        """The app is up: follow the session open now, and every one after; a first look
        takes in what other windows wrote since it was opened."""
        if self._running or self._ended:
            return
        self._running = True
        self._begin()
        if self._session is not None:
            self._follow()

    def use(self, session: Session | None) -> None:
        """Follow ``session`` from now on (the one before is let go)."""
        self.stop()
        self._session = session
        if session is not None:
            session.when_damaged(lambda _reason: self._damaged(session))
        if self._running:
            self._begin()

    def stop(self) -> None:
        """Follow nothing: the reader removed, the watch closed, the timers stopped."""
        if self.watch is not None:
            if self._loop is not None:
                self._loop.remove_reader(self.watch.fd)
            self.watch.close()
            self.watch = None
        for timer in (self._timer, self._retry):
            if timer is not None:
                timer.stop()
        self._timer = self._retry = None
        self.every = None
        self._woken = False

    def end(self) -> None:
        """The app is closing: stop, and follow no session given later."""
        self._running = False
        self._ended = True
        self.stop()

    def _damaged(self, session: Session) -> None:
        if session is self._session:
            self.stop()  # Nothing more is read from bad files; F5 opens a new session.

    def _begin(self) -> None:
        session = self._session
        if session is None or session.damage is not None:
            return
        watch, self.plan = open_watch(session.path, self._config_follow)
        if watch is not None:
            try:
                self._loop = asyncio.get_running_loop()
                self._loop.add_reader(watch.fd, self._ready)
            except (RuntimeError, NotImplementedError, OSError) as error:
                watch.close()
                watch, self.plan = None, Plan("poll", f"no file events in this loop ({error})")
        self.watch = watch
        self._poll(SAFETY_EVERY if watch is not None else FOLLOW_EVERY)

    def _poll(self, every: float) -> None:
        self.every = every
        self._timer = self._app.set_interval(every, self._follow, name="follow the campaign")

    def _ready(self) -> None:
        """The watch's descriptor is readable: read it all, and look once (however many
        events came), from the app's queue rather than inside the loop's callback."""
        watch = self.watch
        if watch is None:
            return
        look = watch.drain()
        if watch.lost:  # The folder was moved or removed: only a poll can still see it.
            self.stop()
            self.plan = Plan("poll", "the watch was lost")
            self._poll(FOLLOW_EVERY)
        if look and not self._woken:
            self._woken = True
            self._app.call_later(self._wake)

    def _wake(self) -> None:
        self._woken = False
        if self._retry is not None:
            self._retry.stop()  # This look counts for it.
        self._retries = RETRIES
        self._look_again()

    def _look_again(self) -> None:
        self._retry = None
        if self._timer is None:
            return  # Stopped meanwhile.
        if self._follow() or self._retries <= 0:
            return
        self._retries -= 1
        self._retry = self._app.set_timer(RETRY_AFTER, self._look_again, name="look again")
