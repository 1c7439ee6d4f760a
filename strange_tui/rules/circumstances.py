"""Attack and defense circumstances from the GM's cheat sheet (R-CIR-1, R-CIR-2), and the
pushed ranges of R-WPN-1: each gives one side the advantage by a number of steps.

A circumstance favours the *target* of an attack (the attack is hindered, a defense
eased) or the *attacker* (the reverse). A roll that is no attack counts its roller as
the one acting (the attacker's side): dim light hinders a search as it hinders a shot.
Circumstances of one group (lighting, mist, water, gravity, cover...) are alternatives:
at most one of each group at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import msgspec

from strange_tui.rules.combat import DISTANCES
from strange_tui.rules.errors import RuleViolation

Favours = Literal["target", "attacker", "none"]
Distinction = Literal["", "armor-piercing", "reaching", "slashing", "stabbing"]
"""R-WPN-1: the optional distinction a weapon carries ('' none)."""
Role = Literal["attacker", "target"]
"""Who rolls: the one acting (an attack, any task) or the one attacked (a defense)."""


class Circumstance(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the cheat sheet's attack and defense table."""

    id: str
    label: str
    favours: Favours
    steps: int = 1
    group: str = ""
    only: Literal["", "melee", "ranged"] = ""
    """The kind of attack it applies to ('' any)."""
    needs_support: bool = False
    """R-CIR-1: without a supporting task first the attack misses, unless the player
    spends 1 XP or the GM intrudes."""
    range_shift: int = 0
    """R-CIR-2: weapon ranges one category longer (+1) or shorter (-1)."""
    heavy_damage: int = 0
    """R-CIR-2: a change to a heavy weapon's damage (low gravity: -2)."""
    note: str = ""


def _c(id: str, label: str, favours: Favours, steps: int = 1, **more: object) -> Circumstance:
    return Circumstance(id=id, label=label, favours=favours, steps=steps, **more)  # type: ignore[arg-type]


# R-CIR-1, R-CIR-2, R-WPN-1 (pushed range). Numbers are the cheat sheet's; words our own.
CIRCUMSTANCES: dict[str, Circumstance] = {
    c.id: c
    for c in (
        _c("partial-cover", "partial cover", "target", group="cover"),
        _c(
            "total-cover",
            "total cover",
            "target",
            group="cover",
            note="the attack has to get through or around the cover",
        ),
        _c("hiding", "hiding target", "target", note="thick brush, crawling in rubble"),
        _c("higher-ground-attacker", "higher ground (attacker)", "attacker", group="higher ground"),
        _c("higher-ground-target", "higher ground (target)", "target", group="higher ground"),
        _c(
            "dim-light", "dim light", "target", group="light", note="a torch, a lamp, a bright moon"
        ),
        _c(
            "very-dim-immediate",
            "very dim light, immediate range",
            "target",
            group="light",
            note="starlight, a candle",
        ),
        _c(
            "very-dim-short",
            "very dim light, short range",
            "target",
            2,
            group="light",
            note="starlight, a candle",
        ),
        _c("darkness", "total darkness", "target", 4, group="light", needs_support=True),
        _c("invisible", "invisible target", "target", 4, needs_support=True),
        _c("mist", "mist", "target", group="mist"),
        _c("dense-mist-immediate", "dense mist, immediate range", "target", group="mist"),
        _c(
            "dense-mist-short",
            "dense mist, short range",
            "target",
            4,
            group="mist",
            needs_support=True,
        ),
        _c(
            "moving-attacker",
            "attacker jostled or mounted",
            "target",
            note="moving on your own feet costs nothing",
        ),
        _c("moving-target", "target only moving, and fast", "target"),
        _c("prone-melee", "prone target, melee", "attacker", group="prone", only="melee"),
        _c("prone-ranged", "prone target, ranged", "target", group="prone", only="ranged"),
        _c("point-blank", "point-blank range", "attacker", group="range", only="ranged"),
        _c("extreme-range", "extreme range", "target", group="range", only="ranged"),
        _c("pushed-200", "past long range, to 200 ft", "target", 2, group="range", only="ranged"),
        _c("pushed-500", "past long range, to 500 ft", "target", 4, group="range", only="ranged"),
        _c(
            "pushed-1000", "past long range, to 1,000 ft", "target", 6, group="range", only="ranged"
        ),
        _c("unaware", "unaware target", "attacker"),
        _c(
            "deep-water",
            "deep water",
            "target",
            group="water",
            note="chest-deep; creatures of the water ignore it",
        ),
        _c(
            "underwater-melee",
            "underwater, slashing or bashing",
            "target",
            2,
            group="water",
            only="melee",
            note="creatures of the water ignore it",
        ),
        _c(
            "underwater-ranged",
            "underwater, ranged",
            "target",
            group="water",
            only="ranged",
            range_shift=-1,
            note="no thrown or projectile weapons",
        ),
        _c(
            "low-gravity", "low gravity", "none", 0, group="gravity", range_shift=1, heavy_damage=-2
        ),
        _c("high-gravity", "high gravity", "target", group="gravity", range_shift=-1),
        _c("zero-gravity", "zero gravity", "target", group="gravity", range_shift=1),
        # R-WPN-1: these move nothing by themselves; they take a reaching weapon's edge
        # away (a foe with reach) or turn it against the wielder (close quarters).
        _c("close-quarters", "close quarters", "none", 0, note="a reaching weapon is hindered"),
        _c("foe-has-reach", "foe has reach", "none", 0, note="a reaching weapon gains nothing"),
    )
}


