"""The web server of `strange-tui serve`: textual-serve's Server with every route behind a
seat's token (see ``serve``). Defined on first use, so textual-serve and aiohttp are
imported only when the command runs."""

from __future__ import annotations

import asyncio
import errno
import functools
import hmac
import shlex
import sys
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.cli.parsing import UsageError

SHUTDOWN_SECONDS = 5.0
"""How long Ctrl+C waits for the apps to quit before the server stops anyway."""
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


def seat_command(path: Path, saves: Path, seat: str) -> str:
    """The shell command that runs the app for ``seat``; textual-serve runs it in a shell."""
    return shlex.join(
        [sys.executable, "-m", "strange_tui", str(path), "--saves", str(saves), "--seat", seat]
    )


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
    the saves directory and keywords: title, seats, host, port, public_url."""
    try:
        import aiohttp_jinja2
        import jinja2
        from aiohttp import web
        from textual_serve.app_service import AppService
        from textual_serve.server import Server, to_int
    except ImportError:
        raise UsageError(NO_EXTRA) from None

    def not_found() -> web.Response:
        # Empty: a 404 must not tell a wrong token from a wrong path.
        return web.Response(status=404)

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
        ) -> None:
            given = public_url.rstrip("/") if public_url else None
            super().__init__(
                command="", host=host, port=port, title=title,
                public_url=given or default_url(host, port),
            )  # fmt: skip
            self.path = path
            self.saves = saves
            self.seats = seats
            self.public_url_given = given is not None
            self.sockets: weakref.WeakSet[web.WebSocketResponse] = weakref.WeakSet()

        def seat_of(self, request: web.Request) -> Seat:
            """The seat of a request that ``seats_only`` let through."""
            return self.seat_for(request.match_info["token"])  # type: ignore[return-value]

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
            if self.seat_for(request.match_info.get("token", "")) is None:
                return not_found()
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
                    web.get("/{token}/static/{filename:.+}", self.handle_static),
                ]
            )
            app.on_shutdown.append(self.on_shutdown)
            return app

        async def handle_bare_token(self, request: web.Request) -> web.Response:
            raise web.HTTPFound(f"/{self.seat_of(request).token}/")

        async def handle_index(self, request: web.Request) -> web.Response:
            """The page of a seat: its websocket and static files carry the token."""
            seat = self.seat_of(request)
            # Without --public-url, the page points back where the browser found it (a LAN
            # address works even when the server listens on 0.0.0.0).
            here = f"{request.scheme}://{request.host}"
            base = self.public_url if self.public_url_given else here
            ws_base = ("wss:" if base.startswith("https") else "ws:") + base.split(":", 1)[1]
            context = {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": f"{ws_base}/{seat.token}/ws",
                "config": {"static": {"url": f"{base}/{seat.token}/static/"}},
                "application": {"name": f"{self.title} · {seat.label}"},
            }
            response = aiohttp_jinja2.render_template("app_index.html", request, context)
            # The link is the seat's key: keep it out of caches and other sites' logs (the
            # page loads a font from Google).
            response.headers["Cache-Control"] = "no-store"
            response.headers["Referrer-Policy"] = "no-referrer"
            return response

        async def handle_static(self, request: web.Request) -> web.StreamResponse:
            root = self.statics_path.resolve()
            target = (root / request.match_info["filename"]).resolve()
            if not target.is_relative_to(root) or not target.is_file():
                return not_found()
            return web.FileResponse(target)

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """textual-serve's handler, with the app run as the token's seat."""
            seat = self.seat_of(request)
            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            app_service = None
            try:
                await websocket.prepare(request)
                self.sockets.add(websocket)
                app_service = AppService(
                    seat_command(self.path, self.saves, seat.name),
                    write_bytes=websocket.send_bytes,
                    write_str=websocket.send_str,
                    close=websocket.close,
                    download_manager=self.download_manager,
                    debug=self.debug,
                )
                await app_service.start(width, height)
                await self._process_messages(websocket, app_service)
            except asyncio.CancelledError:
                await websocket.close()
            finally:
                # The browser went away (a reload, a closed tab): its app quits; the next
                # connection starts a new one on the campaign as it is then.
                if app_service is not None:
                    await app_service.stop()
            return websocket

        async def on_shutdown(self, app: web.Application) -> None:
            # Closing the sockets ends each handler, which tells its app to quit.
            for websocket in list(self.sockets):
                await websocket.close()

        def serve(self, debug: bool = False) -> None:
            """Serve until Ctrl+C; the links are printed once the port is open."""
            self.debug = debug
            try:
                web.run_app(
                    self._make_app(),
                    host=self.host,
                    port=self.port,
                    shutdown_timeout=SHUTDOWN_SECONDS,
                    print=lambda *_: self.print_links(),
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
