"""R-ORC-4: the app's intrusions in solo play. After a command in which a PC rolled, the app
does what a GM would: on a natural 1 it says what the free intrusion is (no XP changes
hands: the 1 is the intrusion); on any other face it rolls a separate d20 against the
chance the player set, and on a hit proposes an intrusion the player accepts (2 XP, one to
give away) or refuses (1 XP) as at a table (R-XP-1).

The proposal is drawn from the packs (``draw_intrusion``: a kind, then an example of it for
the party's recursion) and travels to the player as the GM's would: a question at the PC's
seat (PromptRaised), answered with GmIntrusion. Everything lands in the roll's own step:
one journal entry, one undo.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from strange_tui.campaign.commands.solo.draw import draw_intrusion
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import (
    AnyEvent,
    Drawn,
    PromptRaised,
    RollMade,
    TranslationMade,
)
from strange_tui.campaign.model.prompts import open_prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.content.model import IntrusionIdea
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.oracle import D20, intrusion_chance, intrusion_proposed

TABLE = "intrusion"
"""The table the log names for the app's intrusions (Drawn.table)."""


def rolls_of(events: Sequence[AnyEvent]) -> Iterator[tuple[str, int]]:
    """(the PC, the natural d20 that stands) of each roll a PC made in ``events``. An
    automatic success rolls no die, and so brings no intrusion; a translation's die is the
    initiator's (the paradox's reroll, when made, is the one that stands)."""
    for event in events:
        if isinstance(event, RollMade) and event.die is not None:
            yield event.character, event.die
        elif isinstance(event, TranslationMade) and (event.reroll or event.die):
            yield event.initiator, event.reroll or event.die  # type: ignore[misc]


def idea_words(kind: str, idea: IntrusionIdea | None) -> str:
    """'Bad luck: The rope frays': the kind of intrusion and its example (the kind alone
    when the packs have none), as the log and the player's question say it; the log's
    sentence puts the stop."""
    said = kind[:1].upper() + kind[1:]
    if idea is None:
        return said
    return f"{said}: {' '.join(idea.text.split()).rstrip('.')}"


def app_intrusions(
    state: Campaign, events: Sequence[AnyEvent], dice: DiceSource, content: Library
) -> list[AnyEvent]:
    """R-ORC-4: what the app adds to a command's ``events`` (``state``: the campaign once
    they are applied) in a solo campaign; nothing in a GM's. Per roll: a natural 1 draws
    the free intrusion (Drawn, its dice); another face rolls the check d20 (none when the
    player turned the app's intrusions off) and, when it proposes one, draws it (Drawn,
    the check die first) and asks the PC's seat (PromptRaised). A PC already asked about
    an intrusion is not asked again until they answer."""
    settings = state.settings
    if not settings.solo:
        return []
    added: list[AnyEvent] = []
    asked: set[str] = set()
    for character, die in rolls_of(events):
        if character not in state.characters:
            continue
        if die == 1:
            kind, idea, drawn = draw_intrusion(content, state.recursion, dice)
            added.append(_drawn(character, kind, idea, drawn))
            continue
        if not intrusion_chance(settings.solo_intrusions):
            continue
        check = dice.roll(D20)
        if not intrusion_proposed(settings.solo_intrusions, check):
            continue
        if character in asked or open_prompt(state.prompts, "intrusion", character):
            continue  # One question at a time: the table waits for the answer.
        kind, idea, drawn = draw_intrusion(content, state.recursion, dice)
        added.append(_drawn(character, kind, idea, (check, *drawn)))
        what = idea_words(kind, idea)
        added.append(PromptRaised(prompt="intrusion", character=character, what=what))
        asked.add(character)
    return added


def _drawn(character: str, kind: str, idea: IntrusionIdea | None, dice: Sequence[int]) -> Drawn:
    return Drawn(table=TABLE, result=idea_words(kind, idea), dice=tuple(dice), character=character)


class AppIntrusions:
    """The solo policy ``decide`` takes (``commands.base.SoloPolicy``): the app's intrusions
    after a roll, drawn from ``content`` (the campaign's packs)."""

    def __init__(self, content: Library) -> None:
        self.content = content
        """The packs the intrusions' examples are drawn from."""

    def after(
        self, state: Campaign, events: Sequence[AnyEvent], dice: DiceSource, before: Campaign
    ) -> Sequence[AnyEvent]:
        return app_intrusions(state, events, dice, self.content)
