"""Character creation in the eleven steps of The Strange (RULES.md section 9): a draft the
player fills in step by step, checked at each step, and the character it makes.

Pure: content comes in as a ``Library`` (anything with ``kind(name) -> {id: entry}``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

import msgspec
from msgspec import Struct, field

from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.state import Campaign, Character, Cypher
from strange_tui.rules.pools import Pool, Pools, Stat

STEP_NAMES: tuple[str, ...] = (
    "Descriptor",
    "Type",
    "Focus",
    "Stat pools",
    "Edge",
    "Type abilities",
    "Descriptor and focus",
    "Possessions",
    "Attacks",
    "Cyphers",
    "Name and background",
)
REVIEW = len(STEP_NAMES)  # The page after step 11.
UNARMED = "unarmed"
ATTACK_KINDS = ("melee", "ranged")
STAT_NAMES = tuple(stat.value for stat in Stat)


class Library(Protocol):
    def kind(self, kind: str) -> Mapping[str, Any]: ...


class Draft(Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """The choices made so far; ``step`` is where the player is (0-based, REVIEW last)."""

    step: int = 0
    descriptor: str = ""
    type: str = ""
    focus: str = ""
    bonus: dict[Stat, int] = field(default_factory=dict)
    edge_choice: int = 0
    abilities: tuple[str, ...] = ()
    """The type's first-tier abilities, by id; one that asks a choice carries it after a
    colon: 'combat-prowess:melee', 'improved-edge:intellect'."""
    focus_choice: str = ""
    chosen_skills: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    armor: str = ""
    """The armor Practiced in Armor lets the character start with (an armor id; "": none)."""
    cyphers: tuple[str, ...] = ()
    name: str = ""
    notes: str = ""


# What a choice at a step makes stale further on (changing the type resets what hung on it).
RESETS: dict[str, dict[str, Any]] = {
    "descriptor": {"chosen_skills": (), "weapons": ()},
    "type": {
        "bonus": {},
        "edge_choice": 0,
        "abilities": (),
        "weapons": (),
        "armor": "",
        "cyphers": (),
    },
    "focus": {"focus_choice": "", "chosen_skills": ()},
}


def choose(draft: Draft, **changes: Any) -> Draft:
    """The draft with ``changes``; a changed descriptor, type or focus clears what depended
    on it (a Vector's abilities mean nothing to a Spinner)."""
    for name, resets in RESETS.items():
        if name in changes and changes[name] != getattr(draft, name):
            changes = {**resets, **changes}
    return msgspec.structs.replace(draft, **changes)


def allowed_foci(library: Library, campaign: Campaign) -> dict[str, Any]:
    """Foci the GM allows (by name or id; all when the list is empty) that can be taken in
    the party's recursion (RULES.md section 9, step 3)."""
    allowed = set(campaign.settings.allowed_foci)
    return {
        fid: focus
        for fid, focus in library.kind("foci").items()
        if campaign.recursion in focus.recursions
        and (not allowed or focus.name in allowed or fid in allowed)
    }


def skill_choices(library: Library, draft: Draft) -> int:
    """How many skills the descriptor and focus let the player pick."""
    descriptor = library.kind("descriptors").get(draft.descriptor)
    focus = library.kind("foci").get(draft.focus)
    choices = (
        *(descriptor.skill_choices if descriptor else ()),
        *(focus.skill_choices if focus else ()),
    )
    return sum(choice.count for choice in choices)


def weapon_picks(library: Library, draft: Draft) -> int:
    kind = library.kind("types").get(draft.type)
    descriptor = library.kind("descriptors").get(draft.descriptor)
    return (kind.weapon_picks if kind else 0) + (descriptor.weapon_picks if descriptor else 0)


def heavier_picks(library: Library, draft: Draft) -> int:
    """How many of the weapons chosen may be medium or heavy: the picks not bound to light
    weapons (a Spinner's, Tough's extra weapon)."""
    kind = library.kind("types").get(draft.type)
    descriptor = library.kind("descriptors").get(draft.descriptor)
    return sum(
        entry.weapon_picks
        for entry in (kind, descriptor)
        if entry is not None and not entry.weapon_picks_light_only
    )


def _weapons_problem(library: Library, draft: Draft) -> str | None:
    """Step 8: the weapons chosen fit the picks, light where a pick must be light."""
    picks = weapon_picks(library, draft)
    weapons = library.kind("weapons")
    if not set(draft.weapons) <= set(weapons):
        return "Choose weapons from the list."
    if len(draft.weapons) > picks:
        return f"You may choose {picks} weapon{'s' * (picks != 1)}."
    free = heavier_picks(library, draft)
    heavier = [w for w in draft.weapons if weapons[w].category != "light"]
    if len(heavier) <= free:
        return None
    bound = [
        f"{entry.name}'s {'extra ' if kind == 'descriptors' else ''}weapon"
        f"{'s' * (entry.weapon_picks != 1)}"
        for kind, key in (("descriptors", draft.descriptor), ("types", draft.type))
        if (entry := library.kind(kind).get(key)) and entry.weapon_picks
        and entry.weapon_picks_light_only
    ]
    return (
        f"{' and '.join(bound)} must be light: at most {free} medium or heavy"
        f" weapon{'s' * (free != 1)}."
    )


def split_key(key: str) -> tuple[str, str]:
    """An ability key's id and the choice it carries: 'combat-prowess:melee'."""
    ability, _, option = key.partition(":")
    return ability, option


def choice_of(library: Library, ability_id: str) -> str | None:
    entry = library.kind("abilities").get(ability_id)
    return getattr(entry, "choice", None) if entry else None


def ability_options(library: Library, ability_id: str, edge: Mapping[Stat, int]) -> tuple[str, ...]:
    """What taking the ability asks the player to pick (none: nothing to pick): melee or
    ranged attacks, or one of the Edges that are 0 (``edge``: the Edges before it)."""
    match choice_of(library, ability_id):
        case "melee-or-ranged":
            return ATTACK_KINDS
        case "zero-edge":
            return tuple(stat.value for stat in Stat if not edge.get(stat, 0))
    return ()


def ability_keys(
    library: Library, ids: tuple[str, ...], edge: Mapping[Stat, int]
) -> list[tuple[str, str]]:
    """Each ability of ``ids`` as the player may take it, with its name: one entry per
    choice where it asks one ('Combat Prowess (melee)', 'Combat Prowess (ranged)')."""
    keys = []
    for ability_id in ids:
        options = ability_options(library, ability_id, edge)
        if options:
            keys += [(f"{ability_id}:{o}", ability_label(library, f"{ability_id}:{o}"))
                     for o in options]  # fmt: skip
        else:
            keys.append((ability_id, ability_label(library, ability_id)))
    return keys


def ability_label(library: Library, key: str) -> str:
    """The name an ability key goes by on the sheet: 'Improved Edge (Intellect)'."""
    ability_id, option = split_key(key)
    entry = library.kind("abilities").get(ability_id)
    name = entry.name if entry else ability_id
    return f"{name} ({option.title() if option in STAT_NAMES else option})" if option else name


def choices_problem(
    library: Library, keys: tuple[str, ...], edge: Mapping[Stat, int]
) -> str | None:
    """Why the abilities ``keys`` are not taken as the rules ask: each once, with the
    choice it asks (an Edge that is still 0 for Improved Edge)."""
    ids = [split_key(key)[0] for key in keys]
    for key in keys:
        ability_id, option = split_key(key)
        name = ability_label(library, ability_id)
        if ids.count(ability_id) > 1:
            return f"{name} is taken once."
        kind = choice_of(library, ability_id)
        if kind == "melee-or-ranged" and option not in ATTACK_KINDS:
            return f"{name}: choose melee or ranged attacks."
        if kind == "zero-edge" and option not in ability_options(library, ability_id, edge):
            return f"{name}: choose an Edge that is 0 to raise to 1."
        if kind not in ("melee-or-ranged", "zero-edge") and option:
            return f"{name} asks no choice."
    return None


def armor_offered(library: Library, draft: Draft) -> bool:
    """Whether an ability chosen lets the character start with armor (Practiced in Armor)."""
    return any(
        choice_of(library, split_key(key)[0]) == "starting-armor" for key in draft.abilities
    )


def cypher_picks(library: Library, draft: Draft, campaign: Campaign) -> int:
    """Starting cyphers: none unless the GM allows some, never past the type's limit."""
    kind = library.kind("types").get(draft.type)
    return min(campaign.settings.starting_cyphers, kind.cypher_limit if kind else 0)


def tier_one(library: Library, draft: Draft) -> Any:
    kind = library.kind("types")[draft.type]
    return next(tier for tier in kind.tiers if tier.tier == 1)


def focus_tier_one(library: Library, draft: Draft) -> Any:
    focus = library.kind("foci")[draft.focus]
    return next(tier for tier in focus.tiers if tier.tier == 1)


def problem(library: Library, draft: Draft, step: int, campaign: Campaign) -> str | None:
    """Why the player cannot leave ``step`` yet, or None."""
    match step:
        case 0:
            return (
                None if draft.descriptor in library.kind("descriptors") else "Choose a descriptor."
            )
        case 1:
            return None if draft.type in library.kind("types") else "Choose a type."
        case 2:
            if draft.focus not in library.kind("foci"):
                return "Choose a focus."
            if draft.focus not in allowed_foci(library, campaign):
                return "The GM has not allowed that focus here."
        case 3:
            total = library.kind("types")[draft.type].bonus_points
            placed = sum(draft.bonus.values())
            if any(points < 0 for points in draft.bonus.values()):
                return "Points cannot be taken below the type's pools."
            if placed != total:
                left = total - placed
                return (
                    f"Place the last {left} point{'s' * (left != 1)} first."
                    if left > 0
                    else f"{-left} too many placed."
                )
        case 4:
            choices = library.kind("types")[draft.type].edge_choices
            if choices and not 0 <= draft.edge_choice < len(choices):
                return "Choose where your Edge goes."
        case 5:
            tier = tier_one(library, draft)
            ids = [split_key(key)[0] for key in draft.abilities]
            if not set(ids) <= set(tier.abilities):
                return "Choose abilities from the type's first-tier list."
            if reason := choices_problem(library, draft.abilities, base_edge(library, draft)):
                return reason
            if len(draft.abilities) != tier.choose:
                return f"Choose {tier.choose} abilities ({len(draft.abilities)} chosen)."
        case 6:
            options = focus_tier_one(library, draft).choose_one
            if options and draft.focus_choice not in options:
                return "Choose one of the focus's first-tier abilities."
            wanted = skill_choices(library, draft)
            if len([s for s in draft.chosen_skills if s.strip()]) != wanted:
                return f"Name {wanted} skill{'s' * (wanted != 1)} you are trained in."
        case 7:
            if reason := _weapons_problem(library, draft):
                return reason
            if draft.armor and draft.armor not in library.kind("armor"):
                return "Choose armor from the list."
            if draft.armor and not armor_offered(library, draft):
                return "Only Practiced in Armor brings armor at creation."
        case 9:
            picks = cypher_picks(library, draft, campaign)
            if len(draft.cyphers) > picks:
                return f"You may start with {picks} cypher{'s' * (picks != 1)}."
            if not set(draft.cyphers) <= set(library.kind("cyphers")):
                return "Choose cyphers from the list."
        case 10:
            if not draft.name.strip():
                return "Give your character a name."
            if len(draft.name) > 80:
                return "A name of 80 characters at most."
    return None


def first_problem(library: Library, draft: Draft, campaign: Campaign) -> tuple[int, str] | None:
    """The first step that is not done, and why."""
    for step in range(REVIEW):
        if reason := problem(library, draft, step, campaign):
            return step, reason
    return None


def pools_of(library: Library, draft: Draft) -> dict[Stat, int]:
    """Type pools + bonus points + descriptor changes (steps 1, 4, 7)."""
    kind = library.kind("types").get(draft.type)
    descriptor = library.kind("descriptors").get(draft.descriptor)
    return {
        stat: (getattr(kind.pools, stat.value) if kind else 0)
        + draft.bonus.get(stat, 0)
        + (getattr(descriptor.pools, stat.value) if descriptor else 0)
        for stat in Stat
    }


def edge_of(library: Library, draft: Draft) -> dict[Stat, int]:
    """Step 5's Edge, and Improved Edge's +1 where the player put it."""
    edge = base_edge(library, draft)
    for key in draft.abilities:
        ability_id, option = split_key(key)
        if choice_of(library, ability_id) == "zero-edge" and option in STAT_NAMES:
            stat = Stat(option)
            edge[stat] = max(edge[stat], 1)
    return edge


def base_edge(library: Library, draft: Draft) -> dict[Stat, int]:
    """The Edge from the type (and the player's choice of it) and the descriptor."""
    kind = library.kind("types").get(draft.type)
    descriptor = library.kind("descriptors").get(draft.descriptor)
    if kind is None:
        return {stat: 0 for stat in Stat}
    base = kind.edge_choices[draft.edge_choice] if kind.edge_choices else kind.edge
    return {
        stat: getattr(base, stat.value)
        + (getattr(descriptor.edge, stat.value) if descriptor else 0)
        for stat in Stat
    }


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


def armor_rating(library: Library, draft: Draft) -> int:
    """The Armor the character starts with: the descriptor's and the armor worn (R-CMB-6)."""
    descriptor = library.kind("descriptors").get(draft.descriptor)
    worn = library.kind("armor").get(draft.armor) if draft.armor else None
    rating = armor.fitted(worn.category, abilities=(), steps=0, csrd=False).rating if worn else 0
    return (descriptor.armor if descriptor else 0) + rating


def attacks(library: Library, draft: Draft) -> list[dict[str, Any]]:
    """Step 9: each weapon chosen (and bare hands) with damage, difficulty and range
    (R-CMB-2: light eases the attack; an inability with the category hinders it)."""
    weapons = library.kind("weapons")
    skills = skills_of(library, draft)
    rows = []
    for weapon_id in (*draft.weapons, UNARMED):
        weapon = weapons.get(weapon_id)
        if weapon is None:
            continue
        modifier = -1 if weapon.category == "light" else 0
        if skills.get(f"{weapon.category} weapons") == "inability":
            modifier += 1
        rows.append(
            {
                "name": weapon.name,
                "damage": weapon.damage,
                "modifier": modifier,
                "range": weapon.range,
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
    maxima, edge = pools_of(library, draft), edge_of(library, draft)
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


def sentence_of(library: Library, draft: Draft) -> str:
    """The sentence as it grows: 'I am a Tough Vector who Is Licensed to Carry'."""
    descriptor = library.kind("descriptors").get(draft.descriptor)
    kind = library.kind("types").get(draft.type)
    focus = library.kind("foci").get(draft.focus)
    words = [descriptor.name if descriptor else "…", kind.name if kind else "…"]
    article = "an" if words[0][:1].lower() in "aeiou" else "a"
    return f"I am {article} {' '.join(words)} who {focus.name if focus else '…'}"
