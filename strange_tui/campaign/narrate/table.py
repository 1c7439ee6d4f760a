"""The table's events as the log says them: the GM's settings, time passing, and the
questions that travel to the players' seats."""

from __future__ import annotations

from collections.abc import Sequence

from strange_tui.campaign.model.events import (
    AnyEvent,
    ClockAdvanced,
    DifficultyRevealed,
    InitiativeCast,
    PromptClosed,
    PromptRaised,
    SettingsChanged,
    StepTakenBack,
)
from strange_tui.campaign.narrate.words import APP_DIE, Who, duration, inline, listed
from strange_tui.rules.task import difficulty_name, target_number

TABLE_EVENTS = (
    SettingsChanged,
    ClockAdvanced,
    PromptRaised,
    PromptClosed,
    InitiativeCast,
    StepTakenBack,
    DifficultyRevealed,
)


def table_sentence(event: AnyEvent, who: Who) -> str:
    """One of the table's events as the log reads it ('' for an answered question: the
    answer's own events say what happened)."""
    match event:
        case SettingsChanged():
            return "The GM changed the campaign's settings."
        case ClockAdvanced():
            reason = f" ({inline(event.reason)})" if event.reason else ""
            day = " A new day: the recovery rolls start again." if event.new_day else ""
            return f"{duration(event.seconds)} passed{reason}.{day}"
        case PromptRaised(prompt="defense"):
            defense = f"{event.stat.value.capitalize()} defense"
            article = "an" if defense[0] in "AEIOU" else "a"  # An Intellect defense.
            return (
                f"{who(event.npc)} attacks {who(event.character)}, who rolls {article} {defense}."
            )
        case PromptRaised(prompt="intrusion"):
            what = f": {' '.join(event.what.split())}" if event.what.strip() else ""
            offer = f"The GM offers {who(event.character)} an intrusion{what}"
            # The GM's words may end with their own stop; else the sentence puts one.
            return offer if offer.endswith((".", "!", "?", "…")) else f"{offer}."
        case PromptRaised(prompt="roll"):
            return roll_call([event], who) or ""
        case PromptRaised(prompt="rest"):
            return rest_call([event], who) or ""
        case PromptRaised():
            return f"{who(event.character)} is asked to roll initiative."
        case PromptClosed(dropped=True):
            whose = f"{who(event.character)}'s defense against {who(event.npc)}"
            return f"{whose} was never rolled: the attack is dropped."
        case PromptClosed(withdrawn=True):
            return "The GM took back a question."
        case PromptClosed():
            return ""
        case InitiativeCast(die=0):
            return f"{who(event.character)} needs no roll for initiative."
        case InitiativeCast():
            by_app = APP_DIE if event.app_rolled else ""
            return f"{who(event.character)} rolled {event.die}{by_app} for initiative."
        case StepTakenBack():
            return taken_back_sentence(event, who)
        case DifficultyRevealed():
            return revealed_sentence(event)
    return type(event).__name__  # pragma: no cover


def taken_back_sentence(event: StepTakenBack, who: Who) -> str:
    """'The GM took back Mara's defense roll (die 9).'"""
    whose = f"{who(event.character)}'s" if event.character else "the"
    return f"The GM took back {whose} {event.what or 'roll'}."


def revealed_sentence(event: DifficultyRevealed) -> str:
    """R-TASK-8: 'The GM reveals the difficulty of Spot the watcher: Challenging 5,
    target 15.'"""
    words = " ".join(event.label.split())
    task = inline(words) if words else f"the {event.stat.value.capitalize()} roll"
    level = event.difficulty
    return (
        f"The GM reveals the difficulty of {task}: {difficulty_name(level)} {level},"
        f" target {target_number(level)}."
    )


def roll_call(events: Sequence[AnyEvent], who: Who) -> str | None:
    """'The GM asks Mara Quist and Jun Okafor for an Intellect roll: read the glyphs
    (difficulty 3).' when ``events`` are one ask for a roll (None otherwise). A difficulty
    the GM keeps is not said: every seat reads the same log."""
    asks = [e for e in events if isinstance(e, PromptRaised) and e.prompt == "roll"]
    if not asks or len(asks) != len(events):
        return None
    first = asks[0]
    stat = first.stat.value.capitalize()
    article = "an" if stat[0] in "AEIOU" else "a"  # An Intellect roll.
    task = f": {inline(' '.join(first.label.split()))}" if first.label.strip() else ""
    kept = "the GM keeps the difficulty" if first.secret else f"difficulty {first.difficulty}"
    names = listed([who(e.character) for e in asks])
    return f"The GM asks {names} for {article} {stat} roll{task} ({kept})."


def rest_call(events: Sequence[AnyEvent], who: Who) -> str | None:
    """'The GM calls a rest: Mara Quist and Jun Okafor make their recovery rolls at their
    seats.' when ``events`` are that call (None otherwise)."""
    if not events or not all(isinstance(e, PromptRaised) and e.prompt == "rest" for e in events):
        return None
    names = [who(e.character) for e in events if isinstance(e, PromptRaised)]
    verb, seats = ("makes", "seat") if len(names) == 1 else ("make", "seats")
    rolls = "roll" if len(names) == 1 else "rolls"
    return f"The GM calls a rest: {listed(names)} {verb} their recovery {rolls} at their {seats}."


def initiative_call(events: Sequence[AnyEvent], who: Who) -> str | None:
    """'The GM calls for initiative: Mara Quist and Jun Okafor roll.' when ``events`` are
    that call (None otherwise)."""
    if not events or not all(
        isinstance(e, PromptRaised) and e.prompt == "initiative" for e in events
    ):
        return None
    names = [who(e.character) for e in events if isinstance(e, PromptRaised)]
    verb, seats = ("rolls", "seat") if len(names) == 1 else ("roll", "seats")
    return f"The GM calls for initiative: {listed(names)} {verb} at their {seats}."
