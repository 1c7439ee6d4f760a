"""Folding a translation into the campaign (R-TR-1..9); part of ``reduce``.

Who is where: the party has one recursion (``Campaign.recursion``). A character who stays
behind when the party translates keeps their recursion in ``Character.travel.recursion``
and rejoins the party when it comes back there; those who stayed in one recursion may
translate together on their own (the party's recursion does not change, unless they
translate to where the party is: then they rejoin it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from msgspec.structs import replace

from strange_tui.campaign.model.events import TranslationMade
from strange_tui.campaign.model.folds import traits
from strange_tui.campaign.model.state import Campaign, Character, PartyEffect
from strange_tui.campaign.model.travel import Asleep, FocusKit
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.translation import HOUR, Record, Roles, check_roles

# R-TR-7: consequences that hinder tasks after acclimation:
# (label, which tasks, steps, seconds; 0 = for the stay).
HINDRANCES = {
    "blurred senses": ("perception tasks hindered", "perception", 1, HOUR),
    "slowed reactions": ("Speed tasks hindered", "speed", 1, HOUR),
    "weak": ("Might tasks hindered", "might", 1, HOUR),
    "dull": ("Intellect tasks hindered", "intellect", 1, HOUR),
    "somewhat out of sync": ("all tasks hindered", "all", 1, HOUR),
    "entirely out of sync": ("all tasks hindered by two steps", "all", 2, HOUR),
    "adaptation failure": ("all tasks hindered for the stay", "all", 1, 0),
    "memory failure": ("no memory of the first hour", "", 0, HOUR),
}
ACCLIMATING = "acclimating: no focus abilities"
"""R-TR-8: the effect on those who acclimate."""
FOCUS_EASED = "focus tasks eased one step"
"""R-TR-6: the effect a translation's 19 or 20 leaves."""


def acclimation_of(event: TranslationMade) -> int:
    """R-TR-2, R-TR-6, R-TR-7: the seconds of acclimation on arrival: the event's, doubled
    by a taxing translation."""
    return event.acclimation * (2 if "taxing" in event.consequence else 1)


def recursion_of(state: Campaign, character_id: str) -> str:
    """The recursion a character is in: the party's, or the one they stayed in."""
    return state.characters[character_id].travel.recursion or state.recursion


def origin_of(state: Campaign, participants: Iterable[str]) -> str:
    """Where these characters translate from: they must all be in one recursion."""
    where = {pc: recursion_of(state, pc) for pc in participants}
    places = sorted(set(where.values()))
    if len(places) > 1:
        apart = ", ".join(f"{state.characters[pc].name} in {r.title()}" for pc, r in where.items())
        raise RuleViolation(f"Those who translate together start in one recursion ({apart}).")
    return places[0] if places else state.recursion


def arrival_focus(who: Character, origin: str, destination: str, chosen: str | None) -> str:
    """R-TR-8: the focus ``who`` has on arriving in ``destination``: the one chosen, else
    the one they had there before, else the one they have (a draggable focus, or nothing
    else to take)."""
    if chosen:
        return chosen
    remembered = who.foci.get(destination)
    if remembered and destination != origin:
        return remembered
    return who.focus


def raise_skill(skills: dict[str, str], skill: str) -> None:
    """One level of training more: trained, then specialized; training cancels an
    inability (R-TASK-3)."""
    level = skills.get(skill)
    if level == "inability":
        del skills[skill]
    else:
        skills[skill] = "specialized" if level in ("trained", "specialized") else "trained"


def lower_skill(who: Character, skills: dict[str, str], skill: str) -> None:
    """One level of training less (R-TR-8: the focus that gave it is left behind)."""
    level = skills.get(skill)
    if level == "specialized":
        skills[skill] = "trained"
    elif level == "trained":
        del skills[skill]
    else:
        raise RuleViolation(f"{who.name} is not trained in {skill}: {who.focus} cannot take it.")


