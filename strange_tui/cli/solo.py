"""`strange-tui oracle` and `strange-tui draw`: solo play from the shell.

`oracle` puts a yes/no question to the d20 (R-ORC-1..3) through the same command the app
sends (``AskOracle``): its odds, then the answer; with ``--campaign`` the question goes to
that campaign's log. `draw` is registered here and run by ``cli.draw``."""

from __future__ import annotations

import argparse
import json
from typing import Any

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.oracle import (
    DEFAULT_LIKELIHOOD,
    LIKELIHOOD_CHOICES,
    AskOracle,
    OraclePreview,
    OracleReply,
    reply_of,
)
from strange_tui.campaign.model.events import AnyEvent, OracleAsked
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.plain import terminal
from strange_tui.cli.parsing import Parser, UsageError, whole_number
from strange_tui.rules.dice import SeededDice
from strange_tui.rules.task import D20

DRAW_TABLES = ("creature", "cypher", "complication", "scene")
"""The tables `draw` reads (cli.draw says what each holds)."""

LIKELIHOOD_HELP = {
    DEFAULT_LIKELIHOOD: "yes and no are as likely (the default)",
    "certain": "a yes is all but certain (only a 1 says no)",
    "impossible": "a yes is next to impossible (only a 20 says yes)",
}

REPORT_KEYS = {"Yes, and": "p_yes_and", "Yes": "p_yes", "No": "p_no", "No, and": "p_no_and"}


def flag_of(likelihood: str) -> str:
    """'very likely' -> '--very-likely'."""
    return "--" + likelihood.replace(" ", "-")


def add_oracle_arguments(parser: Parser) -> None:
    parser.add_argument("question", metavar="QUESTION", help="a yes/no question, in quotes")
    how = parser.add_mutually_exclusive_group()
    for likelihood in LIKELIHOOD_CHOICES:
        how.add_argument(
            flag_of(likelihood),
            dest="likelihood",
            action="store_const",
            const=likelihood,
            help=LIKELIHOOD_HELP.get(likelihood, f"a yes is {likelihood}"),
        )
    parser.set_defaults(likelihood=DEFAULT_LIKELIHOOD)
    parser.add_argument("--seed", type=whole_number, metavar="N", help="a repeatable answer")
    parser.add_argument(
        "--die", type=whole_number, metavar="N", help="the value a physical d20 shows"
    )
    parser.add_argument(
        "--campaign", metavar="CAMPAIGN", help="record the question in this campaign's log"
    )
    parser.add_argument("--saves", metavar="DIR", help="the saves directory")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def oracle_report(seen: OraclePreview, reply: OracleReply) -> dict[str, Any]:
    """The JSON object of `oracle`: snake_case keys, chances as numbers."""
    report: dict[str, Any] = {
        "question": reply.question,
        "likelihood": seen.likelihood,
        "yes_from": seen.yes_from,
    }
    for row in seen.answers:
        report[REPORT_KEYS[row.words]] = row.chance
    report.update(
        die=reply.die,
        app_rolled=reply.app_rolled,
        answer=reply.words,
        twist=reply.twist or None,
    )
    return report


def ask(args: argparse.Namespace, command: AskOracle) -> tuple[OraclePreview, AnyEvent]:
    """The odds and the recorded question: in the campaign ``--campaign`` names (one
    command, as the app sends it), else on an empty table that keeps nothing."""
    dice = SeededDice(args.seed)
    if args.campaign is None:
        table = Campaign(name="The oracle")
        return preview(table, command), decide(table, command, dice)[0]
    from strange_tui.cli.campaign import folder_of

    store = folder_of(args).open()
    with store.transaction():
        seen = preview(store.state, command)
        done = store.apply(decide(store.state, command, dice))
    store.compact()  # As a window does on closing: the next open stays quick.
    return seen, done[0]


