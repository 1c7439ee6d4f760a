"""Who is let in before they show a seat's token: a bounded number of connections, each for
a bounded time, so that idle sockets cannot use up the server's open files.

A connection costs an open file from the moment it is accepted, long before its first
request says which seat's link it followed. Left alone, a few thousand idle sockets use up
the files (1,024 by default on many hosts): every seat's page then times out, and asyncio
writes a traceback for every accept it retries. So: the server takes every open file the
host allows it; a connection that sends no request within ``IDLE_SECONDS`` is closed (the
web server's keep-alive timeout, which also runs from the connection's start); and at most
``WAITING_CONNECTIONS`` connections wait to show a token: one more closes the oldest of
them, not the newcomer, since a browser sends its request as soon as it connects, and it is
the idle ones that are stale. What the server does about it is said once, not per socket.

Imported only when `strange-tui serve` runs; it has no aiohttp of its own: it wraps the
protocol the web server makes for each connection."""

from __future__ import annotations

import asyncio
import resource
import sys
from collections.abc import Callable
from typing import Any

IDLE_SECONDS = 10.0
"""How long a connection may be open without a request (a first one, or the next)."""
WAITING_CONNECTIONS = 128
"""The connections that may be open at once before they have shown a seat's token: room
for every seat's browser to open its half-dozen connections at once, several times over.
Fewer when the open files are few: a quarter of them, since asyncio accepts a hundred
connections at a time before the oldest can be closed, and the apps need theirs."""
OPEN_FILES = 65536
"""The most open files the server asks for (the host's hard limit, when that is lower)."""
CROWDED = (
    "More connections than any table opens are waiting without a seat's link: the oldest"
    " are being closed (said once)."
)
OUT_OF_FILES = (
    "The server ran out of open files: new connections wait until some close (said once)."
)
ACCEPT_FAILED = "socket.accept() out of system resource"
"""How asyncio's event loop reports an accept that failed for want of files."""


def take_open_files() -> None:
    """Raise this process's soft limit of open files to its hard one: a host's default
    (often 1,024) is a few hundred browsers, while the hard limit is the host's to set."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, OPEN_FILES)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Doors:
    """The connections that have not shown a seat's token yet, oldest first."""

    def __init__(self, most: int | None = None, tell: Callable[[str], None] = say) -> None:
        self.most = most
        """The most that may wait; by default, set from the open files when listening."""
        self.tell = tell
        self.waiting: dict[asyncio.Protocol, asyncio.BaseTransport] = {}
        """Each waiting connection's web protocol, with its transport, in arrival order."""
        self.told: set[str] = set()

    def guard(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], asyncio.Protocol]:
        """The protocol factory to listen with, for the web server's factory ``make``."""
        if self.most is None:
            files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            unlimited = files == resource.RLIM_INFINITY
            self.most = WAITING_CONNECTIONS if unlimited else min(WAITING_CONNECTIONS, files // 4)
        return lambda: Door(self, make())

    def arrived(self, protocol: asyncio.Protocol, transport: asyncio.BaseTransport) -> None:
        while len(self.waiting) >= (self.most or WAITING_CONNECTIONS):
            oldest = next(iter(self.waiting))
            self.waiting.pop(oldest).close()
            self.once(CROWDED)
        self.waiting[protocol] = transport

    def admit(self, protocol: object) -> None:
        """The connection of ``protocol`` has shown a seat's token: it no longer waits."""
        self.waiting.pop(protocol, None)  # type: ignore[call-overload]

    def once(self, line: str) -> None:
        if line not in self.told:
            self.told.add(line)
            self.tell(line)

    def watch_accepts(self, loop: asyncio.AbstractEventLoop) -> None:
        """Say once, without a traceback, that accepts fail for want of files (asyncio
        retries them each second, and logs each, with a traceback, as an error)."""
        previous = loop.get_exception_handler()

        def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
            if context.get("message") == ACCEPT_FAILED:
                self.once(OUT_OF_FILES)
            elif previous is not None:
                previous(loop, context)
            else:
                loop.default_exception_handler(context)

        loop.set_exception_handler(handle)


class Door(asyncio.Protocol):
    """The web server's protocol for one connection, which it passes every call to, and
    which tells ``doors`` when the connection opens and closes."""

    def __init__(self, doors: Doors, inner: Any) -> None:
        self.doors = doors
        self.inner = inner

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.doors.arrived(self.inner, transport)
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.doors.admit(self.inner)  # Gone: it waits no more.
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()
