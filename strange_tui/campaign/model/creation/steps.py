"""Each creation step's check (RULES.md section 9): why the player cannot leave it yet."""

from __future__ import annotations

from typing import Any

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


def weapons_problem(library: Library, draft: Draft) -> str | None:
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
        if (entry := library.kind(kind).get(key))
        and entry.weapon_picks
        and entry.weapon_picks_light_only
    ]
    return (
        f"{' and '.join(bound)} must be light: at most {free} medium or heavy"
        f" weapon{'s' * (free != 1)}."
    )


def cypher_picks(library: Library, draft: Draft, campaign: Campaign) -> int:
    """Starting cyphers: none unless the GM allows some, never past the type's limit."""
    kind = library.kind("types").get(draft.type)
    return min(campaign.settings.starting_cyphers, kind.cypher_limit if kind else 0)


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
            if unseen_field(draft.name, "name"):
                # The same wall as a pack's or a Foundry actor's names: a direction
                # override or a zero width would turn or hide the name wherever it is drawn.
                return "A name cannot hold control or invisible characters (such as U+202E)."
    return None


def first_problem(library: Library, draft: Draft, campaign: Campaign) -> tuple[int, str] | None:
    """The first step that is not done, and why."""
    for step in range(REVIEW):
        if reason := problem(library, draft, step, campaign):
            return step, reason
    return None
