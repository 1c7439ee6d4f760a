"""Each creation step's check (RULES.md section 9): why the player cannot leave it yet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from msgspec import Struct

from strange_tui.campaign.model.creation.abilities import (
    armor_offered,
    choices_problem,
    focus_tier_one,
    split_key,
    tier_one,
)
from strange_tui.campaign.model.creation.choices import answers_problem, base_edge
from strange_tui.campaign.model.creation.draft import REVIEW, Draft, Library
from strange_tui.campaign.model.state import Campaign
from strange_tui.content.controls import unseen_field
from strange_tui.rules.cyphers import cypher_load


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


CATEGORIES: tuple[str, ...] = ("light", "medium", "heavy")


class WeaponPick(Struct, frozen=True, kw_only=True):
    """Weapons of the player's choice one entry gives: ``count`` of them, each in one of
    ``categories`` (a Spinner's light one, Strong's medium or heavy one)."""

    source: str
    """Whose they are, as the refusals say it: "Spinner's weapon", "Tough's extra weapon"."""
    count: int
    categories: tuple[str, ...] = CATEGORIES


def weapon_groups(library: Library, draft: Draft) -> tuple[WeaponPick, ...]:
    """The type's weapons of the player's choice, then the descriptor's extra ones, each
    held to the categories its pack record names (light only, or the categories listed)."""
    groups = []
    for kind, key in (("types", draft.type), ("descriptors", draft.descriptor)):
        entry = library.kind(kind).get(key)
        if entry is None or not entry.weapon_picks:
            continue
        categories = tuple(entry.weapon_picks_categories) or (
            ("light",) if entry.weapon_picks_light_only else CATEGORIES
        )
        extra = "extra " if kind == "descriptors" else ""
        source = f"{entry.name}'s {extra}weapon{'s' * (entry.weapon_picks != 1)}"
        groups.append(WeaponPick(source=source, count=entry.weapon_picks, categories=categories))
    return tuple(groups)


def either(words: Sequence[str]) -> str:
    """'light', 'medium or heavy', 'light, medium or heavy'."""
    return ", ".join(words[:-1]) + " or " * (len(words) > 1) + "".join(words[-1:])


def category_problem(library: Library, draft: Draft) -> tuple[str, int] | None:
    """Why the weapons chosen cannot each fill a pick of their category, and how many of
    the categories refused the picks hold (0: none may be of them), or None. Checked by
    Hall's condition on each set of categories: the weapons in the set are no more than
    the picks that take any of them."""
    groups = weapon_groups(library, draft)
    weapons = library.kind("weapons")
    chosen = [weapons[w].category for w in draft.weapons if w in weapons]
    for wanted in _category_sets():
        free = [g for g in groups if set(g.categories) & wanted]
        room = sum(g.count for g in free)
        if sum(1 for c in chosen if c in wanted) <= room:
            continue
        # The widest set the same picks hold: the refusal names what the others take.
        held = [c for c in CATEGORIES if all(g in free for g in groups if c in g.categories)]
        bound = [g for g in groups if g not in free]
        kinds = [c for c in CATEGORIES if any(c in g.categories for g in bound)]
        must = f"{' and '.join(g.source for g in bound)} must be {either(kinds)}"
        if not room:
            return f"{must}.", 0
        return f"{must}: at most {room} {either(held)} weapon{'s' * (room != 1)}.", room
    return None


def _category_sets() -> list[set[str]]:
    """Every non-empty set of categories, the smaller first."""
    sets = [{c for i, c in enumerate(CATEGORIES) if mask >> i & 1} for mask in range(1, 8)]
    return sorted(sets, key=len)


def weapons_problem(library: Library, draft: Draft) -> str | None:
    """Step 8: the weapons chosen fit the picks, each in the categories its pick takes
    (light where a pick must be light, medium or heavy where it must be)."""
    picks = weapon_picks(library, draft)
    weapons = library.kind("weapons")
    if not set(draft.weapons) <= set(weapons):
        return "Choose weapons from the list."
    if len(draft.weapons) > picks:
        return f"You may choose {picks} weapon{'s' * (picks != 1)}."
    found = category_problem(library, draft)
    return found[0] if found else None


def cypher_picks(library: Library, draft: Draft, campaign: Campaign) -> int:
    """Starting cyphers: none unless the GM allows some, never past the type's limit."""
    kind = library.kind("types").get(draft.type)
    return min(campaign.settings.starting_cyphers, kind.cypher_limit if kind else 0)


