"""R-EVT-1: a random event, as the oracle's event die or an interrupted scene brings one:
a focus (what it is about) and a meaning (an action and a subject), each drawn with a die
over its table in the packs; a focus that names the threads, the people met or the party
picks one of them with a die too, or brings a new one when that list is empty.

It is one ``Drawn`` event (table "event") with every die in order, added to the step that
brought it (one journal entry, one undo)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from strange_tui.campaign.commands.solo.draw import pick
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import Drawn
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

TABLE = "event"
"""The table the log names for a random event (Drawn.table)."""

NEW_ONE = {
    "thread": "none is open: a new one begins",
    "person": "nobody met yet: someone new",
    "pc": "",
}
"""What a focus brings when the list it picks from is empty."""


def meaning_words(content: Library, table: str) -> list[Any]:
    """The words of one meaning table ('action' or 'subject'), in the packs' order."""
    return [entry for entry in content.kind("meanings").values() if entry.table == table]


def draw_meaning(content: Library, dice: DiceSource) -> tuple[str, tuple[int, ...]]:
    """R-EVT-1: a meaning pair, 'betray · hidden door', and its two dice."""
    said, rolled = [], []
    for table in ("action", "subject"):
        words = meaning_words(content, table)
        if not words:
            raise RuleViolation(f"The packs hold no {table} words to draw a meaning from.")
        index, dice_used = pick(dice, len(words))
        said.append(words[index].name)
        rolled += dice_used
    return " · ".join(said), tuple(rolled)


def focus_target(state: Campaign, picks: str) -> Sequence[tuple[str, str]]:
    """(id, name) of what a focus may pick from: the open threads, the people met, the
    party's PCs."""
    if picks == "thread":
        return [(item.id, item.name) for item in state.story.threads]
    if picks == "person":
        return [(item.id, item.name) for item in state.story.people]
    if picks == "pc":
        return [(cid, c.name) for cid, c in state.characters.items()]
    return []


def draw_random_event(state: Campaign, content: Library, dice: DiceSource) -> Drawn:
    """R-EVT-1: a random event on ``state``: its focus, who or what it picks, and its
    meaning, with every die rolled, in order."""
    foci = list(content.kind("event_foci").values())
    if not foci:
        raise RuleViolation("The packs hold no event foci to draw a random event from.")
    index, rolled = pick(dice, len(foci))
    focus = foci[index]
    subject, character = "", ""
    if focus.picks:
        targets = focus_target(state, focus.picks)
        if targets:
            which, picked = pick(dice, len(targets))
            rolled += picked
            target_id, name = targets[which]
            # A name that ends a sentence of its own (a kept question) is quoted: its
            # '?' does not run into the ';' before the meaning.
            subject = f': "{name}"' if name.endswith(("?", "!", ".", "…")) else f": {name}"
            character = target_id if focus.picks == "pc" else ""
        elif NEW_ONE[focus.picks]:
            subject = f" ({NEW_ONE[focus.picks]})"
    meaning, meaning_dice = draw_meaning(content, dice)
    return Drawn(
        table=TABLE,
        result=f"{focus.name}{subject}; its meaning: {meaning}",
        dice=(*rolled, *meaning_dice),
        character=character,
    )
