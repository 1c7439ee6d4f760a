"""Ctrl+C at a served table with live seats: the server and every seat's app are gone
within a second, and nothing is printed on the way out (no warning from a closed loop)."""

import asyncio
import os
import signal
import time

import aiohttp

from tests.serve.conftest import ServedTable, apps_on, needs_proc
from tests.serve.test_serve_process import APP_SECONDS, let_in, until

STOP_SECONDS = 1.5
"""How soon after SIGINT the server must have exited, apps and all. Alone on this machine it
takes 0.3 to 0.6 s (the apps are told to quit, and killed after a quarter second); beside
the rest of the suite on two cores, up to 1.1 s was seen, so the bound leaves room for a
loaded machine while the old server's waits (2.4 s with three seats, 15 s after a flood of
keys) still fail it. bench/serve.py times the stop on a quiet machine."""


@needs_proc
async def test_ctrl_c_with_three_live_seats_ends_everything_within_a_second_and_says_nothing(
    demo,
):
    before = apps_on(demo)
    table = ServedTable(demo)
    try:
        async with aiohttp.ClientSession() as session:
            for seat in ("gm", "mara", "jun"):
                await let_in(session, table, seat)
            await until(lambda: len(apps_on(demo)) == len(before) + 3, "three apps")
            await asyncio.sleep(1)  # Each app has drawn its first screen.
            said_before = table.output()
            asked = time.monotonic()
            table.process.send_signal(signal.SIGINT)
            table.process.wait(timeout=APP_SECONDS)
            took = time.monotonic() - asked
        assert took < STOP_SECONDS, f"SIGINT took {took:.2f} s"
        assert table.process.returncode == 0
        assert apps_on(demo) == before
        assert table.output() == said_before  # Not "Exception ignored ...", nor a traceback.
    finally:
        table.process.kill()
        for left in apps_on(demo).keys() - before.keys():  # Only when the test failed.
            os.kill(left, signal.SIGKILL)
