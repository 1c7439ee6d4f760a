"""What a player's seat may not read yet (R-TASK-8): the difficulty of a roll the GM asked
for and kept, with the target and the outcome that would give it away, while any seat
asked in the same ask has still to roll (and the GM has not revealed it). Once the last
of them has rolled (or the question was taken back), every seat reads the whole line; the
GM's seat, and solo play's one window, read it always.

The log narrates a command for a seat with ``command_sentence(..., kept=...)``; this
module finds ``kept``: which rolls, by seq, are still kept from that seat."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from strange_tui.campaign.model.events import (
    AnyEvent,
    PromptClosed,
    PromptRaised,
    RollMade,
    RollRerolled,
    TurnAdvanced,
    batches,
)
from strange_tui.campaign.model.prompts import Prompt, ask_of
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.narrate.log import command_sentence

if TYPE_CHECKING:
    from strange_tui.campaign.model.state import Campaign
    from strange_tui.campaign.narrate.story import Part

NO_ROLL = frozenset[int]()


def kept_rolls(state: Campaign, seat: str, events: Iterable[AnyEvent]) -> frozenset[int]:
    """R-TASK-8: the seqs of the rolls and rerolls among ``events`` whose difficulty
    ``seat`` may not read now. A roll is kept when it answers a question of an ask the GM
    keeps while another question of that ask is still open and still kept. ``events``
    should hold the asks as well (the journal does): a roll whose ask they do not hold is
    matched to an open kept question of the same task asked before it."""
    if seat == GM:
        return NO_ROLL
    still_kept = [p for p in state.prompts if p.kind == "roll" and p.secret]
    if not still_kept:
        return NO_ROLL  # Nearly always: no roll is kept now, and nothing is read.
    open_asks = {ask_of(p) for p in still_kept}
    raised: dict[int, tuple[int, bool]] = {}  # A roll question's id -> (its ask, kept).
    answers: dict[int, int | None] = {}  # A roll's seq -> the question it answered.
    kept: set[int] = set()
    for command in batches(events):
        closed = next(
            (
                e.prompt
                for e in command
                if isinstance(e, PromptClosed) and not e.withdrawn and not e.dropped
            ),
            None,
        )
        for event in command:
            if isinstance(event, PromptRaised) and event.prompt == "roll":
                raised[event.seq] = (event.batch or event.seq, event.secret)
            elif isinstance(event, RollMade):
                answers[event.seq] = closed
                if _kept(event, closed, raised, open_asks, still_kept):
                    kept.add(event.seq)
            elif isinstance(event, RollRerolled):
                roll = event.roll
                if roll.seq in answers:  # The roll's own step is here: as it was said.
                    if roll.seq in kept:
                        kept.add(event.seq)
                elif _kept(roll, None, raised, open_asks, still_kept, unseen=True):
                    kept.add(event.seq)
    return frozenset(kept)


def _kept(
    roll: RollMade,
    question: int | None,
    raised: Mapping[int, tuple[int, bool]],
    open_asks: set[int],
    still_kept: Sequence[Prompt],
    *,
    unseen: bool = False,
) -> bool:
    """Whether ``roll`` (answering ``question``, None: no question, or its step ``unseen``)
    is kept: its ask is one of those still open and kept. An ask not among the events is
    found by the task: an open kept question of that stat, difficulty and words, asked
    before the roll."""
    if question is not None and question in raised:
        ask, secret = raised[question]
        return secret and ask in open_asks
    if question is None and not unseen:
        return False  # Not an answer to a question: the player's own roll.
    before = question if question is not None else roll.seq
    return any(
        (p.stat, p.difficulty, p.label) == (roll.stat, roll.difficulty, roll.label)
        and ask_of(p) <= before
        for p in still_kept
    )


def seat_sentence(
    command: Sequence[AnyEvent],
    names: Mapping[str, str],
    state: Campaign,
    seat: str,
    known: Iterable[AnyEvent] = (),
) -> str:
    """One command as ``seat`` reads it in the log now (``known``: the events before it
    that hold its ask, the journal)."""
    return command_sentence(command, names, kept_rolls(state, seat, (*known, *command)))


def told_to_seat(
    parts: Sequence[Part], names: Mapping[str, str], kept: frozenset[int]
) -> Sequence[Part]:
    """The story's parts (``narrate.story``) with each line that holds a roll ``kept``
    said again as a player's seat reads it (R-TASK-8)."""
    if not kept:
        return parts
    from strange_tui.campaign.narrate.story import Line  # The story imports the log.

    for part in parts:
        if isinstance(part, Line) and any(e.seq in kept for e in part.command):
            said = [e for e in part.command if not isinstance(e, TurnAdvanced)]
            part.text = command_sentence(said, names, kept)
    return parts


def still_kept(state: Campaign, seat: str, question: Prompt) -> bool:
    """R-TASK-8: whether the roll answering ``question`` (answered now, or still open) is
    kept from ``seat``: the GM keeps its ask's difficulty, and another question of that ask
    is open still, with the difficulty kept (not revealed)."""
    if seat == GM or not question.secret:
        return False
    ask = ask_of(question)
    return any(
        p.kind == "roll" and p.secret and ask_of(p) == ask and p.id != question.id
        for p in state.prompts
    )
