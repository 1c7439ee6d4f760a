"""A served table as the host sees it: `strange-tui serve` as a subprocess, with the real
app, holds its apps to its limits and a huge resize to a screen's size, shrugs off a
malformed message, and when it is SIGKILLed, leaves no app running."""

import asyncio
import json
import os
import signal
import time

import aiohttp
from aiohttp import WSCloseCode, WSMsgType

from tests.serve.conftest import ServedTable, apps_on, needs_proc

APP_SECONDS = 30
"""How long a seat's app may take to start or draw (a cold start on a busy machine)."""
APP_MEGABYTES = 150
"""Far above what the app takes at the largest size (about 50 MB), far below what a billion
cells would take (gigabytes within seconds)."""


async def until(condition, what: str, seconds: float = APP_SECONDS):
    deadline = time.monotonic() + seconds
    while not (found := condition()):
        assert time.monotonic() < deadline, f"never happened: {what}"
        await asyncio.sleep(0.1)
    return found


async def let_in(session, table: ServedTable, seat: str):
    websocket = await session.ws_connect(f"http://127.0.0.1:{table.port}/{table.token(seat)}/ws")
    first = await asyncio.wait_for(websocket.receive(), APP_SECONDS)
    assert first.type == WSMsgType.TEXT and json.loads(first.data)[0] == "instance_id"
    return websocket


async def refused(session, table: ServedTable, seat: str) -> str:
    websocket = await session.ws_connect(f"http://127.0.0.1:{table.port}/{table.token(seat)}/ws")
    closed = await asyncio.wait_for(websocket.receive(), APP_SECONDS)
    assert (closed.type, websocket.close_code) == (WSMsgType.CLOSE, WSCloseCode.TRY_AGAIN_LATER)
    return closed.extra


async def drawn(websocket, seconds: float) -> int:
    """The bytes the app draws in ``seconds``, or until its connection closes."""
    received = 0
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            message = await asyncio.wait_for(websocket.receive(), left)
        except TimeoutError:
            break
        if message.type == WSMsgType.BINARY:
            received += len(message.data)
        elif message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED):
            break
    return received


@needs_proc
async def test_a_served_table_stays_bounded_and_leaves_no_app_after_a_sigkill(demo):
    before = apps_on(demo)
    table = ServedTable(demo, "--apps-per-seat", "2", "--max-apps", "3")
    try:
        async with aiohttp.ClientSession() as session:
            gm = await let_in(session, table, "gm")
            also_gm = await let_in(session, table, "gm")  # Kept: a dropped one would quit.
            mara = await let_in(session, table, "mara")
            assert "This seat has 2" in await refused(session, table, "gm")
            assert "The table is full" in await refused(session, table, "jun")
            running = await until(lambda: len(apps_on(demo)) == 3 and apps_on(demo), "3 apps")
            await asyncio.sleep(1)  # A refused connection would have started its app by now.
            assert apps_on(demo).keys() == running.keys()

            await gm.send_json(["resize", {"width": 1e9, "height": 1e9}])
            assert await drawn(gm, 3) > 0  # The app drew its new screen.
            biggest = max(apps_on(demo).values())
            assert biggest < APP_MEGABYTES * 1024, f"an app holds {biggest // 1024} MB"

            await mara.send_str("not JSON")
            await drawn(mara, APP_SECONDS)  # Whatever the app drew, up to the close.
            assert mara.close_code == WSCloseCode.UNSUPPORTED_DATA
            await until(lambda: len(apps_on(demo)) == 2, "the malformed one's app quit")
            assert "Traceback" not in table.output()
            assert not also_gm.closed

            os.kill(table.process.pid, signal.SIGKILL)
            table.process.wait(timeout=APP_SECONDS)
            await until(lambda: apps_on(demo) == before, "every app gone", seconds=10)
    finally:
        table.process.kill()
        for left in apps_on(demo).keys() - before.keys():  # Only when the test failed.
            os.kill(left, signal.SIGKILL)
