"""Buying advancement steps with XP, and moving up a tier (R-ADV-1)."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.events import AdvancementBought
from strange_tui.campaign.state import Character
from strange_tui.rules.errors import RuleViolation

STEP_COST_XP = 4
STEPS_PER_TIER = 4
MAX_TIER = 6
POOL_POINTS = 4
RECOVERY_STEP_BONUS = 2


def buy(character: Character, event: AdvancementBought) -> Character:
    """R-ADV-1: pay 4 XP for a step not yet bought this tier; the fourth raises the tier.

    Steps: +4 pool points divided among the pools, +1 Edge, +1 Effort, a skill (trained,
    or specialized if already trained; training cancels an inability), or instead one of
    the other options: reduced armor cost, +2 to recovery rolls, another type ability.
    """
    if character.xp < STEP_COST_XP:
        raise RuleViolation(
            f"{character.name} has {character.xp} XP; a step costs {STEP_COST_XP} (R-ADV-1)."
        )
    if event.step in character.advancements:
        raise RuleViolation(f"{character.name} already bought {event.step} this tier (R-ADV-1).")
    improved = _apply_step(character, event)
    bought = (*character.advancements, event.step)
    tier = character.tier
    if len(bought) == STEPS_PER_TIER:
        bought, tier = (), min(MAX_TIER, tier + 1)
    return replace(improved, xp=character.xp - STEP_COST_XP, advancements=bought, tier=tier)


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
        case _:  # "armor": the cost of wearing armor falls; nothing else on the sheet moves.
            return character


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