def circumstances_of(ids: Iterable[str], *, ranged: bool | None = None) -> tuple[Circumstance, ...]:
    """R-CIR-1, R-CIR-2: the circumstances ``ids`` name, checked: each known, once, at most
    one of a group, and (for an attack, ``ranged`` not None) each fitting its kind."""
    picked: list[Circumstance] = []
    groups: dict[str, Circumstance] = {}
    for cid in ids:
        circumstance = CIRCUMSTANCES.get(cid)
        if circumstance is None:
            raise RuleViolation(f"No circumstance {cid!r} on the cheat sheet.")
        if circumstance in picked:
            raise RuleViolation(f"{circumstance.label.capitalize()} counts once.")
        if circumstance.group and (other := groups.get(circumstance.group)):
            raise RuleViolation(
                f"Pick one {circumstance.group}: {other.label} or {circumstance.label}, not both."
            )
        if ranged is not None and circumstance.only and (circumstance.only == "ranged") != ranged:
            label = circumstance.label.capitalize()
            raise RuleViolation(f"{label} counts for {circumstance.only} attacks only.")
        if circumstance.group:
            groups[circumstance.group] = circumstance
        picked.append(circumstance)
    return tuple(picked)


def circumstance_steps(
    circumstances: Iterable[Circumstance], role: Role
) -> tuple[tuple[str, int], ...]:
    """R-CIR-1: each circumstance's steps on the roll of ``role`` (+ hinders, - eases):
    an advantage to the other side hinders the roll, one to the roller's side eases it."""
    steps = []
    for circumstance in circumstances:
        if circumstance.favours == "none" or not circumstance.steps:
            continue
        against = circumstance.favours != role
        steps.append((circumstance.label, circumstance.steps if against else -circumstance.steps))
    return tuple(steps)


def needs_support(circumstances: Iterable[Circumstance]) -> tuple[Circumstance, ...]:
    """R-CIR-1: the circumstances that make an attack miss without a supporting task (or
    1 XP, or the GM's intrusion)."""
    return tuple(c for c in circumstances if c.needs_support)


def range_shift(circumstances: Iterable[Circumstance]) -> int:
    """R-CIR-2: how many categories the circumstances move a weapon's range (+ longer)."""
    return sum(c.range_shift for c in circumstances)


def heavy_weapon_damage(circumstances: Iterable[Circumstance]) -> int:
    """R-CIR-2: the change to a heavy weapon's damage (low gravity: -2)."""
    return sum(c.heavy_damage for c in circumstances)


RANGES: tuple[str, ...] = (*(name for name, _ in DISTANCES), "very long")
"""R-CMB-7's range categories, shortest first (beyond long: very long)."""


def shifted_range(weapon_range: str, shift: int) -> str:
    """R-CIR-2: ``weapon_range`` moved ``shift`` categories (+ longer), within the ladder."""
    if weapon_range not in RANGES:
        raise RuleViolation(f"A range is {', '.join(RANGES)}; not {weapon_range!r}.")
    at = RANGES.index(weapon_range) + shift
    return RANGES[max(0, min(len(RANGES) - 1, at))]


ARMOR_PIERCED = 1
"""R-WPN-1: the Armor an armor-piercing weapon ignores (and the damage it loses against a
foe without Armor)."""
STABBING_HIGH = 17
STABBING_LOW = 5


def distinction_damage(distinction: Distinction, armor: int) -> int:
    """R-WPN-1: the change a distinction makes to every hit's damage against a foe with
    ``armor``: armor-piercing ignores 1 Armor (so +1 while there is Armor to ignore) and
    loses 1 against none; slashing +1 against none, -1 against Armor."""
    if distinction == "armor-piercing":
        return min(ARMOR_PIERCED, armor) if armor else -ARMOR_PIERCED
    if distinction == "slashing":
        return -1 if armor else 1
    return 0


def stabbing_damage(distinction: Distinction, die: int | None) -> int:
    """R-WPN-1: a stabbing weapon's hit does 1 more on a natural 17 or more and 1 less on
    a natural 5 or less (no die, an automatic hit: no change)."""
    if distinction != "stabbing" or die is None:
        return 0
    if die >= STABBING_HIGH:
        return 1
    return -1 if die <= STABBING_LOW else 0


def reach_steps(distinction: Distinction, circumstances: Iterable[Circumstance]) -> int:
    """R-WPN-1: a reaching weapon's steps on its attack (+ hinders): eased against a foe
    without reach, hindered in close quarters, nothing against a foe with reach."""
    if distinction != "reaching":
        return 0
    ids = {c.id for c in circumstances}
    if "close-quarters" in ids:
        return 1
    return 0 if "foe-has-reach" in ids else -1
