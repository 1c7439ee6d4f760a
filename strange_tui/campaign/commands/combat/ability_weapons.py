"""The attacks a character's action abilities make, as weapons to attack with (R-ABL-2):
an attack of the ability's own (its damage, range and stat), or one made with a weapon
the character carries (that weapon's damage and the ability's modifier), and what its hit
leaves on the foe."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from strange_tui.campaign.commands.combat.weapons import WeaponUsed
from strange_tui.campaign.model.abilities import ability_attacks, timed_begun
from strange_tui.campaign.model.events import AnyEvent, ConditionAdded
from strange_tui.campaign.model.state import Character
from strange_tui.content.effects import AttackMade
from strange_tui.rules.combat import Condition
from strange_tui.rules.pools import Stat


def ability_weapons(who: Character, carried: Sequence[WeaponUsed] = ()) -> tuple[WeaponUsed, ...]:
    """R-ABL-2: the attacks the character's action abilities make, as weapons to attack
    with: their own damage, range and stat ('Onslaught: force ray'); one made with a
    weapon, once for each of the ``carried`` weapons it may take, with that weapon's
    damage and the ability's modifier ('<ability> (Mace)': the mace's 4, less 1)."""
    made = []
    for source, attack in ability_attacks(who, with_weapons=True):
        name = f"{source}: {attack.name}" if attack.name else source
        if attack.weapon:
            made += [
                with_weapon(name, source, attack, weapon)
                for weapon in carried
                if takes(attack, weapon)
            ]
            continue
        assert attack.damage is not None  # An attack without a weapon says its damage.
        made.append(
            WeaponUsed(
                name=name,
                category="medium",
                damage=attack.damage,
                ranged=attack.range != "immediate",
                range=attack.range,
                ability=source,
                stat=Stat(attack.stat),
                ignores_armor=attack.ignores_armor,
                effort_damage=attack.effort_damage,
                eased=attack.eased,
                on_hit=attack.condition,
                on_hit_rounds=attack.rounds if attack.condition else 0,
            )
        )
    return tuple(made)


def takes(attack: AttackMade, weapon: WeaponUsed) -> bool:
    """Whether the ability's attack may be made with ``weapon``: its reach, and the
    categories (and guns or not) the ability names."""
    if attack.weapon != "any" and weapon.ranged != (attack.weapon == "ranged"):
        return False
    if attack.categories and weapon.category not in attack.categories:
        return False
    return attack.guns or not weapon.gun


def with_weapon(name: str, source: str, attack: AttackMade, weapon: WeaponUsed) -> WeaponUsed:
    """R-ABL-2: the ability's attack made with ``weapon``: its damage + the modifier (never
    below 0), its category, reach and range; the ability's stat, cost, ease and what a hit
    leaves on the foe."""
    return replace(
        weapon,
        name=f"{name} ({weapon.name})",
        damage=max(0, weapon.damage + attack.modifier),
        ability=source,
        stat=Stat(attack.stat),
        ignores_armor=attack.ignores_armor,
        effort_damage=attack.effort_damage,
        eased=attack.eased,
        carried=weapon.name,
        carried_damage=weapon.damage,
        on_hit=attack.condition,
        on_hit_rounds=attack.rounds if attack.condition else 0,
    )


def ability_attack_held(who: Character, weapon: WeaponUsed) -> bool:
    """Whether ``weapon`` is one of the attacks ``who``'s abilities make (with the weapon
    it names as carried, for one made with a weapon)."""
    carried = WeaponUsed(
        name=weapon.carried,
        category=weapon.category,
        damage=weapon.carried_damage,
        ranged=weapon.ranged,
        gun=weapon.gun,
        unarmed=weapon.unarmed,
        range=weapon.range,
        distinction=weapon.distinction,
    )
    return weapon in ability_weapons(who, (carried,) if weapon.carried else ())


def carried_name(weapon: WeaponUsed) -> str:
    """The weapon carried an attack is made with, for the guns the sheet keeps ("": bare
    hands, or an ability's attack of its own)."""
    if weapon.unarmed:
        return ""
    return weapon.carried if weapon.ability else weapon.name


def conditions_left(weapon: WeaponUsed, foes: tuple[str, ...]) -> list[AnyEvent]:
    """R-ABL-2: what an ability's hit leaves on the ``foes`` it hit and left standing (a
    daze for a round); nothing for a weapon's own attack."""
    if not (weapon.on_hit and foes):
        return []
    condition = Condition(name=weapon.on_hit, rounds=weapon.on_hit_rounds)
    return [ConditionAdded(targets=foes, condition=condition)]


def begun(who: Character, weapon: WeaponUsed) -> list[AnyEvent]:
    """R-ABL-2: the timed effects an attack's ability begins (none for a weapon's)."""
    return list(timed_begun(who, weapon.ability)) if weapon.ability else []
