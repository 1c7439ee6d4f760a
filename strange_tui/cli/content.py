"""`strange-tui content [KIND]`: what the content packs hold, for people and scripts."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

from strange_tui.campaign.narrate.plain import one_line, terminal
from strange_tui.cli.parsing import UsageError
from strange_tui.content.loader import Content, user_pack_files
from strange_tui.content.model import KINDS
from strange_tui.content.validate import problems
from strange_tui.storage.paths import saves_dir

# The columns of the plain listing, by kind.
COLUMNS: dict[str, tuple[str, ...]] = {
    "types": ("name", "pools", "edge", "effort", "cypher_limit"),
    "descriptors": ("name", "summary"),
    "foci": ("name", "recursions"),
    "abilities": ("name", "kind", "cost", "pool"),
    "recursions": ("name", "level", "laws", "translation_difficulty"),
    "creatures": ("name", "level", "health", "damage", "armor"),
    "cyphers": ("name", "level", "kind"),
    "weapons": ("name", "category", "damage"),
    "armor": ("name", "category", "armor"),
    "intrusions": ("name", "kind", "recursion", "stats", "tasks", "text"),
    "complications": ("name", "recursion", "stats", "tasks", "text"),
    "scenes": ("name", "recursion", "text"),
    "reference": ("name", "stat", "note"),
    "trades": ("name", "cost", "condition", "does"),
    "meanings": ("name", "table"),
    "gifts": ("name", "recursion", "stats", "tasks", "text"),
    "alterations": ("name", "recursion", "text"),
    "event_foci": ("name", "picks", "text"),
    "task_words": ("name", "task", "words"),
}


def content_from(args: argparse.Namespace) -> Content:
    extra = [Path(path) for path in args.pack or []]
    return Content(user_pack_files(saves_dir(args.saves), extra))


def run_content(args: argparse.Namespace) -> int:
    """List a kind of content, or count every kind; --check reports problems (exit 1)."""
    content = content_from(args)
    if args.check:
        found = problems(content)
        for problem in found:
            sys.stderr.write(f"{terminal(problem)}\n")
        print(f"{'ok' if not found else f'{len(found)} problems'}: content packs checked")
        return 1 if found else 0
    if args.kind is None:
        counts = {kind: len(content.kind(kind)) for kind in KINDS}
        if args.json:
            print(json.dumps({"counts": counts, "problems": content.problems}))
        else:
            for kind, count in counts.items():
                print(f"{kind:<12} {count:>4}")
        report_problems(content)
        return 0
    if args.kind not in KINDS:
        raise UsageError(
            f"{args.kind!r} is not a kind of content; choose one of {', '.join(KINDS)}"
        )
    entries = list(content.kind(args.kind).values())
    if args.json:
        print(json.dumps({"kind": args.kind, "entries": msgspec.to_builtins(entries)}))
    else:
        for entry in entries:
            # One entry a line, whatever its text holds (a pack is anyone's file).
            print(one_line("  ".join(cell(getattr(entry, c)) for c in COLUMNS[args.kind])))
    report_problems(content)
    return 0


def cell(value: Any) -> str:
    if isinstance(value, msgspec.Struct):
        return "/".join(str(v) for v in msgspec.structs.astuple(value))
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return "-" if value is None else str(value)


def report_problems(content: Content) -> None:
    """Packs that failed to load are reported together; the rest was listed."""
    for problem in content.problems:
        sys.stderr.write(f"strange-tui: pack problem: {terminal(problem)}\n")


def register(commands: argparse._SubParsersAction) -> None:
    content = commands.add_parser("content", help="list the loaded game content")
    content.add_argument("kind", nargs="?", metavar="KIND", help=", ".join(KINDS))
    content.add_argument("--json", action="store_true", help="print one JSON object")
    content.add_argument("--pack", action="append", metavar="FILE", help="an extra pack file")
    content.add_argument("--saves", metavar="DIR", help="the saves directory (its packs/)")
    content.add_argument(
        "--check", action="store_true", help="check every pack; exit 1 on problems"
    )
    content.set_defaults(run=run_content)
