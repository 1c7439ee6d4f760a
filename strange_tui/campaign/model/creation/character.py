"""The character a finished draft makes: pools, Edge, skills, abilities, possessions,
Armor and attacks, then the sheet itself."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from strange_tui.campaign.model.abilities import (
    RANK,
    ability_attacks,
    armor_total,
    attack_kinds,
    damage_parts,
    skills_now,
    unarmed_category,
)
from strange_tui.campaign.model.creation.abilities import (
    ability_label,
    focus_tier_one,
)
from strange_tui.campaign.model.creation.choices import traits_of
from strange_tui.campaign.model.creation.draft import STEP_NAMES, Draft, Library
from strange_tui.campaign.model.creation.steps import base_edge, first_problem
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.folds import traits as gains
from strange_tui.campaign.model.state import Campaign, Character, Cypher
from strange_tui.content.effects import EdgeBonus, PoolBonus
from strange_tui.rules.combat import WEAPON_DAMAGE
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Pool, Pools, Stat

UNARMED = "unarmed"


def pools_of(library: Library, draft: Draft, *, abilities: bool = True) -> dict[Stat, int]:
    """Type pools + bonus points + descriptor changes (steps 1, 4, 7), and what the
    abilities taken add (unless ``abilities`` is False)."""
    kind = library.kind("types").get(draft.type)
    descriptor = library.kind("descriptors").get(draft.descriptor)
    pools = {
        stat: (getattr(kind.pools, stat.value) if kind else 0)
        + draft.bonus.get(stat, 0)
        + (getattr(descriptor.pools, stat.value) if descriptor else 0)
        for stat in Stat
    }
    for trait in traits_of(library, draft, answered_only=True) if abilities else ():
        for effect in trait.effects:
            if isinstance(effect, PoolBonus):
                pools[Stat(effect.stat)] += effect.value
    return pools


def edge_of(library: Library, draft: Draft) -> dict[Stat, int]:
    """Step 5's Edge, and what the abilities chosen add to it where the player put it."""
    edge = base_edge(library, draft)
    for trait in traits_of(library, draft, answered_only=True):
        for effect in trait.effects:
            if isinstance(effect, EdgeBonus):
                edge[Stat(effect.stat)] += effect.value
    return edge


def skills_of(library: Library, draft: Draft) -> dict[str, str]:
    """Trainings and inabilities from descriptor, focus, type and the skills chosen.
    Training twice specializes; training and an inability cancel (R-TASK-3)."""
    descriptor = library.kind("descriptors").get(draft.descriptor)
    kind = library.kind("types").get(draft.type)
    focus = library.kind("foci").get(draft.focus)
    trained = [*(descriptor.skills if descriptor else ()), *(focus.skills if focus else ())]
    trained += [skill.strip() for skill in draft.chosen_skills if skill.strip()]
    unable = [*(descriptor.inabilities if descriptor else ()), *(kind.inabilities if kind else ())]
    skills: dict[str, str] = {}
    for skill in unable:
        skills[skill] = "inability"
    for skill in trained:
        level = skills.get(skill)
        if level == "inability":
            del skills[skill]
        else:
            skills[skill] = "specialized" if level == "trained" else "trained"
    return skills


def ability_names(library: Library, draft: Draft) -> list[str]:
    """Type abilities chosen, the focus's first tier, and the descriptor's features."""
    keys = list(draft.abilities)
    if draft.focus in library.kind("foci"):
        tier = focus_tier_one(library, draft)
        keys += list(tier.abilities) + ([draft.focus_choice] if draft.focus_choice else [])
    names = [ability_label(library, key) for key in keys]
    descriptor = library.kind("descriptors").get(draft.descriptor)
    if descriptor:
        names += [feature.name for feature in descriptor.features]
    return names


def possessions(library: Library, draft: Draft) -> list[str]:
    """Equipment from type, descriptor and focus, and the weapons chosen (step 8)."""
    items: list[str] = []
    for kind, key in (
        ("types", draft.type),
        ("descriptors", draft.descriptor),
        ("foci", draft.focus),
    ):
        entry = library.kind(kind).get(key)
        if entry:
            items += list(entry.equipment)
    weapons = library.kind("weapons")
    items += [weapons[w].name for w in draft.weapons if w in weapons]
    worn = library.kind("armor").get(draft.armor) if draft.armor else None
    return items + ([worn.name] if worn else [])


def provisional(library: Library, draft: Draft) -> Character:
    """The character as the draft stands, for the wizard's numbers: the abilities whose
    choices are made so far, the skills, the Armor and the armor worn (nothing checked)."""
    descriptor = library.kind("descriptors").get(draft.descriptor)
    maxima = pools_of(library, draft, abilities=False)
    pools = Pools(
        **{s.value: Pool(current=max(1, n), maximum=max(1, n)) for s, n in maxima.items()}
    )
    character = Character(
        id="draft",
        name=draft.name.strip() or "draft",
        descriptor=descriptor.name if descriptor else "",
        type="",
        focus="",
        pools=pools,
        armor=descriptor.armor if descriptor else 0,
        skills=skills_of(library, draft),
        traits=tuple(traits_of(library, draft, answered_only=True)),
    )
    worn = library.kind("armor").get(draft.armor) if draft.armor else None
    if worn is None:
        return character
    fitted = armor.fitted(worn.category, level=armor.practice(character), steps=0, csrd=False)
    return replace(character, worn=fitted, armor=character.armor + fitted.rating)