def change_focus(
    who: Character, focus: str, lost: FocusKit | None, gained: FocusKit | None
) -> Character:
    """R-TR-8: ``who`` takes ``focus``: what the old focus gave leaves with it (``lost``,
    kept to give back on return), what the new one gives comes (``gained``)."""
    if focus == who.focus:
        if lost or gained:
            raise RuleViolation(f"{who.name} keeps {focus}: nothing leaves or comes.")
        return who
    abilities, skills = list(who.abilities), dict(who.skills)
    left = dict(who.travel.left)
    if lost is not None:
        for name in lost.abilities:
            if name not in abilities:
                raise RuleViolation(f"{who.name} has no {name} to leave with {who.focus}.")
            abilities.remove(name)
        for skill in lost.skills:
            lower_skill(who, skills, skill)
        left[who.focus] = lost
    if gained is not None:
        abilities += gained.abilities
        for skill in gained.skills:
            raise_skill(skills, skill)
    left.pop(focus, None)
    changed = replace(
        who,
        focus=focus,
        abilities=tuple(abilities),
        skills=skills,
        travel=replace(who.travel, left=left),
    )
    for trait in lost.traits if lost is not None else ():
        changed = traits.lose(changed, trait.name)
    for trait in gained.traits if gained is not None else ():
        changed = traits.gain(changed, trait)
    return changed


def still_running(
    effects: Iterable[PartyEffect], now: int, origin: str, leaving: set[str], party_moves: bool
) -> list[PartyEffect]:
    """The effects that outlast a translation: those not yet over; an effect 'for the
    stay' in ``origin`` leaves with those who leave it (R-TR-7)."""
    kept: list[PartyEffect] = []
    for effect in effects:
        if effect.until:
            if effect.until > now:
                kept.append(effect)
            continue
        if effect.recursion != origin:
            kept.append(effect)
        elif effect.characters:
            staying = tuple(pc for pc in effect.characters if pc not in leaving)
            if staying:
                kept.append(replace(effect, characters=staying))
        elif not party_moves:
            kept.append(effect)
    return kept


def arrival_effects(
    event: TranslationMade, who: tuple[str, ...], arrival: int
) -> list[PartyEffect]:
    """R-TR-6, R-TR-7, R-TR-8: what the arrivals carry: acclimation (no focus abilities),
    a 19's or 20's ease on focus tasks, the failure's hindrances after acclimation."""
    acclimation = acclimation_of(event)
    settled = arrival + acclimation
    effects: list[PartyEffect] = []
    if acclimation:
        effects.append(
            PartyEffect(
                label=ACCLIMATING,
                until=settled,
                cause="Acclimating",
                no_focus_abilities=True,
                characters=who,
            )  # fmt: skip
        )
    if event.eased_for:
        die = event.reroll or event.die
        effects.append(
            PartyEffect(
                label=FOCUS_EASED,
                until=arrival + event.eased_for,
                cause=f"Translated on a {die}",
                tasks="focus",
                steps=-1,
                characters=who,
            )  # fmt: skip
        )
    for name, (label, tasks, steps, seconds) in HINDRANCES.items():
        if name not in event.consequence:
            continue
        fields = dict(label=label, cause=name.capitalize(), tasks=tasks, steps=steps,
                      characters=who)  # fmt: skip
        if seconds:
            effects.append(PartyEffect(until=settled + seconds, starts=settled, **fields))
        else:
            effects.append(PartyEffect(until=0, recursion=event.destination, **fields))
    return effects


def asleep_on_arrival(
    who: Character, kit: FocusKit | None, arrival: int, acclimation: int
) -> Character:
    """R-TR-8: the focus ``who`` arrives with sleeps while they acclimate: what ``kit``
    gave, and the focus's own effects, count from ``arrival + acclimation``."""
    if kit is None or not acclimation:
        asleep = Asleep()
    else:
        names = (who.focus, *kit.abilities, *(t.name for t in kit.traits))
        asleep = Asleep(until=arrival + acclimation, traits=tuple(dict.fromkeys(names)),
                        skills=kit.skills)  # fmt: skip
    return replace(who, travel=replace(who.travel, asleep=asleep))


