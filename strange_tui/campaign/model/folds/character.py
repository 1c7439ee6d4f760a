"""Folding the events that touch one character (R-DMG, R-EFF, R-REC, R-XP-1, R-CYP-1,
R-WEAK-1): damage and where it lands, points spent and healed, the damage track, a roll's
cost, rerolls, XP, cyphers, a weakness, notes; part of ``reduce``."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from strange_tui.campaign.model.events import (
    AnyEvent,
    ArtifactDropped,
    ArtifactGained,
    ArtifactUsed,
    CraftingAttempted,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    IdentifyAttempted,
    IntrusionRefused,
    LastingMended,
    NotesEdited,
    PointsSpent,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    TrackShifted,
    WeaknessTaken,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.model.folds.artifacts import fold_artifact
from strange_tui.campaign.model.folds.crafting import craft
from strange_tui.campaign.model.folds.recovery_die import (
    RECOVERY_DIE_EVENTS,
    fold_recovery_die,
    use_recovery_die,
)
from strange_tui.campaign.model.folds.rolls import check_reroll, check_roll
from strange_tui.campaign.model.state import Character, Scars
from strange_tui.rules.damage import DamageOutcome, apply_damage, lasting_mending, shift_track
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Pools, Stat, spend
from strange_tui.rules.recovery import apply_recovery, recover_track_step
from strange_tui.rules.track import DamageTrack, step_up

MAX_CYPHERS_CARRIED = 50


def damage_landing(character: Character, event: DamageTaken) -> DamageOutcome:
    """R-DMG-1..3: what ``event`` does to ``character`` (Armor, spill-over, the track): one
    computation for reduce, the hit's recorded split and the damage preview."""
    return apply_damage(
        character.pools,
        character.track,
        event.amount,
        stat=event.stat,
        armor=event.armor,
        ambient=event.ambient,
    )


def change_character(character: Character, event: AnyEvent) -> Character:
    """The events that touch one character only."""
    match event:
        case DamageTaken():
            hit = damage_landing(character, event)
            if event.spill is not None and event.spill != dict(hit.applied):
                raise RuleViolation("Where the hit's damage went does not match the rules.")
            scarred = _scar(character.scars, event.lasting, hit.applied)
            return replace(character, pools=hit.pools, track=hit.track, scars=scarred)
        case LastingMended():
            return _mend(character, event)
        case PointsSpent():
            paid = spend(
                character.pools,
                character.track,
                event.stat,
                event.amount,
                from_luck=event.from_luck,
            )
            return replace(character, pools=paid.pools, track=paid.track)
        case Healed():
            return _heal(character, event)
        case TrackShifted(steps=steps):
            if steps < 0 and character.track is DamageTrack.DEAD:
                raise RuleViolation(f"{character.name} is dead, and dead is dead.")
            track = (
                shift_track(character.track, steps)
                if steps >= 0
                else step_up(character.track, -steps)
            )
            return replace(character, track=track)
        case RollMade():
            return _pay_for_roll(character, event)
        case RollRerolled():
            check_reroll(character, event)
            rerolled = replace(character, xp=character.xp - 1)
            if not event.refund:
                return rerolled
            return _heal(rerolled, Healed(character=character.id, stat=event.roll.stat,
                                          amount=event.refund))
        case IntrusionRefused():
            if character.xp < 1:
                raise RuleViolation(
                    f"{character.name} has no XP: refusing an intrusion costs 1."
                )
            return replace(character, xp=character.xp - 1)
        case XpAwarded(amount=amount):
            return replace(character, xp=character.xp + amount)
        case XpSpent(amount=amount):
            if amount > character.xp:
                raise RuleViolation(f"{character.name} has {character.xp} XP, not {amount}.")
            return replace(character, xp=character.xp - amount)
        case CypherGained(cypher=cypher):
            if len(character.cyphers) >= MAX_CYPHERS_CARRIED:
                raise RuleViolation(f"{character.name} cannot carry {MAX_CYPHERS_CARRIED} cyphers.")
            return replace(character, cyphers=(*character.cyphers, cypher))
        case CypherUsed(index=index, name=name):
            if index >= len(character.cyphers) or character.cyphers[index].name != name:
                raise RuleViolation(f"{character.name} does not carry the cypher {name!r}.")
            if not event.discarded and not character.cyphers[index].identified:
                raise RuleViolation(f"{name} is not identified yet: study it first.")  # R-ART-1
            cyphers = character.cyphers[:index] + character.cyphers[index + 1 :]
            return replace(character, cyphers=cyphers)
        case WeaknessTaken():
            return take_weakness(character, event.weak, event.edge)
        case NotesEdited(notes=notes):
            return replace(character, notes=notes)
        case CraftingAttempted():
            return craft(character, event)
        case ArtifactGained() | IdentifyAttempted() | ArtifactUsed() | ArtifactDropped():
            return fold_artifact(character, event)  # R-ART-1, R-ART-2
        case _ if isinstance(event, RECOVERY_DIE_EVENTS):
            return fold_recovery_die(character, event)  # R-REC-1: a die shown is kept.
    raise RuleViolation(f"Unknown event {type(event).__name__}.")  # pragma: no cover


def take_weakness(character: Character, weak: Stat, edge: Stat) -> Character:
    """R-WEAK-1: a weakness of 1 in a stat whose Edge is 0, for +1 Edge in another; one
    weakness at most."""
    if weak == edge:
        raise RuleViolation("The Edge goes to another stat than the weakness.")
    if any(character.pools[stat].weakness for stat in Stat):
        raise RuleViolation(f"{character.name} has a weakness already; one is the most.")
    weak_pool, edge_pool = character.pools[weak], character.pools[edge]
    if weak_pool.edge:
        raise RuleViolation(
            f"A weakness goes in a stat whose Edge is 0; {weak.value} has {weak_pool.edge}."
        )
    pools = character.pools.replace(weak, replace(weak_pool, weakness=1))
    pools = pools.replace(edge, replace(edge_pool, edge=edge_pool.edge + 1))
    return replace(character, pools=pools)


