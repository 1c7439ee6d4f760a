"""An ability taken again (R-ADV-1): a pack entry that says it is ``repeatable`` ("can be
taken again for two other skills") is offered at later tiers while a way to take it is
left, and its questions leave out the answers the character took with it before.

An ability that is not repeatable is taken once: the sheet already holding it is the
reason it is not offered."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from msgspec.structs import replace

from strange_tui.campaign.model.state import Character
from strange_tui.content.effects import (
    DamageBonus,
    DamageChoice,
    OneOf,
    Training,
    TrainingChoice,
)


def held_names(who: Character) -> set[str]:
    """The abilities on the sheet by the entry's name (a pick's brackets left off)."""
    return {a.split(" (", 1)[0].strip() for a in who.abilities}


def answers_taken(who: Character, entry: Any) -> set[str]:
    """The answers (casefolded) ``who`` gave each time they took ``entry``: the skills, the
    kind of attack, the way; read from the effects where a trait is older than its picks."""
    taken: set[str] = set()
    for trait in who.traits:
        if trait.ability != entry.id and trait.name.split(" (", 1)[0] != entry.name:
            continue
        taken |= {p.casefold() for p in trait.picks}
        for effect in trait.effects:
            if isinstance(effect, Training):
                taken.add(effect.skill.casefold())
            elif isinstance(effect, DamageBonus):
                taken.add(effect.attacks)
    return taken


def narrowed(entry: Any, who: Character) -> Any:
    """``entry`` as ``who`` may take it now: a repeatable one held already asks without
    the answers taken before (the two skills taken, the weapon category taken); any other
    is as the pack has it."""
    if not getattr(entry, "repeatable", False) or entry.name not in held_names(who):
        return entry
    taken = answers_taken(who, entry)
    effects = []
    for effect in entry.effects:
        if isinstance(effect, TrainingChoice) and effect.options:
            effect = replace(effect, options=_left(effect.options, taken))
        elif isinstance(effect, DamageChoice):
            effect = replace(effect, options=_left(effect.options, taken))
        elif isinstance(effect, OneOf):
            effect = replace(effect, options=tuple(
                w for w in effect.options if w.name.casefold() not in taken))  # fmt: skip
        effects.append(effect)
    return replace(entry, effects=tuple(effects))


def _left(options: Iterable[str], taken: set[str]) -> tuple[Any, ...]:
    return tuple(o for o in options if o.casefold() not in taken)


def offered_again(entry: Any, who: Character) -> bool:
    """Whether ``entry`` may be offered to ``who``: not held, or repeatable with a way to
    take it left (enough skills not yet taken for its question)."""
    if entry.name not in held_names(who):
        return True
    if not getattr(entry, "repeatable", False):
        return False
    for effect in narrowed(entry, who).effects:
        if isinstance(effect, TrainingChoice) and effect.options:
            if len(effect.options) < effect.count:
                return False
        elif isinstance(effect, DamageChoice | OneOf) and not effect.options:
            return False
    return True


def repeat_problem(entry: Any, picks: Iterable[str], who: Character) -> str | None:
    """Why ``picks`` do not take ``entry`` again (an answer ``who`` took with it before),
    or None: a question open to any skill cannot leave its old answers out of a list."""
    if entry.name not in held_names(who):
        return None
    again = sorted({p for p in picks if p.casefold() in answers_taken(who, entry)})
    if again:
        return f"{entry.name} was taken with {', '.join(again)} before: choose others."
    return None
