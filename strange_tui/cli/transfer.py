"""`strange-tui export` and `import`: a character to and from Foundry VTT's Cypher System
(an actor's JSON), a whole campaign to and from a verified backup archive (a .zip)."""

from __future__ import annotations

import argparse

from strange_tui.cli.parsing import Parser, UsageError

FOUNDRY = "foundry"


def run_export(args: argparse.Namespace) -> int:
    """`export CAMPAIGN NAME --to foundry` or `export CAMPAIGN --to FILE.zip`."""
    if args.to == FOUNDRY:
        if not args.name:
            raise UsageError("export --to foundry names a character: export CAMPAIGN NAME.")
        from strange_tui.cli.foundry import export_actor

        return export_actor(args)
    if not args.to.lower().endswith(".zip"):
        raise UsageError(f"--to takes 'foundry' or a FILE.zip, not {args.to!r}.")
    if args.name:
        raise UsageError("a backup holds the whole campaign: export CAMPAIGN --to FILE.zip.")
    from strange_tui.cli.backup import export_archive

    return export_archive(args)


def run_import(args: argparse.Namespace) -> int:
    """`import FILE.zip` (a campaign from a backup) or `import CAMPAIGN FILE.json` (a
    character from Foundry VTT into the campaign)."""
    first, second = args.first, args.second
    if second is None:
        if not first.lower().endswith(".zip"):
            raise UsageError(
                "import takes a backup (import FILE.zip) or a campaign and a Foundry actor"
                " (import CAMPAIGN FILE.json)."
            )
        from strange_tui.cli.backup import import_archive

        args.archive = first
        return import_archive(args)
    from strange_tui.cli.foundry import import_actor

    args.campaign, args.file = first, second
    return import_actor(args)


def register(commands: argparse._SubParsersAction) -> None:
    """Add `export` and `import` to the command parser."""
    export: Parser = commands.add_parser(
        "export", help="a character to Foundry VTT, or a campaign to a backup (.zip)"
    )
    export.add_argument("campaign", metavar="CAMPAIGN", help="a campaign folder or name")
    export.add_argument("name", nargs="?", metavar="NAME", help="a character (--to foundry)")
    export.add_argument(
        "--to", required=True, metavar="foundry|FILE.zip",
        help="'foundry': the character as a Foundry VTT actor; FILE.zip: a backup",
    )  # fmt: skip
    export.add_argument(
        "--out",
        metavar="FILE",
        help="the actor's JSON file (default: NAME.json; - prints it)",
    )
    export.add_argument("--saves", metavar="DIR", help="the saves directory")
    export.set_defaults(run=run_export)
    imports: Parser = commands.add_parser(
        "import", help="a campaign from a backup (.zip), or a character from Foundry VTT"
    )
    imports.add_argument("first", metavar="FILE.zip | CAMPAIGN")
    imports.add_argument("second", nargs="?", metavar="FILE.json")
    imports.add_argument("--as", dest="as_name", metavar="NAME", help="the new campaign's name")
    imports.add_argument("--saves", metavar="DIR", help="the saves directory")
    imports.set_defaults(run=run_import)
