"""`strange-tui oracle` and `strange-tui draw`: solo play from the shell.

`oracle` puts a yes/no question to the d20 (R-ORC-1..3) at the campaign's tension (R-TEN-2)
through the same command the app sends (``AskOracle``): its odds and the chance of a random
event, then the answer, the event die (R-TEN-3) and what they drew (a complication, a gift,
a random event); or the answer chosen with ``--choose``. With ``--campaign`` the question
goes to that campaign's log. `draw` is registered here and run by ``cli.draw``."""

from __future__ import annotations

import argparse
import json
from typing import Any

import msgspec

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.oracle import (
    ANSWERS,
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
        "--event-die",
        type=whole_number,
        metavar="N",
        help="your second d20, the event die (blank: the app rolls it)",
    )
    parser.add_argument(
        "--choose",
        choices=ANSWERS,
        metavar="ANSWER",
        help='choose the answer instead of rolling: "Yes, and", "Yes", "No" or "No, and"',
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
        tension=reply.tension,
        event_chance=seen.event_chance,
        event_die=reply.event_die,
        random_event=reply.event_came,
        chosen=reply.chosen,
        drawn=[
            {"table": drawn.table, "result": drawn.result, "dice": list(drawn.dice)}
            for drawn in reply.drawn
        ],
    )
    return report


def ask(args: argparse.Namespace, command: AskOracle) -> tuple[OraclePreview, tuple[AnyEvent, ...]]:
    """The odds and the recorded question with what it drew: in the campaign
    ``--campaign`` names (one command, as the app sends it, with its packs), else on an
    empty table at the starting tension that keeps nothing (the saves directory's packs)."""
    from strange_tui.content.loader import Content, user_pack_files
    from strange_tui.storage.paths import saves_dir

    dice = SeededDice(args.seed)
    if args.campaign is None:
        table = Campaign(name="The oracle")
        content = Content(user_pack_files(saves_dir(args.saves)))
        command = msgspec.structs.replace(command, content=content)
        return preview(table, command), decide(table, command, dice)
    from strange_tui.cli.campaign import folder_of

    folder = folder_of(args)
    store = folder.open()
    command = msgspec.structs.replace(command, content=Content(user_pack_files(folder.path.parent)))
    with store.transaction():
        seen = preview(store.state, command)
        done = store.apply(decide(store.state, command, dice))
    store.compact()  # As a window does on closing: the next open stays quick.
    return seen, tuple(done)


def run_oracle(args: argparse.Namespace) -> int:
    """`strange-tui oracle`: the odds of each answer, then the d20's answer (or the one
    chosen), the event die, and what they drew."""
    if args.die is not None and args.seed is not None:
        raise UsageError("give --die (a physical die) or --seed (a repeatable answer), not both")
    for flag, die in (("--die", args.die), ("--event-die", args.event_die)):
        if die is not None and not 1 <= die <= D20:
            raise UsageError(f"{flag} is what a d20 shows, 1 to 20; {die} is not")
    if args.choose and (args.die is not None or args.event_die is not None):
        raise UsageError("--choose answers without dice: no --die or --event-die with it")
    command = AskOracle(
        question=args.question,
        likelihood=args.likelihood,
        die=args.die,
        event_die=args.event_die,
        chosen=args.choose or "",
    )
    seen, events = ask(args, command)
    event = events[0]
    assert isinstance(event, OracleAsked)
    report = oracle_report(seen, reply_of(event, events))
    if args.json:
        print(json.dumps(report))
    else:
        event_typed = args.event_die is not None
        print_oracle(seen, report, recorded=args.campaign is not None, event_typed=event_typed)
    return 0


def yes_on(yes_from: int) -> str:
    """'yes on 8 or more', 'yes on a 20 only'."""
    return f"yes on {yes_from} or more" if yes_from < D20 else f"yes on a {D20} only"


def print_oracle(
    seen: OraclePreview, report: dict[str, Any], *, recorded: bool, event_typed: bool = False
) -> None:
    """The `oracle` panel: the question, each answer's odds and the event die's, the dice
    (or the answer chosen), the answer, and what came with it."""
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
    odds.add_row(
        "Event die", f"{seen.event_chance:.0%}", seen.event_faces_text or "—", "a random event"
    )
    said = Table.grid(padding=(0, 2))
    said.add_column(style="bold cyan", no_wrap=True)
    said.add_column()
    if report["chosen"]:
        said.add_row("d20", Text("none: the answer chosen, not rolled", style="dim"))
    else:
        die = Text(str(report["die"]), style="bold")
        die.append(" (the app's die)" if report["app_rolled"] else " (your die)", style="dim")
        said.add_row("d20", die)
        event = Text(str(report["event_die"]), style="bold")
        event.append(" (your die)" if event_typed else " (the app's die)", style="dim")
        if report["random_event"]:
            event.append(" — a random event", style="yellow")
        said.add_row("Event die", event)
    answer = Text(
        report["answer"], style="bold green" if report["answer"][0] == "Y" else "bold red"
    )
    if report["twist"]:
        answer.append(f": {report['twist']}")
    if report["chosen"]:
        answer.append(" (your choice)", style="dim")
    said.add_row("Answer", answer)
    for drawn in seen_draws(report):
        said.add_row(*drawn)
    if recorded:
        said.add_row("", Text("Written in the campaign's log.", style="dim"))
    question = Text(terminal(report["question"]), style="bold")
    title = f"The oracle: {seen.likelihood}, tension {seen.tension} ({yes_on(seen.yes_from)})"
    body = Group(question, Text(), odds, Text(), said)
    Console().print(Panel(body, title=title, box=box.ROUNDED, expand=False))


DRAWN_LABELS = {"complication": "Complication", "gift": "Gift", "event": "Random event"}
"""How the panel heads each draw that came with the answer."""


def seen_draws(report: dict[str, Any]) -> list[tuple[str, str]]:
    """Each draw of ``report`` as a row of the panel: its label, what it says and its dice
    (the packs' words made safe for a terminal)."""
    rows = []
    for drawn in report["drawn"]:
        dice = f" (dice {', '.join(map(str, drawn['dice']))})" if drawn["dice"] else ""
        label = DRAWN_LABELS.get(drawn["table"], drawn["table"])
        rows.append((label, terminal(" ".join(drawn["result"].split())) + dice))
    return rows


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
