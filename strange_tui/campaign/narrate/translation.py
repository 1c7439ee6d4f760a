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
    by_app = APP_DIE if event.app_rolled else ""
    if event.success:
        how = f"rolled {event.reroll or event.die}{by_app}" if event.die else "succeeded"
        return f"{who(event.initiator)} {how}: the party translated to {where}."
    rolled = ""
    if event.die:
        dice = f"{event.die}, then {event.reroll}" if event.reroll else f"{event.die}"
        rolled = f" ({who(event.initiator)} rolled {dice}{by_app})"
    if event.arrived:
        return f"A rough translation to {where}{rolled}: {stop(inline(event.consequence))}"
    interrupted = " (the trance was interrupted)" if event.interrupted else rolled
    outcome = inline(event.consequence) or "no translation"
    return f"The translation to {where} failed{interrupted}: {stop(outcome)}"
