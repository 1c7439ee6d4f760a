"""The weapons a PC carries, and the sheet's training and abilities with them (R-CMB-2)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.model.abilities import (
    attack_kinds,
    damage_parts,
    skill_sources,
    skills_now,
    unarmed_category,
)
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.state import Character
from strange_tui.content.effects import HitCondition
from strange_tui.content.model import Weapon
from strange_tui.rules import combat
from strange_tui.rules.circumstances import Distinction
from strange_tui.rules.pools import Stat

UNARMED_ID = "unarmed"
SKILL_RANK = {"": 0, "trained": 1, "specialized": 2}


class WeaponUsed(msgspec.Struct, frozen=True, kw_only=True):
    """The weapon an attack is made with (one on the sheet, matched to the weapons pack):
    its category sets the damage and whether it eases the attack (R-CMB-2); a gun counts
    for the damage bonuses and trainings with guns."""

    name: str = "Unarmed"
    category: Literal["light", "medium", "heavy"] = "light"
    damage: int = 2
    ranged: bool = False
    gun: bool = False
    unarmed: bool = False
    range: Literal["immediate", "short", "long", "very long"] = "immediate"
    """The pack's range for the weapon (R-CIR-2 moves it a category)."""
    distinction: Distinction = ""
    """R-WPN-1: the pack's distinction, applied when the campaign turns the rule on."""
    ability: str = ""
    """The action ability this attack is (its trait's name; "": a weapon's attack)."""
    stat: Stat | None = None
    """The stat an ability's attack is rolled with (a weapon's: Might, or Speed ranged)."""
    ignores_armor: bool = False
    effort_damage: int = 3
    """Damage for each level of Effort put on damage (an ability may say otherwise)."""
    eased: int = 0
    """Steps an ability's attack is eased (- hindered)."""
    carried: str = ""
    """The weapon carried that an ability's attack is made with ("": its own damage)."""
    carried_damage: int = 0
    """That weapon's own damage, before the ability's modifier."""
    on_hit: HitCondition = ""
    """What an ability's hit leaves on the foe (a daze), for ``on_hit_rounds`` of its turns."""
    on_hit_rounds: int = 0


UNARMED = WeaponUsed(unarmed=True)


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z]+", text.lower()))


def pack_weapon(item: str, pack: dict[str, Weapon]) -> Weapon | None:
    """The weapons-pack entry an item of equipment is (R-CMB-2), or None when it is no
    weapon: the entry it names or one of its examples exactly; else the entry whose
    example it contains ("combat knife": a knife); else, when only the kind matches an
    example of another size ("heavy pistol" against "very small pistol"), the medium
    weapon of that kind (CSRD Weapons: most weapons are medium)."""
    said = _words(item)
    if not said:
        return None
    contained: list[tuple[int, Weapon]] = []
    kinds: list[Weapon] = []
    for wid, weapon in pack.items():
        if wid == UNARMED_ID:
            continue
        for named in (weapon.name, *weapon.examples):
            example = _words(named)
            if not example:
                continue
            if example == said:
                return weapon
            if f" {example} " in f" {said} ":
                contained.append((len(example), weapon))
            elif example.split()[-1] == said.split()[-1]:
                kinds.append(weapon)
    if contained:
        longest = max(length for length, _ in contained)
        return next(weapon for length, weapon in contained if length == longest)
    if kinds:
        kind = kinds[0]
        medium = (
            w
            for w in pack.values()
            if w.category == "medium" and (w.ranged, w.gun) == (kind.ranged, kind.gun)
        )
        return next(medium, kind)
    return None


