"""The `strange-tui` command: the TUI by default, and plain commands for quick answers."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from strange_tui import __version__
from strange_tui.cli.parsing import USAGE_ERROR, Parser, UsageError
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage.errors import CampaignFileError

PROG = "strange-tui"
INVALID = 1


def command_parser() -> Parser:
    """The parser of the plain commands (`odds`, `roll`, ...)."""
    from strange_tui.cli import (
        campaign_commands,
        content_commands,
        hunters_commands,
        new_command,
        task_commands,
    )

    parser = Parser(prog=PROG, description="Plain commands of strange-tui.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    task_commands.register(commands)
    campaign_commands.register(commands)
    content_commands.register(commands)
    new_command.register(commands)
    hunters_commands.register(commands)
    return parser


def app_parser() -> Parser:
    """The parser of `strange-tui [CAMPAIGN]`, which opens the full-screen app."""
    parser = Parser(
        prog=PROG,
        description=(
            "A keyboard-driven table for The Strange. Commands: odds, roll, check, sheet, log,"
            " new, content, hunters (see `strange-tui COMMAND --help`)."
        ),
    )
    parser.add_argument("campaign", nargs="?", metavar="CAMPAIGN", help="a campaign to open")
    parser.add_argument("--saves", metavar="DIR", help="the saves directory")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    return parser


COMMANDS = frozenset({"odds", "roll", "check", "sheet", "log", "new", "content", "hunters"})


def main(argv: Sequence[str] | None = None) -> int:
    """Run `strange-tui` with ``argv``; returns the exit status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_list and args_list[0] in COMMANDS:
            args = command_parser().parse_args(args_list)
            return args.run(args)
        args = app_parser().parse_args(args_list)
        return run_app(args)
    except (UsageError, RuleViolation) as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return USAGE_ERROR
    except CampaignFileError as error:
        sys.stderr.write(f"{PROG}: invalid campaign: {error}\n")
        return INVALID
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`strange-tui content creatures | head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


def run_app(args: argparse.Namespace) -> int:
    """Open the full-screen app: on a campaign, or on the list of campaigns."""
    from strange_tui.storage.paths import campaign_path, saves_dir

    saves = saves_dir(args.saves)
    path = None
    if args.campaign:
        try:
            path = campaign_path(args.campaign, saves)
        except ValueError as error:
            raise UsageError(str(error)) from None
        if args.campaign == "demo" and not path.exists():
            from strange_tui.demo.build import build_demo

            build_demo(saves)  # The README's first command works on any machine.
        if path.parent != saves:
            saves = path.parent  # Only the folder the campaign lives in is ever written.
    from strange_tui.tui.app import StrangeApp

    StrangeApp(campaign_path=path, saves=saves).run()
    return 0
