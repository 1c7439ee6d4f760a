"""The web server of `strange-tui serve`: textual-serve's Server with every route behind a
seat's token (see ``serve``), a bounded number of apps, checked messages, security headers
and a page that loads nothing from elsewhere. Defined on first use, so textual-serve and
aiohttp are imported only when the command runs.

Over 300 lines: one class, the Server with every route behind a seat's token, and the few
functions it stands on; how it follows the campaign for new seats is in ``watch``."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import hmac
import sys
import weakref
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit
from typing import Any

from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.cli.parsing import UsageError
from strange_tui.cli.serve.doors import Doors
from strange_tui.cli.serve.headers import harden
from strange_tui.cli.serve.limits import APPS_PER_SEAT, AppLimits
from strange_tui.cli.serve.watch import seat_newcomers, watch_campaign

SHUTDOWN_SECONDS = 0.25
"""How long Ctrl+C (or SIGTERM) gives the apps to quit before it kills them: the campaign on
disk is safe from a kill, and the host asked for the server to stop now. A quarter second:
an app quits in about that on a quiet machine, and the whole stop must fit in a second."""
QUIT_SECONDS = 3.0
"""How long a closed window's app has to quit before its process group is killed."""
MESSAGE_BYTES = 8 << 10
"""The largest websocket message a browser may send; a larger one ends its connection. The
page sends a key, a mouse move or a paste: this is a paste longer than any text the app
keeps, while each key the app reads is an event it holds in memory until handled."""
CLOSE_SECONDS = 1.0
"""How long the server waits for a browser to answer its closing of their websocket."""
FONT_SIZES = range(6, 73)
"""The page's `?fontsize=` is held to these."""
PAGE = Path(__file__).with_name("page")
"""The page's template and the files it adds to textual-serve's."""
DOWNLOAD = "download"
"""The name of the route textual-serve's page script asks downloads from."""
NO_EXTRA = (
    "`strange-tui serve` needs the serve extra: pip install 'strange-tui[serve]'"
    " (or, in a checkout, pip install -e '.[serve]')."
)


@dataclass(frozen=True)
class Seat:
    """A seat that may be served: what `--seat` takes, who sits there, and its link's key."""

    name: str
    """What `--seat` takes: gm, or a player's seat name (mara)."""
    label: str
    """Who sits there: the GM, or the character's name (Mara Quist)."""
    token: str
    character: str = ""
    """The character a player's seat is bound to ('' for the GM's)."""


def seat_argv(path: Path, saves: Path, seat: str) -> list[str]:
    """The command that runs the app for ``seat``, run as it is (no shell)."""
    return [sys.executable, "-m", "strange_tui", str(path), "--saves", str(saves), "--seat", seat]


def default_url(host: str, port: int) -> str:
    """Where the links point when no --public-url is given."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def seat_links(seats: list[Seat], public_url: str) -> list[str]:
    """One line per seat: its name, its link and, for a player, the character's name."""
    width = max(len(seat.name) for seat in seats)
    lines = []
    for seat in seats:
        line = f"  {seat.name:<{width}}  {public_url}/{seat.token}/"
        if seat.name != GM:
            line += f"  ({terminal(seat.label)})"
        lines.append(line)
    return lines


