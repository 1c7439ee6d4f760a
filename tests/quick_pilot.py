"""Pilot tests that wait for the app, not for the clock.

After each key, Textual's Pilot waits for "idle" twice (``textual._wait.wait_for_idle``),
and ``pilot.pause()`` once more: it sleeps 20 ms at a time until a 20 ms sleep passes with
under 1 ms of the process's CPU. So every key cost at least 40 ms asleep, and more on a
busy machine (where a sleep overruns and the app's own work spreads over more windows):
a test of a hundred keys slept ten seconds or more. Here the wait ends when the app has
nothing left to do: no callback ready to run in the event loop (a message posted, a task
woken, a descriptor such as the journal's inotify watch readable) and no timer due within
those 20 ms (the screen's update timer, Textual's short timers), seen three times in a
row. That is what the CPU clock stood for: the old wait stopped once the app went quiet;
this one stops at the same point, without the fixed sleeps, and without taking a busy
machine for a busy app.

The app runs without it: this is for the test process alone (installed by conftest). To
run the tests with Textual's own wait (say, to tell whether a failure comes from here),
set ``STRANGE_TUI_TEXTUAL_PILOT=1``.
"""

from __future__ import annotations

import asyncio
import os
import time

import textual._wait
import textual.app
import textual.pilot

SOON = textual._wait.SLEEP_GRANULARITY
"""A timer due within this is work still to come (the old wait's window: 20 ms)."""
CALM = 3
"""Looks in a row that find nothing to run, before the app counts as idle."""


async def wait_until_quiet(min_sleep: float = 0.0, max_sleep: float = 1.0) -> None:
    """Textual's ``wait_for_idle``, by the event loop's state rather than the CPU clock:
    return once nothing is ready to run and no timer is due within ``SOON`` (or after
    ``max_sleep`` seconds, as the original). ``min_sleep`` is not slept: the app's
    pending work is what is waited for."""
    loop = asyncio.get_running_loop()
    give_up = time.monotonic() + max_sleep
    calm = 0
    while calm < CALM and time.monotonic() < give_up:
        await asyncio.sleep(0)
        if loop._ready:  # type: ignore[attr-defined]
            calm = 0
            continue
        now = loop.time()
        scheduled = loop._scheduled  # type: ignore[attr-defined]
        due = min((timer.when() for timer in scheduled if not timer.cancelled()), default=None)
        if due is not None and due - now <= SOON:
            calm = 0
            await asyncio.sleep(max(0.0, due - now))
            continue
        calm += 1


def quick_pilot() -> None:
    """Install the wait for every app of this process (called once, from conftest)."""
    if os.environ.get("STRANGE_TUI_TEXTUAL_PILOT"):
        return
    textual.app.wait_for_idle = wait_until_quiet  # type: ignore[assignment]
    textual.pilot.wait_for_idle = wait_until_quiet  # type: ignore[assignment]
