"""What `strange-tui serve` answers with: security headers on every response, a page built
from nothing the request says (a forged Host header reaches nothing), and the page's fonts
served by the server itself. The seat apps are fake_app.py."""

import asyncio
import re
import socket

import pytest

from strange_tui.cli.serve.headers import SECURITY_HEADERS
from tests.serve.conftest import serving

FORGED_HOST = "evil.example:6666"
UPGRADE = (
    b"GET /TOKEN/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
"""A browser's websocket handshake, written by hand to read the answer's headers."""


def assert_hardened(headers, what: str) -> None:
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options",
                 "Referrer-Policy", "Cache-Control"):  # fmt: skip
        assert headers.get(name) == SECURITY_HEADERS[name], f"{what}: {name}"
    policy = headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy, what
    assert not re.search(r"https?:|\*|data:", policy), f"{what}: a remote source in {policy}"
    assert (headers["X-Content-Type-Options"], headers["X-Frame-Options"]) == ("nosniff", "DENY")
    assert "aiohttp" not in headers.get("Server", "").lower(), f"{what}: {headers['Server']}"
    assert "python" not in headers.get("Server", "").lower(), f"{what}: {headers['Server']}"


def raw_response(port: int, request: bytes) -> str:
    """What the server answers a request written by hand, up to its headers' end."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while b"\r\n\r\n" not in answer and (chunk := connection.recv(4096)):
            answer += chunk
    return answer.decode("latin-1")


def headers_of(answer: str) -> dict[str, str]:
    lines = answer.split("\r\n\r\n")[0].split("\r\n")[1:]
    return {name: value.strip() for name, _, value in (line.partition(":") for line in lines)}


async def test_every_response_carries_the_security_headers(demo, fake_apps):
    async with serving(demo) as (client, seats, _):
        token = seats["gm"].token
        static = f"/{token}/static"
        for path in (f"/{token}/", f"/{token}", f"{static}/js/textual.js", f"{static}/seat.js",
                     f"{static}/fonts/RobotoMono-VariableFont_wght.ttf", f"/{'A' * 24}/", "/",
                     f"/{token}/ws"):  # fmt: skip
            response = await client.get(path, allow_redirects=False)
            assert response.status in (200, 302, 400, 404), path
            assert_hardened(response.headers, path)
        port = client.port
        upgrade = await asyncio.to_thread(
            raw_response, port, UPGRADE.replace(b"TOKEN", token.encode())
        )
        assert upgrade.startswith("HTTP/1.1 101 ")
        assert_hardened(headers_of(upgrade), "the websocket's upgrade")
        # A request aiohttp answers before any route (not HTTP at all) names no software.
        for request in (b"NOT HTTP\r\n\r\n", b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n"):
            answer = await asyncio.to_thread(raw_response, port, request)
            assert answer.startswith("HTTP/1.") and " 400 " in answer.split("\r\n")[0]
            assert "aiohttp" not in headers_of(answer).get("Server", "").lower()


async def test_a_request_that_is_not_http_prints_no_traceback(demo, fake_apps, caplog, capfd):
    async with serving(demo) as (client, _, _):
        for request in (b"GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n", b"GET /" + b"a" * 9000):
            await asyncio.to_thread(raw_response, client.port, request)
    assert [record for record in caplog.records if record.exc_info] == []
    assert "Traceback" not in "".join(capfd.readouterr())


async def test_a_forged_host_header_never_reaches_the_page(demo, fake_apps):
    async with serving(demo) as (client, seats, _):
        token = seats["gm"].token
        headers = {"Host": FORGED_HOST, "X-Forwarded-Host": FORGED_HOST}
        response = await client.get(f"/{token}/", headers=headers)
        page = await response.text()
        assert response.status == 200 and "evil" not in page
        # Every address in it is relative: the browser makes it whole from where it is.
        addresses = re.findall(r'(?:src|href|data-session-websocket-url)="([^"]*)"', page)
        assert sorted(addresses) == [
            "static/css/xterm.css", "static/icon.svg", "static/js/textual.js",
            "static/seat.css", "static/seat.js", "ws",
        ]  # fmt: skip
        bare = await client.get(f"/{token}", headers=headers, allow_redirects=False)
        assert bare.headers["Location"] == f"/{token}/"


@pytest.mark.parametrize(
    "font", ["RobotoMono-VariableFont_wght.ttf", "RobotoMono-Italic-VariableFont_wght.ttf"]
)
async def test_the_page_s_fonts_are_served_by_the_server(demo, fake_apps, font):
    async with serving(demo) as (client, seats, _):
        token = seats["gm"].token
        style = await (await client.get(f"/{token}/static/seat.css")).text()
        assert f'url("fonts/{font}")' in style
        assert "googleapis" not in await (await client.get(f"/{token}/")).text()
        response = await client.get(f"/{token}/static/fonts/{font}")
        assert response.status == 200
        assert (await response.read())[:4] == b"\x00\x01\x00\x00"  # A TrueType font.
