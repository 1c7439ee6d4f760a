"""Tension in solo play: how restless the story is, 1 to 9. The player sets it
(``SetTension``, R-TEN-1); play moves it a step at a time (``tension_moves``, R-TEN-4),
which the app adds to the step of the command that moved it (the solo policy, in
``intrusions.py``), so one action stays one journal entry and one undo."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.model.events import (
    AnyEvent,
    IntrusionAccepted,
    RollMade,
    TensionSet,
    TranslationMade,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.solo import (
    TENSION_HIGH,
    TENSION_LOW,
    check_tension,
    moved_tension,
    roll_tension_step,
)

TENSIONS: tuple[int, ...] = tuple(range(TENSION_LOW, TENSION_HIGH + 1))
"""The tensions a player may set (for the screens, which do not reach into the rules)."""

WHY_LIMIT = 200
"""The longest reason a TensionSet keeps (its ``why``)."""


class SetTension(Command, frozen=True, kw_only=True):
    """R-TEN-1: the player sets the tension, 1 to 9 (the GM's, or any seat's in solo
    play: ``STORY_TOOL``)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "set the tension"

    tension: int

    def preview(self, state: Campaign) -> TensionSet:
        """The change it makes (RuleViolation: off the scale, or the tension already)."""
        check_tension(self.tension)
        if self.tension == state.story.tension:
            raise RuleViolation(f"Tension is {self.tension} already.")
        return TensionSet(tension=self.tension, was=state.story.tension)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.preview(state)]


def _roll_steps(state: Campaign, events: Sequence[AnyEvent]) -> Iterator[tuple[int, str]]:
    """R-TEN-4: (step, why) for each PC's natural 1 or 20 and each intrusion a PC
    accepted in ``events``. The die that stands is counted: a translation's reroll when
    made; an automatic success rolls none."""
    for event in events:
        who, die, accepted = "", None, False
        if isinstance(event, RollMade):
            who, die = event.character, event.die
        elif isinstance(event, TranslationMade):
            who, die = event.initiator, event.reroll or event.die
        elif isinstance(event, IntrusionAccepted):
            who, accepted = event.character, True
        if who not in state.characters:
            continue
        step = roll_tension_step(die, intrusion=accepted)
        name = state.characters[who].name
        if accepted:
            yield step, f"{name} accepted an intrusion"
        elif step:
            yield step, f"{name} rolled a natural {die}"


def _track_steps(before: Campaign, state: Campaign) -> Iterator[tuple[int, str]]:
    """R-TEN-4: a step up for each PC who moved down the damage track."""
    for cid, character in state.characters.items():
        was = before.characters.get(cid)
        if was is not None and character.track > was.track:
            yield 1, f"{character.name} moved down the damage track"


def tension_moves(
    before: Campaign, state: Campaign, events: Sequence[AnyEvent]
) -> list[TensionSet]:
    """R-TEN-4: how a command's ``events`` (made on ``before``; ``state`` is the campaign
    once they, and what the app added, are applied) move tension in a solo campaign: a
    step up for each PC's natural 1, intrusion accepted and move down the damage track, a
    step down for each natural 20, summed into one TensionSet held to the scale (none
    when it does not move, nor in a GM's campaign)."""
    if not state.settings.solo:
        return []
    moves = [*_roll_steps(state, events), *_track_steps(before, state)]
    was = state.story.tension
    tension = moved_tension(was, sum(step for step, _ in moves))
    if tension == was:
        return []
    why = ", ".join(words for step, words in moves if step)
    if len(why) > WHY_LIMIT:
        why = why[: WHY_LIMIT - 1] + "…"
    return [TensionSet(tension=tension, was=was, why=why)]
