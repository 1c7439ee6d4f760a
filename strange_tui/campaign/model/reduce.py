"""``reduce(state, event) -> state``: the one pure function that folds an event into the
campaign, refusing (RuleViolation) what the rules forbid. ``replay`` is a fold of it."""

from __future__ import annotations

from collections.abc import Iterable

from msgspec.structs import replace

from strange_tui.campaign.model.abilities import moment
from strange_tui.campaign.model.encounter import NPC_AREA, NPC_ATTACKS
from strange_tui.campaign.model.events import (
    SOLO_EVENTS,
    STORY_EVENTS,
    AbilityUsed,
    AdvancementBought,
    AnyEvent,
    ArmorChanged,
    CharacterCreated,
    ClockAdvanced,
    ContestRolled,
    DamageTaken,
    Drawn,
    InitiativeRolled,
    IntrusionAccepted,
    IntrusionRefused,
    PointsSpent,
    RecoveryRolled,
    RollMade,
    SceneWritten,
    SettingsChanged,
    StepTakenBack,
    TraitsRead,
    TranslationMade,
)
from strange_tui.campaign.model.folds import advancement, armor, traits
from strange_tui.campaign.model.folds.character import change_character, recover
from strange_tui.campaign.model.folds.chase import CHASE_EVENTS, fold_chase
from strange_tui.campaign.model.folds.combat import (
    COMBAT_EVENTS,
    count_taken,
    fold_combat,
    note_attack,
)
from strange_tui.campaign.model.folds.hunters import HUNTER_EVENTS, fold_hunters
from strange_tui.campaign.model.folds.prompts import PROMPT_EVENTS, drop_moot_prompts, fold_prompt
from strange_tui.campaign.model.folds.story import fold_note, fold_story
from strange_tui.campaign.model.folds.translation import fold_translation
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.task import contest_winner
from strange_tui.rules.track import can_act


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
    if isinstance(event, StepTakenBack):
        return state  # The trace of a step the GM took back: the log keeps it.
    if isinstance(event, STORY_EVENTS):
        # The oracle's answers, the draws and the player's notes are the story: the log
        # keeps them; they change no number (a note may open a scene, R-SCN-3).
        if isinstance(event, SceneWritten):
            return fold_note(state, event)
        if isinstance(event, Drawn) and event.character:
            _character(state, event.character)
        if isinstance(event, Drawn) and event.table in NPC_ATTACKS and state.encounter:
            # Solo play (R-NPC-3): one of the active NPC's attacks this turn; an area
            # attack is its whole turn.
            fight = state.encounter
            made = min(fight.npc_attacks + 1, 20)
            acted = fight.npc_acted or event.table == NPC_AREA
            return replace(state, encounter=replace(fight, npc_attacks=made, npc_acted=acted))
        return state
    if isinstance(event, SOLO_EVENTS):
        return fold_story(state, event)
    if isinstance(event, PROMPT_EVENTS):
        return fold_prompt(state, event)
    if isinstance(event, COMBAT_EVENTS):
        after = drop_moot_prompts(fold_combat(state, event))
        if isinstance(event, InitiativeRolled) and after.encounter is not None:
            # R-SPEC-1: a natural 1 is the GM's free intrusion, an initiative die's too.
            ones = sum(1 for die in event.dice.values() if die == 1)
            counted = replace(after.encounter, intrusions=after.encounter.intrusions + ones)
            after = replace(after, encounter=counted)
        return after
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
        hit = isinstance(event, DamageTaken)
        after = count_taken(_fold_plain(state, event), state, intrusion, hit=hit)
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
            state = _expire(replace(state, clock=state.clock.advanced(seconds)))
            if not event.new_day:
                return state
            # R-REC-2: a night's sleep: a new day of recovery rolls for everyone.
            characters = {cid: replace(c, rests_today=0) for cid, c in state.characters.items()}
            return replace(state, characters=characters)
        case ContestRolled():
            return _contest(state, event)
        case AbilityUsed():
            character = _character(state, event.character)
            return state.with_character(traits.use(character, event, moment(state)))
        case TraitsRead():
            character = _character(state, event.character)
            return state.with_character(traits.read(character, event))
        case RecoveryRolled():
            updated = recover(_character(state, event.character), event)
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
            return state.with_character(change_character(character, event))


def _contest(state: Campaign, event: ContestRolled) -> Campaign:
    """R-TASK-2: a contest between two PCs changes no number; its dice must say who won."""
    if event.first == event.second:
        raise RuleViolation("A contest is between two characters.")
    for pc in (event.first, event.second):
        if not can_act(_character(state, pc).track):
            raise RuleViolation(f"{_character(state, pc).name} cannot act.")
    won = contest_winner(event.first_die, event.second_die, first_bonus=event.first_bonus,
                         second_bonus=event.second_bonus)  # fmt: skip
    if not won or event.winner != (event.first, event.second)[won - 1]:
        raise RuleViolation("The contest's dice do not give that winner.")
    return state


def _expire(state: Campaign) -> Campaign:
    """The abilities in use whose time ran out with the clock are gone."""
    now = state.clock.seconds
    characters = {cid: traits.expire(c, now) for cid, c in state.characters.items()}
    return replace(state, characters=characters)


def _refit_armor(state: Campaign) -> Campaign:
    """R-CMB-6: the armor everyone wears, costed by the campaign's (new) armor rule."""
    now = state.clock.seconds
    characters = {cid: armor.refit(c, state.settings, now) for cid, c in state.characters.items()}
    return replace(state, characters=characters)


def _character(state: Campaign, character_id: str) -> Character:
    try:
        return state.character(character_id)
    except KeyError as missing:
        raise RuleViolation(str(missing.args[0])) from None


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
