"""`strange-tui serve`: the table in web browsers, one secret link per seat.

textual-serve runs a Textual app for each browser that connects, but has no authentication:
anyone who reaches its port gets the app. Here every route sits behind a seat's token in the
path (`/<token>/`, `/<token>/ws`, `/<token>/static/...`, `/<token>/download/<key>`), so the
link is the key: a request whose token is no seat's gets an empty 404 and starts nothing,
and a seat's websocket starts the app as that seat (`--seat mara`). The tokens are made
fresh on every run, so yesterday's links open nothing.

Each websocket is its own app process on the same campaign folder; the campaign is on disk
and several processes may hold it, so a browser that reloads gets the table as it is now.

textual-serve (and aiohttp under it) is imported only when the command runs: importing it
costs more than a whole `strange-tui odds`, which registers this command too.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import functools
import hmac
import secrets
import shlex
import sys
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from strange_tui.campaign.plain import terminal
from strange_tui.campaign.seats import GM, player_seats, seat_label
from strange_tui.campaign.state import Campaign
from strange_tui.cli.parsing import Parser, UsageError, whole_number

TOKEN_BYTES = 18
"""Random bytes in a seat's token: 144 bits, 24 URL-safe characters."""
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


def table_seats(state: Campaign) -> list[Seat]:
    """The GM's seat and one per player's character, each with a token made now."""
    names = [GM, *player_seats(state)]
    by_name = {GM: GM, **player_seats(state)}
    return [
        Seat(name, seat_label(state, by_name[name]), secrets.token_urlsafe(TOKEN_BYTES))
        for name in names
    ]


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


def run_serve(args: argparse.Namespace) -> int:
    """`strange-tui serve CAMPAIGN`: print the seats' links and serve until Ctrl+C."""
    from strange_tui.cli import open_where
    from strange_tui.storage.folder import CampaignFolder

    server_class = seat_server_class()  # The missing extra is reported before anything else.
    saves, _, path = open_where(args)
    assert path is not None  # CAMPAIGN is required.
    if args.campaign == "demo" and not path.exists():
        from strange_tui.demo.build import build_demo

        build_demo(saves)  # As `strange-tui demo` does: the demo works on any machine.
    state = CampaignFolder(path).check()
    server = server_class(
        path.absolute(),
        saves.absolute(),
        title=state.name,
        seats=table_seats(state),
        host=args.host,
        port=args.port,
        public_url=args.public_url,
    )
    server.serve()
    return 0


def port_number(text: str) -> int:
    value = whole_number(text)
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, got {value}")
    return value


def register(commands: argparse._SubParsersAction) -> None:
    """Add `serve` to the command parser."""
    serve: Parser = commands.add_parser(
        "serve",
        help="serve the table to web browsers: one secret link per seat",
        description=(
            "Serve CAMPAIGN to web browsers (needs the serve extra). Prints one link per"
            " seat, the GM's and each player's; the link is the seat's only key, made anew"
            " each run."
        ),
    )
    serve.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    serve.add_argument("--saves", metavar="DIR", help="the saves directory")
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)"
    )
    serve.add_argument(
        "--port", type=port_number, default=8000, help="the port to listen on (default: 8000)"
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help="the address players reach, when it is not http://HOST:PORT (a reverse proxy)",
    )
    serve.set_defaults(run=run_serve)
