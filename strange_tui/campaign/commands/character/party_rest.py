"""R-REC-4 (with R-REC-1..3 for each PC): the party rests together. Each living PC with
the party makes their next recovery roll of the day, and the clock moves once, by the
longest of their rests (not once a PC: one night is not as many nights as there are PCs).

Two ways to the same rest:

- in one step, ``PartyRest``: the GM (or solo play) sends every PC's d6, typed or the
  app's, and the division of the points, given or the suggested one;
- asked at the seats, ``AskPartyRest``: a ``rest`` question to each PC, which each player
  answers at their seat with their own die and division (``AnswerRest``); the last answer
  moves the clock, by the longest rest as it was when the GM called it. For the players
  who are not there, ``RestTheOthers`` rests everyone still asked, with the app's dice and
  the suggested divisions, in one step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command, state_after
from strange_tui.campaign.commands.character.facts import rest_seconds
from strange_tui.campaign.commands.character.rest import Rest, RestPreview
from strange_tui.campaign.commands.table.clock import time_passes
from strange_tui.campaign.model.events import (
    AnyEvent,
    ClockAdvanced,
    PromptClosed,
    PromptRaised,
)
from strange_tui.campaign.model.prompts import Prompt, open_prompt
from strange_tui.campaign.model.state import Campaign, Character, Clock
from strange_tui.campaign.narrate.words import where_in
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack

PARTY_REST = "the party's rest"
"""Why the clock moves, in the log."""


class PartyRestPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-REC-4: each resting PC's rest (its die when typed), and the one move of the clock."""

    rests: dict[str, RestPreview]
    """By character id, in the party's order."""
    seconds: int
    """How far the clock moves, once: the longest of the rests."""
    longest: str
    """Whose rest is the longest (a name)."""
    until: str
    """The clock afterwards: 'Day 2, 08:00'."""
    new_day: bool = False
    """R-REC-2: the rest reaches the next morning: the recovery rolls start again."""
    left_out: tuple[str, ...] = ()
    """Those who do not rest with the party, and why ('Tess Harrow: dead')."""
    asked: tuple[str, ...] = ()
    """The names still asked at their seats (a rest asked at the seats)."""


def nothing_to_recover(who: Character) -> bool:
    """Every pool full (Luck too, which recovery refreshes) and hale: a recovery roll
    would bring nothing, and the day's roll is kept for later."""
    pools = [who.pools[stat] for stat in Stat]
    if who.pools.luck is not None:
        pools.append(who.pools.luck)
    return who.track is DamageTrack.HALE and all(p.current >= p.maximum for p in pools)


def party_of(state: Campaign) -> tuple[list[str], list[str]]:
    """R-REC-4: the PCs with the party (alive, and not left behind in another recursion),
    and the others, each with the reason."""
    present, left_out = [], []
    for cid, who in state.characters.items():
        if who.track is DamageTrack.DEAD:
            left_out.append(f"{who.name}: dead")
        elif who.travel.recursion:
            left_out.append(f"{who.name}: {where_in(who.travel.recursion.title())}")
        else:
            present.append(cid)
    return present, left_out


def resting_party(state: Campaign) -> tuple[list[str], list[str]]:
    """R-REC-4: the PCs of the party who rest (a full one keeps the day's roll for later),
    and those who do not, each with the reason."""
    present, left_out = party_of(state)
    resting = []
    for cid in present:
        who = state.characters[cid]
        if nothing_to_recover(who):
            left_out.append(f"{who.name}: nothing to recover")
        else:
            resting.append(cid)
    return resting, left_out


def longest_rest(state: Campaign, pcs: Sequence[str]) -> tuple[int, str]:
    """R-REC-2, R-REC-4: the longest of these PCs' next rests, and whose it is."""
    seconds, whose = max((rest_seconds(state.characters[cid]), cid) for cid in pcs)
    return seconds, state.characters[whose].name


def asked_to_rest(state: Campaign) -> list[Prompt]:
    """The party rest's questions still open at the seats."""
    return [p for p in state.prompts if p.kind == "rest"]


def _no_rest_now(state: Campaign) -> None:
    if state.encounter is not None:
        raise RuleViolation("End the fight first: the party rests out of a fight.")


def _preview(
    state: Campaign,
    rests: dict[str, Rest],
    seconds: int,
    longest: str,
    left_out: Sequence[str] = (),
    asked: Sequence[str] = (),
) -> PartyRestPreview:
    after = Clock(seconds=state.clock.seconds + seconds)
    clock = time_passes(state, seconds, PARTY_REST)[0]
    assert isinstance(clock, ClockAdvanced)
    return PartyRestPreview(
        rests={cid: rest.preview(state) for cid, rest in rests.items()},
        seconds=seconds,
        longest=longest,
        until=after.label(),
        new_day=clock.new_day,
        left_out=tuple(left_out),
        asked=tuple(asked),
    )


def _rested(
    state: Campaign, rests: dict[str, Rest], seconds: int, dice: DiceSource, closing: list[Prompt]
) -> list[AnyEvent]:
    """Each PC's recovery roll (the d6 shown for it, kept; else their typed d6, else the
    app's), the questions they close, then the clock, moved once (R-REC-4)."""
    events: list[AnyEvent] = []
    for rest in rests.values():
        events.append(rest.event(state, rest.rolled_die(state, dice)))
    events.extend(PromptClosed(prompt=p.id) for p in closing)
    return [*events, *time_passes(state_after(state, events), seconds, PARTY_REST)]


