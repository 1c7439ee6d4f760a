"""A seat that floods its app, as the host sees it: `strange-tui serve` as a subprocess, with
the real app, under a limit of address space (a regression fails here rather than swapping).
A message past the size the page sends, and keys faster than anyone types, each close their
connection and end its app; a connection dropped mid-flood ends its app too; the host's
processes and memory are then as they began, and Ctrl+C still ends the server at once."""

import asyncio
import json
import os
import resource
import signal
import time

import aiohttp
from aiohttp import WSCloseCode

from strange_tui.cli.serve.messages import TOO_FAST
from tests.serve.conftest import ServedTable, apps_on, needs_proc, resident
from tests.serve.test_serve_process import APP_MEGABYTES, APP_SECONDS, drawn, let_in, until

ADDRESS_SPACE = 1 << 30
"""The server's (and each app's) address space: five times what the app maps (about 190
MB), far below what a megabyte of keys took (900 MB resident, and growing)."""
STOP_SECONDS = 1.5
"""How soon after SIGINT the server must have exited, apps and all: see STOP_SECONDS in
test_serve_shutdown (the old server ignored SIGINT for 15 s after a flood)."""
SERVER_GROWTH_MB = 40
"""What the server may keep after the floods (a few messages' buffers, the allocator's)."""


async def peak_app_memory(campaign, seconds: float) -> int:
    """The most resident memory, in kB, any app on ``campaign`` holds over ``seconds``."""
    peak = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        peak = max(peak, *apps_on(campaign).values(), 0)
        await asyncio.sleep(0.1)
    return peak


@needs_proc
async def test_a_seats_oversized_message_and_flood_of_keys_end_its_app_and_leave_the_host_as_before(
    demo,
):
    before = apps_on(demo)
    table = ServedTable(demo, limits={resource.RLIMIT_AS: (ADDRESS_SPACE, ADDRESS_SPACE)})
    try:
        server_kb = resident(table.process.pid)
        async with aiohttp.ClientSession() as session:
            # One message of a megabyte of keys: refused, its connection closed, its app ended.
            gm = await let_in(session, table, "gm")
            await until(lambda: len(apps_on(demo)) == len(before) + 1, "the GM's app")
            await gm.send_str(json.dumps(["stdin", "a" * 1_048_000]))
            await drawn(gm, APP_SECONDS)  # Up to the close.
            assert gm.close_code == WSCloseCode.MESSAGE_TOO_BIG
            await until(lambda: apps_on(demo) == before, "the GM's app ended")

            # Keys as fast as a script sends them: closed once past a person's pace.
            mara = await let_in(session, table, "mara")
            await until(lambda: len(apps_on(demo)) == len(before) + 1, "Mara's app")
            for _ in range(20):  # 160,000 keys; a person's allowance is a twentieth of it.
                try:
                    await mara.send_json(["stdin", "a" * 8000])
                except ConnectionResetError:  # Closed already.
                    break
            await drawn(mara, APP_SECONDS)
            assert mara.close_code == WSCloseCode.POLICY_VIOLATION
            peak = await peak_app_memory(demo, 3)
            assert peak < APP_MEGABYTES * 1024, f"the flooded app held {peak // 1024} MB"
            await until(lambda: apps_on(demo) == before, "Mara's app ended")

        # A connection dropped mid-flood, without a word: its app is ended all the same.
        async with aiohttp.ClientSession() as dropped:
            jun = await let_in(dropped, table, "jun")
            await until(lambda: len(apps_on(demo)) == len(before) + 1, "Jun's app")
            for _ in range(4):
                await jun.send_json(["stdin", "a" * 1500])
        await until(lambda: apps_on(demo) == before, "the dropped connection's app ended")
        grown = (resident(table.process.pid) - server_kb) // 1024
        assert grown < SERVER_GROWTH_MB, f"the server grew by {grown} MB"
        assert TOO_FAST.decode() not in table.output()  # Said to the browser, not the host.

        # Ctrl+C with a live seat: the server and its app are gone within a second.
        async with aiohttp.ClientSession() as session:
            await let_in(session, table, "tess")
            await until(lambda: len(apps_on(demo)) == len(before) + 1, "Tess's app")
            asked = time.monotonic()
            table.process.send_signal(signal.SIGINT)
            table.process.wait(timeout=APP_SECONDS)
            took = time.monotonic() - asked
        assert took < STOP_SECONDS, f"SIGINT took {took:.2f} s"
        assert apps_on(demo) == before
        assert "Traceback" not in table.output()
        assert "Exception ignored" not in table.output()
    finally:
        table.process.kill()
        for left in apps_on(demo).keys() - before.keys():  # Only when the test failed.
            os.kill(left, signal.SIGKILL)
