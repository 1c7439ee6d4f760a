"""The `strange-tui` command: the TUI by default, and plain commands for quick answers."""

from __future__ import annotations

import argparse
import functools
import gc
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from strange_tui import __version__
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.cli.options import GlobalOptions, split_global_options
from strange_tui.cli.parsing import USAGE_ERROR, Parser, UsageError
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage.errors import CampaignFileError

PROG = "strange-tui"
INVALID = 1


@functools.cache
def command_parser() -> Parser:
    """The parser of the plain commands (`odds`, `roll`, ...): built once a process (a
    parse changes nothing in it; the tests run thousands of commands in one)."""
    from strange_tui.cli import (
        campaign,
        content,
        creation,
        hunters,
        keys,
        reference,
        rolls,
        solo,
        transfer,
    )
    from strange_tui.cli.serve import command as serve

    parser = Parser(prog=PROG, description="Plain commands of strange-tui.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    rolls.register(commands)
    campaign.register(commands)
    content.register(commands)
    creation.register(commands)
    hunters.register(commands)
    solo.register(commands)
    reference.register(commands)
    serve.register(commands)
    transfer.register(commands)
    keys.register(commands)
    return parser


def where_your_files_live() -> str:
    """The help's last paragraph: where campaigns, packs and themes are found."""
    from strange_tui.storage.paths import ENV_SAVES, PLATFORM_SAVES

    platforms = "\n".join(f"{'':15}{system:<8} {folder}" for system, folder in PLATFORM_SAVES)
    return (
        "where your files live:\n"
        f"  campaigns  the saves directory: --saves DIR, else ${ENV_SAVES},\n"
        "             else the config's saves, else ./saves when the current\n"
        "             folder has one,\n"
        "             else the platform's data folder:\n"
        f"{platforms}\n"
        "             (on Linux, $XDG_DATA_HOME replaces ~/.local/share when it is set)\n"
        "  packs      <saves>/packs/*.toml, after the built-in packs\n"
        "  themes     <saves>/themes/*.toml, after the built-in themes\n"
        "  config     --config FILE, else $STRANGE_TUI_CONFIG, else config.toml in the\n"
        "             platform's config folder (~/.config/strange-tui/ on Linux): the\n"
        "             theme, saves, seat, dice, follow and keys (docs/config.md)\n"
        "`strange-tui --where` prints the files and folders in use."
    )


def app_parser() -> Parser:
    """The parser of `strange-tui [CAMPAIGN]`, which opens the full-screen app."""
    parser = Parser(
        prog=PROG,
        description=(
            "A keyboard-driven table for The Strange. Commands: odds, roll, check, sheet,\n"
            "log, new, content, hunters, serve, oracle, draw, ref, export, import,\n"
            "keys (see `strange-tui COMMAND --help`). --saves, --seat and --config go before\n"
            "or after the command."
        ),
        epilog=where_your_files_live(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("campaign", nargs="?", metavar="CAMPAIGN", help="a campaign to open")
    parser.add_argument("--saves", metavar="DIR", help="the saves directory")
    parser.add_argument(
        "--seat",
        metavar="SEAT",
        help="whose seat this window is: gm (the default, or the config's seat) or a"
        " player's character (mara), or in a Hunters campaign a hunter (bea)",
    )
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="the config file (default: $STRANGE_TUI_CONFIG, else config.toml in the"
        " platform's config folder; see docs/config.md)",
    )
    parser.add_argument(
        "--where",
        action="store_true",
        help="print the files and folders in use (config, saves, packs, themes)",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    return parser


COMMANDS = frozenset(
    {
        "odds", "roll", "check", "sheet", "log", "new", "content", "hunters", "serve",
        "oracle", "draw", "ref", "export", "import", "keys",
    }
)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    """Run `strange-tui` with ``argv``; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        options, args_list = split_global_options(args_list)
        if args_list and args_list[0] in COMMANDS:
            args = with_globals(command_parser().parse_args(args_list), options)
            return args.run(args)
        args = with_globals(app_parser().parse_args(args_list), options)
        return run_app(args)
    except (UsageError, RuleViolation) as error:
        sys.stderr.write(f"{PROG}: {terminal(str(error))}\n")
        return USAGE_ERROR
    except CampaignFileError as error:
        sys.stderr.write(f"{PROG}: invalid campaign: {terminal(str(error))}\n")
        return INVALID
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`strange-tui content creatures | head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as error:
        # A folder that cannot be read or written, a full disk: one line, never a traceback.
        # A descriptor's number (an fd) names no file the user knows: only a path is said.
        where = f"{error.filename}: " if isinstance(error.filename, str | bytes) else ""
        message = terminal(f"{where}{error.strerror or error}")
        sys.stderr.write(f"{PROG}: {message}; nothing was changed.\n")
        return INVALID


def with_globals(args: argparse.Namespace, options: GlobalOptions) -> argparse.Namespace:
    """``args`` with the global options wherever they stood, and the config file read: its
    saves folder stands in for ``--saves`` when neither it nor $STRANGE_TUI_SAVES is given,
    its seat for ``--seat``."""
    from strange_tui.storage.config import config_origin, config_path, read_config
    from strange_tui.storage.paths import ENV_SAVES

    args.config_file = config_path(options.config)
    args.config_origin = config_origin(options.config)
    args.config = read_config(args.config_file)
    config = args.config[0]
    args.saves = options.saves or getattr(args, "saves", None)
    args.saves_origin = ""
    if not args.saves and not os.environ.get(ENV_SAVES) and config.saves:
        args.saves, args.saves_origin = config.saves, f"saves in {args.config_file}"
    if options.seat is not None:
        args.seat = options.seat
    elif getattr(args, "seat", None) is None:
        args.seat = config.seat
    args.seat_from_config = options.seat is None
    return args


def open_where(args: argparse.Namespace) -> tuple[Path, str, Path | None]:
    """The saves directory (and what chose it) and the campaign to open, if any."""
    from strange_tui.storage.paths import campaign_path, find_saves

    saves, origin = find_saves(args.saves)
    origin = getattr(args, "saves_origin", "") or origin
    path = None
    if args.campaign:
        try:
            path = campaign_path(args.campaign, saves)
        except ValueError as error:
            raise UsageError(str(error)) from None
        if path.parent.absolute() != saves.absolute():
            # Only the folder the campaign lives in is ever written.
            saves, origin = path.parent, "the folder of CAMPAIGN"
    return saves, origin, path


def run_app(args: argparse.Namespace) -> int:
    """Open the full-screen app: on a campaign, or on the list of campaigns."""
    if args.where:
        return print_where(args)
    saves, _, path = open_where(args)
    if args.campaign == "demo" and path is not None and not path.exists():
        from strange_tui.demo.build import build_demo

        build_demo(saves)  # The README's first command works on any machine.
    from strange_tui.campaign.model.seats import GM
    from strange_tui.tui.app.app import StrangeApp

    seat: str | None = GM
    config, problems = args.config
    if args.seat.strip().casefold() != GM:
        if path is None and not args.seat_from_config:
            raise UsageError("--seat names a player's seat at a campaign: give the CAMPAIGN too.")
        if path is not None and args.seat_from_config:
            seat = config_seat(path, args.seat)
        elif path is not None:
            seat = player_seat(path, args.seat)
    if seat is None:  # The config's seat names no one at this campaign.
        problems = [*problems, f"seat {args.seat!r} is no one's at this campaign: the GM's seat"]
        seat = GM
    StrangeApp(campaign_path=path, saves=saves, seat=seat, config=(config, problems)).run()
    # The app has closed its campaign (everything is on disk) and given the terminal back.
    # The process ends now: the collector need not walk every object of the session on
    # the way out (its final pass was 54 ms of each quit).
    gc.freeze()
    return 0


def config_seat(path: Path, typed: str) -> str | None:
    """The config's seat at the campaign in ``path``, or None when it names no one there
    (a config is for every campaign: that is no mistake on the command line)."""
    try:
        return player_seat(path, typed)
    except UsageError:
        return None


def player_seat(path: Path, typed: str) -> str:
    """The seat ``typed`` names at the campaign in ``path`` (UsageError lists the seats)."""
    from strange_tui.campaign.model.seats import resolve_seat
    from strange_tui.storage.folder import CampaignFolder

    try:
        return resolve_seat(CampaignFolder(path).check(), typed)
    except RuleViolation as unknown:
        raise UsageError(str(unknown)) from None


def print_where(args: argparse.Namespace) -> int:
    """`strange-tui --where`: the folders this command line would use, and what chose them."""
    from importlib import resources

    from strange_tui.content.loader import BUILTIN_PACK
    from strange_tui.storage.verified import ENV_CACHE, cache_dir
    from strange_tui.tui.app.following import how_it_follows
    from strange_tui.tui.app.themes import BUILTIN_THEMES

    saves, origin, path = open_where(args)
    builtin_packs = Path(str(resources.files("strange_tui.content").joinpath(BUILTIN_PACK)))

    def folder(place: Path, origin: str = "") -> str:
        notes = [f"from {origin}"] if origin else []
        if not place.is_dir():
            notes.append("not there yet")
        return f"{place.absolute()}" + (f"  ({', '.join(notes)})" if notes else "")

    config_note = args.config_origin + ("" if args.config_file.exists() else ", not there yet")
    rows = [("config", f"{args.config_file.absolute()}  (from {config_note})")]
    rows.append(("saves", folder(saves, origin)))
    cache_origin = f"${ENV_CACHE}" if os.environ.get(ENV_CACHE) else "the platform's cache folder"
    rows.append(("cache", folder(cache_dir(), cache_origin)))
    if path is not None:
        rows.append(("campaign", folder(path)))
    config = args.config[0]
    rows.append(("following", how_it_follows(path or saves, config.follow)))
    rows += [
        ("user packs", folder(saves / "packs")),
        ("user themes", folder(saves / "themes")),
        ("built-in themes", folder(BUILTIN_THEMES)),
        ("built-in packs", folder(builtin_packs)),
    ]
    for name, value in rows:
        sys.stdout.write(terminal(f"{name + ':':<17}{value}") + "\n")  # Paths are anyone's.
    return 0
