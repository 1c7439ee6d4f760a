"""`strange-tui ref [TOPIC]`: the quick reference (R-REF-1, R-MOD-1, R-ART-1) as plain
text, the same topics and lines as the app's reference screen (F2). No campaign needed:
it reads the built-in packs and those of the saves directory."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

import msgspec

from strange_tui.campaign.narrate.plain import terminal
from strange_tui.campaign.narrate.reference import Topic, reference_topics, topics_named
from strange_tui.cli.parsing import UsageError
from strange_tui.content.loader import Content, user_pack_files
from strange_tui.storage.paths import saves_dir

WIDTH = 80
NUMBER = 4
"""The difficulty column: right-aligned numbers, then two spaces, then the text."""
NO_NUMBER = "·"
"""What stands in the column for a line that is information only."""


def topic_text(topic: Topic, width: int = WIDTH) -> list[str]:
    """A topic as lines of at most ``width`` characters: its name (and stat), its note,
    then each line with its difficulty in a column, wrapped under its own text."""
    title = topic.name + (f" ({topic.stat.value.title()})" if topic.stat else "")
    out = [terminal(title)]
    if topic.note:
        out += textwrap.wrap(
            terminal(topic.note), width, initial_indent="  ", subsequent_indent="  "
        )
    indent = " " * (NUMBER + 2)
    for line in topic.lines:
        number = NO_NUMBER if line.difficulty is None else str(line.difficulty)
        first = f"{number:>{NUMBER}}  "
        out += textwrap.wrap(
            terminal(line.text), width, initial_indent=first, subsequent_indent=indent
        )
    return out


def run_ref(args: argparse.Namespace) -> int:
    """Print every topic, or those TOPIC names; an unknown TOPIC lists the topics (exit 2)."""
    content = Content(user_pack_files(saves_dir(args.saves)))
    topics = reference_topics(content)
    if args.topic:
        name = " ".join(args.topic)
        chosen = topics_named(topics, name)
        if not chosen:
            names = ", ".join(topic.id for topic in topics)
            raise UsageError(f"no topic {name!r} in the quick reference; the topics: {names}")
        topics = chosen
    if args.json:
        print(json.dumps({"topics": msgspec.to_builtins(topics)}))
    else:
        print("\n\n".join("\n".join(topic_text(topic)) for topic in topics))
    for problem in content.problems:
        sys.stderr.write(f"strange-tui: pack problem: {terminal(problem)}\n")
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    ref = commands.add_parser(
        "ref", help="the quick reference: the difficulty ladders, hazards, circumstances"
    )
    ref.add_argument(
        "topic",
        nargs="*",
        metavar="TOPIC",
        help="only the topics whose name holds these words (climbing, hazards...)",
    )
    ref.add_argument("--json", action="store_true", help="print one JSON object")
    ref.add_argument("--saves", metavar="DIR", help="the saves directory (its packs/)")
    ref.set_defaults(run=run_ref)
