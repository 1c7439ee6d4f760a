"""A GM intrusion (R-XP-1): accepted for 2 XP, one of them given to a friend, or refused
for 1 XP; the GM's own, or the answer to one offered at the player's seat.

The preview folds each answer into the state with the same code the store uses
(``fold_command``), so what the dialog shows is what will happen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

import msgspec

from strange_tui.campaign.commands.base import GM, Command, character_of, state_after, text
from strange_tui.campaign.model.events import (
    AnyEvent,
    IntrusionAccepted,
    IntrusionRefused,
    PromptClosed,
)
from strange_tui.campaign.model.prompts import Prompt, open_prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

IntrusionChoice = Literal["accept", "refuse"]


class IntrusionPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-XP-1: what accepting and what refusing would do to everyone's XP."""

    xp: dict[str, int]
    """The XP now of each character either answer touches."""
    accept: dict[str, int] | None
    """The XP after accepting of each character it changes (None: accepting is refused)."""
    accept_problem: str | None = None
    refuse: dict[str, int] | None
    """The XP after refusing of each character it changes (None: refusing is refused)."""
    refuse_problem: str | None = None


class GmIntrusion(Command, frozen=True, kw_only=True):
    """R-XP-1: the GM intrudes on a character (not the free intrusion of a natural 1).
    Accepting gives 2 XP, 1 of which goes to another PC (``given_to``, required when
    there is one); refusing costs 1 XP and is impossible at 0 XP."""

    character: str
    choice: IntrusionChoice = "accept"
    given_to: str | None = None
    what: str = ""

    def event(self) -> IntrusionAccepted | IntrusionRefused:
        what = text(self.what, "The intrusion")
        if self.choice == "refuse":
            return IntrusionRefused(character=self.character, what=what)
        return IntrusionAccepted(character=self.character, given_to=self.given_to, what=what)

    def offered(self, state: Campaign) -> Prompt | None:
        """The intrusion offered at this character's seat (None: none is). A player's seat
        answers only an offered one (RuleViolation); the GM may intrude at once."""
        offered = open_prompt(state.prompts, "intrusion", self.character)
        if offered is None and self.by != GM:
            raise RuleViolation("There is no intrusion to answer: the GM offers one first.")
        return offered

    def preview(self, state: Campaign) -> IntrusionPreview:
        who = character_of(state, self.character)
        self.offered(state)  # Refused here as ``decide`` refuses it.
        touched = [who.id, *([self.given_to] if self.given_to in state.characters else [])]
        answers: dict[str, dict[str, int] | None] = {}
        problems: dict[str, str | None] = {}
        for choice in get_args(IntrusionChoice):
            try:
                after = state_after(state, [msgspec.structs.replace(self, choice=choice).event()])
            except RuleViolation as refused:
                answers[choice], problems[choice] = None, str(refused)
                continue
            answers[choice] = {
                cid: after.characters[cid].xp
                for cid in touched
                if after.characters[cid].xp != state.characters[cid].xp
            }
            problems[choice] = None
        return IntrusionPreview(
            xp={cid: state.characters[cid].xp for cid in touched},
            accept=answers["accept"],
            accept_problem=problems["accept"],
            refuse=answers["refuse"],
            refuse_problem=problems["refuse"],
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        character_of(state, self.character)
        offered = self.offered(state)
        if offered is None:
            return [self.event()]
        answer = self if self.what.strip() else msgspec.structs.replace(self, what=offered.what)
        return [answer.event(), PromptClosed(prompt=offered.id)]
