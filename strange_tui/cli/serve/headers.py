"""The headers on every response of `strange-tui serve`: the page loads only what the server
serves, no other site may frame it, and the server names no software of its own, not even
to a request that is not HTTP (which prints no traceback either)."""

from __future__ import annotations

import logging
from typing import Any

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        # xterm.js draws its terminal with <style> elements it makes as it goes.
        "style-src 'self' 'unsafe-inline'",
        "font-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",  # The seat's websocket, at the page's own address.
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",  # frame-ancestors' word, for browsers that predate it.
    # Every URL holds a seat's key: no page it opens may learn it from the referrer, and
    # no cache keeps what it answered.
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    # Set before aiohttp would name itself and its version (it only fills in a blank).
    "Server": "strange-tui",
}


def harden(app: Any) -> None:
    """Give every response of the aiohttp ``app`` the headers, and the malformed requests
    aiohttp answers itself no software's name and no traceback."""
    app.on_response_prepare.append(add_security_headers)
    hide_server_software()
    logging.getLogger("aiohttp.server").addFilter(quiet_malformed_requests)


async def add_security_headers(request: Any, response: Any) -> None:
    """aiohttp's on_response_prepare hook: every response, a 404 and a websocket too."""
    response.headers.update(SECURITY_HEADERS)


def hide_server_software() -> None:
    """Have aiohttp fill in a blank Server header with ours. The hook above never sees the
    400 aiohttp answers a malformed request with before any routing, and aiohttp offers no
    setting for it: the module's constant is the one place."""
    from aiohttp import web_response

    if hasattr(web_response, "SERVER_SOFTWARE"):
        web_response.SERVER_SOFTWARE = SECURITY_HEADERS["Server"]


def quiet_malformed_requests(record: logging.LogRecord) -> bool:
    """A filter on aiohttp's server log: a request that is not HTTP is the sender's mistake,
    answered with a 400, and prints no traceback in the server's output."""
    from aiohttp.http_exceptions import HttpProcessingError

    return not (record.exc_info and isinstance(record.exc_info[1], HttpProcessingError))
