"""Buying advancement steps with XP, and moving up a tier (R-ADV-1)."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import AdvancementBought
from strange_tui.campaign.model.events.character import BOONS
from strange_tui.campaign.model.folds import armor, traits
from strange_tui.campaign.model.state import Character, Settings
from strange_tui.rules.errors import RuleViolation

STEP_COST_XP = 4
STEPS_PER_TIER = 4
MAX_TIER = 6
POOL_POINTS = 4
RECOVERY_STEP_BONUS = 2
MAIN_STEPS = ("pools", "edge", "effort", "skill")
OTHER_OPTIONS = ("armor", "recovery", "ability", *BOONS)
"""R-ADV-1: the "other options"; together they fill one of a tier's four steps at most."""


STEP_WORDS = {
    "pools": "+4 pool points",
    "edge": "+1 Edge",
    "effort": "+1 Effort",
    "skill": "a skill",
    "armor": "less armor cost",
    "recovery": "+2 to recovery rolls",
    "ability": "another type ability",
    "familiarity": "familiarity with a place or people",
    "contact": "a contact",
    "home": "a home",
    "title": "a title or job",
    "wealth": "wealth",
    "artifact": "an artifact",
}
"""Each step as a sentence names it (the sheet's advancements hold the keys)."""


def buy(
    character: Character, event: AdvancementBought, settings: Settings | None = None, now: int = 0
) -> Character:
    """R-ADV-1: pay 4 XP for a step not yet bought this tier; the fourth raises the tier.

    Steps: +4 pool points divided among the pools, +1 Edge, +1 Effort, a skill (trained,
    or specialized if already trained; training cancels an inability), or instead one of
    the other options: reduced armor cost, +2 to recovery rolls, another type ability, or a
    boon the sheet carries (familiarity, a contact, a home, a title, wealth, an artifact). Only
    one of a tier's four steps may be an other option. The step that raises the tier brings
    the new tier's abilities (``tier_abilities``, and the traits of what they do).
    """
    settings = settings or Settings()
    if problem := step_problem(character, event.step, settings):
        raise RuleViolation(problem)
    improved = _apply_step(character, event)
    bought = (*character.advancements, event.step)
    tier = character.tier
    if len(bought) == STEPS_PER_TIER:
        bought, tier = (), min(MAX_TIER, tier + 1)
    if event.tier_reached and event.tier_reached != tier:
        raise RuleViolation(f"This step brings {character.name} to tier {tier}.")
    if tier > character.tier:
        improved = _new_tier_abilities(improved, event)
    elif event.tier_abilities or event.improved_edge is not None:
        raise RuleViolation("A new tier's abilities come with the step that reaches it.")
    for trait in event.traits:
        improved = traits.gain(improved, trait)
    improved = armor.refit(improved, settings, now)
    return replace(improved, xp=character.xp - STEP_COST_XP, advancements=bought, tier=tier)


def step_problem(character: Character, step: str, settings: Settings) -> str | None:
    """R-ADV-1: why ``character`` cannot buy ``step`` now, or None."""
    if character.xp < STEP_COST_XP:
        return f"{character.name} has {character.xp} XP; a step costs {STEP_COST_XP}."
    if step in character.advancements:
        return f"{character.name} already bought {STEP_WORDS.get(step, step)} this tier."
    other = next((s for s in character.advancements if s in OTHER_OPTIONS), None)
    if step in OTHER_OPTIONS and other:
        return (
            f"{character.name} already took an other option this tier ({other}): only one of"
            " the four steps may be less armor cost, +2 recovery, an ability or a boon."
        )
    if step == "armor":
        return armor.step_problem(character, settings)
    return None


def open_steps(character: Character) -> tuple[str, ...]:
    """R-ADV-1: the steps ``character`` may still buy this tier (the other options only
    while none of them is taken)."""
    bought = character.advancements
    steps = [step for step in MAIN_STEPS if step not in bought]
    if not any(step in OTHER_OPTIONS for step in bought):
        steps += OTHER_OPTIONS
    return tuple(steps)


def _new_tier_abilities(character: Character, event: AdvancementBought) -> Character:
    """The new tier's abilities on the sheet (an older campaign's event may raise an Edge
    at 0 to 1 itself; a newer one's traits do)."""
    if event.improved_edge is not None:
        pool = character.pools[event.improved_edge]
        if pool.edge:
            raise RuleViolation(
                f"Only an Edge that is 0 rises this way; {event.improved_edge.value.title()}"
                f" Edge is {pool.edge}."
            )
        pools = character.pools.replace(event.improved_edge, replace(pool, edge=1))
        character = replace(character, pools=pools)
    return replace(character, abilities=(*character.abilities, *event.tier_abilities))


def _apply_step(character: Character, event: AdvancementBought) -> Character:
    match event.step:
        case "pools":
            if sum(event.pools.values()) != POOL_POINTS:
                raise RuleViolation(f"Divide exactly {POOL_POINTS} points among the pools.")
            pools = character.pools
            for stat, points in event.pools.items():
                pool = pools[stat]
                grown = replace(pool, current=pool.current + points, maximum=pool.maximum + points)
                pools = pools.replace(stat, grown)
            return replace(character, pools=pools)
        case "edge":
            if event.edge is None:
                raise RuleViolation("Choose the pool whose Edge rises.")
            pool = character.pools[event.edge]
            pools = character.pools.replace(event.edge, replace(pool, edge=pool.edge + 1))
            return replace(character, pools=pools)
        case "effort":
            return replace(character, effort=character.effort + 1)
        case "skill":
            return replace(character, skills=_trained(character.skills, event.skill))
        case "recovery":
            return replace(character, recovery_bonus=character.recovery_bonus + RECOVERY_STEP_BONUS)
        case "ability":
            if not event.ability:
                raise RuleViolation("Name the type ability to take.")
            return replace(character, abilities=(*character.abilities, event.ability))
        case step if step in BOONS:
            # R-ADV-1, seed 003: familiarity, a contact, a home, a title or job, wealth, an
            # artifact: the sheet says who, where or what.
            if not event.boon.strip():
                raise RuleViolation(f"Say what the {step} is (who, where or what).")
            boon = f"{step.title()}: {event.boon.strip()}"
            return replace(character, boons=(*character.boons, boon))
        case _:  # "armor": wearing armor costs what armor one category lighter would.
            return replace(character, armor_steps=character.armor_steps + 1)


def _trained(skills: dict[str, str], skill: str | None) -> dict[str, str]:
    if not skill:
        raise RuleViolation("Name the skill to train.")
    skills = dict(skills)
    current = skills.get(skill)
    if current == "specialized":
        raise RuleViolation(f"Already specialized in {skill}; choose another skill.")
    if current == "inability":
        del skills[skill]  # Training and an inability cancel out.
    else:
        skills[skill] = "specialized" if current == "trained" else "trained"
    return skills
