"""The log's sentences for the story events: the oracle's answers, draws from the tables,
the player's own scene notes, and the GM's chair of solo play (tension, scenes, the
threads and the people met)."""

from __future__ import annotations

from strange_tui.campaign.model.events import (
    AnyEvent,
    Drawn,
    Listed,
    OracleAsked,
    SceneEnded,
    SceneStarted,
    SceneWritten,
    TensionSet,
    Unlisted,
)
from strange_tui.campaign.model.encounter import NPC_AREA, NPC_MORALE, NPC_TACTIC
from strange_tui.campaign.narrate.words import APP_DIE, Who
from strange_tui.rules.oracle import answer
from strange_tui.rules.solo import TENSION_START, random_event_comes, scene_test

DRAWN = {
    "creature": "A creature drawn",
    "npc": "An NPC drawn",
    "cypher": "A cypher drawn",
    "complication": "A complication drawn",
    "scene": "A scene prompt drawn",
    "intrusion": "The app intrudes",
    "target": "The app chooses a target",
    "gift": "A gift drawn",
    "alteration": "The scene is altered",
    "event": "A random event",
    "meaning": "A meaning drawn",
    "reaction": "The NPC's reaction",
    NPC_TACTIC: "The app plays an NPC",
    NPC_AREA: "An NPC's area attack",
    NPC_MORALE: "An NPC's morale",
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
            return oracle_sentence(event)
        case Drawn():
            return drawn_sentence(event, who)
        case SceneWritten():
            return event.text.strip()
        case TensionSet():
            # A scene's end just said how it went: the move does not say it again.
            told = event.why.startswith(SAID_BY_THE_SCENE)
            why = f" ({event.why})" if event.why and not told else ""
            moved = "rises" if event.tension > event.was else "falls"
            if not event.why:
                return f"Tension set to {event.tension} (was {event.was})."
            return f"Tension {moved} to {event.tension}{why}."
        case SceneStarted():
            test = scene_test(event.tension, event.die)
            by_app = APP_DIE if event.app_rolled else ""
            expected = " ".join(event.expected.split()).rstrip(".")
            return (
                f"A scene begins: {expected}. The scene's die, {event.die}{by_app} against"
                f" tension {event.tension}: {SCENE_TEST_WORDS[test]}."
            )
        case SceneEnded():
            return f"The scene ends; it went {SCENE_END_WORDS[event.went]}."
        case Listed():
            note = f" ({' '.join(event.item.note.split())})" if event.item.note else ""
            return f"{LIST_NOUN[event.list]}: {event.item.name}{note}."
        case Unlisted():
            return f"{UNLIST_NOUN[event.list]}: {who(event.id)}."
    return type(event).__name__  # pragma: no cover


def drawn_sentence(event: Drawn, who: Who) -> str:
    """A draw as the log reads it: its table, what came up, its level and its dice; a line
    the player chose; a draw with one die rolled again; an NPC's reaction (R-NPC-1)."""
    result = " ".join(event.result.split())
    level = f", level {event.level}" if event.level else ""
    dice = f" (dice {', '.join(map(str, event.dice))})" if event.dice else ""
    label = DRAWN.get(event.table, f"Drawn from {event.table}")
    if event.table == "reaction" and ": " in result and event.dice:
        npc, said = result.rsplit(": ", 1)
        speaker = f" to {who(event.character)}" if event.character else ""
        return f"{npc} (level {event.level}) reacts{speaker}: {said} (d20 {event.dice[0]})."
    if event.replaces:
        return f"{label}, one die rolled again: {result}{level}{dice}."
    if event.chosen:
        noun = DRAWN_NOUN.get(event.table, event.table)
        dice = f" (its level's die {event.dice[0]})" if event.dice else ""
        return f"Chosen, not rolled, {noun}: {result}{level}{dice}."
    if event.table in (NPC_TACTIC, NPC_AREA, NPC_MORALE) and not event.chosen:
        # R-NPC-3: the app playing an NPC by its entry: what it chose and why, with each
        # die and its odds, in the draw's own words.
        return f"{result}."
    if event.table == "target":
        # The attack's own line says who attacks whom: the draw says only how it chose.
        if not event.dice:
            return "The app chooses the target: the only one it can attack."
        return f"The app's die chooses the target (it shows {event.dice[0]})."
    intrudes = event.character and event.table == "intrusion"
    whom = f" on {who(event.character)}" if intrudes else ""
    return f"{label}{whom}: {result}{level}{dice}."


DRAWN_NOUN = {
    "creature": "a creature",
    "npc": "an NPC",
    "cypher": "a cypher",
    "complication": "a complication",
    "scene": "a scene prompt",
    "intrusion": "an intrusion",
    "target": "a target",
    "gift": "a gift",
    "alteration": "how the scene is altered",
    "event": "a random event",
    "meaning": "a meaning",
    "reaction": "the NPC's reaction",
}
"""A table's line in a phrase, for a line the player chose."""

SCENE_TEST_WORDS = {
    "expected": "it goes as expected",
    "altered": "it is altered",
    "interrupted": "it is interrupted by a random event",
}
SAID_BY_THE_SCENE = "the scene went"
"""How a scene's end gives its reason for moving tension (``TensionSet.why``, written
with ``SceneEnded`` in one step: the log says the outcome once)."""
SCENE_END_WORDS = {"well": "the party's way", "mixed": "both ways", "badly": "badly"}
LIST_NOUN = {"threads": "A thread opens", "people": "Met"}
UNLIST_NOUN = {"threads": "A thread closes", "people": "Leaves the story"}


def oracle_sentence(event: OracleAsked) -> str:
    """R-ORC-1..3, R-TEN-2, R-TEN-3: a question, its die (or the answer chosen), what came
    with it, the tension when it moved the odds and the random event when one came."""
    question = " ".join(event.question.split())
    if event.chosen:
        asked = f'The oracle, asked "{question}" ({event.likelihood})'
        return f"{asked}, was answered by choice, not by the die: {event.chosen}."
    assert event.die is not None
    said = answer(event.likelihood, event.die, event.tension)
    by_app = APP_DIE if event.app_rolled else ""
    at = f", tension {event.tension}" if event.tension != TENSION_START else ""
    line = (
        f'The oracle, asked "{question}" ({event.likelihood}{at}), rolled'
        f" {event.die}{by_app}: {said.words}"
    )
    twist = TWISTS.get((said.yes, said.big)) if said.twist else None
    line = f"{line} — {twist}." if twist else f"{line}."
    if event.event_die is not None and random_event_comes(event.tension, event.event_die):
        line += f" The event die shows {event.event_die}: a random event comes."
    return line


def proposal_sentence(event: Drawn, name: str) -> str:
    """R-ORC-4: the app's intrusion proposed to a player, which they accept or refuse."""
    dice = f" (dice {', '.join(map(str, event.dice))})" if event.dice else ""
    return (
        f"The app proposes an intrusion on {name}: {' '.join(event.result.split())}{dice}"
        " — accept for 2 XP, or refuse for 1."
    )