def weapons_of(who: Character, content: Library) -> tuple[WeaponUsed, ...]:
    """R-CMB-2: the weapons ``who`` carries (the equipment the weapons pack names), then
    bare hands (heavier when a trait says so). A ranged one is a gun when its pack entry
    says so, or when the player last attacked with it as one (the sheet's ``guns``)."""
    pack = content.kind("weapons")
    found: dict[str, WeaponUsed] = {}
    for item in who.equipment:
        entry = pack_weapon(item, pack)
        if entry is not None and item.lower() not in found:
            found[item.lower()] = WeaponUsed(
                name=item,
                category=entry.category,
                damage=entry.damage,
                ranged=entry.ranged,
                gun=entry.ranged and (entry.gun or item in who.guns),
                range=entry.range,
                distinction=entry.distinction,
            )
    bare = pack.get(UNARMED_ID)
    unarmed = (
        UNARMED
        if bare is None
        else WeaponUsed(
            name=bare.name,
            category=bare.category,
            damage=bare.damage,
            unarmed=True,
            distinction=bare.distinction,
        )
    )
    if (category := unarmed_category(who)) != "light":
        unarmed = replace(unarmed, category=category, damage=combat.WEAPON_DAMAGE[category])
    # Imported here: an ability's attack made with a weapon is built on these.
    from strange_tui.campaign.commands.combat.ability_weapons import ability_weapons

    carried = (*found.values(), unarmed)
    return (*carried, *ability_weapons(who, carried))


class Training(msgspec.Struct, frozen=True, kw_only=True):
    """What the sheet says of a task (R-TASK-3): the best training and the skill that
    gives it, and an inability (trained cancels it) and its skill."""

    skill: Literal["", "trained", "specialized"] = ""
    skill_name: str = ""
    inability: bool = False
    inability_name: str = ""
    sources: tuple[str, ...] = ()
    """The abilities that give the training (or the inability), when traits do."""

    @property
    def label(self) -> str:
        source = f"{', '.join(self.sources)}: " if self.sources else ""
        parts = [f"{source}{self.skill} ({self.skill_name})"] if self.skill else []
        parts += [f"inability ({self.inability_name})"] if self.inability else []
        return ", ".join(parts)


def training_in(who: Character, names: Sequence[str], now: int | None = None) -> Training:
    """R-TASK-3: the sheet's training and inabilities among the skills ``names`` (case
    does not matter), with those its abilities bring (``model/abilities.py``)."""
    wanted = {name.lower() for name in names}
    best: Literal["", "trained", "specialized"] = ""
    best_name, unable = "", ""
    for skill, level in skills_now(who, now).items():
        if skill.strip().lower() not in wanted:
            continue
        if level == "inability":
            unable = unable or skill
        elif SKILL_RANK[level] > SKILL_RANK[best]:
            best, best_name = level, skill
    return Training(
        skill=best,
        skill_name=best_name,
        inability=bool(unable),
        inability_name=unable,
        sources=tuple(skill_sources(who, best_name, now)) if best else (),
    )


def weapon_skill_names(weapon: WeaponUsed) -> tuple[str, ...]:
    """The skills an attack with ``weapon`` may be trained in (or unable at): its
    category ("light weapons", as the types name their inabilities), its kind (melee or
    ranged), guns for a gun, unarmed for bare hands, and the weapon's own name."""
    kind = "ranged" if weapon.ranged else "melee"
    if weapon.ability and not weapon.carried:
        # An ability's attack of its own is no weapon: trained in it, or in such attacks.
        return (weapon.ability, "ability attacks", f"{kind} ability attacks")
    names = [
        f"{weapon.category} weapons",
        f"{weapon.category} {kind} weapons",
        f"{kind} weapons",
        f"{kind} attacks",
        "attacks",
        weapon.carried or weapon.name,
    ]
    if weapon.ability:  # Made with a weapon: the weapon's training, or the ability's own.
        names.append(weapon.ability)
    if weapon.gun:
        names += ["guns", "firearms"]
    if weapon.unarmed:
        names += ["unarmed", "unarmed attacks", "unarmed combat"]
    return tuple(names)


def weapon_training(who: Character, weapon: WeaponUsed, now: int | None = None) -> Training:
    """R-CMB-2, R-TASK-3: the attacker's training or inability with the weapon."""
    return training_in(who, weapon_skill_names(weapon), now)


def ability_damage(
    who: Character, weapon: WeaponUsed, now: int | None = None
) -> tuple[tuple[str, int], ...]:
    """Damage the character's abilities add to a hit with ``weapon`` (a damage bonus for
    its kind of attack; one in use, such as a minute of fury)."""
    kinds = attack_kinds(
        ranged=weapon.ranged,
        category="ability" if weapon.ability and not weapon.carried else weapon.category,
        gun=weapon.gun,
        unarmed=weapon.unarmed,
        bladed=weapon.distinction in ("slashing", "stabbing"),
        ability=bool(weapon.ability),
    )
    return tuple(damage_parts(who, kinds, now))
