"""Rich panels for `odds` and `roll`: what a person reads at the table."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

BAR_WIDTH = 20
SPECIAL_LABELS = {
    "1": "intrusion",
    "17": "+1 dmg",
    "18": "+2 dmg",
    "19": "minor",
    "20": "major",
}


def odds_bar(p_success: float) -> Text:
    """A bar of twenty cells, one per face of the d20, filled for the faces that succeed."""
    filled = round(p_success * BAR_WIDTH)
    colour = "green" if p_success >= 0.5 else "yellow" if p_success >= 0.25 else "red"
    bar = Text("█" * filled, style=colour)
    bar.append("░" * (BAR_WIDTH - filled), style="dim")
    bar.append(f" {p_success:4.0%}", style=f"bold {colour}")
    return bar


def title_of(report: dict[str, Any]) -> str:
    start = f"{report['difficulty_name']} {report['difficulty']}"
    final = f"{report['final_difficulty_name']} {report['final_difficulty']}"
    return start if start == final else f"{start} → {final}"


def steps_text(report: dict[str, Any]) -> str:
    parts = [f"{item['reason']} {item['steps']:+d}" for item in report["steps"]]
    return " · ".join(parts) if parts else "—"


def odds_table(report: dict[str, Any], *, attack: bool) -> Table:
    """The rows shared by both panels: target, odds, steps, cost, specials."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    if report["automatic"]:
        table.add_row("Result", Text("Automatic success: no roll needed", style="bold green"))
    else:
        target = Text(f"{report['target']}", style="bold")
        target.append(" or more on a d20")
        if report["bonus"]:
            target.append(f" (bonus {report['bonus']:+d})", style="magenta")
        table.add_row("Target", target)
        bar = odds_bar(report["p_success"])
        bar.append(f"  {report['success_faces']} of 20 faces", style="dim")
        table.add_row("Success", bar)
    table.add_row("Steps", steps_text(report))
    cost = report.get("cost_before_special", report["cost"])
    table.add_row("Cost", f"{cost} point{'s' if cost != 1 else ''} from the pool")
    if not report["automatic"]:
        specials = Text()
        for face, chance in report["p_special"].items():
            if face in ("17", "18") and not attack:
                continue
            if specials:
                specials.append(" · ", style="dim")
            specials.append(f"{face} ", style="bold")
            specials.append(f"{SPECIAL_LABELS[face]} {chance:.0%}")
        table.add_row("Specials", specials)
    return table


def print_odds(report: dict[str, Any], *, attack: bool = False) -> None:
    """The `odds` panel."""
    Console().print(
        Panel(
            odds_table(report, attack=attack), title=title_of(report), box=box.ROUNDED, expand=False
        )
    )


def outcome_text(report: dict[str, Any]) -> Text:
    """The die, the total and what they mean."""
    if report["die"] is None:
        return Text("Success (automatic)", style="bold green")
    text = Text(f"d20 shows {report['die']}", style="bold")
    if report["bonus"]:
        text.append(f", total {report['total']}")
    text.append(" — ")
    text.append(
        "Success" if report["success"] else "Failure",
        style="bold green" if report["success"] else "bold red",
    )
    if report["special_name"]:
        text.append(f"  [{report['special_name']}]", style="bold magenta")
    return text


def print_roll(report: dict[str, Any], *, attack: bool = False, ignored_die: bool = False) -> None:
    """The `roll` panel: the odds it was rolled at, then the result and its choices."""
    table = odds_table(report, attack=attack)
    table.add_row("Roll", outcome_text(report))
    if report["intrusion"]:
        table.add_row("", Text("The GM intrudes, free: no XP for it.", style="yellow"))
    if report["damage_bonus"]:
        table.add_row("Damage", f"+{report['damage_bonus']}")
    if report["effects"]:
        table.add_row("Effects", ", ".join(report["effects"]))
    if report["refunded"]:
        table.add_row("", Text("A natural 20: the points spent come back (cost 0).", style="green"))
    if ignored_die:
        table.add_row("", Text("No roll was needed; the die given was not used.", style="dim"))
    Console().print(Panel(table, title=title_of(report), box=box.ROUNDED, expand=False))
