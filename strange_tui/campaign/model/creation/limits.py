"""The limits of creation's lists of ticks (RULES.md section 9, steps 6, 8 and 10): why one
more tick is refused where the player makes it, not only when they try to leave the step.

The limits are the content's: the type's number of first-tier abilities, the weapons of
their choice the type and descriptor give (each in the categories its record names), the
starting cyphers the GM allows within the type's cypher limit, an occultic one counting as
two (R-CYP-1)."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.creation.abilities import ability_label, split_key, tier_one
from strange_tui.campaign.model.creation.draft import Draft, Library
from strange_tui.campaign.model.creation.steps import (
    category_problem,
    cypher_load_of,
    cypher_picks,
    weapon_picks,
)
from strange_tui.campaign.model.state import Campaign

ABILITIES_STEP, WEAPONS_STEP, CYPHERS_STEP = 5, 7, 9


def counted(count: int, noun: str, nouns: str = "") -> str:
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def tick_refused(
    library: Library, draft: Draft, step: int, campaign: Campaign, key: str
) -> str | None:
    """Why ticking ``key`` (not ticked yet) at ``step`` is refused, or None: the list holds
    as many as it may already, or the tick breaks what the step asks (an ability taken
    twice, a medium weapon where the pick must be light, a light one where it must be
    medium or heavy, an occultic cypher past the limit). Unticking is never refused."""
    match step:
        case 5:
            return _ability_refused(library, draft, key)
        case 7:
            picks = weapon_picks(library, draft)
            if not picks:
                return no_weapons(library, draft)
            if len(draft.weapons) >= picks:
                return f"{counted(picks, 'weapon')} chosen already: untick one first."
            if found := category_problem(library, replace(draft, weapons=(*draft.weapons, key))):
                reason, room = found
                return f"{reason} Untick one first." if room else reason
        case 9:
            picks = cypher_picks(library, draft, campaign)
            if not picks:
                return "The GM allows no starting cyphers here."
            if len(draft.cyphers) >= picks:
                return f"{counted(picks, 'starting cypher')} chosen already: untick one first."
            return _cypher_refused(library, draft, key)
    return None


def _cypher_refused(library: Library, draft: Draft, key: str) -> str | None:
    """R-CYP-1: an occultic cypher counts as two against the type's cypher limit."""
    kind = library.kind("types").get(draft.type)
    limit = kind.cypher_limit if kind else 0
    load = cypher_load_of(library, (*draft.cyphers, key))
    if load <= limit:
        return None
    cypher = library.kind("cyphers").get(key)
    name = cypher.name if cypher else key
    untick = " Untick one first." if draft.cyphers else ""
    against = f"{load} against a cypher limit of {limit}.{untick}"
    if cypher is not None and cypher.kind == "occultic":
        return f"{name} is occultic and counts as two: {against}"
    return f"An occultic cypher counts as two: {name} would make {against}"


def _ability_refused(library: Library, draft: Draft, key: str) -> str | None:
    ability_id = split_key(key)[0]
    same = [taken for taken in draft.abilities if split_key(taken)[0] == ability_id]
    if same:
        name = ability_label(library, ability_id)
        return f"{name} is taken once: untick {ability_label(library, same[0])} first."
    choose = tier_one(library, draft).choose
    if len(draft.abilities) >= choose:
        return f"{counted(choose, 'ability', 'abilities')} chosen already: untick one first."
    return None


def no_weapons(library: Library, draft: Draft) -> str:
    """The words for a character with no weapons of their choice, and what they are
    practiced with: 'A Paradox starts with no weapons of their choice (practiced with light
    weapons).'"""
    kind = library.kind("types").get(draft.type)
    name = kind.name if kind else "character"
    kinds = list(kind.weapons) if kind else []
    practice = ", ".join(kinds[:-1]) + " and " * (len(kinds) > 1) + "".join(kinds[-1:])
    practice = f"{practice} weapons" if kinds else "none"
    article = "An" if name[:1].lower() in "aeiou" else "A"
    return f"{article} {name} starts with no weapons of their choice (practiced with {practice})."
