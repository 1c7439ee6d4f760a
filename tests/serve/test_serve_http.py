"""`strange-tui serve` over HTTP: every route is behind a seat's token, a wrong token starts
nothing, a seat's websocket runs the real app as that seat (a subprocess), again after a
reconnect, and what that app hands the browser is fetched with that seat's token only."""

import asyncio
import json
import re
import shlex
from pathlib import Path

import pytest
from aiohttp import WSMsgType, WSServerHandshakeError
from textual_serve.app_service import AppService

from strange_tui.cli.serve.command import table_seats
from strange_tui.storage.folder import CampaignFolder
from tests.serve.conftest import screen_text, serving

APP_SECONDS = 30
"""How long a seat's app may take to draw (a cold Python start on a busy machine)."""


@pytest.fixture
async def table(demo: Path, started: list[AppService]):
    """A test client of the server for the demo, and its seats by name."""
    async with serving(demo) as (client, seats, _):
        yield client, seats


async def read_until(websocket, wanted: str) -> str:
    """The app's output, read until ``wanted`` is on its screen (TimeoutError otherwise)."""
    received = b""

    async def read() -> str:
        nonlocal received
        async for message in websocket:
            if message.type == WSMsgType.BINARY:
                received += message.data
                if wanted in screen_text(received):
                    return screen_text(received)
        raise AssertionError(f"the app ended before showing {wanted!r}: {screen_text(received)}")

    return await asyncio.wait_for(read(), APP_SECONDS)


def test_each_seat_has_its_own_fresh_token(demo):
    state = CampaignFolder(demo).check()
    first, second = table_seats(state), table_seats(state)
    assert [seat.name for seat in first] == ["gm", "mara", "jun", "tess"]
    assert [seat.label for seat in first][1] == "Mara Quist"
    tokens = [seat.token for seat in first + second]
    assert len(set(tokens)) == 8  # Fresh each run: yesterday's links open nothing.
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{24}", token) for token in tokens)


@pytest.mark.parametrize(
    "path",
    ["/", "/ws", "/static/js/textual.js", "/download/abc", "/{wrong}/", "/{wrong}/ws",
     "/{wrong}/static/js/textual.js", "/{wrong}/download/abc", "/{token}x/", "/{token}/nothing",
     "/{token}/static/../../server.py", "/{token}/static/"],
)  # fmt: skip
async def test_a_wrong_token_gets_an_empty_404(table, started, path):
    client, seats = table
    path = path.format(wrong="A" * 24, token=seats["gm"].token)
    response = await client.get(path, allow_redirects=False)
    assert (response.status, await response.read()) == (404, b"")
    assert started == []


async def test_a_wrong_token_opens_no_websocket_and_starts_no_app(table, started):
    client, seats = table
    for path in ("/ws", f"/{'A' * 24}/ws", f"/{seats['gm'].token[:-1]}/ws"):
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect(path)
        assert refused.value.status == 404
    assert started == []


async def test_a_seat_page_carries_its_token(table, started):
    client, seats = table
    token = seats["mara"].token
    response = await client.get(f"/{token}/")
    page = await response.text()
    assert response.status == 200
    assert response.headers["Referrer-Policy"] == "no-referrer"
    # Relative to the page at /<token>/, so the browser asks at /<token>/ws and so on.
    websocket_url = re.search(r'data-session-websocket-url="([^"]+)"', page).group(1)
    assert websocket_url == "ws"
    assert 'src="static/js/textual.js"' in page
    assert "Mara Quist" in page  # The tab says whose seat it is.
    script = await client.get(f"/{token}/static/js/textual.js")
    assert script.status == 200 and len(await script.read()) > 1000
    bare = await client.get(f"/{token}", allow_redirects=False)
    assert (bare.status, bare.headers["Location"]) == (302, f"/{token}/")
    assert started == []  # A page is no app: only its websocket starts one.


async def test_a_seat_websocket_runs_the_app_as_that_seat_again_after_a_reconnect(
    table, started, demo
):
    client, seats = table
    url = f"/{seats['mara'].token}/ws?width=100&height=30"
    first = await client.ws_connect(url)
    screen = await read_until(first, "Demo: The Glass Door")
    assert "Mara Quist" in screen
    await first.close()
    (service,) = started
    command = shlex.split(service.command)
    assert command[-5:] == [str(demo), "--saves", str(demo.parent), "--seat", "mara"]
    # The dropped seat's app quits; the reconnect gets a new one on the same campaign.
    assert await asyncio.wait_for(service._process.wait(), APP_SECONDS) == 0
    again = await client.ws_connect(url)
    assert "Mara Quist" in await read_until(again, "Demo: The Glass Door")
    await again.close()
    assert len(started) == 2 and started[1] is not service
    assert await asyncio.wait_for(started[1]._process.wait(), APP_SECONDS) == 0


async def read_text_message(websocket, kind: str) -> list:
    """The next text message of ``kind`` the server sends, the app's output passed over."""

    async def read() -> list:
        async for message in websocket:
            if message.type == WSMsgType.TEXT and json.loads(message.data)[0] == kind:
                return json.loads(message.data)
        raise AssertionError(f"the connection ended before a {kind!r} message")

    return await asyncio.wait_for(read(), APP_SECONDS)


async def test_a_download_is_only_for_the_seat_whose_app_made_it(table):
    client, seats = table
    gm, mara = seats["gm"].token, seats["mara"].token
    websocket = await client.ws_connect(f"/{gm}/ws?width=100&height=30")
    assert (await read_text_message(websocket, "instance_id"))[1] == gm
    await read_until(websocket, "Demo: The Glass Door")
    await websocket.send_json(["stdin", "\x10"])  # Ctrl+P: the palette, and Textual's
    await read_until(websocket, "Search")  # own commands in it.
    await websocket.send_json(["stdin", "Screenshot"])
    await read_until(websocket, "Save an SVG")
    await websocket.send_json(["stdin", "\r"])
    _, key = await read_text_message(websocket, "deliver_file_start")
    # The page asks at /download/<key>?instance=<its seat's token>; the token's path works too.
    for path in (f"/download/{key}?instance={mara}", f"/{mara}/download/{key}",
                 f"/download/{key}", f"/download/{key}?instance={'A' * 24}"):  # fmt: skip
        response = await client.get(path)
        assert (response.status, await response.read()) == (404, b""), path
    response = await client.get(f"/download/{key}?instance={gm}")
    assert response.status == 200
    assert (await response.read()).startswith(b"<svg")
    await websocket.close()


async def test_a_websocket_from_another_sites_page_is_refused_whatever_its_token(table, started):
    """A right token from a page of http://evil.example: no websocket, no app. The seat's
    own page (its origin as the browser reached the server) is let in."""
    client, seats = table
    path = f"/{seats['mara'].token}/ws"
    with pytest.raises(WSServerHandshakeError) as refused:
        await client.ws_connect(path, headers={"Origin": "http://evil.example"})
    assert refused.value.status == 403
    assert started == []
    own = f"http://{client.host}:{client.port}"
    websocket = await client.ws_connect(path, headers={"Origin": own})
    assert (await read_text_message(websocket, "instance_id"))[1] == seats["mara"].token
    await websocket.close()
