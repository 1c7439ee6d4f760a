"""How the attack and defense dialogs read: the odds bar, the cost, what a hit deals and
what a failure takes (R-CMB-2, R-CMB-3, R-SPEC-2..5). Every number comes from the model's
preview; nothing here decides a result."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.table import Table
from rich.text import Text

from strange_tui.campaign.commands.combat import AttackPreview, DefensePreview, HitPreview
from strange_tui.campaign.commands.rolls.odds import OddsView, RollPreview
from strange_tui.campaign.model.npc_health import health_seen
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.common.impossible import CANNOT, cannot_succeed
from strange_tui.tui.rolls.odds import grid, steps_line

HealthSeen = Callable[[int, int], str]
"""An NPC's health (now, of its most) as the seat reads it (``model.npc_health``)."""


def in_numbers(health: int, max_health: int) -> str:
    """'5/9': the GM's seat's reading."""
    return f"{health}/{max_health}"


def health_at(state: Campaign, seat: str) -> HealthSeen:
    """An NPC's health as ``seat`` reads it now: in words at a player's seat, unless the GM
    shows the numbers (``model.npc_health``)."""
    return partial(health_seen, state, seat)


def odds_text(odds: OddsView) -> Text:
    """The difficulty (as eased or hindered) and the odds bar, on one line."""
    text = Text(f"{odds.difficulty_name} {odds.difficulty}")
    if odds.final_difficulty != odds.difficulty:
        text.append(f" → {odds.final_name} {odds.final_difficulty}")
    if odds.automatic:
        text.append("  automatic success", style="bold green")
        return text
    p = odds.p_success
    style = "green" if p >= 0.5 else "yellow" if p >= 0.25 else "red"
    filled = round(p * 10)
    text.append("  ")
    text.append("█" * filled, style=style)
    text.append("░" * (10 - filled), style="dim")
    text.append(f" {p:.0%}", style=f"bold {style}")
    text.append(f" target {odds.target}")
    if cannot_succeed(odds):  # Said, not made: the dialog asks before it rolls.
        text.append(f" — {CANNOT}", style="bold red")
    return text


def cost_text(preview: RollPreview) -> Text:
    cost = Text(f"{preview.cost} {preview.stat.value.title()}")
    if preview.problem:
        cost.append(f" — {preview.problem}", style="bold red")
    return cost


def hit_line(hit: HitPreview, preview: AttackPreview, health: HealthSeen = in_numbers) -> Text:
    """What a hit does to the target, in words: the damage that lands, then why (what it
    is made of, when more than the weapon, less the target's Armor, as the log says it),
    the effect, the target's health after it as the seat reads it."""
    text = Text(f"{hit.damage} damage", style="bold")
    why = []
    if len(preview.parts) > 1 and hit.die is None:
        why.append(" + ".join(f"{name} {n}" for name, n in preview.parts))
    if preview.armor:
        why.append(f"less Armor {preview.armor}")
    if why:
        text.append(f" ({', '.join(why)})", style="dim")
    if hit.effect or hit.condition:  # An ability's hit may leave a condition (a daze).
        text.append(f" + {hit.condition or hit.effect}", style="magenta")
    text.append(f" → {preview.target} {health(hit.health, preview.max_health)}", style="dim")
    return text


def special_hit(hit: HitPreview) -> Text:
    """One face of 17 to 20: what it brings (R-SPEC-2..5), then the damage it deals."""
    text = Text(f"{hit.die}: ")
    if hit.effect:
        text.append(hit.effect, style="magenta")
        text.append(f" → {hit.damage}")
        if hit.condition:
            text.append(f" + {hit.condition}", style="magenta")
        return text
    text.append(f"+{hit.bonus} damage → {hit.damage}")
    if hit.condition:
        text.append(f" + {hit.condition}", style="magenta")
    return text


def steps_text(preview: AttackPreview) -> Text:
    """What eases (−) or hinders (+) the attack, one line each, and each bonus to the die
    (three attackers on one foe, the one typed)."""
    text = Text()
    for label, step in preview.steps:
        if text:
            text.append("\n")
        text.append(f"{'−' if step < 0 else '+'}{abs(step)} ", style="bold")
        text.append(label)
    named = sum(n for _, n in preview.bonuses)
    for label, bonus in preview.bonuses:
        text.append("\n" if text else "")
        text.append(f"{bonus:+d} to the die ", style="bold")
        text.append(label)
    if rest := preview.roll.odds.bonus - named:
        text.append("\n" if text else "")
        text.append(f"{rest:+d} to the die", style="bold")
    return text


