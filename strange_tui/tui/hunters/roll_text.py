"""What a hunter's roll says (R-HUN-1..6): the bonus and the CR itemised, the exact odds by
degree, and what the dice came to. Every number is the model's."""

from __future__ import annotations

from rich.text import Text

from strange_tui.campaign.commands.hunters import HunterOdds, HunterRollOutcome, Part
from strange_tui.campaign.narrate.words import plural


def parts_text(label: str, parts: tuple[Part, ...], total: int) -> Text:
    """'Bonus: Firearms +4, flaws -1, distracted -1 = +2', 'CR: default 4, standard defense
    +3 = 7' (each part as the model itemised)."""
    listed = (
        ", ".join(
            f"{part.label} {part.value}"
            if label == "CR" and not n
            else f"{part.label} {part.value:+d}"
            for n, part in enumerate(parts)
        )
        or "none"
    )
    text = Text(f"{label}: ", style="bold")
    text.append(f"{listed} = ")
    text.append(f"{total:+d}" if label == "Bonus" else str(total), style="bold")
    return text


def odds_text(odds: HunterOdds) -> Text:
    """R-HUN-1..5: the bonus and the CR itemised, then '2d6 +3 vs CR 10 (average): 58%
    degrees: 1: 42%, 2: 17%'."""
    text = Text()
    if odds.bonus_parts:
        text.append_text(parts_text("Bonus", odds.bonus_parts, odds.bonus))
        text.append("\n")
    if len(odds.cr_parts) > 1:
        text.append_text(parts_text("CR", odds.cr_parts, odds.cr))
        text.append("\n")
    text.append(f"{odds.dice}d6 {odds.bonus:+d} vs CR {odds.cr} ({odds.cr_name}): ", style="bold")
    text.append(
        f"{odds.p_success:.0%}", style="bold green" if odds.p_success >= 0.5 else "bold yellow"
    )
    if odds.p_degrees:
        text.append(
            "  degrees: " + ", ".join(f"{d}: {p:.0%}" for d, p in odds.p_degrees.items()),
            style="dim",
        )
    return text


def outcome_text(outcome: HunterRollOutcome, app_rolled: bool = False) -> Text:
    """What a roll came to: '2 + 2 (the app's dice) + 4 = 8: failure' (``app_rolled``: no
    dice were typed), success and degrees, the threshold left."""
    text = Text(" + ".join(map(str, outcome.dice)), style="bold")
    if app_rolled:
        text.append(" (the app's dice)", style="dim")
    sign = "-" if outcome.bonus < 0 else "+"
    text.append(f" {sign} {abs(outcome.bonus)} = {outcome.total}: ", style="bold")
    if outcome.success:
        text.append(f"success, {plural(outcome.degrees, 'degree')}", style="bold green")
        if outcome.raised:
            text.append(" (damage a type higher)", style="green")
    else:
        text.append("double 1s: failure" if outcome.fumbled else "failure", style="bold red")
    if outcome.challenge_left is not None:
        left = outcome.challenge_left
        text.append(f"\nThreshold left: {left}" + (" — done!" if left == 0 else ""), style="cyan")
    return text
