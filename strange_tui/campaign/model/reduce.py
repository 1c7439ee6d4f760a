"""``reduce(state, event) -> state``: the one pure function that folds an event into the
campaign, refusing (RuleViolation) what the rules forbid. ``replay`` is a fold of it."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from strange_tui.campaign.model.events import (
    STORY_EVENTS,
    AdvancementBought,
    AnyEvent,
    ArmorChanged,
    CharacterCreated,
    ClockAdvanced,
    CraftingAttempted,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Drawn,
    Healed,
    IntrusionAccepted,
    IntrusionRefused,
    NotesEdited,
    PointsSpent,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    SettingsChanged,
    TrackShifted,
    TranslationMade,
    WeaknessTaken,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.model.folds import advancement, armor
from strange_tui.campaign.model.folds.chase import CHASE_EVENTS, craft, fold_chase
from strange_tui.campaign.model.folds.combat import (
    COMBAT_EVENTS,
    count_taken,
    fold_combat,
    note_attack,
)
from strange_tui.campaign.model.folds.hunters import HUNTER_EVENTS, fold_hunters
from strange_tui.campaign.model.folds.prompts import PROMPT_EVENTS, drop_moot_prompts, fold_prompt
from strange_tui.campaign.model.folds.rolls import check_reroll, check_roll
from strange_tui.campaign.model.folds.translation import fold_translation
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.damage import DamageOutcome, apply_damage, shift_track
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.recovery import apply_recovery, recover_track_step
from strange_tui.rules.track import DamageTrack, step_up

MAX_CYPHERS_CARRIED = 50


def replay(state: Campaign, events: Iterable[AnyEvent]) -> Campaign:
    """Fold events into a state, in order."""
    for event in events:
        state = reduce(state, event)
    return state


def reduce(state: Campaign, event: AnyEvent) -> Campaign:
    """The state after ``event``, or RuleViolation (and no change) if it cannot happen."""
    if event.seq != state.seq + 1:
        raise RuleViolation(f"Event {event.seq} does not follow event {state.seq}.")
    return replace(_fold(state, event), seq=event.seq)


def _fold(state: Campaign, event: AnyEvent) -> Campaign:
    if isinstance(event, STORY_EVENTS):
        # The oracle's answers, the draws and the player's notes are the story: the log
        # keeps them; they change no number.
        if isinstance(event, Drawn) and event.character:
            _character(state, event.character)
        return state
    if isinstance(event, PROMPT_EVENTS):
        return fold_prompt(state, event)
    if isinstance(event, COMBAT_EVENTS):
        return drop_moot_prompts(fold_combat(state, event))
    if isinstance(event, TranslationMade):
        return fold_translation(state, event)
    if isinstance(event, HUNTER_EVENTS):
        return fold_hunters(state, event)
    if isinstance(event, CHASE_EVENTS):
        return fold_chase(state, event)
    if state.encounter is not None and isinstance(
        event, DamageTaken | IntrusionAccepted | IntrusionRefused | RollMade
    ):
        intrusion = isinstance(event, IntrusionAccepted | IntrusionRefused) or (
            isinstance(event, RollMade) and event.die == 1
        )
        after = count_taken(_fold_plain(state, event), state, intrusion)
        return note_attack(after, event) if isinstance(event, RollMade) else after
    return _fold_plain(state, event)


def _fold_plain(state: Campaign, event: AnyEvent) -> Campaign:
    match event:
        case SettingsChanged(settings=settings):
            return _refit_armor(replace(state, settings=settings))
        case CharacterCreated(character=character):
            if character.id in state.characters:
                raise RuleViolation(f"There is already a character with the id {character.id!r}.")
            return state.with_character(character)
        case ClockAdvanced(seconds=seconds):
            state = replace(state, clock=state.clock.advanced(seconds))
            if not event.new_day:
                return state
            # R-REC-2: a night's sleep: a new day of recovery rolls for everyone.
            characters = {
                cid: replace(c, rests_today=0) for cid, c in state.characters.items()
            }
            return replace(state, characters=characters)
        case RecoveryRolled():
            updated = _recover(_character(state, event.character), event)
            state = state.with_character(updated)
            return replace(state, clock=state.clock.advanced(event.clock))
        case IntrusionAccepted():
            return _accept_intrusion(state, event)
        case AdvancementBought():
            character = _character(state, event.character)
            return state.with_character(
                advancement.buy(character, event, state.settings, state.clock.seconds)
            )
        case ArmorChanged():
            character = _character(state, event.character)
            return state.with_character(
                armor.put_on(character, event.armor, state.settings, state.clock.seconds)
            )
        case PointsSpent(armor_hours=hours) if hours:
            character = _character(state, event.character)
            return state.with_character(armor.pay(character, event, state.clock.seconds))
        case _:
            character = _character(state, event.character)
            return state.with_character(_change_character(character, event))


def _refit_armor(state: Campaign) -> Campaign:
    """R-CMB-6: the armor everyone wears, costed by the campaign's (new) armor rule."""
    now = state.clock.seconds
    characters = {
        cid: armor.refit(c, state.settings, now) for cid, c in state.characters.items()
    }
    return replace(state, characters=characters)


def _character(state: Campaign, character_id: str) -> Character:
    try:
        return state.character(character_id)
    except KeyError as missing:
        raise RuleViolation(str(missing.args[0])) from None


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


def _change_character(character: Character, event: AnyEvent) -> Character:
    """The events that touch one character only."""
    match event:
        case DamageTaken():
            hit = damage_landing(character, event)
            if event.spill is not None and event.spill != dict(hit.applied):
                raise RuleViolation("Where the hit's damage went does not match the rules.")
            return replace(character, pools=hit.pools, track=hit.track)
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
            cyphers = character.cyphers[:index] + character.cyphers[index + 1 :]
            return replace(character, cyphers=cyphers)
        case WeaknessTaken():
            return take_weakness(character, event.weak, event.edge)
        case NotesEdited(notes=notes):
            return replace(character, notes=notes)
        case CraftingAttempted():
            return craft(character, event)
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


def _heal(character: Character, event: Healed) -> Character:
    """Points back to a pool, never past its maximum; a pool raised from 0 lifts the track
    one step, as R-REC-3 has it for recovery."""
    if character.track is DamageTrack.DEAD:
        raise RuleViolation(f"{character.name} is dead, and dead is dead.")
    pool = character.pools[event.stat]
    healed = pool.with_current(min(pool.maximum, pool.current + event.amount))
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


def _recover(character: Character, event: RecoveryRolled) -> Character:
    """R-REC-1..3: a rest's recovery roll, divided or spent on a step up the track."""
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
        outcome = apply_recovery(character.pools, character.track, points, event.allocation)
        updated = replace(character, pools=outcome.pools, track=outcome.track)
    return replace(updated, rests_today=(character.rests_today + 1) % 4)


def _accept_intrusion(state: Campaign, event: IntrusionAccepted) -> Campaign:
    """R-XP-1: 2 XP to the character, who must give 1 of them to another PC."""
    character = _character(state, event.character)
    others = [other for other in state.characters if other != character.id]
    if event.given_to is None:
        if others:
            raise RuleViolation("Give one of the 2 XP to another character.")
        return state.with_character(replace(character, xp=character.xp + 2))
    if event.given_to == character.id:
        raise RuleViolation("The second XP of an intrusion goes to another character.")
    friend = _character(state, event.given_to)
    state = state.with_character(replace(character, xp=character.xp + 1))
    return state.with_character(replace(friend, xp=friend.xp + 1))
