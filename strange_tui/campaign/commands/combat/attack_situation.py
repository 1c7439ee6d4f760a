"""What the situation does to a PC's attack beyond the foe's level: the range gravity
leaves the weapon (R-CIR-2), a heavy weapon in low gravity, the weapon's distinction when
the campaign uses the optional rule (R-WPN-1), and what the tracker sees on its own this
round: three attackers in melee (and those an attack says it joins) and a foe caught high
and low (R-CIR-3)."""

from __future__ import annotations

from strange_tui.campaign.commands.combat.weapons import WeaponUsed
from strange_tui.campaign.model.encounter import Combatant, Encounter
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.circumstances import (
    Circumstance,
    Distinction,
    distinction_damage,
    heavy_weapon_damage,
    range_shift,
    reach_steps,
    shifted_range,
    stabbing_damage,
)
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.task import THREE_ATTACKERS_BONUS
from strange_tui.rules.track import can_act

HELD = "held"
"""R-GRAB-1: the condition of one held in a grapple (its note names the holder)."""
HIGH_AND_LOW = "caught high and low"
"""R-CIR-3: the condition a foe takes when a melee and a ranged attack both hit it in a
round (it hinders the foe's next task)."""
HIGH_AND_LOW_ROUNDS = 1
MELEE_PARTNERS = 2
"""R-CIR-3: the others who must already be attacking the foe in melee for the +1."""

DISTINCTION_WORDS = {
    "armor-piercing": "armor-piercing",
    "slashing": "slashing",
    "reaching": "reaching weapon",
}


def weapon_range(weapon: WeaponUsed, circumstances: tuple[Circumstance, ...]) -> str:
    """R-CIR-2: the weapon's range as gravity (or water) leaves it; melee stays immediate."""
    if not weapon.ranged:
        return weapon.range
    return shifted_range(weapon.range, range_shift(circumstances))


def damage_lines(
    weapon: WeaponUsed,
    circumstances: tuple[Circumstance, ...],
    distinction: Distinction,
    target: Combatant,
) -> tuple[tuple[str, int], ...]:
    """R-CIR-2, R-WPN-1: the changes to every hit's damage on ``target``: a heavy weapon
    in low gravity, armor-piercing or slashing against the foe's Armor (or none)."""
    lines: list[tuple[str, int]] = []
    if weapon.category == "heavy" and (change := heavy_weapon_damage(circumstances)):
        gravity = next(c.label for c in circumstances if c.heavy_damage)
        lines.append((f"heavy weapon in {gravity}", change))
    if change := distinction_damage(distinction, target.armor):
        against = "Armor" if target.armor else "no Armor"
        lines.append((f"{DISTINCTION_WORDS[distinction]} against {against}", change))
    return tuple(lines)


def die_lines(distinction: Distinction) -> tuple[tuple[str, int], ...]:
    """R-WPN-1: the damage a stabbing weapon's natural die adds or takes away."""
    if distinction != "stabbing":
        return ()
    return (("stabbing, a natural 17 or more", 1), ("stabbing, a natural 5 or less", -1))


def die_damage(distinction: Distinction, die: int | None) -> int:
    return stabbing_damage(distinction, die)


def reach_line(
    distinction: Distinction, circumstances: tuple[Circumstance, ...]
) -> tuple[tuple[str, int], ...]:
    """R-WPN-1: a reaching weapon's steps (+ hinders) as a line, or none."""
    steps = reach_steps(distinction, circumstances)
    if not steps:
        return ()
    label = "reaching weapon in close quarters" if steps > 0 else "reaching weapon"
    return ((label, steps),)


def melee_partners(
    encounter: Encounter, foe: str, attacker: str, joining: tuple[str, ...] = ()
) -> set[str]:
    """R-CIR-3: the others who attack ``foe`` in melee: this round, those the attacker says
    attack it with them (``joining``: the three who set on it together), and in the round
    before when the attacker was one of three then (the three keep at it)."""
    now = {who for who, ranged, _ in encounter.attacks.get(foe, ()) if not ranged}
    now |= set(joining)
    before = {who for who, ranged, _ in encounter.last_attacks.get(foe, ()) if not ranged}
    if attacker in before and len(before) >= MELEE_PARTNERS + 1:
        now |= before
    return now - {attacker}


def bonus_lines(
    encounter: Encounter,
    foe: str,
    attacker: str,
    weapon: WeaponUsed,
    joining: tuple[str, ...] = (),
) -> tuple[tuple[str, int], ...]:
    """R-CIR-3: +1 to the die for a melee attack on a foe that two others attack in melee
    with the attacker: each of the three, the first two as well when they say whom they
    join (``joining``), and each of them while they keep at it."""
    partners = melee_partners(encounter, foe, attacker, joining)
    if weapon.ranged or len(partners) < MELEE_PARTNERS:
        return ()
    names = " and ".join(sorted(encounter.combatants[p].name for p in partners if p in
                                encounter.combatants))  # fmt: skip
    return ((f"three attack it in melee (with {names})", THREE_ATTACKERS_BONUS),)


def joinable(state: Campaign, attacker: str, foe: str) -> tuple[str, ...]:
    """R-CIR-3: the PCs an attack on ``foe`` may say it joins in melee: the others of the
    fight who can act (R-DMG-4: not the debilitated nor the dead), in the fight's order."""
    encounter = state.encounter
    if encounter is None:
        return ()
    return tuple(
        cid
        for cid in encounter.order
        if cid not in (attacker, foe)
        and encounter.combatants[cid].pc
        and cid in state.characters
        and can_act(state.characters[cid].track)
    )


def check_joining(state: Campaign, attacker: str, foe: str, joining: tuple[str, ...]) -> None:
    """R-CIR-3: those an attack says it joins are PCs of the fight who can act, each once
    (a ranged attack gets nothing from them: the +1 is for attacks in melee)."""
    if len(set(joining)) != len(joining):
        raise RuleViolation("Name each one the attack joins once.")
    allowed = joinable(state, attacker, foe)
    for who in joining:
        if who not in allowed:
            pc = state.characters.get(who)
            raise RuleViolation(
                f"{pc.name if pc else who} cannot join the attack: only the other PCs of"
                " the fight who can act do."
            )


def completes_high_and_low(encounter: Encounter, foe: str, ranged: bool) -> bool:
    """R-CIR-3: whether a hit of this kind (melee or ranged) on ``foe`` makes the round's
    first pair of a melee and a ranged hit on it."""
    kinds = {was_ranged for _, was_ranged, hit in encounter.attacks.get(foe, ()) if hit}
    return len(kinds) < 2 and (not ranged) in kinds


def holder_of(encounter: Encounter, held: Combatant) -> Combatant | None:
    """R-GRAB-1: the combatant the note of ``held``'s hold names (by name or id), if any."""
    hold = next((c for c in held.conditions if c.name == HELD), None)
    if hold is None or not hold.note:
        return None
    return next(
        (c for c in encounter.combatants.values() if hold.note in (c.name, c.id) and c != held),
        None,
    )


def held_lines(encounter: Encounter, attacker: str) -> tuple[str, ...]:
    """R-GRAB-1: a held PC's physical action is an opportunity action: it first needs a
    Might task (at the holder's level), and only a success lets it be tried."""
    who = encounter.combatants.get(attacker)
    if who is None or not any(c.name == HELD for c in who.conditions):
        return ()
    holder = holder_of(encounter, who)
    by = f" by {holder.name}" if holder is not None else ""
    return (
        f"Held{by}: a physical attack first needs a Might task (c: Grab / break free);"
        " only a success lets it be tried.",
    )
