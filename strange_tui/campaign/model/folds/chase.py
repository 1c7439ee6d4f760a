"""Folding a long chase (R-CHASE-1) into the campaign; part of ``reduce``.

The chase is derived from its events only: ChaseStarted sets it up, each ChaseRolled adds
a success or a failure (its tallies must be the state's plus that one), and ChaseEnded
closes it with the outcome the rule gives (or abandoned). An ended chase stays in the state
for the tracker until the next starts.
"""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import AnyEvent, ChaseEnded, ChaseRolled, ChaseStarted
from strange_tui.campaign.model.state import Campaign, Character, Chase
from strange_tui.rules.chase import chase_outcome
from strange_tui.rules.errors import RuleViolation

CHASE_EVENTS = (ChaseStarted, ChaseRolled, ChaseEnded)


def running_chase(state: Campaign) -> Chase:
    """The chase under way; RuleViolation when there is none."""
    chase = state.chase
    if chase is None or chase.outcome:
        raise RuleViolation("No chase is under way.")
    return chase


def fold_chase(state: Campaign, event: AnyEvent) -> Campaign:
    """R-CHASE-1: the state after a chase event, or RuleViolation when it does not fit."""
    if isinstance(event, ChaseStarted):
        if state.chase is not None and not state.chase.outcome:
            raise RuleViolation("A chase is under way: end it before another starts.")
        _pc(state, event.character)
        chase = Chase(
            character=event.character, quarry=event.quarry, level=event.level, flees=event.flees
        )
        return replace(state, chase=chase)
    chase = running_chase(state)
    if event.character != chase.character:
        raise RuleViolation(f"The chase is {state.characters[chase.character].name}'s.")
    if isinstance(event, ChaseRolled):
        if decided := chase_outcome(chase.level, chase.successes, chase.failures):
            raise RuleViolation(f"The chase was {decided}: no more rolls.")
        successes = chase.successes + event.success
        failures = chase.failures + (not event.success)
        if (event.successes, event.failures, event.needed) != (successes, failures, chase.level):
            raise RuleViolation("The chase's count does not match its rolls.")
        return replace(state, chase=replace(chase, successes=successes, failures=failures))
    assert isinstance(event, ChaseEnded)
    decided = chase_outcome(chase.level, chase.successes, chase.failures)
    if event.outcome != (decided or "abandoned"):
        expected = f"was {decided}" if decided else "goes on"
        raise RuleViolation(f"The chase {expected}, not {event.outcome}.")
    if event.quarry != chase.quarry:
        raise RuleViolation(f"The chase is after {chase.quarry}, not {event.quarry}.")
    return replace(state, chase=replace(chase, outcome=event.outcome))


def _pc(state: Campaign, character_id: str) -> Character:
    try:
        return state.character(character_id)
    except KeyError as missing:
        raise RuleViolation(str(missing.args[0])) from None
