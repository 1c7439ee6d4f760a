"""What a Foundry actor has that the character made from it does not (or has otherwise):
a line each for the import's report, so nothing is dropped without a word: 'not carried:'
(the actor's, left out), 'differs:' (a number), 'added by the rules:' (what creation
gives that the actor lacks)."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.character.attacks import ability_sheet
from strange_tui.campaign.foundry.actor import Actor
from strange_tui.campaign.foundry.export import RESTS
from strange_tui.campaign.foundry.to_draft import actor_skills, focus_name, fold
from strange_tui.campaign.model.abilities import armor_total, moment, skills_now
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.pools import Stat

NO_PLACE = ("ammo", "lasting-damage", "material", "oddity", "power-shift", "tag")
"""Item types with no counterpart on our sheet."""


def numbers(actor: Actor, who: Character, state: Campaign) -> list[str]:
    """The sheet's numbers that differ: tier, pools, Edge, Effort, Armor, recovery..."""
    basic, system = actor.system.basic, actor.system
    found: list[str] = []
    if round(basic.tier) != who.tier:
        found.append(f"not carried: tier {round(basic.tier)} (a new character starts"
                     f" at tier {who.tier}; buy the advancements in the app)")  # fmt: skip
    for stat in Stat:
        theirs, mine = getattr(system.pools, stat.value), who.pools[stat]
        for what, a, b in (
            ("", theirs.max, mine.maximum),
            (" now", theirs.value, mine.current),
            (" Edge", theirs.edge, mine.edge),
        ):
            if round(a) != b:
                found.append(f"differs: {stat.value.title()}{what} {round(a)} (here {b})")
    luck = who.pools.luck
    extra = system.pools.additional
    if luck is not None and (round(extra.max), round(extra.value)) != (luck.maximum, luck.current):
        found.append(f"differs: Luck {round(extra.value)}/{round(extra.max)}"
                     f" (here {luck.current}/{luck.maximum})")  # fmt: skip
    checks = (
        ("Effort", round(basic.effort), who.effort),
        ("cypher limit", round(system.equipment.cypherLimit), who.cypher_limit),
        ("Armor", round(system.combat.armor.ratingTotal), armor_total(who, moment(state))),
        ("XP", round(basic.xp), who.xp),
    )
    found += [f"differs: {what} {a} (here {b})" for what, a, b in checks if a != b]
    roll = system.combat.recoveries.roll.replace(" ", "")
    ours = f"1d6+{who.tier + who.recovery_bonus}"
    if roll != ours:
        found.append(f"differs: recovery roll {roll[:40]} (here {ours})")
    used = sum(bool(getattr(system.combat.recoveries, box)) for box in RESTS)
    if used != who.rests_today:
        found.append(f"not carried: {used} rest{'s' * (used != 1)} used today"
                     f" (here {who.rests_today})")  # fmt: skip
    steps = [box for box, bought in msgspec.structs.asdict(basic.advancement).items() if bought]
    if steps and not who.advancements:
        found.append(f"not carried: this tier's advancements ({', '.join(steps)});"
                     " buy them in the app")  # fmt: skip
    return found


def names_differ(what: str, theirs: list[str], mine: list[str]) -> list[str]:
    """Each name on one side only: 'ability X' (not made here), 'ability Y added'."""
    folded_mine, folded_theirs = {fold(n) for n in mine}, {fold(n) for n in theirs}
    found = [f"not carried: {what} {n}" for n in theirs if fold(n) not in folded_mine]
    return found + [f"added by the rules: {what} {n}" for n in mine
                    if fold(n) not in folded_theirs]  # fmt: skip


def differences(actor: Actor, who: Character, state: Campaign, library: Library) -> list[str]:
    """Everything of ``actor`` that ``who`` does not have as it is, in the sheet's order."""
    found = numbers(actor, who, state)
    theirs = actor_skills(actor)
    mine = {fold(k): (k, v) for k, v in skills_now(who, moment(state)).items()}
    for key, (name, level) in theirs.items():
        if level and mine.get(key, ("", ""))[1] != level:
            here = mine.get(key, ("", "not"))[1]
            found.append(f"not carried: skill {name}, {level} (here {here})")
    found += [f"added by the rules: skill {name}, {level}"
              for key, (name, level) in mine.items() if key not in theirs]  # fmt: skip
    found += names_differ(
        "ability", [i.name for i in actor.of_type("ability")], list(who.abilities)
    )
    attacks = [row.name for row in ability_sheet(state, who, library).attacks]
    found += names_differ("attack", [i.name for i in actor.of_type("attack")], attacks)
    found += names_differ(
        "equipment", [i.name for i in actor.of_type("equipment")], list(who.equipment)
    )
    here = fold(focus_name(actor, state, library))
    for item in actor.of_type("recursion"):
        focus = item.system.basic.focus.strip()
        if focus and fold(focus) != here:
            found.append(f"not carried: focus {focus} in {item.name} (taken on translating there)")
    found += [f"not carried: {item.type} {item.name} (no place for it here)"
              for item in actor.items if item.type in NO_PLACE]  # fmt: skip
    return found