def _scar(scars: Scars, kind: str, applied: tuple[tuple[Stat, int], ...]) -> Scars:
    """R-DMG-6: a lasting or permanent hit's points, pool by pool, stay off past recovery."""
    if not kind:
        return scars
    marks = dict(scars.lasting if kind == "lasting" else scars.permanent)
    for stat, points in applied:
        marks[stat] = marks.get(stat, 0) + points
    if kind == "lasting":
        return replace(scars, lasting=marks)
    return replace(scars, permanent=marks)


def _mend(character: Character, event: LastingMended) -> Character:
    """R-DMG-6: healed lasting points leave the scars and come back into their pools."""
    lasting = dict(character.scars.lasting)
    for stat, points in event.healed.items():
        if points > lasting.get(stat, 0):
            raise RuleViolation(
                f"{character.name} has {lasting.get(stat, 0)} lasting {stat.value} damage,"
                f" not {points}."
            )
        lasting[stat] = lasting.get(stat, 0) - points
        if not lasting[stat]:
            del lasting[stat]
    mended = replace(character, scars=Scars(
        lasting=lasting, permanent=character.scars.permanent, mending=event.mending
    ))
    for stat, points in event.healed.items():
        if points:
            mended = _heal(mended, Healed(character=character.id, stat=stat, amount=points))
    return mended


def mending_events(
    characters: Iterable[Character], seconds: int, *, full_rest: bool
) -> list[LastingMended]:
    """R-DMG-6: what ``seconds`` of time do to each living character's lasting damage
    (none for those without it): the points healed, pool by pool in the order Might,
    Speed, Intellect, and the time carried toward the next point."""
    events = []
    for character in characters:
        scars = character.scars
        if not scars.healing or character.track is DamageTrack.DEAD:
            continue
        points, mending = lasting_mending(scars.mending, seconds, full_rest=full_rest)
        healed: dict[Stat, int] = {}
        for stat in Stat:
            take = min(points, scars.lasting.get(stat, 0))
            if take:
                healed[stat] = take
                points -= take
        if points:
            mending = 0  # Everything healed: nothing is carried toward a next point.
        events.append(LastingMended(character=character.id, healed=healed, mending=mending))
    return events


def ceiling(character: Character, stat: Stat) -> int:
    """R-DMG-6: how high healing and recovery can bring a pool: its maximum less the lasting
    and permanent damage in it (never below what it holds now)."""
    pool = character.pools[stat]
    return max(pool.current, pool.maximum - character.scars.unrecoverable(stat))


def _within_reach(character: Character) -> Pools:
    """The pools with each maximum lowered to what recovery can reach (R-DMG-6)."""
    pools = character.pools
    for stat in Stat:
        pools = pools.replace(stat, replace(pools[stat], maximum=ceiling(character, stat)))
    return pools


def _restore_maxima(character: Character, pools: Pools) -> Pools:
    for stat in Stat:
        pools = pools.replace(
            stat, replace(pools[stat], maximum=character.pools[stat].maximum)
        )
    return pools


def _heal(character: Character, event: Healed) -> Character:
    """Points back to a pool, never past its maximum (less its lasting and permanent
    damage, R-DMG-6); a pool raised from 0 lifts the track one step, as R-REC-3 has it for
    recovery."""
    if character.track is DamageTrack.DEAD:
        raise RuleViolation(f"{character.name} is dead, and dead is dead.")
    pool = character.pools[event.stat]
    healed = pool.with_current(min(ceiling(character, event.stat), pool.current + event.amount))
    track = character.track
    if pool.current == 0 and healed.current > 0:
        track = step_up(track)
    return replace(character, pools=character.pools.replace(event.stat, healed), track=track)


def _pay_for_roll(character: Character, event: RollMade) -> Character:
    """R-TASK, R-EFF, R-SPEC-4: check the roll against the rules, then pay its cost."""
    full_cost = check_roll(character, event)
    # The character must be able to pay the whole cost before rolling (R-EFF-6), even if a
    # natural 20 then gives the points back (R-SPEC-4).
    spend(character.pools, character.track, event.stat, full_cost, from_luck=event.from_luck)
    paid = spend(
        character.pools,
        character.track,
        event.stat,
        event.cost,
        from_luck=min(event.from_luck, event.cost),
    )
    return replace(character, pools=paid.pools, track=paid.track)


def recover(character: Character, event: RecoveryRolled) -> Character:
    """R-REC-1..3: a rest's recovery roll, divided or spent on a step up the track (with
    the die shown for it, when one was)."""
    character = use_recovery_die(character, event.die)
    expected_bonus = character.tier + character.recovery_bonus
    if event.bonus != expected_bonus:
        raise RuleViolation(
            f"{character.name}'s recovery rolls add {expected_bonus}, not {event.bonus}."
        )
    points = event.die + event.bonus
    if event.track_step:
        if event.allocation:
            raise RuleViolation("A step up the track takes the whole recovery roll.")
        updated = replace(character, track=recover_track_step(character.pools, character.track))
    else:
        # R-DMG-6: lasting and permanent damage stay off: recovery reaches the rest only.
        outcome = apply_recovery(
            _within_reach(character), character.track, points, event.allocation
        )
        pools = _restore_maxima(character, outcome.pools)
        updated = replace(character, pools=pools, track=outcome.track)
    return replace(updated, rests_today=(character.rests_today + 1) % 4)
