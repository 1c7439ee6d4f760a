"""What a served seat lets a browser do: a bounded number of apps per seat and in all (one
past the limit is told why and starts nothing), sizes held to a screen's, and a message the
page never sends closes its connection without a traceback. The apps are fake_app.py,
which notes what reaches it and starts in a blink."""

import asyncio
import json

import pytest
from aiohttp import WSCloseCode, WSMsgType

from strange_tui.cli.serve import server as web_server
from tests.serve.conftest import serving

WAIT = 10
"""How long a fake app may take to start or to stop (a busy machine)."""


async def let_in(client, token: str, query: str = ""):
    """A seat's websocket whose app has started (the server's first word is said then)."""
    websocket = await client.ws_connect(f"/{token}/ws{query}")
    first = await asyncio.wait_for(websocket.receive(), WAIT)
    assert first.type == WSMsgType.TEXT and json.loads(first.data)[0] == "instance_id"
    return websocket


async def refusal(client, token: str) -> tuple[int, str]:
    """The close code and reason of a websocket the server lets in only to close it."""
    websocket = await client.ws_connect(f"/{token}/ws")
    closed = await asyncio.wait_for(websocket.receive(), WAIT)
    assert closed.type == WSMsgType.CLOSE
    return websocket.close_code, closed.extra


async def until(condition, what: str) -> None:
    for _ in range(WAIT * 20):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


async def test_a_seat_past_its_limit_is_told_why_and_starts_no_app(demo, fake_apps, started):
    async with serving(demo, apps_per_seat=2) as (client, seats, server):
        gm = seats["gm"].token
        first, _second = await let_in(client, gm), await let_in(client, gm)
        code, reason = await refusal(client, gm)
        assert code == WSCloseCode.TRY_AGAIN_LATER
        assert reason == "This seat has 2 windows open already: close one, then press Restart."
        assert len(started) == 2
        await let_in(client, seats["mara"].token)  # The limit is the seat's, not the table's.
        # A closed window gives its place back once its app has quit.
        await first.close()
        await until(lambda: server.limits.live["gm"] == 1, "the first app quit")
        await let_in(client, gm)
        assert len(started) == 4


async def test_a_full_table_is_told_why_and_starts_no_app(demo, fake_apps, started):
    async with serving(demo, apps_per_seat=2, max_apps=2) as (client, seats, _):
        await let_in(client, seats["gm"].token)
        await let_in(client, seats["mara"].token)
        code, reason = await refusal(client, seats["jun"].token)
        assert code == WSCloseCode.TRY_AGAIN_LATER
        assert reason == "The table is full (2 windows are open): try again when one closes."
        assert len(started) == 2


async def test_an_app_that_will_not_quit_is_killed_and_gives_its_place_back(
    demo, fake_apps, started, monkeypatch
):
    monkeypatch.setattr(web_server, "QUIT_SECONDS", 0.5)
    fake_apps.mode = "stubborn"
    async with serving(demo, apps_per_seat=1) as (client, seats, server):
        websocket = await let_in(client, seats["gm"].token)
        await websocket.close()
        process = started[0]._process
        await asyncio.wait_for(process.wait(), WAIT)
        assert process.returncode < 0  # Killed: it was told to quit and did not.
        assert {"type": "quit"} in fake_apps.notes()
        await until(lambda: not server.limits.live, "the place given back")
        await let_in(client, seats["gm"].token)


async def test_sizes_from_the_browser_reach_the_app_held_to_a_screen(demo, fake_apps):
    async with serving(demo) as (client, seats, _):
        websocket = await let_in(client, seats["gm"].token, "?width=100000&height=0")
        for width, height in [(1e9, 1e9), (-3, 40.7), (120, 40)]:
            await websocket.send_json(["resize", {"width": width, "height": height}])
        await websocket.send_json(["stdin", "q"])
        await until(lambda: {"type": "data", "text": "q"} in fake_apps.notes(), "the key arrived")
    start, *resizes, key = fake_apps.notes()[:5]
    assert (start["columns"], start["rows"]) == ("500", "1")
    assert [(r["width"], r["height"]) for r in resizes] == [(500, 200), (1, 40), (120, 40)]
    assert key == {"type": "data", "text": "q"}


@pytest.mark.parametrize(
    "message",
    [
        "not JSON",
        "[]",
        '{"resize": {"width": 80, "height": 24}}',
        '["resize"]',
        '["resize", {}]',
        '["resize", {"width": "wide", "height": 24}]',
        '["resize", {"width": NaN, "height": 24}]',
        '["resize", {"width": 1e999, "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["stdin", 5]',
        '["stdin", "\\ud800"]',
        '["ping", "' + "9" * 100 + '"]',
        b"\x00binary",
    ],
)
async def test_a_message_the_page_never_sends_closes_its_connection_without_a_traceback(
    demo, fake_apps, started, message, caplog, capfd
):
    async with serving(demo) as (client, seats, server):
        websocket = await let_in(client, seats["gm"].token)
        await (websocket.send_bytes if isinstance(message, bytes) else websocket.send_str)(message)
        closed = await asyncio.wait_for(websocket.receive(), WAIT)
        assert closed.type == WSMsgType.CLOSE
        assert websocket.close_code == WSCloseCode.UNSUPPORTED_DATA
        await asyncio.wait_for(started[0]._process.wait(), WAIT)  # Its app quit with it.
        await until(lambda: not server.limits.live, "the place given back")
    assert [record for record in caplog.records if record.exc_info] == []
    assert "Traceback" not in "".join(capfd.readouterr())


async def test_a_message_of_a_kind_the_server_does_not_know_is_passed_over(demo, fake_apps):
    # A newer page may say more: the connection goes on.
    async with serving(demo) as (client, seats, _):
        websocket = await let_in(client, seats["gm"].token)
        await websocket.send_json(["dance", {"steps": 3}])
        await websocket.send_json(["ping", "1234"])
        answer = await asyncio.wait_for(websocket.receive(), WAIT)
        assert json.loads(answer.data) == ["pong", "1234"]
