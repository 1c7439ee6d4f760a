"""The log's sentences for the story events: the oracle's answers, draws from the tables,
and the player's own scene notes (solo play, mostly)."""

from __future__ import annotations

from strange_tui.campaign.model.events import AnyEvent, Drawn, OracleAsked, SceneWritten
from strange_tui.campaign.narrate.words import APP_DIE, Who
from strange_tui.rules.oracle import answer

DRAWN = {
    "creature": "A creature drawn",
    "npc": "An NPC drawn",
    "cypher": "A cypher drawn",
    "complication": "A complication drawn",
    "scene": "A scene prompt drawn",
    "intrusion": "The app intrudes",
    "target": "The app chooses a target",
}
"""How the log names each table's draw."""

TWISTS = {
    (True, False): "a small gift comes with it",
    (True, True): "something big in your favour comes with it",
    (False, True): "a complication comes with it",
}


def story_sentence(event: AnyEvent, who: Who) -> str:
    """One story event as the log reads it."""
    match event:
        case OracleAsked():
            said = answer(event.likelihood, event.die)
            by_app = APP_DIE if event.app_rolled else ""
            question = " ".join(event.question.split())
            line = (
                f'The oracle, asked "{question}" ({event.likelihood}), rolled'
                f" {event.die}{by_app}: {said.words}"
            )
            twist = TWISTS.get((said.yes, said.big)) if said.twist else None
            return f"{line} — {twist}." if twist else f"{line}."
        case Drawn():
            label = DRAWN.get(event.table, f"Drawn from {event.table}")
            intrudes = event.character and event.table == "intrusion"
            whom = f" on {who(event.character)}" if intrudes else ""
            level = f", level {event.level}" if event.level else ""
            dice = f" (dice {', '.join(map(str, event.dice))})" if event.dice else ""
            return f"{label}{whom}: {' '.join(event.result.split())}{level}{dice}."
        case SceneWritten():
            return event.text.strip()
    return type(event).__name__  # pragma: no cover


def proposal_sentence(event: Drawn, name: str) -> str:
    """R-ORC-4: the app's intrusion proposed to a player, which they accept or refuse."""
    dice = f" (dice {', '.join(map(str, event.dice))})" if event.dice else ""
    return (
        f"The app proposes an intrusion on {name}: {' '.join(event.result.split())}{dice}"
        " — accept for 2 XP, or refuse for 1."
    )
