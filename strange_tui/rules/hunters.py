"""The Hunters: 2d6 + bonus against a Challenge Rating, defenses, degree and complex
challenges, and six damage types that heal at their own pace (R-HUN-1..8, seed 004).

"Double 1s always fail" is read as: two or more of the dice show 1 (with 3d6 or 4d6 too).
"""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

import itertools
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache

import msgspec

from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

MIN_CR, MAX_CR = 1, 32
DEGREE_STEP = 3
CR_LADDER: tuple[tuple[int, str], ...] = (
    (4, "barely worth rolling"),
    (7, "easy"),
    (10, "average"),
    (13, "difficult"),
    (16, "very difficult"),
    (19, "extremely difficult"),
    (22, "nearly impossible"),
    (32, "impossible"),
)
DEFENSE_BONUS = {"low": 0, "standard": 3, "high": 6}
RAISE_CR = 2
"""R-HUN-7: what raising the damage type of an attack adds to its CR."""

# R-HUN-4: the seed's situational modifiers (negative: against the one who rolls).
SITUATIONAL: dict[str, tuple[int, int]] = {
    "distracted": (-1, -1),
    "rushed": (-1, -1),
    "over encumbered": (-1, -1),
    "poor lighting": (-1, -1),
    "no lighting": (-2, -2),
    "interference": (-4, -1),
    "awkward position": (-1, -1),
    "extremely awkward position": (-2, -2),
    "asleep": (-2, -2),
    "trait": (1, 4),
    "tools": (1, 4),
    "aid": (1, 1),
}

# R-HUN-7: mildest first; seconds for one point to heal (None: never).
DAMAGE_TYPES: tuple[str, ...] = (
    "shocking",
    "bruising",
    "wounding",
    "traumatic",
    "crippling",
    "permanent",
)
HEAL_SECONDS: dict[str, int | None] = {
    "shocking": 60,
    "bruising": 3600,
    "wounding": 86_400,
    "traumatic": 7 * 86_400,
    "crippling": 30 * 86_400,
    "permanent": None,
}
FLAW_POINTS = {"traumatic": 1, "crippling": 2, "permanent": 2}
VITALS: tuple[str, ...] = ("health", "resolve", "lucidity", "aura")


def check_dice_count(dice: int) -> int:
    if dice not in (2, 3, 4):
        raise RuleViolation(f"The Hunters roll 2d6 (3d6 or 4d6 for the inhuman); not {dice}d6.")
    return dice


def check_cr(cr: int) -> int:
    if not MIN_CR <= cr <= MAX_CR:
        raise RuleViolation(f"Challenge Ratings run from {MIN_CR} to {MAX_CR}; {cr} is not one.")
    return cr


def total_bonus(skills: int = 0, traits: int = 0, equipment: int = 0, flaws: int = 0) -> int:
    """R-HUN-1: skills (0..10) + traits (0..5) + equipment (0..5) - flaws."""
    for name, value, top in (
        ("skills", skills, 10),
        ("traits", traits, 5),
        ("equipment", equipment, 5),
    ):
        if not 0 <= value <= top:
            raise RuleViolation(f"{name.title()} give 0 to +{top}; {value} is out of range.")
    if flaws < 0:
        raise RuleViolation("Flaws are 0 or more.")
    return skills + traits + equipment - flaws


def fumbled(dice: Sequence[int]) -> bool:
    """R-HUN-1: double 1s always fail (two or more dice showing 1)."""
    return sum(1 for die in dice if die == 1) >= 2


def succeeds(dice: Sequence[int], bonus: int, cr: int) -> bool:
    """R-HUN-1: the dice plus the bonus reach the CR, unless the dice fumbled."""
    return not fumbled(dice) and sum(dice) + bonus >= cr


def degrees(dice: Sequence[int], bonus: int, cr: int) -> int:
    """R-HUN-5: 0 on a failure; 1 for a success, one more for each full 3 points above."""
    if not succeeds(dice, bonus, cr):
        return 0
    return 1 + (sum(dice) + bonus - cr) // DEGREE_STEP


def cr_name(cr: int) -> str:
    """R-HUN-2: the ladder's word for a CR (the highest rung it reaches)."""
    name = "trivial"
    for rung, label in CR_LADDER:
        if cr >= rung:
            name = label
    return name


@cache
def _outcomes(dice_count: int) -> tuple[tuple[int, ...], ...]:
    return tuple(itertools.product(range(1, 7), repeat=dice_count))


def odds(bonus: int, cr: int, dice_count: int = 2) -> tuple[Fraction, dict[int, Fraction]]:
    """R-HUN-1, R-HUN-5: the exact chance of success, and of each number of degrees,
    counted over every outcome of the dice."""
    check_dice_count(dice_count)
    check_cr(cr)
    outcomes = _outcomes(dice_count)
    counts: dict[int, int] = {}
    for dice in outcomes:
        degree = degrees(dice, bonus, cr)
        if degree:
            counts[degree] = counts.get(degree, 0) + 1
    total = len(outcomes)
    return Fraction(sum(counts.values()), total), {
        d: Fraction(n, total) for d, n in sorted(counts.items())
    }


def roll(dice: DiceSource, dice_count: int = 2) -> tuple[int, ...]:
    check_dice_count(dice_count)
    return tuple(dice.roll(6) for _ in range(dice_count))