def ability_rows(table: Table, lines: tuple[str, ...]) -> None:
    """R-ABL-1: what the abilities bring to the roll, and what they bring only in some
    situation, for the table to judge (never in the odds above)."""
    for index, line in enumerate(lines):
        table.add_row("" if index else "Abilities", Text(line, style="green"))


def attack_table(preview: AttackPreview, health: HealthSeen = in_numbers) -> Table:
    """Odds, what eases it, cost, and the damage of a hit, on any face and on each of 17
    to 20 (R-CMB-2, R-SPEC-2..5); each further target of an area attack (R-EFF-5); an
    NPC's health after it as the seat reads it (``health``)."""
    table = grid()
    table.add_row("Odds", odds_text(preview.roll.odds))
    if preview.steps or preview.roll.odds.bonus:
        table.add_row("Steps", steps_text(preview))
    table.add_row("Cost", cost_text(preview.roll))
    ability_rows(table, preview.roll.abilities)
    for note in preview.notes:  # R-GRAB-1: a held attacker's Might task comes first.
        table.add_row("First", Text(note, style="bold yellow"))
    plain = next((hit for hit in preview.hits if hit.die is None), None)
    if plain is not None:
        table.add_row("A hit", hit_line(plain, preview, health))
    faces = [hit for hit in preview.hits if hit.die is not None]
    if faces:
        specials = Text()
        for n, hit in enumerate(faces):
            if n:
                specials.append("\n" if n == 2 else " · ")
            specials.append_text(special_hit(hit))
        table.add_row("17 to 20", specials)
    if not preview.hits:
        table.add_row("A hit", Text("No die can hit.", style="red"))
    for other in preview.others:
        chance = "always" if other.automatic else f"{other.p_hit:.0%}"
        line = Text(f"{other.name} ({chance}): ")
        line.append(f"{other.damage} damage", style="bold")
        line.append(f" → {health(other.health, other.max_health)}", style="dim")
        table.add_row("Also", line)
    return table


def defense_table(preview: DefensePreview) -> Table:
    """Odds, cost, and what a failure would do to the defender (R-CMB-3)."""
    table = grid()
    if preview.no_roll:
        table.add_row("No roll", Text(preview.no_roll, style="bold red"))
    else:
        if preview.training:
            table.add_row("Sheet", Text(preview.training, style="green"))
        for index, effect in enumerate(preview.roll.effects):
            style = "green" if effect.steps < 0 else "yellow"
            table.add_row("Effects" if not index else "", Text(effect.text, style=style))
        table.add_row("Odds", odds_text(preview.roll.odds))
        if preview.roll.steps:
            table.add_row("Steps", steps_line(preview.roll.steps))
        table.add_row("Cost", cost_text(preview.roll))
        ability_rows(table, preview.roll.abilities)
    if parts := preview.armor_from:
        made = " + ".join(f"{name} {n}" for name, n in parts)
        table.add_row("Armor", Text(f"{preview.armor} ({made})"))
    for index, line in enumerate(preview.armor_maybe):
        table.add_row("" if index else "Sometimes", Text(line, style="dim"))
    if preview.pool is Stat.MIGHT:
        failure = Text(f"{preview.damage} damage − Armor {preview.armor} = ")
    else:  # R-DMG-1: Armor stops Might damage only.
        failure = Text(f"{preview.damage} {preview.pool.value.title()} damage, no Armor: ")
    failure.append(f"{preview.taken}", style="bold red")
    if preview.pools is not None and preview.track is not None:
        pools = preview.pools
        failure.append(
            f": M{pools.might.current} S{pools.speed.current} I{pools.intellect.current}, "
        )
        failure.append(preview.track.label, style="bold")
    elif preview.problem:
        failure.append(f" ({preview.problem})", style="dim")
    table.add_row("The hit" if preview.no_roll else "On a failure", failure)
    return table
