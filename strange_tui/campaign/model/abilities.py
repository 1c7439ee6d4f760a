"""What a character's abilities do right now: the Armor, trainings, damage, eased tasks,
assets and free Effort their traits and the abilities in use add, each with the name it
comes from, for the sheet, every preview and the log to itemise.

An effect counts when its condition holds for the character now (wearing armor or not,
impaired); a situational one, and Armor against one kind of harm, is listed beside the
sum for the table to judge, never added to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from strange_tui.campaign.model.acclimation import asleep_now
from strange_tui.campaign.model.effect_words import when_words
from strange_tui.campaign.model.events import AbilityUsed
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.types import ROUND_SECONDS
from strange_tui.content.effects import (
    ArmorBonus,
    ArmorPractice,
    AttackMade,
    CostReduction,
    DamageBonus,
    Inability,
    Practiced,
    TaskMade,
    Timed,
    Training,
    Unarmed,
)

Part = tuple[str, int]


def moment(state: Campaign) -> int:
    """The in-game second now: the clock, and in a fight the rounds fought so far (a round
    is six seconds), so that an ability's minute runs out over ten rounds."""
    encounter = state.encounter
    rounds = max(0, encounter.round - 1) if encounter is not None else 0
    return state.clock.seconds + rounds * ROUND_SECONDS


RANK = {"trained": 1, "specialized": 2}
LEVEL_OF = {1: "trained", 2: "specialized"}


@dataclass(frozen=True)
class Sourced:
    """One effect and the trait (or ability in use) it comes from."""

    source: str
    effect: Any


def held(character: Character, now: int | None = None) -> Iterator[Sourced]:
    """Every effect of the character's traits, and of the abilities in use that have not
    run out by ``now`` (None: no time given, so none of them); R-TR-8: a focus's traits
    count once its character has acclimated."""
    sleeping = asleep_now(character, now)
    for trait in character.traits:
        if trait.name in sleeping:
            continue
        for effect in trait.effects:
            yield Sourced(trait.name, effect)
    for active in character.active if now is not None else ():
        if active.until > now:  # type: ignore[operator]
            for effect in active.effects:
                yield Sourced(active.name, effect)


def holds(character: Character, effect: Any) -> bool:
    """Whether ``effect``'s condition holds for the character now (never for a
    situational one: the table decides those)."""
    worn = character.worn
    match effect.when:
        case "":
            return True
        case "wearing armor":
            return worn is not None
        case "no armor":
            return worn is None
        case "light or no armor":
            return worn is None or worn.category == "light"
        case "impaired":
            return character.impaired
    return False


def counting(character: Character, kind: type | tuple[type, ...], now: int | None) -> list[Sourced]:
    """The effects of ``kind`` that count now."""
    return [
        s for s in held(character, now) if isinstance(s.effect, kind) and holds(character, s.effect)
    ]


def situational(
    character: Character, kind: type | tuple[type, ...], now: int | None
) -> list[Sourced]:
    """The effects of ``kind`` whose condition is the table's call (or does not hold now)."""
    return [
        s
        for s in held(character, now)
        if isinstance(s.effect, kind) and not holds(character, s.effect)
    ]


def armor_parts(character: Character, now: int | None = None) -> list[Part]:
    """R-CMB-6: what the character's Armor is made of: the armor worn, the rest of the
    sheet's Armor (the descriptor's), and each trait's bonus that counts now."""
    worn = character.worn
    parts: list[Part] = []
    if worn is not None and worn.rating:
        parts.append((f"{worn.category} armor", worn.rating))
    if own := character.armor - (worn.rating if worn else 0):
        parts.append((character.descriptor or "sheet", own))
    parts += [
        (s.source, s.effect.value)
        for s in counting(character, ArmorBonus, now)
        if not s.effect.against
    ]
    return parts


def armor_total(character: Character, now: int | None = None) -> int:
    """The Armor that counts against every attack now."""
    return sum(n for _, n in armor_parts(character, now))


def armor_conditional(character: Character, now: int | None = None) -> list[str]:
    """Armor that counts only against some harm or in some situation, in words."""
    lines = []
    for s in held(character, now):
        if not isinstance(s.effect, ArmorBonus):
            continue
        if s.effect.against and holds(character, s.effect):
            lines.append(f"{s.source}: +{s.effect.value} Armor against {s.effect.against}")
        elif not holds(character, s.effect):
            lines.append(f"{s.source}: +{s.effect.value} Armor {when_words(s.effect)}")
    return lines


