"""`strange-tui keys`: every key binding's id, the key in use and where it came from (the
default, or the config file's ``[keys]``), for a player writing a keymap."""

from __future__ import annotations

import argparse
import sys

from strange_tui.campaign.narrate.plain import terminal
from strange_tui.cli.parsing import Parser


def run_keys(args: argparse.Namespace) -> int:
    """Print the keymap in use: one line per binding id; what the config got wrong first,
    on stderr (the app would leave the same remaps out)."""
    from strange_tui.tui.app.app import StrangeApp
    from strange_tui.tui.app.keymap import key_rows, usable_keymap

    config, problems = args.config
    keymap, left_out = usable_keymap(config.keys, StrangeApp)
    where = args.config_file.name
    for problem in [*problems, *(f"{where}: {line}" for line in left_out)]:
        sys.stderr.write(f"{terminal(problem)}\n")
    exists = "" if args.config_file.exists() else ", not there yet"
    print(terminal(f"config: {args.config_file.absolute()} (from {args.config_origin}{exists})"))
    rows = key_rows(keymap, where)
    if args.changed:
        rows = [row for row in rows if row.origin != "default"]
    width = max([len("binding id"), *(len(row.binding_id) for row in rows)]) + 2
    print(f"{'binding id':<{width}}{'key':<18}{'from':<13}what (where)")
    for row in rows:
        origin = row.origin if row.origin == "default" else f"{row.origin}"
        print(
            terminal(f"{row.binding_id:<{width}}{row.key:<18}{origin:<13}{row.what} ({row.where})")
        )
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    """Add `keys` to the command parser."""
    keys: Parser = commands.add_parser(
        "keys", help="every key binding's id and key (the config's [keys] remaps them)"
    )
    keys.add_argument("--changed", action="store_true", help="only the bindings the config remaps")
    keys.add_argument("--config", metavar="FILE", help="the config file")
    keys.set_defaults(run=run_keys)
