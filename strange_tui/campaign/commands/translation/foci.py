"""The foci taken on arrival (R-TR-8): what a participant's focus takes with it when they
leave it, what the new one gives (or gives back), and the picks its tiers ask."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.traits import unasked_trait
from strange_tui.campaign.model.travel import FocusKit
from strange_tui.rules.errors import RuleViolation


def focus_named(content: Library, name: str) -> Any:
    """The content's focus called ``name`` (or with that id), or None."""
    foci: Mapping[str, Any] = content.kind("foci")
    return foci.get(name) or next((f for f in foci.values() if f.name == name), None)


def ability_name(content: Library, ability_id: str) -> str:
    abilities = content.kind("abilities")
    return abilities[ability_id].name if ability_id in abilities else ability_id


def kit_left(content: Library, who: Character) -> FocusKit:
    """R-TR-8: what ``who``'s focus gave them and takes with it: the abilities of its tiers
    up to theirs that they have, and its skills they are trained in. (Skills chosen from a
    focus's list are not known apart from others: they stay.)"""
    focus = focus_named(content, who.focus)
    if focus is None:
        return FocusKit()
    granted = [
        ability_name(content, ability)
        for tier in focus.tiers
        if tier.tier <= who.tier
        for ability in (*tier.abilities, *tier.choose_one)
    ]
    have = list(who.abilities)
    taken: list[str] = []
    for name in granted:
        if name in have:
            have.remove(name)
            taken.append(name)
    skills = tuple(s for s in focus.skills if who.skills.get(s) in ("trained", "specialized"))
    leaving = {*taken, focus.name}
    traits = tuple(t for t in who.traits if t.name in leaving and t.source in ("ability", "focus"))
    return FocusKit(abilities=tuple(taken), skills=skills, traits=traits)


def kits_kept(
    content: Library | None, state: Campaign, foci: Mapping[str, str]
) -> dict[str, FocusKit]:
    """R-TR-8: what the focus each participant keeps (``foci``: the focus each has on
    arrival) gives them, for it to sleep through their acclimation (none known without
    the game content)."""
    if content is None:
        return {}
    kept: dict[str, FocusKit] = {}
    for pc, focus in foci.items():
        who = state.characters[pc]
        if focus == who.focus and (kit := kit_left(content, who)) != FocusKit():
            kept[pc] = kit
    return kept


def kit_taken(content: Library, who: Character, name: str, picks: Sequence[str]) -> FocusKit:
    """R-TR-8: what the focus ``name`` gives ``who``: what it gave them before (kept since
    they left it), else the abilities of its tiers up to theirs (one pick where a tier
    offers a choice) and its skills."""
    if name in who.travel.left:
        return who.travel.left[name]
    focus = focus_named(content, name)
    if focus is None:
        raise RuleViolation(f"No focus called {name} in the game content.")
    abilities: list[str] = []
    ids: list[str] = []
    for tier in sorted(focus.tiers, key=lambda t: t.tier):
        if tier.tier > who.tier:
            continue
        abilities += [ability_name(content, a) for a in tier.abilities]
        ids += list(tier.abilities)
        if len(tier.choose_one) == 1:
            abilities.append(ability_name(content, tier.choose_one[0]))
            ids.append(tier.choose_one[0])
        elif tier.choose_one:
            chosen = [a for a in tier.choose_one if a in picks]
            if len(chosen) != 1:
                options = ", ".join(ability_name(content, a) for a in tier.choose_one)
                raise RuleViolation(
                    f"{who.name} picks one of {focus.name}'s tier {tier.tier} abilities: {options}."
                )
            abilities.append(ability_name(content, chosen[0]))
            ids.append(chosen[0])
    known = content.kind("abilities")
    entries = [focus, *(known[a] for a in ids if a in known)]
    traits = tuple(
        unasked_trait(entry, source="focus" if entry is focus else "ability")
        for entry in entries
        if entry.effects
    )
    return FocusKit(abilities=tuple(abilities), skills=tuple(focus.skills), traits=traits)


def choices_of(content: Library, who: Character, name: str) -> list[tuple[int, tuple[str, ...]]]:
    """R-TR-8: the tiers (up to ``who``'s) of the focus ``name`` that ask for a pick, with
    their options (ability ids); none when the focus comes back as they left it."""
    focus = focus_named(content, name)
    if focus is None or name in who.travel.left or name == who.focus:
        return []
    return [
        (tier.tier, tuple(tier.choose_one))
        for tier in focus.tiers
        if tier.tier <= who.tier and len(tier.choose_one) > 1
    ]


def kit_words(kit: FocusKit | None) -> tuple[str, ...]:
    """A kit as the wizard lists it: abilities, then 'training in' each skill."""
    if kit is None:
        return ()
    return (*kit.abilities, *(f"training in {skill}" for skill in kit.skills))
