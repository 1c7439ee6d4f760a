"""R-CYP-1: gain, use and discard cyphers, and the load they weigh against the limit."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.character.previews import after_events
from strange_tui.campaign.commands.character.text import _check_text
from strange_tui.campaign.model.events import AnyEvent, CypherGained, CypherUsed
from strange_tui.campaign.model.state import Campaign, Character, Cypher
from strange_tui.rules.cyphers import cypher_load, cyphers_to_discard
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

MAX_NAME = 80
MAX_CYPHER_LEVEL = 100
LEVEL_FORMULA = re.compile(r"^(\d+|1d(6|10|20)([+]\d+)?)$")


class CypherPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-CYP-1: the load before and after gaining a cypher, against the type's limit."""

    name: str
    level: int | None
    """The level, when typed or fixed; None while it is still to be rolled."""
    formula: str
    occultic: bool
    effect: str
    load: int
    load_after: int
    limit: int
    over_by: int
    warn_only: bool = False
    """The house rule: over the limit the app only warns (else random cyphers vanish)."""


class DiscardPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The cyphers a use or discard removes, and the load after (R-CYP-1)."""

    names: tuple[str, ...]
    load: int
    load_after: int
    limit: int


def load_of(cyphers: Sequence[Cypher]) -> int:
    """R-CYP-1: the cyphers' weight against the limit (an occultic one counts two)."""
    return cypher_load([cypher.occultic for cypher in cyphers])


def discard_pick(character: Character, rng: random.Random | None = None) -> tuple[int, ...]:
    """R-CYP-1: a random pick of carried cyphers (indices) to discard until the load fits
    the limit; empty when within it. The app offers it; the GM may choose otherwise."""
    flags = [cypher.occultic for cypher in character.cyphers]
    return tuple(cyphers_to_discard(flags, character.cypher_limit, rng or random.Random()))


def level_of(formula: str, dice: DiceSource) -> int:
    """A cypher's level from its formula: '5', '1d6', '1d6+2' (the die from ``dice``)."""
    if not LEVEL_FORMULA.match(formula):
        raise RuleViolation(_bad_formula(formula))
    if "d" not in formula:
        return int(formula)
    die, _, plus = formula.partition("+")
    return dice.roll(int(die.split("d")[1])) + int(plus or 0)


def fixed_level(formula: str) -> int | None:
    """The level a formula gives without a die ('5'), else None."""
    return int(formula) if formula.isdigit() else None