@functools.cache
def seat_server_class() -> type:
    """The Server subclass, defined on first use so that textual-serve is imported only then
    (UsageError when the serve extra is missing). Its instances take the campaign's path,
    the saves directory and keywords: title, seats, host, port, public_url, and the limits
    apps_per_seat and max_apps (default: apps_per_seat for every seat)."""
    try:
        import aiohttp_jinja2
        import jinja2
        from aiohttp import WSCloseCode, web
        from textual_serve.server import Server, to_int

        from strange_tui.cli.serve.apps import SeatApp
        from strange_tui.cli.serve.lifetime import serve_until_stopped
        from strange_tui.cli.serve.messages import follow_browser, query_size
    except ImportError:
        raise UsageError(NO_EXTRA) from None

    def not_found() -> web.Response:
        # Empty: a 404 must not tell a wrong token from a wrong path, or another seat's.
        response = web.Response(status=404)
        response.force_close()  # A connection without a seat's token is not kept open.
        return response

    class SeatServer(Server):
        """textual-serve's Server with every route behind a seat's token."""

        def __init__(
            self,
            path: Path,
            saves: Path,
            *,
            title: str,
            seats: list[Seat],
            host: str,
            port: int,
            public_url: str | None,
            apps_per_seat: int = APPS_PER_SEAT,
            max_apps: int | None = None,
        ) -> None:
            if not (PAGE / "app_index.html").is_file():
                raise UsageError(
                    f"this install of strange-tui lacks its page ({PAGE}): reinstall it."
                )
            given = public_url.rstrip("/") if public_url else None
            super().__init__(
                command="", host=host, port=port, title=title,
                public_url=given or default_url(host, port), templates_path=PAGE,
            )  # fmt: skip
            self.path = path
            self.saves = saves
            self.seats = seats
            self.limits = AppLimits(apps_per_seat, max_apps or apps_per_seat * len(seats))
            self.total_given = max_apps is not None
            self.watching: asyncio.Task[None] | None = None
            # Ours first: textual-serve's page script, terminal style and fonts after.
            self.static_roots = [(PAGE / "static").resolve(), self.statics_path.resolve()]
            self.sockets: weakref.WeakSet[web.WebSocketResponse] = weakref.WeakSet()
            self.apps: set[SeatApp] = set()
            """The apps running, from their start until they have ended."""
            self.endings: set[asyncio.Task[None]] = set()
            self.doors = Doors()

        def seat_of(self, request: web.Request) -> Seat:
            """The seat of a request that ``seats_only`` let through."""
            return self.seat_for(token_of(request))  # type: ignore[return-value]

        def seat_for(self, token: str) -> Seat | None:
            """The seat whose token this is; every token is compared, in constant time."""
            typed = token.encode("utf-8", "replace")
            found = None
            for seat in self.seats:
                if hmac.compare_digest(typed, seat.token.encode()):
                    found = seat
            return found

        @web.middleware  # New-style (request, handler); without it aiohttp 3 passes the app.
        async def seats_only(self, request: web.Request, handler: Any) -> web.StreamResponse:
            """Let through only requests with a seat's token (bare `/` has none)."""
            if self.seat_for(token_of(request)) is None:
                return not_found()
            self.doors.admit(request.protocol)
            try:
                return await handler(request)
            except web.HTTPNotFound:
                return not_found()

        async def _make_app(self) -> web.Application:
            app = web.Application(middlewares=[self.seats_only])
            loader = jinja2.FileSystemLoader(self.templates_path)
            aiohttp_jinja2.setup(app, loader=loader)  # Autoescaped: the title is a name.
            app.add_routes(
                [
                    web.get("/{token}", self.handle_bare_token),
                    web.get("/{token}/", self.handle_index),
                    web.get("/{token}/ws", self.handle_websocket),
                    web.get("/{token}/download/{key}", self.handle_download),
                    # Where textual-serve's page script asks for a download: from the
                    # site's root, with the token the websocket gave it as `?instance=`.
                    web.get("/download/{key}", self.handle_download, name=DOWNLOAD),
                    web.get("/{token}/static/{filename:.+}", self.handle_static),
                ]
            )
            harden(app)
            app.on_startup.append(self.start_watching)
            app.on_shutdown.append(self.on_shutdown)
            app.on_cleanup.append(self.on_cleanup)
            return app

        async def handle_bare_token(self, request: web.Request) -> web.Response:
            raise web.HTTPFound(f"/{self.seat_of(request).token}/")

        async def handle_index(self, request: web.Request) -> web.Response:
            """The page of a seat; its addresses are relative to it, so they carry the
            token and never a host (a forged Host header has nothing to reach)."""
            seat = self.seat_of(request)
            font_size = to_int(request.query.get("fontsize", "16"), 16)
            context = {
                "font_size": min(max(font_size, FONT_SIZES.start), FONT_SIZES.stop - 1),
                "application": {"name": f"{self.title} · {seat.label}"},
            }
            return aiohttp_jinja2.render_template("app_index.html", request, context)

        async def handle_static(self, request: web.Request) -> web.StreamResponse:
            for root in self.static_roots:
                target = (root / request.match_info["filename"]).resolve()
                if target.is_relative_to(root) and target.is_file():
                    return web.FileResponse(target)
            return not_found()

        async def handle_download(self, request: web.Request) -> web.StreamResponse:
            """textual-serve's download, for the seat whose app made it only."""
            try:
                download = await self.download_manager.get_download_metadata(
                    request.match_info["key"]
                )
            except KeyError:
                return not_found()
            if download.app_service.seat != self.seat_of(request).name:
                return not_found()
            return await super().handle_download(request)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """textual-serve's handler, with the app run as the token's seat, within the
            limits, and ended (killed if need be) when its browser goes."""
            seat = self.seat_of(request)
            if not same_origin(request.headers.get("Origin"), request, self.public_url):
                # Another site's page holding a seat's link: refused before any app starts.
                return web.Response(status=403)
            websocket = web.WebSocketResponse(
                heartbeat=15, max_msg_size=MESSAGE_BYTES, timeout=CLOSE_SECONDS
            )
            await websocket.prepare(request)
            if refusal := self.limits.take(seat.name):
                # Let in, then closed with the reason, which the page shows: a refused
                # upgrade would leave the browser a bare error, and start no app either.
                await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=refusal.encode())
                return websocket
            self.sockets.add(websocket)
            app_service = SeatApp(
                seat_argv(self.path, self.saves, seat.name),
                seat.name,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.apps.add(app_service)
            try:
                query = request.query
                size = query_size(query.get("width", ""), query.get("height", ""))
                await app_service.start(*size)
                await follow_browser(websocket, app_service, seat.token)
            finally:
                # The browser went away (a reload, a closed tab): its app quits; the next
                # connection starts a new one on the campaign as it is then. Shielded: a
                # lost connection cancels its handler (see ``lifetime``), even while it
                # waits on the app, and the app must still be ended and its place given back.
                ending = asyncio.create_task(self.end_app(app_service, seat))
                self.endings.add(ending)
                ending.add_done_callback(self.endings.discard)
                await asyncio.shield(ending)
            return websocket

        async def end_app(self, app_service: SeatApp, seat: Seat) -> None:
            try:
                await app_service.end(QUIT_SECONDS)
            finally:
                self.apps.discard(app_service)
                self.limits.give_back(seat.name)

        async def start_watching(self, app: web.Application) -> None:
            # A character made while the server runs gets a seat (no restart).
            self.watching = asyncio.create_task(
                watch_campaign(self.path, functools.partial(seat_newcomers, self))
            )

        async def on_cleanup(self, app: web.Application) -> None:
            if self.watching is not None:
                self.watching.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self.watching
            # The apps still quitting when the server stops have quit before it exits.
            await asyncio.gather(*self.endings, return_exceptions=True)

        async def on_shutdown(self, app: web.Application) -> None:
            # All at once, each bounded: every app is told to quit (and killed if it has not
            # within SHUTDOWN_SECONDS) and every window closed, without waiting long for a
            # browser's answer; a handler left is cancelled when the server stops.
            closing = [asyncio.create_task(socket.close()) for socket in list(self.sockets)]
            ending = [app_service.end(SHUTDOWN_SECONDS) for app_service in list(self.apps)]
            await asyncio.gather(*ending, return_exceptions=True)
            if closing:
                await asyncio.wait(closing, timeout=SHUTDOWN_SECONDS)

        def serve(self, debug: bool = False) -> None:
            """Serve until Ctrl+C; the links are printed once the port is open."""
            self.debug = debug
            try:
                serve_until_stopped(
                    self._make_app(), (self.host, self.port), self.doors, self.print_links
                )
            except OSError as error:
                if error.errno != errno.EADDRINUSE:
                    raise
                raise UsageError(
                    f"port {self.port} on {self.host} is taken: choose another with --port."
                ) from None

        def print_links(self) -> None:
            lines = [
                f"Serving {terminal(self.title)}. Each link is its seat's only key:"
                " give it to that player alone.",
                *seat_links(self.seats, self.public_url),
                "Ctrl+C stops the server (and every seat's app).",
            ]
            print("\n".join(lines), flush=True)

    return SeatServer


def origin_of(url: str) -> str:
    """A URL's origin as a browser sends it: scheme://host[:port], lower case."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def same_origin(origin: str | None, request: Any, public_url: str) -> bool:
    """Whether a websocket comes from the seat's own page: a browser names the page's
    origin, which must be the server's as the links give it (``public_url``, behind a
    proxy) or as the browser reached it (its Host). A client that names none is no
    browser page another site could have opened; its token is its key."""
    if origin is None:
        return True
    reached = f"{request.scheme}://{request.host}"
    return origin.lower() in {origin_of(public_url), origin_of(reached)}


def token_of(request: Any) -> str:
    """The seat's token a request carries: in its path, or for a download asked from the
    site's root, in its `?instance=`."""
    if request.match_info.route.name == DOWNLOAD:
        return request.query.get("instance", "")
    return request.match_info.get("token", "")