def armor_rating(library: Library, draft: Draft) -> int:
    """The Armor the character starts with: the descriptor's, the armor worn and what the
    abilities chosen add (R-CMB-6, R-ABL-1)."""
    return armor_total(provisional(library, draft))


def attacks(library: Library, draft: Draft) -> list[dict[str, Any]]:
    """Step 9: each weapon chosen (and bare hands) with damage (the abilities' bonuses
    itemised), difficulty and range (R-CMB-2: light eases the attack; an inability with the
    category hinders it, training eases it)."""
    weapons = library.kind("weapons")
    character = provisional(library, draft)
    skills = {name.casefold(): level for name, level in skills_now(character).items()}
    rows = []
    for weapon_id in (*draft.weapons, UNARMED):
        weapon = weapons.get(weapon_id)
        if weapon is None:
            continue
        category = unarmed_category(character) if weapon_id == UNARMED else weapon.category
        base = WEAPON_DAMAGE[category] if weapon_id == UNARMED else weapon.damage
        modifier = -1 if category == "light" else 0
        kind = "ranged" if weapon.ranged else "melee"
        names = (f"{category} weapons", f"{kind} weapons", f"{kind} attacks", "attacks")
        levels = [skills.get(name) for name in names]
        if "inability" in levels:
            modifier += 1
        modifier -= max((RANK.get(level or "", 0) for level in levels), default=0)
        kinds = attack_kinds(
            ranged=weapon.ranged,
            category=category,
            gun=weapon.ranged and weapon.gun,
            unarmed=weapon_id == UNARMED,
            bladed=weapon.distinction in ("slashing", "stabbing"),
        )
        parts = damage_parts(character, kinds)
        rows.append(
            {
                "name": weapon.name,
                "damage": base + sum(n for _, n in parts),
                "modifier": modifier,
                "range": weapon.range,
                "parts": tuple((name, n) for name, n in ((weapon.name, base), *parts)),
            }
        )
    for source, attack in ability_attacks(character):
        rows.append(
            {
                "name": f"{source}: {attack.name}" if attack.name else source,
                "damage": attack.damage,
                "modifier": -attack.eased,
                "range": attack.range,
                "parts": ((source, attack.damage),),
            }
        )
    return rows


def character_id(name: str, taken: Mapping[str, Any]) -> str:
    """A slug of the name, unique in the campaign."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:48].strip("-") or "character"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def build(library: Library, draft: Draft, campaign: Campaign) -> Character:
    """The character the draft makes. ValueError names the first step not done."""
    if found := first_problem(library, draft, campaign):
        step, reason = found
        raise ValueError(f"Step {step + 1} ({STEP_NAMES[step]}): {reason}")
    kind = library.kind("types")[draft.type]
    descriptor = library.kind("descriptors")[draft.descriptor]
    focus = library.kind("foci")[draft.focus]
    maxima, edge = pools_of(library, draft, abilities=False), base_edge(library, draft)
    luck = next((p for p in descriptor.extra_pools if p.name.lower() == "luck"), None)
    pools = Pools(
        might=Pool(current=maxima[Stat.MIGHT], maximum=maxima[Stat.MIGHT], edge=edge[Stat.MIGHT]),
        speed=Pool(current=maxima[Stat.SPEED], maximum=maxima[Stat.SPEED], edge=edge[Stat.SPEED]),
        intellect=Pool(
            current=maxima[Stat.INTELLECT],
            maximum=maxima[Stat.INTELLECT],
            edge=edge[Stat.INTELLECT],
        ),
        luck=Pool(current=luck.maximum, maximum=luck.maximum) if luck else None,
    )
    cyphers = library.kind("cyphers")
    character = Character(
        id=character_id(draft.name, campaign.characters),
        name=draft.name.strip(),
        descriptor=descriptor.name,
        type=kind.name,
        focus=focus.name,
        pools=pools,
        effort=kind.effort,
        armor=descriptor.armor,
        cypher_limit=kind.cypher_limit,
        recovery_bonus=descriptor.recovery_bonus,
        skills=skills_of(library, draft),
        abilities=tuple(ability_names(library, draft)),
        equipment=tuple(possessions(library, draft)),
        cyphers=tuple(
            Cypher(
                name=cyphers[c].name,
                level=_fixed_level(cyphers[c].level),
                occultic=cyphers[c].kind == "occultic",
                effect=cyphers[c].effect,
            )
            for c in draft.cyphers
        ),
        notes=draft.notes,
    )
    try:
        for trait in traits_of(library, draft):
            character = gains.gain(character, trait)
    except (ValueError, RuleViolation) as refused:
        raise ValueError(f"Step 7 ({STEP_NAMES[6]}): {refused}") from None
    worn = library.kind("armor").get(draft.armor) if draft.armor else None
    if worn is None:
        return character
    return armor.put_on(character, worn.category, campaign.settings, campaign.clock.seconds)


def _fixed_level(formula: str) -> int:
    """A starting cypher's level: the formula's average, rounded down (the GM may reroll)."""
    if "d" not in formula:
        return int(formula)
    die, _, plus = formula.partition("+")
    sides = int(die.split("d")[1])
    return (sides + 1) // 2 + int(plus or 0)
