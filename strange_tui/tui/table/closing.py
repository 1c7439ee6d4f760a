"""What a window is told when a question it could see closes by another window's command:
who answered it (the player's seat, the GM's, or the same seat in another window, as when a
player has the table open on a laptop and a phone), or that it was taken back or dropped.

The journal says it: the question's ``PromptClosed`` (answered, ``withdrawn`` or
``dropped``), and the seat of the command it came in (its first event's ``seat``; "" for
the GM's). Plain functions of the campaign, so the words are tested without an app."""

from __future__ import annotations

from collections.abc import Sequence

from strange_tui.campaign.model.events import AnyEvent, PromptClosed
from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.waiting import asked_for, whom

QUESTION = {
    "defense": "defense",
    "intrusion": "intrusion",
    "initiative": "initiative roll",
    "rest": "recovery roll",
}
"""How a question is named after its character: "Mara Quist's defense"."""


def sent_from(batch: Sequence[AnyEvent]) -> str:
    """The seat whose command made ``batch`` (the GM's when its first event names none)."""
    return (batch[0].seat if batch else "") or GM


def whose_question(state: Campaign, prompt: Prompt) -> str:
    """ "Mara Quist's defense", "Jun Okafor's Intellect roll"."""
    what = QUESTION.get(prompt.kind) or f"{prompt.stat.value.title()} roll"
    return f"{whom(state, prompt)}'s {what}"


def dropped_line(state: Campaign, prompt: Prompt, by: str = "") -> str:
    """ "No longer asked: defense against Thug (Speed). The table moved on." ``by``: the
    seat whose command moved it on, named when it is the GM's."""
    mover = "The GM moved the table on" if by == GM else "The table moved on"
    return f"No longer asked: {asked_for(state, prompt)}. {mover}."


def closing_news(
    state: Campaign, prompt: Prompt, closed: PromptClosed, by: str, seat: str, said: str = ""
) -> tuple[str, str] | None:
    """What the window at ``seat`` is told (a title and a line; None: nothing) when another
    window's command from seat ``by`` closed ``prompt`` as ``closed`` says. ``said``: that
    command's log line, the answer itself, when another seat answered.

    The same seat in another window: "Mara Quist's defense was answered in another
    window." Another seat: the GM answered for the player, or took the question back, or
    the player answered at their seat (told to the GM). A question dropped (the table moved
    on) is told to the GM's seat and the player it was put to; another player's questions
    are not told at a player's seat (the log has them)."""
    if closed.dropped:
        if seat == GM or prompt.character == seat:
            return "Question dropped", dropped_line(state, prompt, by if by != seat else "")
        return None
    if seat != GM and prompt.character != seat:
        return None
    asked = asked_for(state, prompt)
    if by == seat:
        done = "taken back" if closed.withdrawn else "answered"
        return "In another window", f"{whose_question(state, prompt)} was {done} in another window."
    if seat == GM:
        if closed.withdrawn:
            return None  # Only the GM's seat takes a question back: nothing else did.
        return f"Answered at {whom(state, prompt)}'s seat", said or asked
    if closed.withdrawn:
        return "Question taken back", f"The GM took back the question ({asked})."
    return f"The GM answered for you ({asked})", said or asked
