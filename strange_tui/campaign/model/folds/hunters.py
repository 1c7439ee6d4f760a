"""Folding the Hunters events into the campaign (R-HUN); part of ``reduce``. Also the
minute-by-minute worsening of a disabled hunter (R-HUN-8), which the commands that move the
clock record and ``reduce`` checks step by step."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import (
    ChallengeEnded,
    ChallengeStarted,
    HunterCreated,
    HunterDamaged,
    HunterRolled,
    HunterStabilised,
    HunterWorsened,
)
from strange_tui.campaign.model.hunters import Hunter, HunterWound, LastRoll
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules import hunters
from strange_tui.rules.errors import RuleViolation

HUNTER_EVENTS = (
    HunterCreated,
    HunterRolled,
    HunterDamaged,
    HunterWorsened,
    HunterStabilised,
    ChallengeStarted,
    ChallengeEnded,
)
MINUTE = 60


def fold_hunters(state: Campaign, event: object) -> Campaign:
    if state.ruleset != "hunters":
        raise RuleViolation("This is a Strange campaign; Hunters events belong to Hunters ones.")
    match event:
        case HunterCreated(hunter=hunter):
            if hunter.id in state.hunters:
                raise RuleViolation(f"There is already a hunter with the id {hunter.id!r}.")
            return replace(state, hunters={**state.hunters, hunter.id: hunter})
        case HunterRolled():
            roller = _hunter(state, event.hunter)
            hunters.check_dice_count(len(event.dice))
            if event.aiding is not None:
                _hunter(state, event.aiding)
                if event.challenge is not None or event.raised:
                    raise RuleViolation("First aid is a check of its own: no challenge, no damage.")
            last = LastRoll(
                seq=event.seq,
                label=event.label,
                degrees=hunters.degrees(event.dice, event.bonus, event.cr),
                raised=event.raised,
                used=event.aiding is not None,  # R-HUN-9: first aid deals no damage.
            )
            roller = replace(roller, last_roll=last)
            state = replace(state, hunters={**state.hunters, roller.id: roller})
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
            if event.attacker is not None:
                state = _use_roll(state, event)
                hunter = _hunter(state, event.hunter)
            now = state.clock.seconds
            wounds = list(hunter.wounds)
            for kind in event.kinds:
                wounds.append(HunterWound(vital=event.vital, kind=kind, points=1, at=now))
            # R-HUN-8: new damage needs a new stabilisation.
            stable = tuple(v for v in hunter.stable if v != event.vital)
            hunter = replace(hunter, wounds=tuple(wounds), stable=stable)
            return replace(state, hunters={**state.hunters, hunter.id: hunter})
        case HunterWorsened():
            hunter = _hunter(state, event.hunter)
            hunter = _worsen(hunter, event, state.clock.seconds)
            return replace(state, hunters={**state.hunters, hunter.id: hunter})
        case HunterStabilised():
            hunter = _hunter(state, event.hunter)
            if worsening_kind(hunter, event.vital, state.clock.seconds) is None:
                raise RuleViolation(
                    f"{hunter.name}'s {event.vital} is not worsening: nothing to stabilise."
                )
            hunter = replace(hunter, stable=(*hunter.stable, event.vital))
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


def _hunter(state: Campaign, hunter_id: str) -> Hunter:
    try:
        return state.hunters[hunter_id]
    except KeyError:
        raise RuleViolation(f"No hunter {hunter_id!r} in this campaign.") from None


def _use_roll(state: Campaign, event: HunterDamaged) -> Campaign:
    """R-HUN-7: damage from an attacker's roll: that roll, once, with as many points as it
    had degrees."""
    attacker = _hunter(state, event.attacker or "")
    last = attacker.last_roll
    if last is None or last.seq != event.roll or last.used:
        raise RuleViolation(f"{attacker.name} has no roll {event.roll} whose damage is unspent.")
    if last.degrees != len(event.kinds):
        n = last.degrees
        points = "1 degree: one point" if n == 1 else f"{n} degrees: as many points"
        raise RuleViolation(f"{attacker.name}'s roll had {points}.")
    attacker = replace(attacker, last_roll=replace(last, used=True))
    return replace(state, hunters={**state.hunters, attacker.id: attacker})


def worsening_kind(hunter: Hunter, vital: str, now: int) -> str | None:
    """R-HUN-8: the type of ``vital`` that worsens in the next minute (None: it does not:
    not disabled, stabilised, or the mildest damage is neither wounding nor traumatic)."""
    if vital in hunter.stable:
        return None
    return hunters.worsening_kind(hunter.vitals.get(vital, 10), hunter.damage(vital, now))


def worsened(hunter: Hunter, vital: str, kind: str, at: int) -> Hunter:
    """R-HUN-8: ``hunter`` once the last point of ``kind`` on ``vital`` to heal becomes one
    of the next type, taken (for its healing) at ``at``."""
    index = max(
        (i for i, w in enumerate(hunter.wounds) if w.vital == vital and w.kind == kind),
        key=lambda i: (hunter.wounds[i].at, i),
    )
    wounds = list(hunter.wounds)
    wound = wounds[index]
    if wound.points > 1:
        wounds[index] = replace(wound, points=wound.points - 1)
    else:
        del wounds[index]
    worse = hunters.DAMAGE_TYPES[hunters.DAMAGE_TYPES.index(kind) + 1]
    point = HunterWound(vital=wound.vital, kind=worse, points=1, at=at)  # type: ignore[arg-type]
    wounds.append(point)
    return replace(hunter, wounds=tuple(wounds))


def worsening(hunter: Hunter, vital: str, start: int, end: int) -> list[tuple[str, int]]:
    """R-HUN-8: as the clock goes from ``start`` to ``end``, each minute (on the clock's
    whole minutes) that ``vital`` is disabled and not stabilised, its mildest point worsens
    a type: the (type, second) of each step. Healing goes on meanwhile (R-HUN-7)."""
    steps: list[tuple[str, int]] = []
    tick = (start // MINUTE + 1) * MINUTE
    maximum = hunter.vitals.get(vital, 10)
    while tick <= end and vital not in hunter.stable:
        kind = worsening_kind(hunter, vital, tick)
        if kind is None and sum(hunter.damage(vital, tick).values()) < maximum:
            break  # above 0 now, and healing only takes damage away
        if kind is not None:
            hunter = worsened(hunter, vital, kind, tick)
            steps.append((kind, tick))
            tick += MINUTE
            continue
        # Nothing worsens until a point heals (that may leave only worse damage at 0).
        later = [t for _, t in hunters.heal_times(hunter.parts(vital)) if t is not None]
        after = [t for t in later if t > tick]
        if not after:
            break
        tick = max(tick + MINUTE, -(-min(after) // MINUTE) * MINUTE)
    return steps


def worsening_events(state: Campaign, seconds: int) -> list[HunterWorsened]:
    """R-HUN-8: what ``seconds`` more on the clock do to the disabled hunters of ``state``
    (an event per vital statistic that worsens)."""
    start = state.clock.seconds
    events = []
    for hunter in state.hunters.values():
        for vital in hunters.VITALS:
            steps = worsening(hunter, vital, start, start + seconds)
            if steps:
                events.append(
                    HunterWorsened(
                        hunter=hunter.id,
                        vital=vital,  # type: ignore[arg-type]
                        kinds=tuple(kind for kind, _ in steps),  # type: ignore[misc]
                        times=tuple(at for _, at in steps),
                    )
                )
    return events


def _worsen(hunter: Hunter, event: HunterWorsened, now: int) -> Hunter:
    """R-HUN-8: each step checked against the rules at its minute, then applied."""
    if not event.kinds or len(event.kinds) != len(event.times):
        raise RuleViolation("Each worsening step has its type and its minute.")
    previous = -1
    for kind, at in zip(event.kinds, event.times, strict=True):
        latest = max((w.at for w in hunter.wounds if w.vital == event.vital), default=-1)
        if not max(previous, latest) < at <= now or at % MINUTE:
            raise RuleViolation(
                "Worsening comes on the clock's minutes, in order, after the damage, by now."
            )
        if worsening_kind(hunter, event.vital, at) != kind:
            raise RuleViolation(f"{hunter.name}'s {event.vital} does not worsen from {kind} then.")
        expected = hunters.worsen(hunter.damage(event.vital, at), 1)
        hunter = worsened(hunter, event.vital, kind, at)
        assert hunter.damage(event.vital, at) == expected, "one point, one type worse"
        previous = at
    return hunter
