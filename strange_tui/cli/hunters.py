"""`strange-tui hunters odds` and `hunters roll`: The Hunters' 2d6 against a CR (R-HUN)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from strange_tui.campaign.narrate.words import plural
from strange_tui.cli.parsing import Parser, UsageError, whole_number
from strange_tui.rules import hunters
from strange_tui.rules.dice import PlayerDice, SeededDice


def add_arguments(parser: Parser) -> None:
    parser.add_argument("--bonus", type=whole_number, default=0, metavar="B", help="total bonus")
    parser.add_argument("--cr", type=whole_number, required=True, metavar="CR", help="1..32")
    parser.add_argument("--dice", type=whole_number, default=2, metavar="N", help="2, 3 or 4 d6")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def odds_report(args: argparse.Namespace) -> dict[str, Any]:
    p_success, p_degrees = hunters.odds(args.bonus, args.cr, args.dice)
    return {
        "bonus": args.bonus,
        "cr": args.cr,
        "cr_name": hunters.cr_name(args.cr),
        "dice": args.dice,
        "p_success": round(float(p_success), 4),
        "p_success_exact": str(p_success),
        "p_degrees": {str(d): round(float(p), 4) for d, p in p_degrees.items()},
    }


def run_odds(args: argparse.Namespace) -> int:
    report = odds_report(args)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{args.dice}d6 {args.bonus:+d} against CR {args.cr} ({report['cr_name']})")
    print(f"success: {report['p_success']:.1%} ({report['p_success_exact']})")
    for degree, p in report["p_degrees"].items():
        print(f"  {degree} degree{'s' * (degree != '1')}: {p:.1%}")
    return 0


def run_roll(args: argparse.Namespace) -> int:
    report = odds_report(args)
    if args.values and args.seed is not None:
        raise UsageError("give --values (your dice) or --seed, not both")
    if args.values:
        try:
            values = [int(v) for v in args.values.split(",")]
        except ValueError:
            raise UsageError("--values takes the dice as numbers, e.g. 3,5") from None
        if len(values) != args.dice:
            raise UsageError(f"--values needs {args.dice} dice, got {len(values)}")
        source: Any = PlayerDice(values)
    else:
        source = SeededDice(args.seed)
    dice = hunters.roll(source, args.dice)
    report.update(
        dice=list(dice),
        total=sum(dice) + args.bonus,
        success=hunters.succeeds(dice, args.bonus, args.cr),
        fumble=hunters.fumbled(dice),
        degrees=hunters.degrees(dice, args.bonus, args.cr),
    )
    if args.json:
        print(json.dumps(report))
    else:
        outcome = (
            "success"
            if report["success"]
            else ("double 1s: failure" if report["fumble"] else "failure")
        )
        shown = " + ".join(map(str, dice))
        extra = f", {plural(report['degrees'], 'degree')}" if report["success"] else ""
        print(f"{shown} {args.bonus:+d} = {report['total']} vs CR {args.cr}: {outcome}{extra}")
    return 0


def run_hunters(args: argparse.Namespace) -> int:
    if args.hunters_command is None:
        sys.stderr.write("strange-tui hunters: choose odds or roll\n")
        return 2
    return args.hunters_run(args)


def register(commands: argparse._SubParsersAction) -> None:
    group = commands.add_parser("hunters", help="The Hunters' 2d6 system: odds and rolls")
    sub = group.add_subparsers(dest="hunters_command", parser_class=Parser)
    odds = sub.add_parser("odds", help="exact odds of 2d6 + bonus against a CR")
    add_arguments(odds)
    odds.set_defaults(hunters_run=run_odds)
    roll = sub.add_parser("roll", help="roll (or enter your dice) against a CR")
    add_arguments(roll)
    roll.add_argument("--seed", type=whole_number, metavar="N", help="repeatable rolls")
    roll.add_argument("--values", metavar="A,B", help="the dice you rolled, e.g. 3,5")
    roll.set_defaults(hunters_run=run_roll)
    group.set_defaults(run=run_hunters)
