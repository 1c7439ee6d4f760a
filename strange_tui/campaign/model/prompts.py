"""Prompts that travel to a seat: a question the table puts to one player, open until their
seat (or the GM, for an absent player) answers it or the GM takes it back.

- ``defense``: an NPC attacks a PC, who rolls to defend at their own seat.
- ``intrusion``: the GM intrudes on a PC, who accepts (2 XP, one of them to give) or
  refuses (1 XP) at their own seat.
- ``initiative``: the fight begins; each PC rolls their own initiative.
- ``roll``: the GM asks for a task at a difficulty the GM sets (kept secret from the
  player's seat, or shown); the player adds skill, assets and Effort and rolls.
- ``rest``: the party rests together; each PC makes their next recovery roll, and the
  last answer moves the clock once, by ``seconds`` (the longest of their rests).

A prompt's ``id`` is the number of the event that raised it.
"""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from collections.abc import Iterable
from typing import Annotated, Literal

from msgspec import Meta

from strange_tui.campaign.model.types import Frozen, Id, Text
from strange_tui.rules.pools import Stat

PromptKind = Literal["defense", "intrusion", "initiative", "roll", "rest"]

COMBAT_PROMPTS: frozenset[str] = frozenset({"defense", "initiative"})
"""The prompts that belong to the fight and end with it."""


class Prompt(Frozen):
    """One open question to a player's seat."""

    id: int
    kind: PromptKind
    character: Id
    npc: Id = ""
    """The attacker, for a defense."""
    stat: Stat = Stat.SPEED
    """The pool the defense uses."""
    what: Text = ""
    """The intrusion's complication, in the GM's words."""
    difficulty: Annotated[int, Meta(ge=0, le=10)] = 0
    """A roll's difficulty, as the GM set it (R-TASK-1)."""
    secret: bool = False
    """A roll's difficulty is kept by the GM: the player's seat is not shown it."""
    label: Text = ""
    """A roll's task, in the GM's words."""
    seconds: Annotated[int, Meta(ge=0, le=10**9)] = 0
    """For a party rest: how far the clock moves once every PC asked has rested."""
    ask: Annotated[int, Meta(ge=0)] = 0
    """The first question of the step that raised this one, when this one came after it
    (a roll asked of the whole party: one ask, a question each); 0: this one is the first
    (``ask_of``)."""


def open_prompt(
    prompts: Iterable[Prompt], kind: PromptKind, character: str, npc: str = ""
) -> Prompt | None:
    """The open prompt of that kind to ``character`` (for a defense, against ``npc``)."""
    return next(
        (
            p
            for p in prompts
            if p.kind == kind and p.character == character and (not npc or p.npc == npc)
        ),
        None,
    )


def ask_of(prompt: Prompt) -> int:
    """The ask ``prompt`` belongs to: the id of its step's first question (R-TASK-8: a
    kept difficulty stays kept until every question of its ask is answered)."""
    return prompt.ask or prompt.id


def prompts_for(prompts: Iterable[Prompt], seat: str) -> list[Prompt]:
    """The open prompts a seat answers (a player's seat: those to its character)."""
    return [p for p in prompts if p.character == seat]