def defense_cr(default: int, bonuses: int, mode: str, skill_points: int) -> int:
    """R-HUN-3: Low = default + bonuses; Standard +3; High +6 (concentrating, one defense).
    Standard and High need at least 1 skill point in the defense; without, it is Low."""
    if mode not in DEFENSE_BONUS:
        raise RuleViolation(f"Defenses are low, standard or high; not {mode!r}.")
    if skill_points < 1:
        mode = "low"
    return default + bonuses + DEFENSE_BONUS[mode]


def situational(modifiers: Mapping[str, int]) -> int:
    """R-HUN-4: the sum of the situational modifiers, each within the seed's range."""
    total = 0
    for name, value in modifiers.items():
        low, high = SITUATIONAL.get(name, (-1, 1))  # "anything else worthy": 1 step
        if not low <= value <= high:
            raise RuleViolation(f"{name}: {value:+d} is outside {low:+d}..{high:+d}.")
        total += value
    return total


def against_person(challenger_bonus: int, defender_penalties: int) -> int:
    """R-HUN-4: against a person, the defender's unfavourable conditions count as the
    challenger's favourable ones (penalties are negative numbers)."""
    return challenger_bonus - defender_penalties


def complex_progress(threshold: int, total: int, cr: int, multiplier: int = 1) -> int:
    """R-HUN-6: the threshold left after a roll: a success takes off its remainder
    (total - CR) times the multiplier (x2 two-handed melee and firearms, x3 heavy turrets)."""
    if multiplier not in (1, 2, 3):
        raise RuleViolation("Remainders are multiplied by 1, 2 or 3.")
    if total < cr:
        return threshold
    return max(0, threshold - (total - cr) * multiplier)


def attack_damage(degree: int, *, tool_bonus: int = 0, raised: bool = False) -> list[str]:
    """R-HUN-7: one point per degree: the first of the base type (bruising, +1 type per +2 of
    tool, +1 if the attacker raised it at +2 CR), each further one a type higher."""
    base = DAMAGE_TYPES.index("bruising") + tool_bonus // 2 + int(raised)
    top = len(DAMAGE_TYPES) - 1
    return [DAMAGE_TYPES[min(top, base + n)] for n in range(degree)]


class Wound(msgspec.Struct, frozen=True, kw_only=True):
    """Points of one damage type, taken at an in-game second."""

    kind: str
    points: int
    at: int


def heal_times(wounds: Iterable[Wound]) -> list[tuple[str, int | None]]:
    """R-HUN-7: when each point heals (None: never). The points of one type heal one at a
    time, an interval each, in the order they were taken: two bruises taken together heal
    after one hour and after two; a bruise taken later waits for the ones before it."""
    points = sorted(
        ((wound.at, wound.kind) for wound in wounds for _ in range(wound.points)),
        key=lambda point: point[0],
    )
    free: dict[str, int] = {}  # when the type's healing is next free to start a point
    times: list[tuple[str, int | None]] = []
    for at, kind in points:
        rate = HEAL_SECONDS[kind]
        if rate is None:
            times.append((kind, None))
            continue
        done = max(at, free.get(kind, at)) + rate
        free[kind] = done
        times.append((kind, done))
    return times


def current(wounds: Iterable[Wound], now: int) -> dict[str, int]:
    """R-HUN-7: points of each type still there at ``now`` (each point of a type takes its
    own interval, in turn: see ``heal_times``)."""
    left: dict[str, int] = {}
    for kind, healed_at in heal_times(wounds):
        if healed_at is None or healed_at > now:
            left[kind] = left.get(kind, 0) + 1
    return left


def flaws(damage: Mapping[str, int]) -> int:
    """R-HUN-7: a 1-point flaw per trauma, 2 per crippling or permanent point, while present."""
    return sum(FLAW_POINTS.get(kind, 0) * points for kind, points in damage.items())


def condition(maximum: int, damage: Mapping[str, int]) -> str:
    """R-HUN-8: 'fine' above 0; at 0 'dead' if every point is crippling or worse, else
    'disabled' (unconscious, paralysed, vacant...)."""
    if maximum - sum(damage.values()) > 0:
        return "fine"
    grave = DAMAGE_TYPES.index("crippling")
    if all(DAMAGE_TYPES.index(kind) >= grave for kind, n in damage.items() if n):
        return "dead"
    return "disabled"


def worsening_kind(maximum: int, damage: Mapping[str, int]) -> str | None:
    """R-HUN-8: the type whose mildest point worsens in the next minute, or None: only a
    disabled target (at 0 points, not dead) whose mildest damage is wounding or traumatic
    worsens (until stabilised, which the caller knows)."""
    if condition(maximum, damage) != "disabled":
        return None
    present = sorted((kind for kind, n in damage.items() if n), key=DAMAGE_TYPES.index)
    if present and present[0] in ("wounding", "traumatic"):
        return present[0]
    return None


def worsen(damage: Mapping[str, int], minutes: int) -> dict[str, int]:
    """R-HUN-8: disabled and unstabilised, with wounding or traumatic as the mildest damage,
    the mildest point worsens one type each minute."""
    damage = {k: v for k, v in damage.items() if v}
    for _ in range(minutes):
        present = sorted(damage, key=DAMAGE_TYPES.index)
        if not present or present[0] not in ("wounding", "traumatic"):
            break
        mildest = present[0]
        worse = DAMAGE_TYPES[DAMAGE_TYPES.index(mildest) + 1]
        damage[mildest] -= 1
        if not damage[mildest]:
            del damage[mildest]
        damage[worse] = damage.get(worse, 0) + 1
    return damage
