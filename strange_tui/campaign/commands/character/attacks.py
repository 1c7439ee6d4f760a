"""What the sheet shows of a character's abilities in play: each attack (a weapon carried,
bare hands, an attack ability) with its final damage and the parts of it, the Armor with
its sources, the trainings abilities bring, and the abilities in use with the time left
(R-CMB-2, R-CMB-6, R-ABL-1, R-ABL-2)."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.character.abilities import ability_cost, rolled_as, usable
from strange_tui.campaign.commands.combat.weapons import (
    ability_damage,
    weapon_training,
    weapons_of,
)
from strange_tui.campaign.model.abilities import (
    active_now,
    armor_conditional,
    armor_parts,
    armor_total,
    damage_conditional,
    moment,
)
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.effect_words import effect_words
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.errors import RuleViolation


class AttackRow(msgspec.Struct, frozen=True, kw_only=True):
    """One attack as the sheet lists it: its final damage and what makes it up."""

    name: str
    damage: int
    parts: tuple[tuple[str, int], ...]
    range: str
    stat: str
    training: str = ""
    notes: tuple[str, ...] = ()
    """What counts only in some situations ('<ability>: +2 damage against witches'),
    and an attack that ignores Armor."""


class InUse(msgspec.Struct, frozen=True, kw_only=True):
    """An ability in use: what it brings, and the game time left (seconds)."""

    name: str
    effects: tuple[str, ...]
    seconds_left: int


class Usable(msgspec.Struct, frozen=True, kw_only=True):
    """An ability the character may use: its cost now (Edge applied) and from which pool;
    ``rolled`` says whether it is an attack or a task."""

    name: str
    cost: int
    pool: str
    cost_plus: bool
    rolled: str


class AbilitySheet(msgspec.Struct, frozen=True, kw_only=True):
    """The sheet's part that the abilities make."""

    armor: int
    armor_from: tuple[tuple[str, int], ...]
    armor_maybe: tuple[str, ...]
    attacks: tuple[AttackRow, ...]
    in_use: tuple[InUse, ...]
    usable: tuple[Usable, ...]


def ability_sheet(state: Campaign, who: Character, content: Library) -> AbilitySheet:
    """R-ABL-1: the attacks, Armor, abilities in use and abilities to use of ``who`` now."""
    now = moment(state)
    rows = []
    for weapon in weapons_of(who, content):
        parts = ((weapon.name, weapon.damage), *ability_damage(who, weapon, now))
        category = "ability" if weapon.ability and not weapon.carried else weapon.category
        kinds = {"all", "ranged" if weapon.ranged else "melee", category}
        notes = list(damage_conditional(who, kinds, now))
        if weapon.ignores_armor:
            notes.insert(0, "ignores Armor")
        if weapon.stat:
            stat = weapon.stat.value
        else:
            stat = "speed" if weapon.ranged else "might"
        rows.append(
            AttackRow(
                name=weapon.name,
                damage=sum(n for _, n in parts),
                parts=tuple(parts),
                range=weapon.range,
                stat=stat,
                training=weapon_training(who, weapon, now).label,
                notes=tuple(notes),
            )
        )
    in_use = tuple(
        InUse(
            name=name,
            # An ability whose time alone is kept does what its text says.
            effects=tuple(effect_words(e) for a in who.active if a.name == name for e in a.effects)
            or ("as its text says",),
            seconds_left=left,
        )
        for name, left in active_now(who, now)
    )
    return AbilitySheet(
        armor=armor_total(who, now),
        armor_from=tuple(armor_parts(who, now)),
        armor_maybe=tuple(armor_conditional(who, now)),
        attacks=tuple(rows),
        in_use=in_use,
        usable=tuple(usable_now(who)),
    )


def usable_now(who: Character) -> list[Usable]:
    """The abilities to use, each with its cost as it stands now."""
    made = []
    for trait in usable(who):
        try:
            cost, _ = ability_cost(who, trait)
        except RuleViolation:
            cost = trait.cost
        made.append(
            Usable(
                name=trait.name,
                cost=cost,
                pool=trait.pool or "",
                cost_plus=trait.cost_plus,
                rolled=rolled_as(trait),
            )
        )
    return made
