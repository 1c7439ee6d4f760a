"""What the oracle's dice bring, drawn in the same step as the question (one journal entry,
one undo): the complication of a "No, and" (R-ORC-2), the gift of a "Yes, and" (R-ORC-3),
each from the packs' lines of the party's recursion or of any; and the random event the
event die calls for (R-TEN-3, R-EVT-1).

A table the packs leave empty (a user pack that replaced it) draws nothing: the answer
still says what comes, and the player makes it up."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from strange_tui.campaign.commands.solo.draw import line_of, pick
from strange_tui.campaign.commands.solo.events import TABLE as EVENT_TABLE
from strange_tui.campaign.commands.solo.events import draw_random_event, meaning_words
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AnyEvent, Drawn, OracleAsked
from strange_tui.campaign.model.state import Campaign
from strange_tui.content.solo_fit import fitting
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.oracle import answer
from strange_tui.rules.solo import random_event_comes

TWIST_TABLES = {"No, and": ("complication", "complications"), "Yes, and": ("gift", "gifts")}
"""What each twist of the die draws: the table the log names (Drawn.table), the packs' kind."""

HEADINGS = {"complication": "A complication", "gift": "A gift", EVENT_TABLE: "A random event"}
"""How the dialog and the shell head each draw that comes with an answer."""


class OracleDrawn(msgspec.Struct, frozen=True, kw_only=True):
    """One draw that came with an answer: its table, a heading, what it says, its dice."""

    table: str
    heading: str
    result: str
    dice: tuple[int, ...] = ()


def twist_draw(state: Campaign, content: Library, words: str, dice: DiceSource) -> Drawn | None:
    """R-ORC-2, R-ORC-3: the complication of a "No, and" or the gift of a "Yes, and", a die
    over the lines that fit the party's recursion (None: a plain answer, or no line)."""
    if words not in TWIST_TABLES:
        return None
    table, kind = TWIST_TABLES[words]
    found = fitting(content.kind(kind).values(), recursion=state.recursion)
    if not found:
        return None
    index, rolled = pick(dice, len(found))
    return Drawn(table=table, result=line_of(found[index]), dice=rolled)


def event_tables_held(content: Library) -> bool:
    """The packs hold what a random event is drawn from: foci and both meaning tables."""
    return bool(content.kind("event_foci")) and all(
        meaning_words(content, table) for table in ("action", "subject")
    )


def oracle_draws(
    state: Campaign, content: Library, asked: OracleAsked, dice: DiceSource
) -> list[Drawn]:
    """What ``asked`` (rolled, not chosen) brings on ``state``: its twist's draw, then the
    random event its event die calls for, each with its dice, in that order."""
    assert asked.die is not None and asked.event_die is not None
    said = answer(asked.likelihood, asked.die, asked.tension)
    drawn = [twist] if (twist := twist_draw(state, content, said.words, dice)) else []
    if random_event_comes(asked.tension, asked.event_die) and event_tables_held(content):
        drawn.append(draw_random_event(state, content, dice))
    return drawn


def draws_of(step: Sequence[AnyEvent]) -> tuple[OracleDrawn, ...]:
    """The draws among a question's events, as the player reads them."""
    return tuple(
        OracleDrawn(table=e.table, heading=HEADINGS[e.table], result=e.result, dice=e.dice)
        for e in step
        if isinstance(e, Drawn) and e.table in HEADINGS
    )