def cypher_load_of(library: Library, cyphers: Sequence[str]) -> int:
    """R-CYP-1: the starting cyphers' weight against the limit, as play counts it (an
    occultic cypher counts as two)."""
    pack = library.kind("cyphers")
    return cypher_load([pack[c].kind == "occultic" for c in cyphers if c in pack])


def cyphers_problem(library: Library, draft: Draft, campaign: Campaign) -> str | None:
    """Step 10: the GM's number of starting cyphers, from the pack, within the type's
    cypher limit where an occultic one counts as two (R-CYP-1)."""
    picks = cypher_picks(library, draft, campaign)
    if len(draft.cyphers) > picks:
        return f"You may start with {picks} cypher{'s' * (picks != 1)}."
    if not set(draft.cyphers) <= set(library.kind("cyphers")):
        return "Choose cyphers from the list."
    kind = library.kind("types").get(draft.type)
    limit = kind.cypher_limit if kind else 0
    if (load := cypher_load_of(library, draft.cyphers)) > limit:
        return f"An occultic cypher counts as two: {load} against a cypher limit of {limit}."
    return None


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
            if stray := [i for i in ids if i not in tier.abilities]:
                names = library.kind("abilities")
                wrong = ", ".join(names[i].name if i in names else i for i in stray)
                offered = ", ".join(names[i].name for i in tier.abilities if i in names)
                return f"Not on the type's first-tier list: {wrong} (it offers {offered})."
            if reason := choices_problem(library, draft.abilities, base_edge(library, draft)):
                return reason
            if len(draft.abilities) != tier.choose:
                noun = "ability" if tier.choose == 1 else "abilities"
                return f"Choose {tier.choose} {noun} ({len(draft.abilities)} chosen)."
        case 6:
            options = focus_tier_one(library, draft).choose_one
            if options and draft.focus_choice not in options:
                return "Choose one of the focus's first-tier abilities."
            wanted = skill_choices(library, draft)
            if len([s for s in draft.chosen_skills if s.strip()]) != wanted:
                return f"Name {wanted} skill{'s' * (wanted != 1)} you are trained in."
            if reason := answers_problem(library, draft):
                return reason
        case 7:
            if reason := weapons_problem(library, draft):
                return reason
            if draft.armor and draft.armor not in library.kind("armor"):
                return "Choose armor from the list."
            if draft.armor and not armor_offered(library, draft):
                return "Only an ability that brings starting armor lets you start in armor."
        case 9:
            return cyphers_problem(library, draft, campaign)
        case 10:
            if not draft.name.strip():
                return "Give your character a name."
            if len(draft.name) > 80:
                return "A name of 80 characters at most."
            if unseen_field(draft.name, "name"):
                # The same wall as a pack's or a Foundry actor's names: a direction
                # override or a zero width would turn or hide the name wherever it is drawn.
                return "A name cannot hold control or invisible characters (such as U+202E)."
            if taken := name_taken(draft.name, campaign):
                return f"{taken} is in the campaign already: give another name."
    return None


def name_taken(name: str, campaign: Campaign) -> str | None:
    """The name of the character in the campaign who goes by ``name`` already (any case,
    any spacing), or None: two of one name could not be told apart where a name is typed
    (the sheet's, a seat's)."""
    wanted = " ".join(name.split()).casefold()
    same = (c.name for c in campaign.characters.values())
    return next((n for n in same if " ".join(n.split()).casefold() == wanted), None)


def first_problem(library: Library, draft: Draft, campaign: Campaign) -> tuple[int, str] | None:
    """The first step that is not done, and why."""
    for step in range(REVIEW):
        if reason := problem(library, draft, step, campaign):
            return step, reason
    return None
