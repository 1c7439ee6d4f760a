"""The server's life: listen (through ``doors``), say the links, and on Ctrl+C or SIGTERM
stop at once: the signal is the host's word, and a second's wait is all it should cost.

aiohttp's own `run_app` is not used: it waits on its connections for a minute, cannot put
a guard in front of each one, and lets a connection that has gone keep its handler (and so
its seat's app) running; here a lost connection cancels its handler, whose app is ended.

Imported only when `strange-tui serve` runs (it imports aiohttp)."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Awaitable, Callable

from aiohttp import web

from strange_tui.cli.serve.doors import IDLE_SECONDS, Doors, take_open_files

HANDLERS_SECONDS = 0.5
"""How long, once the apps are ended, the server waits for its handlers to return."""
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def serve_until_stopped(
    app: Awaitable[web.Application], where: tuple[str, int], doors: Doors, ready: Callable[[], None]
) -> None:
    """Serve ``app`` at ``where`` (host, port) with ``doors`` in front of it, call ``ready``
    once the port is open, and return when SIGINT or SIGTERM comes and the app's shutdown has
    run (OSError if the port cannot be opened)."""
    take_open_files()
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl+C before the handlers are set.
        asyncio.run(serve(app, where, doors, ready))


async def serve(
    app: Awaitable[web.Application], where: tuple[str, int], doors: Doors, ready: Callable[[], None]
) -> None:
    loop = asyncio.get_running_loop()
    doors.watch_accepts(loop)
    runner = web.AppRunner(
        await app,
        handler_cancellation=True,  # A connection gone ends its handler (and its app).
        keepalive_timeout=IDLE_SECONDS,
        shutdown_timeout=HANDLERS_SECONDS,
    )
    await runner.setup()
    try:
        assert runner.server is not None  # Set up just now.
        listening = await loop.create_server(
            doors.guard(runner.server), *where, reuse_address=True
        )
        stopped = asyncio.Event()
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, stopped.set)
        ready()
        try:
            await stopped.wait()
        finally:
            for number in STOP_SIGNALS:
                loop.remove_signal_handler(number)
            listening.close()
    finally:
        await runner.cleanup()
