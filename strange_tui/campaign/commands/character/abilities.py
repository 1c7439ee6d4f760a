"""Using an ability (R-ABL-2): its cost from the packs, Edge and a weakness applied, its
lasting effects begun; and reading a character's abilities anew from the packs (R-ABL-1).

An ability that is an attack goes through ``Attack`` with its own damage, or a carried
weapon's with its modifier (``ability_weapons``); one that is a task goes through ``Roll``
with its cost (``Roll.ability``). This command is for the rest: a minute of +2 damage, a
ward, a ten-minute ease, and an action whose text asks no roll (a field to defend in for a
minute), used at its cost with its time kept and no roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.model.abilities import base_cost, cost_cut
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.effect_words import effect_words
from strange_tui.campaign.model.events import AbilityUsed, ActionGranted, AnyEvent, TraitsRead
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.traits import LASTING, Trait, unasked_trait
from strange_tui.content.effects import AttackMade, ExtraAction, TaskMade, Timed
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.effort import action_cost
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat, spend

MAX_EXTRA_POINTS = 20


def trait_named(who: Character, name: str) -> Trait:
    """The character's trait ``name`` (RuleViolation: none such)."""
    found = next((t for t in who.traits if t.name == name), None)
    if found is None:
        raise RuleViolation(f"{who.name} has no ability {name!r}.")
    return found


def ability_cost(who: Character, trait: Trait, extra: int = 0) -> tuple[int, list[str]]:
    """R-ABL-2, R-EFF-3, R-WEAK-1: the points using ``trait`` takes from its pool (its cost
    and the extra put in, less what other traits cut, less Edge, plus a weakness), and the
    parts in words."""
    if extra and not trait.cost_plus:
        raise RuleViolation(f"{trait.name} costs {trait.cost}: no more points go into it.")
    if not 0 <= extra <= MAX_EXTRA_POINTS:
        raise RuleViolation(f"Extra points run from 0 to {MAX_EXTRA_POINTS}.")
    cuts = cost_cut(who, trait.ability, trait.pool)
    base = base_cost(who, trait, extra)
    if trait.pool is None:
        return 0, []
    pool = who.pools[Stat(trait.pool)]
    cost = action_cost(ability_cost=base, edge=pool.edge, weakness=pool.weakness)
    parts = [f"cost {trait.cost}" + (f" + {extra}" if extra else "")]
    parts += [f"{source} −{n}" for source, n in cuts]
    parts += [f"Edge −{min(pool.edge, base)}"] if pool.edge and base else []
    parts += [f"weakness +{pool.weakness}"] if pool.weakness and cost else []
    return cost, parts


class AbilityPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What using the ability would do: its cost and how it is reached, the pool it is paid
    from, what begins and for how long; ``problem`` when it cannot be used."""

    name: str
    stat: Stat | None
    cost: int
    parts: tuple[str, ...] = ()
    lasting: tuple[str, ...] = ()
    seconds: int = 0
    roll: str = ""
    """"attack" or "task" when the ability goes through the attack or roll dialog."""
    problem: str | None = None


class UseAbility(Command, frozen=True, kw_only=True):
    """R-ABL-2: ``character`` uses the ability ``ability`` (a trait's name): its cost, with
    ``extra`` points for one that costs "N+", paid from its pool after Edge; its timed
    effects last from now (its time alone when the table reads what it does). No roll: an
    attack or a task is refused here. One command, one log line."""

    character: str
    ability: str
    extra: int = 0

    def event(self, state: Campaign) -> AbilityUsed:
        who = character_of(state, self.character)
        trait = trait_named(who, self.ability)
        if kind := rolled_as(trait):
            raise RuleViolation(
                f"{trait.name} is {'an' if kind == 'attack' else 'a'} {kind}: roll it."
            )
        cost, _ = ability_cost(who, trait, self.extra)
        timed = [e for e in trait.effects if isinstance(e, Timed)]
        if not cost and not timed:
            raise RuleViolation(f"{trait.name} is always in play: nothing to use.")
        stat = Stat(trait.pool) if trait.pool else None
        if cost and stat is not None:
            spend(who.pools, who.track, stat, cost)  # Refuses what the pool cannot pay.
        return AbilityUsed(
            character=who.id,
            ability=trait.name,
            stat=stat,
            cost=cost,
            extra=self.extra,
            effects=tuple(e for t in timed for e in t.effects),
            lasts=max((t.seconds for t in timed), default=0),
        )

    def preview(self, state: Campaign) -> AbilityPreview:
        who = character_of(state, self.character)
        trait = trait_named(who, self.ability)
        timed = [e for e in trait.effects if isinstance(e, Timed)]
        try:
            cost, parts = ability_cost(who, trait, self.extra)
        except RuleViolation as refused:
            cost, parts, problem = 0, [], str(refused)
        else:
            problem = None
        shown = AbilityPreview(
            name=trait.name,
            stat=Stat(trait.pool) if trait.pool else None,
            cost=cost,
            parts=tuple(parts),
            lasting=tuple(effect_words(e) for t in timed for e in t.effects),
            seconds=max((t.seconds for t in timed), default=0),
            roll=rolled_as(trait),
        )
        if problem is None and not shown.roll:
            try:
                self.event(state)
            except RuleViolation as refused:
                problem = str(refused)
        return replace(shown, problem=problem)

    def ability_used(self) -> str:
        return self.ability

    def takes_action(self, state: Campaign) -> bool:
        """R-CMB-8: an action ability is the action of its turn; an enabler is not."""
        who = state.characters.get(self.character)
        found = next((t for t in who.traits if t.name == self.ability), None) if who else None
        return bool(found and found.action)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        used = self.event(state)
        trait = trait_named(character_of(state, self.character), self.ability)
        return [used, *granted_actions(state, self.character, trait)]


def granted_actions(state: Campaign, character: str, trait: Trait) -> list[AnyEvent]:
    """R-CMB-8: the further actions an ability that gives them (``ExtraAction``) grants,
    used on its character's own turn in a fight; none elsewhere (nothing to add to)."""
    encounter = state.encounter
    active = encounter.active if encounter is not None else None
    if active is None or active.id != character:
        return []
    extra = sum(e.actions for e in trait.effects if isinstance(e, ExtraAction))
    return [ActionGranted(character=character, source=trait.name) for _ in range(extra)]


def rolled_as(trait: Trait) -> str:
    """ "attack" for an ability that makes an attack, "task" for one rolled as a task, ""
    for one that is simply used."""
    if any(isinstance(e, AttackMade) for e in trait.effects):
        return "attack"
    if any(isinstance(e, TaskMade) for e in trait.effects):
        return "task"
    return ""


def usable(who: Character) -> list[Trait]:
    """The abilities a player picks from to use: actions, and enablers with a cost."""
    return [t for t in who.traits if t.action or t.cost]


def traits_for(content: Library, who: Character) -> tuple[Trait, ...]:
    """R-ABL-1: what the character's type, descriptor, focus and abilities do, read from
    the packs by the names on the sheet (a name's brackets carry its pick: '(melee)'). The
    lasting numbers are left out (they are on the sheet already, or the GM sets them), and
    so is a choice the sheet does not record."""
    made = []
    for kind, name, source in (
        ("types", who.type, "type"),
        ("descriptors", who.descriptor, "descriptor"),
        ("foci", who.focus, "focus"),
    ):
        entry = _named(content, kind, name)
        if entry is not None and entry.effects:
            made.append(_quiet(entry, source=source))
    abilities = list(content.kind("abilities").values())
    for held in who.abilities:
        base, _, option = held.partition(" (")
        entry = next((a for a in abilities if a.name.casefold() == base.strip().casefold()), None)
        if entry is not None and (entry.effects or entry.kind == "action"):
            made.append(_quiet(entry, option=option.rstrip(")").strip().lower(), name=held))
    return tuple(t for t in made if t is not None)


def _quiet(
    entry: Any, *, source: str = "ability", option: str = "", name: str = ""
) -> Trait | None:
    """The trait of ``entry`` with its choices left out where the sheet does not say them,
    and without its lasting numbers."""
    trait = unasked_trait(entry, source=source, option=option, name=name)  # type: ignore[arg-type]
    return replace(trait, effects=tuple(e for e in trait.effects if not isinstance(e, LASTING)))


def _named(content: Library, kind: str, name: str) -> Any:
    return next((e for e in content.kind(kind).values() if e.name == name), None)


class ReadAbilities(Command, frozen=True, kw_only=True):
    """R-ABL-1: the GM reads what the characters' abilities do from the packs, for each
    sheet that holds none yet (a campaign begun before abilities carried their effects).
    The sheets' numbers stay as they are. One command, one undo step."""

    GM_ONLY = True
    GM_ACTION = "read the abilities anew from the packs"
    content: Library | None = None

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        if self.content is None:
            raise RuleViolation("The packs are needed to read the abilities from.")
        events = []
        for who in state.characters.values():
            traits = traits_for(self.content, who)
            if traits and not who.traits:
                events.append(TraitsRead(character=who.id, traits=traits))
        if not events:
            raise RuleViolation("Every sheet already holds what its abilities do.")
        return events
