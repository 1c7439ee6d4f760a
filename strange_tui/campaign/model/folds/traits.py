"""A trait gained or lost: the sheet's lasting numbers follow (a pool's maximum, an Edge,
Effort, the recovery bonus, the cypher limit); the other effects count when the character
acts (``model/abilities.py``)."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import AbilityUsed, TraitsRead
from strange_tui.campaign.model.state import Character
from strange_tui.campaign.model.traits import LASTING, ActiveEffect, Trait
from strange_tui.content.effects import (
    CypherLimit,
    EdgeBonus,
    EffortBonus,
    PoolBonus,
    RecoveryBonus,
)
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.track import can_act


def settled(character: Character, trait: Trait) -> Trait:
    """``trait`` with a cypher limit's "at least" made the number it adds to this sheet, so
    that losing the trait later takes back exactly what it gave."""
    effects = []
    for effect in trait.effects:
        if isinstance(effect, CypherLimit) and effect.at_least:
            rise = max(0, effect.at_least - (character.cypher_limit + effect.add))
            effect = CypherLimit(add=effect.add + rise)
        effects.append(effect)
    return replace(trait, effects=tuple(effects))


def gain(character: Character, trait: Trait) -> Character:
    """The character with ``trait``: its lasting numbers added (a pool's current points
    rise with its maximum)."""
    trait = settled(character, trait)
    character = _lasting(character, trait, sign=1)
    return replace(character, traits=(*character.traits, trait))


def lose(character: Character, name: str) -> Character:
    """The character without the trait ``name``: what it added to the numbers taken back
    (a pool's current points never above its maximum, never below 0)."""
    held = next((t for t in character.traits if t.name == name), None)
    if held is None:
        return character
    character = _lasting(character, held, sign=-1)
    rest = list(character.traits)
    rest.remove(held)
    return replace(character, traits=tuple(rest))


def _lasting(character: Character, trait: Trait, *, sign: int) -> Character:
    pools = character.pools
    effort, recovery, limit = character.effort, character.recovery_bonus, character.cypher_limit
    for effect in trait.effects:
        match effect:
            case PoolBonus(stat=stat, value=value):
                pool = pools[Stat(stat)]
                maximum = pool.maximum + sign * value
                if maximum < 1:
                    raise RuleViolation(f"{trait.name} would leave the {stat} pool empty.")
                current = min(maximum, max(0, pool.current + sign * value))
                pools = pools.replace(Stat(stat), replace(pool, maximum=maximum, current=current))
            case EdgeBonus(stat=stat, value=value):
                pool = pools[Stat(stat)]
                pools = pools.replace(
                    Stat(stat), replace(pool, edge=max(0, pool.edge + sign * value))
                )
            case EffortBonus(value=value):
                effort = max(1, effort + sign * value)
            case RecoveryBonus(value=value):
                recovery = max(0, recovery + sign * value)
            case CypherLimit(add=add):
                limit = max(0, limit + sign * add)
    return replace(
        character, pools=pools, effort=effort, recovery_bonus=recovery, cypher_limit=limit
    )


def use(character: Character, event: AbilityUsed, now: int) -> Character:
    """R-ABL-2: an ability used: its points paid from its pool, its lasting effects begun
    (the same ability used again starts them anew)."""
    if not can_act(character.track):
        raise RuleViolation(f"{character.name} is {character.track.label} and cannot act.")
    if not any(t.name == event.ability for t in character.traits):
        raise RuleViolation(f"{character.name} has no ability {event.ability!r}.")
    if event.cost and event.stat is None:
        raise RuleViolation(f"{event.ability}: a cost is paid from a pool.")
    if event.cost and event.stat is not None:
        paid = spend(character.pools, character.track, event.stat, event.cost)
        character = replace(character, pools=paid.pools, track=paid.track)
    if event.effects and not event.lasts:
        raise RuleViolation(f"{event.ability}: timed effects last a while.")
    active = tuple(a for a in character.active if a.name != event.ability and a.until > now)
    if event.lasts:  # Its time is kept even when the table reads what it does.
        until = now + event.lasts
        active += (ActiveEffect(name=event.ability, effects=event.effects, until=until),)
    return replace(character, active=active)


def read(character: Character, event: TraitsRead) -> Character:
    """R-ABL-1: the traits read anew from the packs; the sheet's numbers stay (a trait so
    read holds no lasting effect, so losing it takes nothing back)."""
    if any(isinstance(e, LASTING) for trait in event.traits for e in trait.effects):
        raise RuleViolation("Traits read anew leave the sheet's numbers as they are.")
    return replace(character, traits=event.traits)


def expire(character: Character, now: int) -> Character:
    """The abilities in use whose time is up are gone."""
    active = tuple(a for a in character.active if a.until > now)
    return character if active == character.active else replace(character, active=active)
