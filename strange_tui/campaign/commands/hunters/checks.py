"""The checks and helpers the Hunters' commands share (ruleset, ids, recordable events)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.hunters import Challenge, Hunter
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.errors import RuleViolation


def _hunting(state: Campaign) -> None:
    if state.ruleset != "hunters":
        raise RuleViolation(
            "This is a Strange campaign; the Hunters' actions belong to Hunters ones."
        )


def _hunter(state: Campaign, hunter_id: str) -> Hunter:
    _hunting(state)
    try:
        return state.hunters[hunter_id]
    except KeyError:
        raise RuleViolation(f"No hunter {hunter_id!r} in this campaign.") from None


def _challenge(state: Campaign, challenge_id: str) -> Challenge:
    try:
        return state.challenges[challenge_id]
    except KeyError:
        raise RuleViolation(f"No challenge {challenge_id!r} under way.") from None


def _slug(name: str, fallback: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or fallback


def _free_id(name: str, taken: Mapping[str, object], fallback: str) -> str:
    """An id made of ``name`` that is not yet ``taken`` (rowan, rowan-2, ...)."""
    base = _slug(name, fallback)
    found, n = base, 2
    while found in taken:
        found, n = f"{base}-{n}", n + 1
    return found


def _valid(event: AnyEvent) -> AnyEvent:
    """The event as the journal will read it back: a value it could not read is refused
    now, not when the campaign is opened again."""
    try:
        msgspec.convert(msgspec.to_builtins(event), type(event))
    except msgspec.ValidationError as problem:
        raise RuleViolation(f"That cannot be recorded: {problem}.") from None
    return event


def _after(state: Campaign, events: Sequence[AnyEvent]) -> Campaign:
    """The state once ``events`` are applied, by the same ``reduce`` the store uses."""
    for event in events:
        state = reduce(state, replace(event, seq=state.seq + 1, at=state.clock.seconds))
    return state


def _check_points(what: str, points: Mapping[str, int], top: int) -> None:
    for name, value in points.items():
        if not name.strip() or len(name) > 80:
            raise RuleViolation(f"Each of the {what} needs a name (up to 80 characters).")
        if not 0 <= value <= top:
            raise RuleViolation(f"{what.title()} give 0 to +{top}; {name} {value} is out of range.")
