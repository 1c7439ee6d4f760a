"""Combat: initiative, attack and defense difficulties, swarms and bosses, conditions (R-CMB)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from collections.abc import Iterable, Sequence
from typing import Annotated

import msgspec

from strange_tui.rules.errors import RuleViolation

LIGHT_WEAPON_EASE = 1
SWARM_SIZE = 4
SWARM_LEVEL = 1
SWARM_MIN_DAMAGE_BONUS = 2
BOSS_DAMAGE = 3
BOSS_LEVEL = 1
WEAPON_DAMAGE = {"light": 2, "medium": 4, "heavy": 6}

# R-CMB-4: the conditions the tracker knows, and how many steps they move.
# "hinders": the holder's own tasks; "exposes": eases attacks against it; "defense": steps
# on the holder's defense rolls (- eases); "no_effort": the holder cannot use Effort or
# action abilities to defend.
CONDITIONS: dict[str, dict[str, int]] = {
    "stunned": {"hinders": 0, "exposes": 1, "loses_turn": 1},
    "dazed": {"hinders": 1, "exposes": 0, "loses_turn": 0},
    "distracted": {"hinders": 1, "exposes": 0, "loses_turn": 0},
    "impaired": {"hinders": 1, "exposes": 0, "loses_turn": 0},
    "prone": {"hinders": 0, "exposes": 1, "loses_turn": 0},
    # R-ACT-1: covering fire hit this foe: its next attack is hindered.
    "pinned down": {"hinders": 1},
    # R-ACT-1: guarding: the guard's defense is eased.
    "guarding": {"defense": -1},
    # R-ACT-1: drawing the attack as a prominent character: that defense is hindered.
    "drawing the attack": {},
    "drawing the attack (prominent)": {"defense": 1},
    # R-ACT-1: waiting for a trigger (the condition's note names it).
    "waiting": {},
    # R-ACT-2: surprised: no Effort on defense; an unaware target is easier to hit
    # (R-CIR-1, advantage to the attacker).
    "surprised": {"exposes": 1, "no_effort": 1},
    # R-CIR-3: hit by a melee and a ranged attack in one round: its next task is hindered.
    "caught high and low": {"hinders": 1},
    # R-GRAB-1: held in a grapple (the note names the holder): the held one defends a
    # step harder (a held PC's defense rolls, attacks on a held NPC eased).
    "held": {"defense": 1, "exposes": 1},
}


class Condition(
    msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True
):
    """A condition on a combatant and the rounds it has left (0: lasts the combat).

    R-CMB-4: a round of a condition is one of its holder's own turns: ``rounds`` counts
    the holder's turns it still covers."""

    name: Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
    rounds: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 1
    note: Annotated[str, msgspec.Meta(max_length=120)] = ""
    """What the condition is about, in words (a wait's trigger, a hazard's source)."""
    damage: Annotated[int, msgspec.Meta(ge=0, le=100)] = 0
    """R-HAZ-1: a hazard's ambient damage to the holder each round (0: none)."""

    def _effect(self, key: str) -> int:
        return CONDITIONS.get(self.name, {}).get(key, 0)

    @property
    def hinders(self) -> int:
        return self._effect("hinders")

    @property
    def exposes(self) -> int:
        return self._effect("exposes")

    @property
    def loses_turn(self) -> bool:
        return bool(self._effect("loses_turn"))

    @property
    def defense(self) -> int:
        """Steps on the holder's defense rolls (- eases, + hinders)."""
        return self._effect("defense")

    @property
    def no_effort(self) -> bool:
        return bool(self._effect("no_effort"))


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


def swarm_split(creatures: int) -> tuple[int, int]:
    """R-CMB-5: ``creatures`` entered as a swarm make one swarm of every four; the rest
    (fewer than four) fight as single creatures. Returns (swarms, singles)."""
    if creatures < SWARM_SIZE:
        raise RuleViolation(
            f"A swarm is {SWARM_SIZE} creatures acting as one: {creatures} cannot make one"
            "."
        )
    return divmod(creatures, SWARM_SIZE)


def swarm(level: int, damage: int) -> tuple[int, int]:
    """R-CMB-5: four creatures act as one of the highest level + 1, dealing at least
    2 more damage. Returns (level, damage)."""
    return level + SWARM_LEVEL, damage + SWARM_MIN_DAMAGE_BONUS


def boss(damage: int) -> int:
    """R-CMB-5: the boss package adds 3 damage (and a level on attack and defense)."""
    return damage + BOSS_DAMAGE


def tick(conditions: Iterable[Condition]) -> tuple[Condition, ...]:
    """R-CMB-4: the holder's own turn ends: each timed condition loses a round; at 0 it is
    gone. Conditions with rounds 0 last until the combat ends."""
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


# R-CMB-6 (the seed's rule, the default): Armor, and what wearing it costs the unpracticed.
ARMOR = {"light": (1, 1, 2), "medium": (2, 2, 3), "heavy": (3, 3, 5)}
DISTANCES = (("immediate", 3), ("short", 15), ("long", 30))


def armor_burden(category: str, *, practiced: bool) -> tuple[int, int, int]:
    """R-CMB-6: (Armor, Might per hour, Speed pool reduction) for light, medium or heavy
    armor; a character practiced in armor pays nothing for wearing it."""
    try:
        armor, might, speed = ARMOR[category]
    except KeyError:
        raise RuleViolation(f"Armor is light, medium or heavy; not {category!r}.") from None
    return (armor, 0, 0) if practiced else (armor, might, speed)


def armor_effort_penalty(category: str) -> int:
    """R-CMB-6, the CSRD reading (an optional campaign setting): +1/+2/+3 to the cost of
    each level of Speed Effort for light/medium/heavy armor."""
    return ARMOR[category][0]


def distance_band(meters: float) -> str:
    """R-CMB-7: immediate up to 3 m, short up to 15 m, long up to 30 m; beyond is very long."""
    for name, limit in DISTANCES:
        if meters <= limit:
            return name
    return "very long"


def movement(band: str) -> str:
    """R-CMB-7: how moving that far fits into a turn."""
    return {
        "immediate": "as part of another action",
        "short": "the whole action",
        "long": "the whole action, perhaps with a Speed task",
    }.get(band, "more than one turn")


# R-MOVE-2: moving in a fight: the distances a turn knows, the Speed task of a long move
# unless the GM sets another, and the step difficult terrain adds to it.
FIGHT_MOVES = ("immediate", "short", "long")
LONG_MOVE_DIFFICULTY = 2
DIFFICULT_TERRAIN_STEP = 1


def fight_move(band: str, *, difficult: bool = False) -> str:
    """R-MOVE-2, R-CMB-7: what moving ``band`` takes of a PC's turn: an immediate distance
    is part of another action, a short or a long one the whole action. Difficult terrain
    halves a round's movement: an immediate distance takes the whole action, and a short
    or a long move gets only halfway in it (the rest is the next turn's)."""
    if band not in FIGHT_MOVES:
        raise RuleViolation(f"A move in a fight is immediate, short or long; not {band!r}.")
    if band == "immediate":
        return "the whole action" if difficult else "part of another action"
    return "the whole action, halfway there" if difficult else "the whole action"
