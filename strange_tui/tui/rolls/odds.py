"""How a roll's preview and outcome read on screen: the odds bar, specials, cost, result.

Every number comes from the model's preview or outcome; nothing here decides a result."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from strange_tui.campaign.commands.rolls.odds import OddsView, RollOutcome, RollPreview
from strange_tui.tui.common.impossible import CANNOT, cannot_succeed


def odds_rows(
    table: Table,
    odds: OddsView,
    steps: tuple[tuple[str, int], ...] = (),
    against: Text | None = None,
) -> None:
    """The difficulty (as eased or hindered; ``against``: whose level it is) and each step
    that moves it, the odds bar and the specials."""
    head = Text(f"{odds.difficulty_name} {odds.difficulty}")
    if against is not None:  # On the difficulty's own line too, for the same reason.
        head.append(" · Against ")
        head.append_text(against)
    if odds.final_difficulty != odds.difficulty:
        head.append(f" → {odds.final_name} {odds.final_difficulty}")
    if steps:  # On the difficulty's own line: the dialog has no row to spare at 80x24.
        head.append(": ")
        head.append_text(steps_line(steps))
    table.add_row("Difficulty", head)
    if odds.automatic:
        table.add_row("Odds", Text("Automatic success: no roll", style="bold green"))
        return
    p = odds.p_success
    filled = round(p * 20)
    style = "green" if p >= 0.5 else "yellow" if p >= 0.25 else "red"
    bar = Text("█" * filled, style=style)
    bar.append("░" * (20 - filled), style="dim")
    bar.append(f" {p:.0%}", style=f"bold {style}")
    bar.append(f"  target {odds.target}" + (f", bonus {odds.bonus:+d}" if odds.bonus else ""))
    if cannot_succeed(odds):  # Said, not made: the dialog asks before it rolls.
        bar.append(f" — {CANNOT}", style="bold red")
    table.add_row("Odds", bar)
    # Each special is one face of the d20, so each has the same chance.
    chances = sorted({f"{chance:.0%}" for chance in odds.p_special.values()})
    faces = " · ".join(f"{face} {odds.special_labels[face]}" for face in odds.p_special)
    specials = [f"{' / '.join(chances)} each: {faces}"] if faces else []
    table.add_row("Specials", Text(" · ".join(specials), style="dim"))


def grid() -> Table:
    table = Table.grid(padding=(0, 1))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    return table


def step_text(label: str, steps: int) -> Text:
    """'partial cover, the target's advantage +1' (hinders, yellow) or '... −1' (eases,
    green)."""
    sign = "−" if steps < 0 else "+"
    return Text(f"{label} {sign}{abs(steps)}", style="green" if steps < 0 else "yellow")


def steps_line(steps: tuple[tuple[str, int], ...]) -> Text:
    """'−1 guarding · +1 pinned down · −1 trained (Dodge)': every step that moves the
    difficulty, with its reason, from the preview (R-TASK-3)."""
    line = Text()
    for label, n in steps:
        line.append(" · " if line else "")
        line.append(f"{'−' if n < 0 else '+'}{abs(n)} ", style="bold")
        line.append(label)
    return line


def circumstance_rows(table: Table, preview: RollPreview) -> None:
    """R-CIR-1: each circumstance as a line of the itemised difficulty, with who gains and
    its steps; then, when the attack would miss without support, why."""
    for index, (label, steps) in enumerate(preview.circumstances):
        table.add_row("Circumstances" if not index else "", step_text(label, steps))
    if preview.support_needed:
        table.add_row("Support", Text(preview.support_needed, style="bold red"))


def preview_table(preview: RollPreview, against: Text | None = None) -> Table:
    """Each effect that moves the roll (R-TR-6, R-TR-7) and each circumstance (R-CIR-1),
    then the difficulty (``against``: the creature whose level it is, R-NPC-1), the final
    one, target, odds bar, specials and cost, before the die (R-TASK-5)."""
    table = grid()
    for index, effect in enumerate(preview.effects):
        style = "green" if effect.steps < 0 else "yellow"
        table.add_row("Effects" if not index else "", Text(effect.text, style=style))
    for index, line in enumerate(preview.abilities):
        table.add_row("Abilities" if not index else "", Text(line, style="green"))
    circumstance_rows(table, preview)
    odds_rows(table, preview.odds, preview.steps, against)
    cost = Text(f"{preview.cost} {preview.stat.value.title()}")
    if preview.problem:
        cost.append(f" — {preview.problem}", style="bold red")
    table.add_row("Cost", cost)
    return table


GM_INTRUDES = "The GM intrudes, free of charge: no XP for it."
"""A natural 1 at a table with a GM: the GM says what happens."""


def intrusion_line(text: Text, natural_one: bool, shown: str | None) -> None:
    """Under the die: the intrusion the app drew in the roll's step (solo play, in the
    model's words: ``intrusion_shown``), else a natural 1's free intrusion by the GM."""
    if shown:
        text.append(f"\n{shown}", style="yellow")
    elif natural_one:
        text.append(f"\n{GM_INTRUDES}", style="yellow")


def outcome_text(outcome: RollOutcome, intrusion: str | None = None) -> Text:
    """What the die did, and what it allows; ``intrusion``: the app's, drawn in the same
    step (solo play)."""
    if outcome.automatic:
        return Text("Success, automatically.", style="bold green")
    text = Text(f"d20: {outcome.die}", style="bold")
    if outcome.app_rolled:
        text.append(" (rolled by the app)", style="dim")
    if outcome.first_die is not None:
        text.append(f" (rerolled for 1 XP from {outcome.first_die})", style="dim")
    text.append(" — ")
    if outcome.success:
        text.append("Success", style="bold green")
    else:
        text.append("Failure", style="bold red")
    if outcome.special:
        text.append(f"  {outcome.special}", style="bold magenta")
    intrusion_line(text, outcome.intrusion, intrusion)
    if outcome.damage_bonus:
        text.append(f"\n+{outcome.damage_bonus} damage", style="bold")
    if outcome.effects:
        text.append("\nOr instead: " + ", ".join(outcome.effects), style="cyan")
    if outcome.refunded:
        text.append("\nA natural 20: the points spent come back.", style="green")
    return text
