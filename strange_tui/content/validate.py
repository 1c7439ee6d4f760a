"""Cross-checks over loaded content: references resolve, ids are unique, text is short."""

from __future__ import annotations

from strange_tui.content.effects import AttackMade, CostReduction, TaskMade
from strange_tui.content.loader import Content
from strange_tui.content.model import Ability, CharacterType, Focus, SoloEntry, Trade
from strange_tui.rules.combat import CONDITIONS

MAX_SUMMARY_LINES = 2
SOLO_KINDS = ("intrusions", "complications", "scenes", "gifts", "alterations")
DESCRIBED_KINDS = (
    "types", "descriptors", "foci", "abilities", "recursions", "creatures", "cyphers", *SOLO_KINDS,
    "trades", "meanings", "event_foci",
)  # fmt: skip


def problems(content: Content) -> list[str]:
    """Everything wrong with the content, as sentences; empty when all is well."""
    content.load_all()
    found = list(content.problems) + list(content.duplicates)
    abilities = content.kind("abilities")
    recursions = content.kind("recursions")
    for entry in content.kind("types").values():
        assert isinstance(entry, CharacterType)
        for tier in entry.tiers:
            found += [
                f"type {entry.id}: tier {tier.tier} ability {ability!r} is not defined"
                for ability in tier.abilities
                if ability not in abilities
            ]
    for entry in content.kind("foci").values():
        assert isinstance(entry, Focus)
        for tier in entry.tiers:
            found += [
                f"focus {entry.id}: tier {tier.tier} ability {ability!r} is not defined"
                for ability in (*tier.abilities, *tier.choose_one)
                if ability not in abilities
            ]
            if not tier.abilities and not tier.choose_one:
                found.append(f"focus {entry.id}: tier {tier.tier} offers nothing")
        tiers = [tier.tier for tier in entry.tiers]
        if tiers != sorted(set(tiers)):
            found.append(f"focus {entry.id}: tiers {tiers} are not one per tier, in order")
        found += [
            f"focus {entry.id}: recursion {recursion!r} is not defined"
            for recursion in entry.recursions
            if recursion not in recursions
        ]
        if not entry.recursions:
            found.append(f"focus {entry.id}: available in no recursion")
    for kind in ("types", "descriptors", "foci", "abilities"):
        for entry in content.kind(kind).values():
            found += effect_problems(f"{kind} {entry.id}", entry, abilities)
    for kind in SOLO_KINDS:
        for entry in content.kind(kind).values():
            assert isinstance(entry, SoloEntry)
            if entry.recursion and entry.recursion not in recursions:
                found.append(f"{kind} {entry.id}: recursion {entry.recursion!r} is not defined")
    for entry in content.kind("trades").values():
        assert isinstance(entry, Trade)
        found += trade_problems(entry)
    for kind in DESCRIBED_KINDS:
        for entry in content.kind(kind).values():
            for field in ("summary", "effect", "text"):
                text = getattr(entry, field, "")
                if text.count("\n") >= MAX_SUMMARY_LINES:
                    found.append(f"{kind} {entry.id}: {field} is longer than two lines")
    return found


def trade_problems(entry: Trade) -> list[str]:
    """R-SPEC-6: a trade's conditions are ones the tracker knows (rules/combat.py)."""
    return [
        f"trades {entry.id}: {field} {name!r} is not a condition the tracker knows"
        for field, name in (("condition", entry.condition), ("ends", entry.ends))
        if name and name not in CONDITIONS
    ]


def effect_problems(where: str, entry: object, abilities: dict) -> list[str]:
    """What an entry's effects get wrong beyond their shapes: a cost cut for an ability
    that does not exist, an attack or a task on an ability that is no action, or rolled
    with another stat than the pool its cost is paid from (R-ABL-2: the roll pays it), an
    entry that says nothing of what it does."""
    effects = getattr(entry, "effects", ())
    found = [
        f"{where}: a cost reduction for ability {effect.ability!r}, which is not defined"
        for effect in effects
        if isinstance(effect, CostReduction) and effect.ability and effect.ability not in abilities
    ]
    if getattr(entry, "kind", "action") != "action" and not getattr(entry, "cost", 0) and any(
        isinstance(effect, AttackMade | TaskMade) for effect in effects
    ):
        found.append(f"{where}: an attack or a task is made by an action (or an enabler's cost)")
    pool = getattr(entry, "pool", None)
    found += [
        f"{where}: its {'attack' if isinstance(effect, AttackMade) else 'task'} is rolled with"
        f" {effect.stat.title()}, but its cost is paid from {pool.title()} (the roll pays it)"
        for effect in effects
        if isinstance(effect, AttackMade | TaskMade) and pool and effect.stat != pool
    ]
    if isinstance(entry, Ability) and not effects and not entry.narrative:
        found.append(f"{where}: says neither what it does (effects) nor narrative = true")
    return found
