"""Folding the prompts that travel to the players' seats (see ``prompts``) into the state."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.encounter import Encounter
from strange_tui.campaign.model.events import (
    AnyEvent,
    DifficultyRevealed,
    InitiativeCast,
    PromptClosed,
    PromptRaised,
)
from strange_tui.campaign.model.prompts import COMBAT_PROMPTS, Prompt, open_prompt
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.track import DamageTrack, can_act

PROMPT_EVENTS = (PromptRaised, PromptClosed, InitiativeCast, DifficultyRevealed)

WHAT_IS_ASKED = {
    "defense": "a defense roll",
    "intrusion": "an answer to an intrusion",
    "initiative": "an initiative roll",
    "roll": "a roll",
    "rest": "a recovery roll",
}


def fold_prompt(state: Campaign, event: AnyEvent) -> Campaign:
    """The state after a prompt event, or RuleViolation."""
    match event:
        case PromptRaised():
            return _raise(state, event)
        case PromptClosed(prompt=prompt_id):
            kept = tuple(p for p in state.prompts if p.id != prompt_id)
            if len(kept) == len(state.prompts):
                raise RuleViolation("That question was already answered (or taken back).")
            return replace(state, prompts=kept)
        case InitiativeCast():
            return _cast(state, event)
        case DifficultyRevealed():
            return _reveal(state, event)
    raise RuleViolation(f"Unknown prompt event {type(event).__name__}.")  # pragma: no cover


def _raise(state: Campaign, event: PromptRaised) -> Campaign:
    who = state.characters.get(event.character)
    if who is None:
        raise RuleViolation(f"No character {event.character!r} in this campaign.")
    if open_prompt(state.prompts, event.prompt, event.character, event.npc):
        raise RuleViolation(f"{who.name} is already asked for {WHAT_IS_ASKED[event.prompt]}.")
    if event.prompt == "rest" and who.track is DamageTrack.DEAD:
        raise RuleViolation(f"{who.name} is dead, and dead is dead: no rest.")
    if event.prompt in COMBAT_PROMPTS:
        encounter = state.encounter
        if encounter is None:
            raise RuleViolation("There is no fight under way.")
        mine = encounter.combatants.get(event.character)
        if mine is None or not mine.pc:
            raise RuleViolation(f"{who.name} is not in this fight.")
        if event.prompt == "defense":
            npc = encounter.combatants.get(event.npc)
            if npc is None or npc.pc:
                raise RuleViolation(f"No NPC {event.npc!r} in this fight.")
        elif encounter.round or event.character in encounter.cast:
            raise RuleViolation(f"{who.name} has rolled initiative already.")
    prompt = Prompt(
        id=event.seq,
        kind=event.prompt,
        character=event.character,
        npc=event.npc,
        stat=event.stat,
        what=event.what,
        difficulty=event.difficulty,
        secret=event.secret,
        label=event.label,
        seconds=event.seconds,
        ask=event.batch,
    )
    return replace(state, prompts=(*state.prompts, prompt))


def _reveal(state: Campaign, event: DifficultyRevealed) -> Campaign:
    """R-TASK-8: the questions of one ask, still open, no longer keep their difficulty."""
    shown = set(event.prompts)
    found = [p for p in state.prompts if p.id in shown]
    if len(found) != len(shown) or any(p.kind != "roll" or not p.secret for p in found):
        raise RuleViolation("No roll is asked with its difficulty kept: nothing to reveal.")
    prompts = tuple(replace(p, secret=False) if p.id in shown else p for p in state.prompts)
    return replace(state, prompts=prompts)


def _cast(state: Campaign, event: InitiativeCast) -> Campaign:
    """R-CMB-1: one PC's initiative die, kept until every PC has rolled. R-DMG-4: a PC who
    cannot act makes no roll."""
    encounter = state.encounter
    if encounter is None:
        raise RuleViolation("There is no fight under way.")
    mine = encounter.combatants.get(event.character)
    if mine is None or not mine.pc:
        raise RuleViolation(f"No PC {event.character!r} in this fight.")
    who = state.characters[event.character]
    if encounter.round:
        raise RuleViolation("Initiative was rolled already: the fight is under way.")
    if event.character in encounter.cast:
        raise RuleViolation(f"{who.name} has rolled initiative already.")
    if not can_act(who.track):
        raise RuleViolation(f"{who.name} is {who.track.label} and cannot act: no initiative roll.")
    cast = {**encounter.cast, event.character: event.die}
    by_app = (*encounter.cast_by_app, *([event.character] if event.app_rolled else []))
    return replace(state, encounter=replace(encounter, cast=cast, cast_by_app=by_app))


def drop_moot_prompts(state: Campaign) -> Campaign:
    """The prompts a fight's end (or its turns) leave without a question: a defense once
    the attacking NPC's turn is over, initiative once the order is set."""
    encounter = state.encounter
    kept = tuple(
        p
        for p in state.prompts
        if p.kind not in COMBAT_PROMPTS
        or (
            encounter is not None
            and (p.kind != "initiative" or not encounter.round)
            and (p.kind != "defense" or _attacking(encounter, p.npc))
        )
    )
    return state if len(kept) == len(state.prompts) else replace(state, prompts=kept)


def _attacking(encounter: Encounter, npc: str) -> bool:
    """Whether ``npc`` is still on its turn (a defense is rolled on the attacker's turn)."""
    active = encounter.active
    return active is not None and active.id == npc