class PartyRest(Command, frozen=True, kw_only=True):
    """R-REC-4: every PC with the party makes their next recovery roll of the day (R-REC-1:
    ``dice`` holds the d6s typed, the app rolls the others; ``allocations`` each PC's
    division, else the suggested one; ``track_steps`` those who buy a step up the track
    instead, R-REC-3), and the clock moves once, by the longest of their rests (R-REC-2).
    The dead, and those left in another recursion, do not rest."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "rest the whole party"

    dice: dict[str, int] = msgspec.field(default_factory=dict)
    allocations: dict[str, dict[Stat, int]] = msgspec.field(default_factory=dict)
    track_steps: tuple[str, ...] = ()

    def rests(self, state: Campaign) -> dict[str, Rest]:
        """Each resting PC's Rest, the clock kept still (it moves once, for everyone)."""
        _no_rest_now(state)
        if asked_to_rest(state):
            raise RuleViolation(
                "The party's rest is asked at the seats already: rest the others from there."
            )
        resting, left_out = resting_party(state)
        if not resting:
            raise RuleViolation(f"No one needs a rest: {'; '.join(left_out)}.")
        for cid in (*self.dice, *self.allocations, *self.track_steps):
            if cid not in resting:
                raise RuleViolation(f"{state.names().get(cid, cid)} does not rest with the party.")
        rests = {
            cid: Rest(
                character=cid,
                die=self.dice.get(cid),
                allocation=self.allocations.get(cid),
                track_step=cid in self.track_steps,
                advance_clock=False,
            )
            for cid in resting
        }
        for rest in rests.values():
            rest.preview(state)  # Refuses a die a d6 lacks, a step up that cannot be.
        return rests

    def preview(self, state: Campaign) -> PartyRestPreview:
        rests = self.rests(state)
        seconds, longest = longest_rest(state, list(rests))
        return _preview(state, rests, seconds, longest, resting_party(state)[1])

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        rests = self.rests(state)
        seconds, _ = longest_rest(state, list(rests))
        return _rested(state, rests, seconds, dice, [])


class AskPartyRest(Command, frozen=True, kw_only=True):
    """R-REC-4: the GM calls a rest, and each player makes their PC's recovery roll at their
    own seat (a ``rest`` question each, which remembers the longest rest: the clock moves by
    it once everyone has rested)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "call the party to rest"

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        rests = PartyRest().rests(state)
        seconds, _ = longest_rest(state, list(rests))
        return [PromptRaised(prompt="rest", character=cid, seconds=seconds) for cid in rests]


class AnswerRest(Rest, frozen=True, kw_only=True):
    """R-REC-4 at a player's seat: their PC's part of the party's rest, with the d6 shown
    at the seat (kept: ``RollRecoveryDie``; else their own d6, else the app's) and their
    division (R-REC-1..3); the clock stays until the last PC asked has rested, whose
    answer moves it, once, by the longest rest."""

    advance_clock: bool = False

    def asked(self, state: Campaign) -> Prompt:
        prompt = open_prompt(state.prompts, "rest", self.character)
        if prompt is None:
            who = state.characters.get(self.character)
            name = who.name if who is not None else self.character
            raise RuleViolation(f"{name} is not asked to rest with the party.")
        return prompt

    def _last(self, state: Campaign, prompt: Prompt) -> bool:
        return all(p.id == prompt.id for p in asked_to_rest(state))

    def _own(self) -> Rest:
        return Rest(
            character=self.character,
            die=self.die,
            allocation=self.allocation,
            track_step=self.track_step,
            advance_clock=False,
            kept=self.kept,
        )

    def preview(self, state: Campaign) -> RestPreview:
        prompt = self.asked(state)
        seen = self._own().preview(state)
        return replace(seen, seconds=prompt.seconds if self._last(state, prompt) else 0)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        prompt = self.asked(state)
        own = self._own()
        own.preview(state)  # The same checks as a rest alone (dead is dead...).
        die = own.rolled_die(state, dice)  # R-REC-1: the die shown at the seat, kept.
        events: list[AnyEvent] = [own.event(state, die), PromptClosed(prompt=prompt.id)]
        if self._last(state, prompt) and prompt.seconds:
            events.extend(time_passes(state_after(state, events), prompt.seconds, PARTY_REST))
        return events


class RestTheOthers(Command, frozen=True, kw_only=True):
    """R-REC-4: the GM rests every PC still asked at their seat (absent players): the d6
    shown at the seat when one was (kept), else ``dice``, typed, else the app's, and the
    suggested division (R-REC-1), their questions closed, and the clock moved once, by
    the longest rest, in one step."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "rest for the absent players"

    dice: dict[str, int] = msgspec.field(default_factory=dict)

    def rests(self, state: Campaign) -> tuple[dict[str, Rest], list[Prompt]]:
        asked = asked_to_rest(state)
        if not asked:
            raise RuleViolation("No one is asked to rest: every PC has rested.")
        for cid in self.dice:
            if not open_prompt(asked, "rest", cid):
                raise RuleViolation(f"{state.names().get(cid, cid)} is not asked to rest.")
        rests = {
            p.character: Rest(character=p.character, die=self.dice.get(p.character),
                              advance_clock=False)
            for p in asked
        }  # fmt: skip
        for rest in rests.values():
            rest.preview(state)
        return rests, asked

    def preview(self, state: Campaign) -> PartyRestPreview:
        rests, asked = self.rests(state)
        seconds = max(p.seconds for p in asked)
        names = [state.characters[p.character].name for p in asked]
        # The longest rest was the call's: it may be someone's who has rested already.
        return _preview(state, rests, seconds, "", asked=names)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        rests, asked = self.rests(state)
        return _rested(state, rests, max(p.seconds for p in asked), dice, asked)
