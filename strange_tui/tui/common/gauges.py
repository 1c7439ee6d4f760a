"""Small Rich renderables for the sheet and the party: pool gauges and the damage track."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from strange_tui.campaign.model.terms import DamageTrack, Pool

if TYPE_CHECKING:  # Home draws gauges at start; the commands load with the first action.
    from strange_tui.campaign.commands.character import PoolsAfter

POOL_STYLES = {"might": "red", "speed": "green", "intellect": "blue", "luck": "magenta"}
TRACK_STYLES = {
    DamageTrack.HALE: "bold green",
    DamageTrack.IMPAIRED: "bold yellow",
    DamageTrack.DEBILITATED: "bold red",
    DamageTrack.DEAD: "bold white on red",
}


def gauge(name: str, pool: Pool, width: int = 12) -> Text:
    """'Might  ████████░░░░ 10/14 E1': the bar, the numbers, the Edge (and W1, a
    weakness)."""
    filled = round(width * pool.current / pool.maximum) if pool.maximum else 0
    style = POOL_STYLES.get(name.lower(), "cyan")
    line = Text(f"{name[:5].title():<6}", style="bold")
    line.append("█" * filled, style=style)
    line.append("░" * (width - filled), style="dim")
    line.append(
        f" {pool.current:>2}/{pool.maximum:<2}", style="bold" if pool.current else "bold red"
    )
    if pool.edge:
        line.append(f" E{pool.edge}", style="cyan")
    if pool.weakness:
        line.append(f" W{pool.weakness}", style="magenta")  # R-WEAK-1: costs 1 more.
    return line


def track_badge(track: DamageTrack) -> Text:
    """The damage track as a badge, worst states loudest."""
    return Text(f" {track.label} ", style=TRACK_STYLES[track])


def track_line(track: DamageTrack) -> Text:
    """All four states with the current one lit: hale › impaired › debilitated › dead."""
    line = Text()
    for state in DamageTrack:
        if line:
            line.append(" › ", style="dim")
        line.append(state.label, style=TRACK_STYLES[state] if state is track else "dim")
    return line


def change_text(after: PoolsAfter) -> Text:
    """What an action's preview says it does to the pools and the track (the model's
    numbers, before and after): 'Might 7 → 0 · Speed 10 → 0', 'Track: hale → impaired'."""
    text = Text()
    for line in after.changed:
        if text:
            text.append(" · ", style="dim")
        style = "bold red" if line.after == 0 else "bold"
        text.append(f"{line.name.title()} {line.before} → ")
        text.append(str(line.after), style=style)
        text.append(f"/{line.maximum}", style="dim")
    if after.track_after is not after.track_before:
        if text:
            text.append("\n")
        worse = after.track_after > after.track_before
        text.append("Track: ")
        text.append(after.track_before.label, style=TRACK_STYLES[after.track_before])
        text.append(" → ")
        text.append(after.track_after.label, style=TRACK_STYLES[after.track_after])
        text.append(" (down)" if worse else " (up)", style="dim")
    return text
