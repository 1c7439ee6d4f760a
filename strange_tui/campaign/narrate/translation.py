"""A translation as the log says it (R-TR-1..9): who initiated it, their die, where the
party arrived, or what a failure brought."""

from __future__ import annotations

from strange_tui.campaign.model.events import TranslationMade
from strange_tui.campaign.narrate.words import APP_DIE, Who, inline, stop


def translation_sentence(event: TranslationMade, who: Who) -> str:
    """A translation, a rough one or a failed one, as a sentence."""
    where = event.destination.title()
    if event.arrived and event.place:
        where += f" ({inline(event.place)})"
    dice = f"{dice_words(event)}{APP_DIE if event.app_rolled else ''}"
    if event.success:
        how = f"rolled {dice}" if event.die else "succeeded"
        return f"{who(event.initiator)} {how}: the party translated to {where}."
    rolled = f" ({who(event.initiator)} rolled {dice})" if event.die else ""
    if event.arrived:
        return f"A rough translation to {where}{rolled}: {stop(inline(event.consequence))}"
    interrupted = " (the trance was interrupted)" if event.interrupted else rolled
    outcome = inline(event.consequence) or "no translation"
    return f"The translation to {where} failed{interrupted}: {stop(outcome)}"


def dice_words(event: TranslationMade) -> str:
    """R-TR-5: the die, and the paradox's free reroll when one was made: '6, then 14 on the
    paradox's reroll' (the mark of the app's die, after, follows the last one rolled)."""
    if event.reroll:
        return f"{event.die}, then {event.reroll} on the paradox's reroll"
    return f"{event.die}"
