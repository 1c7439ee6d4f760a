"""What a fight reads from the rolls made in it (R-CIR-3, R-CMB-2, R-GRAB-1); part of
``reduce``: the round's attacks on each foe, the gun a sheet's weapon is, and a held NPC's
struggle to act."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.encounter import Encounter
from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.errors import RuleViolation


def note_attack(state: Campaign, event: RollMade) -> Campaign:
    """R-CIR-3: the fight remembers an attack roll on a foe this round (who, melee or
    ranged, whether it hit): high and low and three attackers look at it. R-CMB-2: the
    sheet remembers whether its weapon was a gun, for the next attack with it."""
    encounter = state.encounter
    if encounter is not None and not event.attack and event.target is not None:
        return replace(state, encounter=_hold_tested(encounter, event))
    if encounter is None or not event.attack or event.target is None:
        return state
    if event.target not in encounter.combatants:
        raise RuleViolation(f"No combatant {event.target!r} in this fight.")
    attacks = dict(encounter.attacks)
    seen = (event.character, event.ranged, event.success)
    attacks[event.target] = (*attacks.get(event.target, ()), seen)
    return _remember_gun(replace(state, encounter=replace(encounter, attacks=attacks)), event)


def _hold_tested(encounter: Encounter, event: RollMade) -> Encounter:
    """R-GRAB-1: a roll against the active NPC, on its turn, by the PC whose hold it is in
    (the hold's note names them) is that PC's roll to keep hold as it struggles to act:
    the fight keeps the outcome for the turn, once."""
    active, roller = encounter.active, encounter.combatants.get(event.character)
    if active is None or active.pc or roller is None or event.target != active.id:
        return encounter
    hold = next((c for c in active.conditions if c.name == "held"), None)
    if hold is None or hold.note not in (roller.name, roller.id):
        return encounter
    if encounter.hold_tested:
        raise RuleViolation(f"{roller.name} has rolled to keep hold of {active.name} already.")
    return replace(encounter, hold_tested="kept" if event.success else "slipped")


def _remember_gun(state: Campaign, event: RollMade) -> Campaign:
    """R-CMB-2: an attack with a ranged weapon of the sheet says whether it is a gun (the
    attack's Gun box): the sheet keeps the player's word for the next attack."""
    who = state.characters.get(event.character)
    if who is None or not event.ranged or event.weapon not in who.equipment:
        return state
    kept = tuple(name for name in who.guns if name != event.weapon)
    guns = (*kept, event.weapon) if event.gun else kept
    if guns == who.guns:
        return state
    characters = {**state.characters, who.id: replace(who, guns=guns)}
    return replace(state, characters=characters)
