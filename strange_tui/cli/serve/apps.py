"""A seat's app as a process: run without a shell, in a process group of its own, and
tied to the server so that it dies with it, even when the server is killed outright.

Imported only when `strange-tui serve` runs (it imports textual-serve)."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import shlex
import signal
import sys
from collections.abc import Callable
from typing import Any

from textual_serve.app_service import AppService

PR_SET_PDEATHSIG = 1
"""prctl's option (linux/prctl.h): the signal the kernel sends a process when its parent dies."""


def die_with_server() -> Callable[[], None] | None:
    """What the app's process runs between fork and exec, on Linux: the kernel kills it when
    the server dies, however it dies. A process group the server kills would not do: a
    SIGKILLed server runs nothing. SIGKILL, not SIGTERM: the app's web driver takes SIGTERM
    as a request to quit, which a busy app may never get to; the campaign on disk is safe
    from a kill (one fsynced journal entry per command, the kernel's lock)."""
    if not sys.platform.startswith("linux"):
        return None
    libc = ctypes.CDLL(None, use_errno=True)  # Loaded now: the forked child only calls it.
    server = os.getpid()

    def tie_to_server() -> None:
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != server:  # The server died before the tie was made.
            os._exit(1)

    return tie_to_server


class SeatApp(AppService):
    """textual-serve's app service for one seat's browser window, whose process is run
    from an argument list (textual-serve runs a shell, whose child the tie would miss)."""

    def __init__(self, argv: list[str], seat: str, **service: Any) -> None:
        super().__init__(shlex.join(argv), **service)
        self.argv = argv
        self.seat = seat
        """The seat whose window this is: only its token may fetch the app's downloads."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            # Its own group: Ctrl+C at the server's terminal reaches the server alone, which
            # tells each app to quit; and a kill reaches whatever the app started.
            start_new_session=True,
            preexec_fn=die_with_server(),
        )
        self._stdin = process.stdin
        return process

    async def end(self, seconds: float) -> None:
        """Tell the app to quit, kill its process group if it has not exited within
        ``seconds``, and return once the process is gone."""
        process = self._process
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        # Two waits, not one timeout around both: textual-serve's reader swallows the
        # cancellation a timeout sends, which would leave the second wait unbounded.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop(), seconds)
        if process is None:
            return
        # stop() returns once the app has closed its output, a moment before it exits.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(process.wait(), max(0, deadline - loop.time()))
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):  # It exited just now.
                if hasattr(os, "killpg"):
                    os.killpg(process.pid, signal.SIGKILL)
                else:  # Windows has no process groups to kill.
                    process.kill()
        await process.wait()
        # Its pipes go with it, now, while the loop runs: a transport left to the garbage
        # collector closes them after the loop has, and Python prints "Exception ignored
        # ... Event loop is closed" as the server exits. asyncio's Process names no public
        # way to close them all.
        transport = getattr(process, "_transport", None)
        if transport is not None:
            transport.close()
