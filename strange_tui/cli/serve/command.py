"""`strange-tui serve`: the table in web browsers, one secret link per seat.

textual-serve runs a Textual app for each browser that connects, but has no authentication:
anyone who reaches its port gets the app. Here every route sits behind a seat's token in the
path (`/<token>/`, `/<token>/ws`, `/<token>/static/...`, `/<token>/download/<key>`), so the
link is the key: a request whose token is no seat's gets an empty 404 and starts nothing,
and a seat's websocket starts the app as that seat (`--seat mara`). The tokens are made
fresh on every run, so yesterday's links open nothing.

Each websocket is its own app process on the same campaign folder; the campaign is on disk
and several processes may hold it, so a browser that reloads gets the table as it is now.
The apps are bounded (`--apps-per-seat`, `--max-apps`): a connection past a limit is told
why in its page and starts nothing; and they die with the server, however it stops. What a
browser sends is held to what a person sends (``pace``: a message a paste long, keys at a
person's pace), connections are bounded before they show a token (``doors``), and Ctrl+C or
SIGTERM ends the server and every app within a second (``lifetime``).

textual-serve (and aiohttp under it) is imported only when the command runs: importing it
costs more than a whole `strange-tui odds`, which registers this command too.
"""

from __future__ import annotations

import argparse
import os
import secrets

from strange_tui.campaign.model.seats import GM, player_seats, seat_label
from strange_tui.campaign.model.state import Campaign
from strange_tui.cli.parsing import Parser, whole_number
from strange_tui.cli.serve.limits import APPS_PER_SEAT
from strange_tui.cli.serve.server import (
    SHUTDOWN_SECONDS,
    Seat,
    default_url,
    seat_argv,
    seat_links,
    seat_server_class,
)

__all__ = [
    "SHUTDOWN_SECONDS",
    "Seat",
    "default_url",
    "new_seats",
    "seat_argv",
    "seat_links",
    "seat_server_class",
    "table_seats",
]

TOKEN_BYTES = 18
"""Random bytes in a seat's token: 144 bits, 24 URL-safe characters."""


def table_seats(state: Campaign) -> list[Seat]:
    """The GM's seat and one per player's character, each with a token made now."""
    names = [GM, *player_seats(state)]
    by_name = {GM: GM, **player_seats(state)}
    return [
        Seat(
            name,
            seat_label(state, by_name[name]),
            secrets.token_urlsafe(TOKEN_BYTES),
            "" if name == GM else by_name[name],
        )
        for name in names
    ]


def new_seats(state: Campaign, seats: list[Seat]) -> list[Seat]:
    """A seat, with a token made now, for each character of ``state`` that ``seats`` lack
    (one made while the server runs); named as `--seat` takes it, or by the character's id
    when that name is a seat's already."""
    known = {seat.character for seat in seats}
    taken = {seat.name for seat in seats}
    added = []
    for name, cid in player_seats(state).items():
        if cid in known:
            continue
        name = cid if name in taken else name
        taken.add(name)
        token = secrets.token_urlsafe(TOKEN_BYTES)
        added.append(Seat(name, seat_label(state, cid), token, cid))
    return added


def run_serve(args: argparse.Namespace) -> int:
    """`strange-tui serve CAMPAIGN`: print the seats' links and serve until Ctrl+C."""
    from strange_tui.cli import open_where
    from strange_tui.storage.config import ENV_CONFIG
    from strange_tui.storage.folder import CampaignFolder

    server_class = seat_server_class()  # The missing extra is reported before anything else.
    saves, _, path = open_where(args)
    assert path is not None  # CAMPAIGN is required.
    if args.campaign == "demo" and not path.exists():
        from strange_tui.demo.build import build_demo

        build_demo(saves)  # As `strange-tui demo` does: the demo works on any machine.
    state = CampaignFolder(path).check()
    # Each seat's app is a process of its own: it reads the config this command was given.
    os.environ[ENV_CONFIG] = str(args.config_file.absolute())
    server = server_class(
        path.absolute(),
        saves.absolute(),
        title=state.name,
        seats=table_seats(state),
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        apps_per_seat=args.apps_per_seat,
        max_apps=args.max_apps,
    )
    server.serve()
    return 0


def port_number(text: str) -> int:
    value = whole_number(text)
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"expected a port from 1 to 65535, got {value}")
    return value


def at_least_one(text: str) -> int:
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
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
    serve.add_argument(
        "--apps-per-seat",
        metavar="N",
        type=at_least_one,
        default=APPS_PER_SEAT,
        help=f"browser windows open at once in one seat (default: {APPS_PER_SEAT})",
    )
    serve.add_argument(
        "--max-apps",
        metavar="N",
        type=at_least_one,
        help="browser windows open at once in all (default: --apps-per-seat for every seat)",
    )
    serve.set_defaults(run=run_serve)