def skills_now(character: Character, now: int | None = None) -> dict[str, str]:
    """R-TASK-3: the sheet's skills with the trainings and inabilities its traits bring:
    training twice specializes (never past), training and an inability cancel; R-TR-8: a
    focus still asleep trains nothing yet."""
    levels: dict[str, int] = {}
    names: dict[str, str] = {}
    for skill, level in character.skills.items():
        key = skill.casefold()
        names.setdefault(key, skill)
        levels[key] = levels.get(key, 0) + (-1 if level == "inability" else RANK[level])
    for skill in character.travel.asleep.skills if asleep_now(character, now) else ():
        key = skill.casefold()
        if levels.get(key, 0) > 0:
            levels[key] -= 1  # R-TR-8: the training the sleeping focus gives waits.
    for s in counting(character, (Training, Inability), now):
        key = s.effect.skill.casefold()
        names.setdefault(key, s.effect.skill)
        step = -1 if isinstance(s.effect, Inability) else RANK[s.effect.level]
        levels[key] = levels.get(key, 0) + step
    for s in counting(character, Practiced, now):
        key = f"{s.effect.weapons} weapons" if s.effect.weapons != "guns" else "guns"
        if levels.get(key, 0) < 0:
            levels[key] = 0  # Practice takes the penalty away; it trains nothing.
    return {
        names[key]: "inability" if level < 0 else LEVEL_OF[min(level, 2)]
        for key, level in levels.items()
        if level
    }


def skill_sources(character: Character, skill: str, now: int | None = None) -> list[str]:
    """The traits that train ``skill`` (or make it an inability) now."""
    key = skill.casefold()
    return [
        s.source
        for s in counting(character, (Training, Inability), now)
        if s.effect.skill.casefold() == key
    ]


def attack_kinds(*, ranged: bool, category: str, gun: bool, unarmed: bool, bladed: bool = False,
                 ability: bool = False) -> set[str]:  # fmt: skip
    """The kinds an attack is, for the damage bonuses that name one."""
    kinds = {"all", "ranged" if ranged else "melee", category}
    kinds |= {"gun"} if gun else set()
    kinds |= {"unarmed", "bashing"} if unarmed else set()
    kinds |= {"bladed"} if bladed else set()
    kinds |= {"ability"} if ability else set()
    return kinds


def damage_parts(character: Character, kinds: Iterable[str], now: int | None = None) -> list[Part]:
    """The damage the traits and abilities in use add to a hit of these kinds."""
    wanted = set(kinds)
    return [
        (s.source, s.effect.value)
        for s in counting(character, DamageBonus, now)
        if s.effect.attacks in wanted
    ]


def damage_conditional(
    character: Character, kinds: Iterable[str], now: int | None = None
) -> list[str]:
    """Damage bonuses the table judges (against a quarry, from hiding), in words."""
    wanted = set(kinds)
    return [
        f"{s.source}: +{s.effect.value} damage {when_words(s.effect)}"
        for s in situational(character, DamageBonus, now)
        if s.effect.attacks in wanted
    ]


def armor_practice(character: Character) -> int:
    """How practiced in armor the traits make the character (0 to 3)."""
    return max((s.effect.level for s in counting(character, ArmorPractice, None)), default=0)


def unarmed_category(character: Character) -> str:
    """What bare hands count as: light, or heavier by a trait."""
    found = [s.effect.category for s in counting(character, Unarmed, None)]
    return "heavy" if "heavy" in found else ("medium" if found else "light")


def cost_cut(character: Character, ability: str, pool: str | None) -> list[Part]:
    """What the traits take off the cost of the ability ``ability`` paid from ``pool``."""
    return [
        (s.source, s.effect.value)
        for s in counting(character, CostReduction, None)
        if (not s.effect.ability or s.effect.ability == ability)
        and (not s.effect.pool or s.effect.pool == pool)
        and s.source != ""
    ]


def base_cost(character: Character, trait: Any, extra: int = 0) -> int:
    """R-ABL-2: what using ``trait`` costs before Edge: its cost and the extra put in, less
    what the other abilities cut, never below 0."""
    cuts = cost_cut(character, trait.ability, trait.pool)
    return max(0, trait.cost + extra - sum(n for _, n in cuts))


def ability_attacks(
    character: Character, *, with_weapons: bool = False
) -> list[tuple[str, AttackMade]]:
    """The attacks the character's action abilities make with their own damage (and with
    ``with_weapons``, those made with a weapon carried), by trait name."""
    return [(s.source, s.effect) for s in held(character) if isinstance(s.effect, AttackMade)
            and (with_weapons or not s.effect.weapon)]  # fmt: skip


def ability_task(character: Character, name: str) -> TaskMade | None:
    """The task the action ability ``name`` rolls, if it is one."""
    trait = next((t for t in character.traits if t.name == name), None)
    found = [e for e in trait.effects if isinstance(e, TaskMade)] if trait else []
    return found[0] if found else None


def timed_begun(character: Character, name: str) -> list[AbilityUsed]:
    """R-ABL-2: the timed effects an attack or task ability begins when rolled (its cost
    is the roll's), as the event that starts them; none for an ability without any."""
    trait = next((t for t in character.traits if t.name == name), None)
    timed = [e for e in trait.effects if isinstance(e, Timed)] if trait else []
    if not timed:
        return []
    effects = tuple(inner for t in timed for inner in t.effects)
    lasts = max(t.seconds for t in timed)
    return [AbilityUsed(character=character.id, ability=name, effects=effects, lasts=lasts)]


def active_now(character: Character, now: int) -> list[tuple[str, int]]:
    """The abilities in use and the seconds each has left."""
    return [(a.name, a.until - now) for a in character.active if a.until > now]