class GainCypher(Command, frozen=True, kw_only=True):
    """A character picks up a cypher: its level typed, or rolled from its level formula
    ('1d6+2'). R-CYP-1: over the type's limit, random cyphers vanish at once until the load
    fits, each picked by a die the log shows (the house rule "warn only" keeps them)."""

    character: str
    name: str
    level: int | None = None
    formula: str = ""
    occultic: bool = False
    effect: str = ""
    identified: bool = True
    """R-ART-1: False: gained unknown, it is identified (an Intellect task) before use."""

    def _check(self, state: Campaign) -> Character:
        who = character_of(state, self.character)
        if not self.name.strip():
            raise RuleViolation("Name the cypher.")
        if len(self.name.strip()) > MAX_NAME:
            raise RuleViolation(f"A cypher's name is at most {MAX_NAME} characters.")
        _check_text(self.effect, "The effect")
        if self.level is not None and not 1 <= self.level <= MAX_CYPHER_LEVEL:
            raise RuleViolation(f"A cypher's level runs from 1 to {MAX_CYPHER_LEVEL}.")
        if self.level is None:
            if not self.formula:
                raise RuleViolation("Give the cypher a level (or a formula to roll it).")
            if not LEVEL_FORMULA.match(self.formula):
                raise RuleViolation(_bad_formula(self.formula))
        return who

    def preview(self, state: Campaign) -> CypherPreview:
        who = self._check(state)
        load = load_of(who.cyphers)
        after = load + load_of([Cypher(name="new", occultic=self.occultic)])
        return CypherPreview(
            name=self.name.strip(),
            level=self.level if self.level is not None else fixed_level(self.formula),
            formula=self.formula,
            occultic=self.occultic,
            effect=self.effect,
            load=load,
            load_after=after,
            limit=who.cypher_limit,
            over_by=max(0, after - who.cypher_limit),
            warn_only=state.settings.cypher_limit_warns,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who = self._check(state)
        level = self.level if self.level is not None else level_of(self.formula, dice)
        cypher = Cypher(
            name=self.name.strip(),
            level=min(level, MAX_CYPHER_LEVEL),
            occultic=self.occultic,
            effect=self.effect,
            identified=self.identified,
        )
        gained = CypherGained(character=who.id, cypher=cypher)
        if state.settings.cypher_limit_warns:
            return [gained]
        return [gained, *vanishing((*who.cyphers, cypher), who, dice)]


def vanishing(carried: Sequence[Cypher], who: Character, dice: DiceSource) -> list[CypherUsed]:
    """R-CYP-1: over the limit, random cyphers vanish at once until the load fits: each
    picked by a die of as many faces as cyphers are still carried."""
    events: list[CypherUsed] = []
    left = list(carried)
    while left and load_of(left) > who.cypher_limit:
        face = dice.roll(len(left))
        lost = left.pop(face - 1)
        events.append(
            CypherUsed(character=who.id, index=face - 1, name=lost.name, discarded=True,
                       vanished=face)  # fmt: skip
        )
    return events


class UseCypher(Command, frozen=True, kw_only=True):
    """A character uses the cypher at ``index`` on their sheet; it is gone."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    index: int

    def events(self, state: Campaign) -> list[CypherUsed]:
        who = character_of(state, self.character)
        return [_removal(who, self.index, discarded=False)]

    def preview(self, state: Campaign) -> DiscardPreview:
        return _discard_preview(state, self.character, self.events(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return self.events(state)


class DiscardCypher(Command, frozen=True, kw_only=True):
    """R-CYP-1: a character discards the cyphers at ``indices`` (one or a pick to get back
    within the limit), all in one step."""

    character: str
    indices: tuple[int, ...]

    def events(self, state: Campaign) -> list[CypherUsed]:
        who = character_of(state, self.character)
        if not self.indices:
            raise RuleViolation("Choose a cypher to discard.")
        if len(set(self.indices)) != len(self.indices):
            raise RuleViolation("Each cypher is discarded once.")
        # Highest first, so the indices still name the same cyphers as each one goes.
        return [_removal(who, i, discarded=True) for i in sorted(self.indices, reverse=True)]

    def preview(self, state: Campaign) -> DiscardPreview:
        return _discard_preview(state, self.character, self.events(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return self.events(state)


def _removal(who: Character, index: int, *, discarded: bool) -> CypherUsed:
    if not 0 <= index < len(who.cyphers):
        raise RuleViolation(f"{who.name} carries no cypher number {index + 1}.")
    if not discarded and not who.cyphers[index].identified:  # R-ART-1
        raise RuleViolation(
            f"{who.cyphers[index].name} is not identified yet: study it first (an Intellect task)."
        )
    return CypherUsed(
        character=who.id, index=index, name=who.cyphers[index].name, discarded=discarded
    )


def _discard_preview(
    state: Campaign, character_id: str, events: Sequence[CypherUsed]
) -> DiscardPreview:
    before = character_of(state, character_id)
    after = character_of(after_events(state, events), character_id)
    return DiscardPreview(
        names=tuple(event.name for event in events),
        load=load_of(before.cyphers),
        load_after=load_of(after.cyphers),
        limit=before.cypher_limit,
    )


def _bad_formula(formula: str) -> str:
    return f"{formula!r} is not a cypher level: a number, or 1d6+2 and the like."
