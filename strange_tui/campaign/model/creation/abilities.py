"""The first tier's abilities at creation: the one-of choice an ability's effects ask (the
kind of attack a damage bonus is for, an Edge to raise, armor to start in), the names they
go by, and the checks of what was picked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from strange_tui.campaign.model.creation.draft import Draft, Library
from strange_tui.campaign.model.traits import one_of_options
from strange_tui.content.effects import StartingArmor
from strange_tui.rules.pools import Stat

STAT_NAMES = tuple(stat.value for stat in Stat)


def split_key(key: str) -> tuple[str, str]:
    """An ability key's id and the choice it carries: 'combat-prowess:melee'."""
    ability, _, option = key.partition(":")
    return ability, option


def effects_of(library: Library, ability_id: str) -> tuple[Any, ...]:
    entry = library.kind("abilities").get(ability_id)
    return tuple(entry.effects) if entry else ()


def ability_options(library: Library, ability_id: str, edge: Mapping[Stat, int]) -> tuple[str, ...]:
    """What taking the ability asks the player to pick (none: nothing to pick): the kinds
    of attack its damage bonus may be for, or the Edges it may raise (``edge``: the Edges
    before it)."""
    return one_of_options(effects_of(library, ability_id), {s.value: n for s, n in edge.items()})


def asks_one_of(library: Library, ability_id: str) -> bool:
    """Whether the ability's effects ask a one-of pick (even when none is left to make)."""
    return any(
        type(effect).__name__ in ("DamageChoice", "EdgeChoice")
        for effect in effects_of(library, ability_id)
    )


def ability_keys(
    library: Library, ids: tuple[str, ...], edge: Mapping[Stat, int]
) -> list[tuple[str, str]]:
    """Each ability of ``ids`` as the player may take it, with its name: one entry per
    choice where it asks one ('<name> (melee)', '<name> (ranged)')."""
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
    """The name an ability key goes by on the sheet: '<name> (Intellect)' with its pick."""
    ability_id, option = split_key(key)
    entry = library.kind("abilities").get(ability_id)
    name = entry.name if entry else ability_id
    return f"{name} ({option.title() if option in STAT_NAMES else option})" if option else name


def choices_problem(
    library: Library, keys: tuple[str, ...], edge: Mapping[Stat, int]
) -> str | None:
    """Why the abilities ``keys`` are not taken as the rules ask: each once, with the
    one-of pick its effects ask (an Edge that is still 0 where it must be)."""
    ids = [split_key(key)[0] for key in keys]
    for key in keys:
        ability_id, option = split_key(key)
        name = ability_label(library, ability_id)
        if ids.count(ability_id) > 1:
            return f"{name} is taken once."
        options = ability_options(library, ability_id, edge)
        if asks_one_of(library, ability_id) and option not in options:
            if any(type(e).__name__ == "EdgeChoice" for e in effects_of(library, ability_id)):
                return f"{name}: choose an Edge that is 0 to raise to 1."
            return f"{name}: choose {' or '.join(options)} attacks."
        if not asks_one_of(library, ability_id) and option:
            return f"{name} asks no choice."
    return None


def armor_offered(library: Library, draft: Draft) -> bool:
    """Whether an ability chosen lets the character start with armor (its effects say so)."""
    return any(
        isinstance(effect, StartingArmor)
        for key in draft.abilities
        for effect in effects_of(library, split_key(key)[0])
    )


def tier_one(library: Library, draft: Draft) -> Any:
    kind = library.kind("types")[draft.type]
    return next(tier for tier in kind.tiers if tier.tier == 1)


def focus_tier_one(library: Library, draft: Draft) -> Any:
    focus = library.kind("foci")[draft.focus]
    return next(tier for tier in focus.tiers if tier.tier == 1)
