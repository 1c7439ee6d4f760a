"""`strange-tui serve` over HTTP: every route is behind a seat's token, a wrong token starts
nothing, and a seat's websocket runs the real app as that seat (a subprocess), again after a
reconnect."""

import asyncio
import re
import shlex
from pathlib import Path

import pytest
from aiohttp import WSMsgType, WSServerHandshakeError
from aiohttp.test_utils import TestClient, TestServer
from textual_serve.app_service import AppService

from strange_tui.cli.serve import seat_server_class, table_seats
from strange_tui.storage.folder import CampaignFolder
from tests.serve.conftest import screen_text

APP_SECONDS = 30
"""How long a seat's app may take to draw (a cold Python start on a busy machine)."""


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[AppService]:
    """Every app service a websocket starts, in order (each is one app process)."""
    services: list[AppService] = []
    original = AppService.start

    async def start(self: AppService, width: int, height: int) -> None:
        services.append(self)
        await original(self, width, height)

    monkeypatch.setattr(AppService, "start", start)
    return services


@pytest.fixture
async def table(demo: Path, started: list[AppService]):
    """A test client of the server for the demo, and its seats by name."""
    state = CampaignFolder(demo).check()
    seats = {seat.name: seat for seat in table_seats(state)}
    server = seat_server_class()(
        demo, demo.parent, title=state.name, seats=list(seats.values()),
        host="127.0.0.1", port=8000, public_url=None,
    )  # fmt: skip
    async with TestClient(TestServer(await server._make_app())) as client:
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
    websocket_url = re.search(r'data-session-websocket-url="([^"]+)"', page).group(1)
    assert websocket_url == f"ws://{client.host}:{client.port}/{token}/ws"
    assert f"/{token}/static/js/textual.js" in page
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