def travel_after(
    who: Character, destination: str, party: str, places: Mapping[str, str]
) -> Character:
    """A participant's whereabouts on arrival: with the party (or still apart from it),
    and the places noted (R-TR-9)."""
    noted = {**who.travel.places}
    for recursion, place in places.items():
        if place:
            noted[recursion] = place
        elif recursion == destination:
            noted.pop(recursion, None)  # Somewhere the GM will say.
    apart = "" if destination == party else destination
    return replace(who, travel=replace(who.travel, recursion=apart, places=noted))


def _roles_by_pc(roles: Roles) -> dict[str, Any]:
    """Each participant's role, by PC."""
    named = {roles.initiator: "initiator"}
    for role, pcs in (("hastener", roles.hasteners), ("easer", roles.easers),
                      ("helper", roles.helpers)):  # fmt: skip
        named.update(dict.fromkeys(pcs, role))
    return named


def fold_translation(state: Campaign, event: TranslationMade) -> Campaign:
    """The trance passes on the clock; on arrival the participants are in the new recursion
    (the party with them, unless they had stayed apart), each takes a focus of it (or
    keeps one: what a focus gave leaves with it and comes back with it), the one they
    leave is remembered, those who stayed behind stay, and acclimation and any
    consequence run on the clock."""
    roles = check_roles(
        Roles(
            initiator=event.initiator,
            hasteners=event.hasteners,
            easers=event.easers,
            helpers=event.helpers,
        )
    )
    participants = roles.participants()
    for pc in participants:
        if pc not in state.characters:
            raise RuleViolation(f"No character {pc!r} in this campaign.")
    if state.encounter is not None:
        raise RuleViolation("End the fight first: a translation takes a trance.")
    if event.interrupted and event.success:
        raise RuleViolation("An interrupted trance fails.")
    origin = origin_of(state, participants)
    if event.destination == origin and event.arrived:
        raise RuleViolation(f"They are already in {origin.title()}.")
    for pc in (*event.kits, *event.left):
        if pc not in participants:
            raise RuleViolation(f"Only those who translate change focus, not {pc}.")
    start = state.clock.seconds
    record = Record(at=start, participants=participants, destination=event.destination,
                    success=event.success)  # fmt: skip
    state = replace(
        state, translations=(*state.translations, record), clock=state.clock.advanced(event.trance)
    )
    # The next translation starts from these roles (the wizard's first look).
    state = replace(state, translation_roles=_roles_by_pc(roles))
    if not event.arrived:
        return state
    arrival = state.clock.seconds
    party_moves = origin == state.recursion
    party = event.destination if party_moves else state.recursion
    characters = dict(state.characters)
    places = {origin: event.leaving, event.destination: event.place}
    if not event.leaving:
        del places[origin]
    for pc in participants:
        who = characters[pc]
        focus = arrival_focus(who, origin, event.destination, event.foci.get(pc))
        remembered = {**who.foci, origin: who.focus}
        who = change_focus(who, focus, event.left.get(pc), event.kits.get(pc))
        who = replace(who, foci=remembered)
        who = travel_after(who, event.destination, party, places)
        kit = event.kits.get(pc) or event.kept.get(pc)
        characters[pc] = asleep_on_arrival(who, kit, arrival, acclimation_of(event))
    for cid, who in characters.items():
        if cid in participants:
            continue
        if party_moves and not who.travel.recursion:  # Stays behind (R-TR-1: no role).
            characters[cid] = replace(who, travel=replace(who.travel, recursion=origin))
        elif who.travel.recursion == party:  # The party came back to them.
            characters[cid] = replace(who, travel=replace(who.travel, recursion=""))
    effects = still_running(state.effects, arrival, origin, set(participants), party_moves)
    effects += arrival_effects(event, participants, arrival)
    return replace(state, characters=characters, recursion=party, effects=tuple(effects))
