"""Folding a translation into the campaign (R-TR-1..9); part of ``reduce``."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.events import TranslationMade
from strange_tui.campaign.state import Campaign, PartyEffect
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.translation import HOUR, Record, Roles, check_roles

# R-TR-7: consequences that hinder tasks after acclimation: (label, steps, seconds; 0 = stay).
HINDRANCES = {
    "blurred senses": ("perception tasks hindered", 1, HOUR),
    "slowed reactions": ("Speed tasks hindered", 1, HOUR),
    "weak": ("Might tasks hindered", 1, HOUR),
    "dull": ("Intellect tasks hindered", 1, HOUR),
    "somewhat out of sync": ("all tasks hindered", 1, HOUR),
    "entirely out of sync": ("all tasks hindered by two steps", 2, HOUR),
    "adaptation failure": ("all tasks hindered for the stay", 1, 0),
    "memory failure": ("no memory of the first hour", 0, HOUR),
}


def acclimation_of(event: TranslationMade) -> int:
    """R-TR-2, R-TR-6, R-TR-7: the seconds of acclimation on arrival: the event's, doubled
    by a taxing translation."""
    return event.acclimation * (2 if "taxing" in event.consequence else 1)


def fold_translation(state: Campaign, event: TranslationMade) -> Campaign:
    """The trance passes on the clock; on arrival the party's recursion changes, each
    participant takes a focus of the new recursion (or keeps one), the one they leave is
    remembered, and acclimation and any consequence run on the clock."""
    roles = check_roles(
        Roles(
            initiator=event.initiator,
            hasteners=event.hasteners,
            easers=event.easers,
            helpers=event.helpers,
        )
    )
    for pc in roles.participants():
        if pc not in state.characters:
            raise RuleViolation(f"No character {pc!r} in this campaign.")
    if state.encounter is not None:
        raise RuleViolation("End the fight first: a translation takes a trance.")
    if event.interrupted and event.success:
        raise RuleViolation("An interrupted trance fails (R-TR-5).")
    if event.destination == state.recursion and event.arrived:
        raise RuleViolation(f"The party is already in {state.recursion.title()}.")
    start = state.clock.seconds
    record = Record(at=start, participants=roles.participants(), destination=event.destination,
                    success=event.success)  # fmt: skip
    state = replace(
        state, translations=(*state.translations, record), clock=state.clock.advanced(event.trance)
    )
    if not event.arrived:
        return state
    arrival = state.clock.seconds
    characters = dict(state.characters)
    for pc in roles.participants():
        who = characters[pc]
        remembered = dict(who.foci)
        remembered[state.recursion] = who.focus
        focus = event.foci.get(pc) or remembered.get(event.destination) or who.focus
        characters[pc] = replace(who, focus=focus, foci=remembered)
    effects = [e for e in state.active_effects() if e.recursion != state.recursion or e.until]
    acclimation = acclimation_of(event)
    settled = arrival + acclimation
    if acclimation:
        effects.append(PartyEffect(label="acclimating: no focus abilities", until=settled))
    if event.eased_for:
        effects.append(
            PartyEffect(label="focus tasks eased one step", until=arrival + event.eased_for)
        )
    for name, (label, _steps, seconds) in HINDRANCES.items():
        if name in event.consequence:
            if seconds:
                effects.append(PartyEffect(label=label, until=settled + seconds))
            else:
                effects.append(PartyEffect(label=label, until=0, recursion=event.destination))
    return replace(
        state, characters=characters, recursion=event.destination, effects=tuple(effects)
    )