def run_oracle(args: argparse.Namespace) -> int:
    """`strange-tui oracle`: the odds of each answer, then the d20's answer."""
    if args.die is not None and args.seed is not None:
        raise UsageError("give --die (a physical die) or --seed (a repeatable answer), not both")
    if args.die is not None and not 1 <= args.die <= D20:
        raise UsageError(f"--die is what a d20 shows, 1 to 20; {args.die} is not")
    command = AskOracle(question=args.question, likelihood=args.likelihood, die=args.die)
    seen, event = ask(args, command)
    assert isinstance(event, OracleAsked)
    report = oracle_report(seen, reply_of(event))
    if args.json:
        print(json.dumps(report))
    else:
        print_oracle(seen, report, recorded=args.campaign is not None)
    return 0


def yes_on(yes_from: int) -> str:
    """'yes on 8 or more', 'yes on a 20 only'."""
    return f"yes on {yes_from} or more" if yes_from < D20 else f"yes on a {D20} only"


def print_oracle(seen: OraclePreview, report: dict[str, Any], *, recorded: bool) -> None:
    """The `oracle` panel: the question, each answer's odds, the die and the answer."""
    from rich import box
    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    odds = Table.grid(padding=(0, 2))
    odds.add_column(style="bold cyan", no_wrap=True)
    odds.add_column(justify="right", no_wrap=True)
    odds.add_column(style="dim", no_wrap=True)
    odds.add_column()
    for row in seen.answers:
        odds.add_row(row.words, f"{row.chance:.0%}", row.faces_text or "—", row.twist)
    odds.add_row("Yes in all", f"{seen.p_yes:.0%}", f"{seen.yes_faces} of 20")
    said = Table.grid(padding=(0, 2))
    said.add_column(style="bold cyan", no_wrap=True)
    said.add_column()
    die = Text(str(report["die"]), style="bold")
    die.append(" (the app's die)" if report["app_rolled"] else " (your die)", style="dim")
    said.add_row("d20", die)
    answer = Text(
        report["answer"], style="bold green" if report["answer"][0] == "Y" else "bold red"
    )
    if report["twist"]:
        answer.append(f": {report['twist']}")
    said.add_row("Answer", answer)
    if recorded:
        said.add_row("", Text("Written in the campaign's log.", style="dim"))
    question = Text(terminal(report["question"]), style="bold")
    title = f"The oracle: {seen.likelihood} ({yes_on(seen.yes_from)})"
    body = Group(question, Text(), odds, Text(), said)
    Console().print(Panel(body, title=title, box=box.ROUNDED, expand=False))


def run_draw(args: argparse.Namespace) -> int:
    """`strange-tui draw`: cli.draw does the drawing."""
    from strange_tui.cli.draw import run_draw as draw

    return draw(args)


def add_draw_arguments(parser: Parser) -> None:
    parser.add_argument("table", choices=DRAW_TABLES, metavar="TABLE", help=", ".join(DRAW_TABLES))
    parser.add_argument(
        "campaign", nargs="?", metavar="CAMPAIGN", help="record the draw in this campaign's log"
    )
    levels = parser.add_mutually_exclusive_group()
    levels.add_argument("--level", type=whole_number, metavar="N", help="a creature of level N")
    levels.add_argument("--levels", metavar="A-B", help="a creature of level A to B")
    parser.add_argument("--seed", type=whole_number, metavar="N", help="a repeatable draw")
    parser.add_argument(
        "--die",
        type=whole_number,
        action="append",
        metavar="N",
        help="your own die, in the order the draw rolls them (again for each die)",
    )
    parser.add_argument("--saves", metavar="DIR", help="the saves directory")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def register(commands: argparse._SubParsersAction) -> None:
    """Add `oracle` and `draw` to the command parser."""
    oracle = commands.add_parser("oracle", help="ask a yes/no question; the d20 answers")
    add_oracle_arguments(oracle)
    oracle.set_defaults(run=run_oracle)
    draw = commands.add_parser(
        "draw", help="draw a creature, a cypher, a complication or a scene prompt"
    )
    add_draw_arguments(draw)
    draw.set_defaults(run=run_draw)
