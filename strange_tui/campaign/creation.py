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

from strange_tui.campaign.state import Campaign, Character, Cypher
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
    focus_choice: str = ""
    chosen_skills: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    cyphers: tuple[str, ...] = ()
    name: str = ""
    notes: str = ""


# What a choice at a step makes stale further on (changing the type resets what hung on it).
RESETS: dict[str, dict[str, Any]] = {
    "descriptor": {"chosen_skills": (), "weapons": ()},
    "type": {"bonus": {}, "edge_choice": 0, "abilities": (), "weapons": (), "cyphers": ()},
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
            if len(set(draft.abilities)) != len(draft.abilities) or not set(draft.abilities) <= set(
                tier.abilities
            ):
                return "Choose abilities from the type's first-tier list."
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
            picks = weapon_picks(library, draft)
            if not set(draft.weapons) <= set(library.kind("weapons")):
                return "Choose weapons from the list."
            if len(draft.weapons) > picks:
                return f"You may choose {picks} weapon{'s' * (picks != 1)}."
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
    abilities = library.kind("abilities")
    ids = list(draft.abilities)
    if draft.focus in library.kind("foci"):
        tier = focus_tier_one(library, draft)
        ids += list(tier.abilities) + ([draft.focus_choice] if draft.focus_choice else [])
    names = [abilities[i].name if i in abilities else i for i in ids]
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
    return items


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
    return Character(
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
