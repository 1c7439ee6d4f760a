"""Hunters campaigns (R-HUN): hunters with skills, traits, equipment and vital statistics,
their wounds by type, and complex challenges in progress."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta, field

from strange_tui.campaign.model.types import Frozen, Id, Name, Points, Text
from strange_tui.rules import hunters

SkillPoints = Annotated[int, Meta(ge=0, le=10)]
TraitPoints = Annotated[int, Meta(ge=0, le=5)]
Vital = Literal["health", "resolve", "lucidity", "aura"]
DamageType = Literal["shocking", "bruising", "wounding", "traumatic", "crippling", "permanent"]


class HunterWound(Frozen):
    """Points of one damage type to one vital statistic, taken at an in-game second."""

    vital: Vital
    kind: DamageType
    points: Annotated[int, Meta(ge=1, le=100)]
    at: Annotated[int, Meta(ge=0, le=10**12)]


class LastRoll(Frozen):
    """R-HUN-5, R-HUN-7: a hunter's latest roll, for the damage it may deal: its event's
    number, what was rolled, its degrees (0: a failure) and whether the attacker raised the
    damage type (at +2 CR); ``used`` once damage from it was dealt."""

    seq: Annotated[int, Meta(ge=0)]
    label: Text = ""
    degrees: Annotated[int, Meta(ge=0, le=100)] = 0
    raised: bool = False
    used: bool = False


class Hunter(Frozen):
    """A Hunters character."""

    id: Id
    name: Name
    skills: dict[Name, SkillPoints] = field(default_factory=dict)
    traits: dict[Name, TraitPoints] = field(default_factory=dict)
    equipment: dict[Name, TraitPoints] = field(default_factory=dict)
    flaws: dict[Name, Annotated[int, Meta(ge=0, le=10)]] = field(default_factory=dict)
    vitals: dict[Vital, Annotated[int, Meta(ge=1, le=100)]] = field(
        default_factory=lambda: {"health": 10, "resolve": 10, "lucidity": 10, "aura": 10}
    )
    wounds: tuple[HunterWound, ...] = ()
    stable: tuple[Vital, ...] = ()
    """R-HUN-8: vital statistics stabilised since they last took damage (they do not
    worsen while disabled)."""
    last_roll: LastRoll | None = None

    def parts(self, vital: str) -> list[hunters.Wound]:
        """The wounds on ``vital`` as the rules count them."""
        return [
            hunters.Wound(kind=w.kind, points=w.points, at=w.at)
            for w in self.wounds
            if w.vital == vital
        ]

    def damage(self, vital: str, now: int) -> dict[str, int]:
        """R-HUN-7: the points of each type still on ``vital`` at ``now``."""
        return hunters.current(self.parts(vital), now)

    def unable(self, now: int) -> str | None:
        """R-HUN-8: why the hunter cannot act at ``now`` (dead, or disabled at 0 in a vital
        statistic), or None."""
        states = {v: hunters.condition(n, self.damage(v, now)) for v, n in self.vitals.items()}
        if "dead" in states.values():
            return f"{self.name} is dead."
        if disabled := [v for v, state in states.items() if state == "disabled"]:
            return f"{self.name} is disabled (0 {disabled[0]}) and cannot act."
        return None

    def damage_flaws(self, now: int) -> int:
        """R-HUN-7: flaws from trauma and worse damage still present."""
        return sum(hunters.flaws(self.damage(vital, now)) for vital in hunters.VITALS)


class Challenge(Frozen):
    """R-HUN-6: a complex challenge: a threshold worn down by remainders, roll by roll."""

    id: Id
    name: Name
    cr: Annotated[int, Meta(ge=1, le=32)]
    threshold: Points
    remaining: Points
    multiplier: Annotated[int, Meta(ge=1, le=3)] = 1
    interval: Annotated[int, Meta(ge=0, le=10**7)] = 0
    rolls: Points = 0
