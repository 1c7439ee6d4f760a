"""What the rest dialog says (R-REC): which rest, its recovery roll, and what the points
give, each from the model's preview of the rest."""

from __future__ import annotations

from rich.text import Text

from strange_tui.campaign.commands.character import RestPreview
from strange_tui.campaign.narrate.words import duration
from strange_tui.tui.common.gauges import change_text


def rest_intro(preview: RestPreview) -> Text:
    """Which of the day's rests this is, how long it takes, and the recovery roll."""
    text = Text(f"Rest {preview.number} of 4 today: {preview.label}. ", style="bold")
    text.append(f"Recovery roll: d6 + {preview.bonus}.")
    return text


def rest_text(preview: RestPreview) -> Text:
    """What the rolled points give, pool by pool, and the track (R-REC-1, R-REC-3)."""
    if preview.track_step:
        text = Text("The whole roll buys one step up the damage track.\n")
    else:
        gains = ", ".join(f"{stat.value.title()} +{gain}" for stat, gain in preview.restored)
        text = Text(f"Gives {gains}. " if gains else "Nothing to restore. ")
        if preview.wasted:
            text.append(f"{preview.wasted} unused. ", style="dim")
        if preview.luck:
            text.append(f"Luck +{preview.luck}. ", style="magenta")
        text.append("\n")
    if preview.after is not None:
        text.append_text(change_text(preview.after))
    if preview.seconds:
        text.append(f"\nThe clock moves on {duration(preview.seconds)}.", style="dim")
    return text
