"""Step 7's questions: what the abilities, descriptor and focus taken ask (skills to pick,
points to divide), the answers' check, and the traits they make with the choices made."""

from __future__ import annotations

from typing import Any

from strange_tui.campaign.model.creation.abilities import (
    ability_label,
    focus_tier_one,
    split_key,
)
from strange_tui.campaign.model.creation.draft import Draft, Library
from strange_tui.campaign.model.traits import (
    Question,
    Source,
    Trait,
    questions,
    resolved,
    trait_of,
)
from strange_tui.rules.pools import Stat


def entries_taken(library: Library, draft: Draft) -> list[tuple[Any, str, Source]]:
    """(pack entry, one-of pick, source) for everything the draft's character takes that
    may carry effects: the type, descriptor and focus, their features, the abilities."""
    taken: list[tuple[Any, str, Source]] = []
    for kind, key, source in (
        ("types", draft.type, "type"),
        ("descriptors", draft.descriptor, "descriptor"),
        ("foci", draft.focus, "focus"),
    ):
        entry = library.kind(kind).get(key)
        if entry is not None:
            taken.append((entry, "", source))  # type: ignore[arg-type]
    descriptor = library.kind("descriptors").get(draft.descriptor)
    for feature in descriptor.features if descriptor else ():
        taken.append((feature, "", "feature"))
    keys = list(draft.abilities)
    if draft.focus in library.kind("foci"):
        tier = focus_tier_one(library, draft)
        keys += list(tier.abilities) + ([draft.focus_choice] if draft.focus_choice else [])
    abilities = library.kind("abilities")
    for key in keys:
        ability_id, option = split_key(key)
        if ability_id in abilities:
            taken.append((abilities[ability_id], option, "ability"))
    return taken


def draft_questions(library: Library, draft: Draft) -> list[Question]:
    """Step 7: every question the abilities, descriptor and focus taken ask."""
    return [
        q
        for entry, _, _ in entries_taken(library, draft)
        for q in questions(entry.name, entry.effects)
    ]


def answers_problem(library: Library, draft: Draft) -> str | None:
    """Why the draft's answers do not answer step 7's questions, or None: each entry's
    answers are read as the character will take them (its questions in order)."""
    edge = {stat.value: n for stat, n in base_edge(library, draft).items()}
    for entry, option, _ in entries_taken(library, draft):
        asked = questions(entry.name, entry.effects, picked=bool(option))
        if not asked:
            continue
        given = draft.answers.get(entry.name, ())
        try:
            resolved(entry.name, entry.effects, option=option, answers=given, edge=edge)
        except ValueError as problem:
            return str(problem)
        if reason := _too_many(entry.name, asked, given):
            return reason
    return None


def _too_many(name: str, asked: list[Question], given: tuple[str, ...]) -> str | None:
    """Why ``given`` holds more picks than ``asked`` takes, or None: one more than asked is
    refused as one fewer is, never dropped unsaid (points, 'might=2', go to a share)."""
    picks = [answer for answer in given if answer.strip() and "=" not in answer]
    wanted = sum(q.count for q in asked if q.kind != "points")
    if len(picks) > wanted:
        return f"{name}: choose {wanted} (chose {len(picks)})."
    if len(picks) < len([a for a in given if a.strip()]) and all(q.kind != "points" for q in asked):
        return f"{name}: asks no points to divide."
    return None


def traits_of(library: Library, draft: Draft, *, answered_only: bool = False) -> list[Trait]:
    """What everything the character takes does, choices made (ValueError names the first
    choice missing; with ``answered_only``, entries still waiting for one are left out)."""
    edge = {stat.value: n for stat, n in base_edge(library, draft).items()}
    made = []
    for entry, option, source in entries_taken(library, draft):
        # An action with nothing to apply (the GM narrates it) is still one to use, at its cost.
        if not entry.effects and getattr(entry, "kind", "") != "action":
            continue
        try:
            made.append(
                trait_of(
                    entry,
                    source=source,
                    option=option,
                    answers=draft.answers.get(entry.name, ()),
                    edge=edge,
                    name=ability_label(library, f"{entry.id}:{option}" if option else entry.id)
                    if source == "ability"
                    else entry.name,
                )
            )
        except ValueError:
            if not answered_only:
                raise
    return made


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
