"""The first tier's abilities at creation: the choice an ability asks (melee or ranged, an
Edge at 0, starting armor), the names they go by, and the checks of what was picked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from strange_tui.campaign.model.creation.draft import Draft, Library
from strange_tui.rules.pools import Stat

ATTACK_KINDS = ("melee", "ranged")


STAT_NAMES = tuple(stat.value for stat in Stat)


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


def tier_one(library: Library, draft: Draft) -> Any:
    kind = library.kind("types")[draft.type]
    return next(tier for tier in kind.tiers if tier.tier == 1)


def focus_tier_one(library: Library, draft: Draft) -> Any:
    focus = library.kind("foci")[draft.focus]
    return next(tier for tier in focus.tiers if tier.tier == 1)
