"""Combat: initiative, attack and defense difficulties, swarms and bosses, conditions (R-CMB)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Annotated

import msgspec

from strange_tui.rules.errors import RuleViolation

LIGHT_WEAPON_EASE = 1
SWARM_SIZE = 4
SWARM_MIN_DAMAGE_BONUS = 2
BOSS_DAMAGE = 3
BOSS_LEVEL = 1
WEAPON_DAMAGE = {"light": 2, "medium": 4, "heavy": 6}

# R-CMB-4: the conditions the tracker knows, and how many steps they hinder.
# "hinders" are the creature's own tasks; "exposes" eases attacks against it.
CONDITIONS: dict[str, dict[str, int]] = {
    "stunned": {"hinders": 0, "exposes": 1, "loses_turn": 1},
    "dazed": {"hinders": 1, "exposes": 0, "loses_turn": 0},
    "distracted": {"hinders": 1, "exposes": 0, "loses_turn": 0},
    "impaired": {"hinders": 1, "exposes": 0, "loses_turn": 0},
    "prone": {"hinders": 0, "exposes": 1, "loses_turn": 0},
}


class Condition(
    msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True
):
    """A condition on a combatant and the rounds it has left (0: lasts the combat)."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    rounds: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 1

    @property
    def hinders(self) -> int:
        return CONDITIONS.get(self.name, {}).get("hinders", 0)

    @property
    def exposes(self) -> int:
        return CONDITIONS.get(self.name, {}).get("exposes", 0)

    @property
    def loses_turn(self) -> bool:
        return bool(CONDITIONS.get(self.name, {}).get("loses_turn", 0))


def initiative_order(
    pcs: Sequence[str], npcs: Sequence[str], succeeded: Iterable[str]
) -> tuple[str, ...]:
    """R-CMB-1: PCs who succeeded at their Speed task act first (in the players' order),
    then the NPCs, then the PCs who failed."""
    won = set(succeeded)
    return (*(p for p in pcs if p in won), *npcs, *(p for p in pcs if p not in won))


def initiative_difficulty(npc_levels: Iterable[int]) -> int:
    """R-CMB-1: the Speed task is set by the highest NPC level."""
    levels = list(npc_levels)
    if not levels:
        raise RuleViolation("Add an NPC first: initiative is set by the highest NPC level.")
    return max(levels)


def attack_difficulty(
    target_level: int, *, light: bool = False, target: Iterable[Condition] = (), boss: bool = False
) -> int:
    """R-CMB-2, R-CMB-4, R-CMB-5: a PC's attack is a task at the target's level, eased
    for a light weapon or bare hands and against an exposed (stunned, prone) foe; a boss
    defends one level higher."""
    exposed = sum(condition.exposes for condition in target)
    level = target_level + (BOSS_LEVEL if boss else 0)
    return max(0, level - (LIGHT_WEAPON_EASE if light else 0) - exposed)


def defense_difficulty(npc_level: int, *, npc: Iterable[Condition] = (), boss: bool = False) -> int:
    """R-CMB-3, R-CMB-4, R-CMB-5: a PC defends at the attacking NPC's level; an NPC whose
    tasks are hindered (dazed, distracted, impaired) is easier to defend against."""
    hindered = sum(condition.hinders for condition in npc)
    return max(0, npc_level + (BOSS_LEVEL if boss else 0) - hindered)


def attack_damage(weapon: int, effort_damage: int, special_bonus: int, armor: int) -> int:
    """R-CMB-2: weapon damage + Effort damage + special roll bonus - the target's Armor."""
    return max(0, weapon + effort_damage + special_bonus - armor)


def swarm(level: int, damage: int) -> tuple[int, int]:
    """R-CMB-5: four creatures act as one of the highest level + 1, dealing at least
    2 more damage. Returns (level, damage)."""
    return level + 1, damage + SWARM_MIN_DAMAGE_BONUS


def boss(damage: int) -> int:
    """R-CMB-5: the boss package adds 3 damage (and a level on attack and defense)."""
    return damage + BOSS_DAMAGE


def tick(conditions: Iterable[Condition]) -> tuple[Condition, ...]:
    """R-CMB-4: a round passes: each timed condition loses a round; at 0 it is gone.
    Conditions with rounds 0 last until the combat ends."""
    kept = []
    for condition in conditions:
        if condition.rounds == 0:
            kept.append(condition)
        elif condition.rounds > 1:
            kept.append(msgspec.structs.replace(condition, rounds=condition.rounds - 1))
    return tuple(kept)


def hindrance(conditions: Iterable[Condition]) -> int:
    """R-CMB-4: steps by which a combatant's own tasks are hindered."""
    return sum(condition.hinders for condition in conditions)
