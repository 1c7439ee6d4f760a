"""Folding the Hunters events into the campaign (R-HUN); part of ``reduce``."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.events import (
    ChallengeEnded,
    ChallengeStarted,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
)
from strange_tui.campaign.hunters_state import HunterWound
from strange_tui.campaign.state import Campaign
from strange_tui.rules import hunters
from strange_tui.rules.errors import RuleViolation

HUNTER_EVENTS = (HunterCreated, HunterRolled, HunterDamaged, ChallengeStarted, ChallengeEnded)


def fold_hunters(state: Campaign, event: object) -> Campaign:
    if state.ruleset != "hunters":
        raise RuleViolation("This is a Strange campaign; Hunters events belong to Hunters ones.")
    match event:
        case HunterCreated(hunter=hunter):
            if hunter.id in state.hunters:
                raise RuleViolation(f"There is already a hunter with the id {hunter.id!r}.")
            return replace(state, hunters={**state.hunters, hunter.id: hunter})
        case HunterRolled():
            _hunter(state, event.hunter)
            hunters.check_dice_count(len(event.dice))
            if event.challenge is None:
                return state
            challenge = state.challenges.get(event.challenge)
            if challenge is None:
                raise RuleViolation(f"No challenge {event.challenge!r} under way.")
            total = sum(event.dice) + event.bonus
            success = hunters.succeeds(event.dice, event.bonus, challenge.cr)
            left = hunters.complex_progress(
                challenge.remaining, total if success else 0, challenge.cr, challenge.multiplier
            )
            challenge = replace(challenge, remaining=left, rolls=challenge.rolls + 1)
            clock = state.clock.advanced(challenge.interval)
            return replace(
                state, challenges={**state.challenges, challenge.id: challenge}, clock=clock
            )
        case HunterDamaged():
            hunter = _hunter(state, event.hunter)
            if not event.kinds:
                raise RuleViolation("Damage is at least one point.")
            now = state.clock.seconds
            wounds = list(hunter.wounds)
            for kind in event.kinds:
                wounds.append(HunterWound(vital=event.vital, kind=kind, points=1, at=now))
            hunter = replace(hunter, wounds=tuple(wounds))
            return replace(state, hunters={**state.hunters, hunter.id: hunter})
        case ChallengeStarted(challenge=challenge):
            if challenge.id in state.challenges:
                raise RuleViolation(f"A challenge {challenge.id!r} is already under way.")
            return replace(state, challenges={**state.challenges, challenge.id: challenge})
        case ChallengeEnded(challenge=cid):
            if cid not in state.challenges:
                raise RuleViolation(f"No challenge {cid!r} under way.")
            return replace(
                state, challenges={k: v for k, v in state.challenges.items() if k != cid}
            )
    raise RuleViolation(f"Unknown event {type(event).__name__}.")  # pragma: no cover


def _hunter(state: Campaign, hunter_id: str):
    try:
        return state.hunters[hunter_id]
    except KeyError:
        raise RuleViolation(f"No hunter {hunter_id!r} in this campaign.") from None
