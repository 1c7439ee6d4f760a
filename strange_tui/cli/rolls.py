"""`strange-tui odds` and `strange-tui roll`: exact odds of a Cypher task, and a roll of it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from strange_tui.cli.parsing import Parser, UsageError, at_least_zero, whole_number
from strange_tui.rules.dice import SeededDice
from strange_tui.rules.effort import action_cost
from strange_tui.rules.odds import Odds, task_odds
from strange_tui.rules.special import (
    Special,
    attack_damage_bonus,
    cost_after_special,
    effect_choices,
    special_applies,
    special_of,
)
from strange_tui.rules.task import (
    D20,
    Skill,
    Task,
    TaskResult,
    check_task,
    difficulty_name,
    resolve,
    step_breakdown,
)


def add_task_arguments(parser: Parser) -> None:
    """The options shared by `odds` and `roll` (DESIGN.md, plain commands)."""
    parser.add_argument("difficulty", metavar="D", type=whole_number, help="difficulty 0..10")
    parser.add_argument("--trained", action="store_true", help="trained in the task (-1 step)")
    parser.add_argument(
        "--specialized", action="store_true", help="specialized in the task (-2 steps)"
    )
    parser.add_argument("--inability", action="store_true", help="an inability (+1 step)")
    parser.add_argument("--assets", type=at_least_zero, default=0, metavar="N", help="0..2")
    parser.add_argument(
        "--effort", type=whole_number, default=0, metavar="N", help="levels of Effort to ease"
    )
    parser.add_argument("--bonus", type=whole_number, default=0, metavar="N", help="roll bonus")
    parser.add_argument("--edge", type=at_least_zero, default=0, metavar="E", help="pool's Edge")
    parser.add_argument("--impaired", action="store_true", help="impaired: Effort costs more")
    parser.add_argument(
        "--ability-cost", type=at_least_zero, default=0, metavar="C", help="the ability's cost"
    )
    parser.add_argument("--attack", action="store_true", help="the task is an attack")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def add_roll_arguments(parser: Parser) -> None:
    """`roll` takes the task options plus where the die comes from."""
    add_task_arguments(parser)
    parser.add_argument("--seed", type=whole_number, metavar="N", help="repeatable rolls")
    parser.add_argument(
        "--die", type=whole_number, metavar="N", help="the value a physical d20 shows"
    )


def task_from(args: argparse.Namespace) -> Task:
    """The Task the options describe, checked against the rules."""
    if args.trained and args.specialized:
        raise UsageError("choose --trained or --specialized, not both")
    if args.effort < 0:
        raise UsageError(f"--effort is a number of levels, 0 or more; {args.effort} is not")
    skill = (
        Skill.SPECIALIZED
        if args.specialized
        else Skill.TRAINED
        if args.trained
        else Skill.UNTRAINED
    )
    return check_task(
        Task(
            difficulty=args.difficulty,
            skill=skill,
            inability=args.inability,
            assets=args.assets,
            effort=args.effort,
            bonus=args.bonus,
        )
    )


def cost_of(args: argparse.Namespace) -> int:
    """R-EFF-1..4: the pool cost of the action the options describe."""
    return action_cost(
        effort_levels=args.effort,
        ability_cost=args.ability_cost,
        edge=args.edge,
        impaired=args.impaired,
    )


def odds_report(task: Task, odds: Odds, cost: int) -> dict[str, Any]:
    """The JSON object of `odds` (DESIGN.md): snake_case keys, probabilities as numbers."""
    return {
        "difficulty": task.difficulty,
        "difficulty_name": difficulty_name(task.difficulty),
        "final_difficulty": odds.final_difficulty,
        "final_difficulty_name": difficulty_name(odds.final_difficulty),
        "steps": [{"reason": reason, "steps": steps} for reason, steps in step_breakdown(task)],
        "target": odds.target,
        "automatic": odds.automatic,
        "bonus": task.bonus,
        "success_faces": odds.success_faces,
        "p_success": float(odds.p_success),
        "p_special": {str(face): float(p) for face, p in odds.p_special.items()},
        "cost": cost,
    }


def roll_report(
    task: Task, odds: Odds, cost: int, result: TaskResult, *, attack: bool, impaired: bool
) -> dict[str, Any]:
    """The JSON object of `roll`: the odds it was rolled at, then what the die did."""
    report = odds_report(task, odds, cost)
    die = result.die
    special = special_of(die) if die is not None else None
    applies = die is not None and special_applies(die, result.success)
    report.update(
        die=die,
        total=result.total,
        success=result.success,
        special=special.value if special and applies else None,
        special_name=special.label if special and applies else None,
        intrusion=special is Special.INTRUSION,
        damage_bonus=attack_damage_bonus(die, impaired=impaired) if attack and applies else 0,
        effects=list(effect_choices(die, attack=attack, impaired=impaired)) if applies else [],
        cost_before_special=cost,
        cost=cost_after_special(die, cost) if die is not None else cost,
        refunded=die == 20 and cost > 0,
    )
    return report


def run_odds(args: argparse.Namespace) -> int:
    """`strange-tui odds`: the chances before any die is rolled (R-TASK-5)."""
    task = task_from(args)
    report = odds_report(task, task_odds(task), cost_of(args))
    if args.json:
        print(json.dumps(report))
    else:
        from strange_tui.cli.render import print_odds

        print_odds(report, attack=args.attack)
    return 0


def run_roll(args: argparse.Namespace) -> int:
    """`strange-tui roll`: a roll of the task, seeded or from a physical die (R-TASK-6)."""
    task = task_from(args)
    if args.die is not None and args.seed is not None:
        raise UsageError("give --die (a physical die) or --seed (a repeatable roll), not both")
    if args.die is not None and not 1 <= args.die <= D20:
        raise UsageError(f"--die is what a d20 shows, 1 to 20; {args.die} is not")
    odds = task_odds(task)
    die = None
    if not odds.automatic:
        die = args.die if args.die is not None else SeededDice(args.seed).roll(D20)
    result = resolve(task, die)
    report = roll_report(
        task, odds, cost_of(args), result, attack=args.attack, impaired=args.impaired
    )
    if args.json:
        print(json.dumps(report))
    else:
        from strange_tui.cli.render import print_roll

        print_roll(report, attack=args.attack, ignored_die=odds.automatic and args.die is not None)
    return 0


def register(commands: argparse._SubParsersAction) -> None:
    """Add `odds` and `roll` to the command parser."""
    odds = commands.add_parser("odds", help="exact odds of a task, no roll")
    add_task_arguments(odds)
    odds.set_defaults(run=run_odds)
    roll = commands.add_parser("roll", help="roll a task (or enter a physical die)")
    add_roll_arguments(roll)
    roll.set_defaults(run=run_roll)
