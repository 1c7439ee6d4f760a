"""What an ability, descriptor, focus or type does in numbers: the effect vocabulary.

Each pack entry may list ``effects``, small typed records told apart by their ``effect``
field (``{ effect = "armor", value = 1 }``). The loader checks them like the rest of the
pack. The model applies them where the player acts: the sheet, every roll, attack, defense
and rest, and the choices creation and advancement ask. What no record captures stays in
the entry's summary, and the entry says ``narrative = true`` so nothing is dropped unseen.
``docs/packs.md`` explains each record to pack authors.

Past 300 lines: it is the one list of the records a pack may write, each with its check.
"""

# Annotations are evaluated here, not kept as text: a character's effects are stored in
# the campaign's files, and msgspec would compile text annotations on every start.

from typing import Annotated, Literal

from msgspec import Meta, Struct

StatName = Literal["might", "speed", "intellect"]
SkillName = Annotated[str, Meta(min_length=1, max_length=80)]
Small = Annotated[int, Meta(ge=0, le=20)]
Bonus = Annotated[int, Meta(ge=1, le=20)]
Steps = Annotated[int, Meta(ge=1, le=3)]
Situation = Annotated[str, Meta(max_length=160)]

When = Literal["", "wearing armor", "no armor", "light or no armor", "impaired", "situational"]
"""When an effect counts: always (""), by what the character wears or their damage track,
or "situational": only when the table says so (the preview names it, the sum leaves it
out). A situational effect says what the situation is in ``situation``."""

AttackKind = Literal[
    "all", "melee", "ranged", "gun", "light", "medium", "heavy", "bladed", "bashing",
    "unarmed", "thrown", "ability", "vehicle",
]  # fmt: skip
"""Which attacks a damage bonus adds to: every attack, by reach, by weapon category, by
the kind of weapon, bare hands, or the attacks abilities make."""

TaskTag = Literal[
    "all", "attacks", "melee attacks", "ranged attacks",
    "defense", "might defense", "speed defense", "intellect defense", "initiative",
    "might", "speed", "intellect",
    "perception", "stealth", "social", "persuasion", "deception", "intimidation",
    "movement", "climbing", "jumping", "swimming", "balancing", "running",
    "knowledge", "healing", "crafting", "repair", "driving", "piloting", "tracking",
    "chase", "escape", "translation", "cyphers",
]  # fmt: skip
"""The tasks an ease, hindrance, asset or free Effort applies to. A roll carries the
tags of its stat, its kind (an attack, a defense, initiative) and the words of its label
and skill: "perception" matches a roll labelled "Perception" or trained in "Perception and
navigation"."""

WeaponsKind = Literal["light", "medium", "heavy", "guns"]
TrainingLevel = Literal["trained", "specialized"]
Range = Literal["immediate", "short", "long", "very long"]
WeaponReach = Literal["", "melee", "ranged", "any"]
"""The weapons an ability's attack is made with: none (its own damage), melee ones (bare
hands too), ranged ones, or any."""
HitCondition = Literal["", "dazed", "stunned", "distracted", "prone"]
"""What an ability's hit may leave on a foe: conditions the tracker knows (R-CMB-4)."""


class Effect(
    Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="effect",
):
    """Base of every effect: ``when`` it counts, and the situation when that is the table's
    call."""

    when: When = ""
    situation: Situation = ""

    def __post_init__(self) -> None:
        if self.when == "situational" and not self.situation:
            raise ValueError("a situational effect says its situation")


class ArmorBonus(Effect, frozen=True, kw_only=True, tag="armor"):
    """+``value`` Armor; against one kind of harm only when ``against`` names it (then the
    defense preview lists it and the total leaves it out)."""

    value: Bonus
    against: Annotated[str, Meta(max_length=60)] = ""


class PoolBonus(Effect, frozen=True, kw_only=True, tag="pool"):
    """+``value`` to a pool's maximum (and its current points, when gained)."""

    stat: StatName
    value: Bonus


class PoolPoints(Effect, frozen=True, kw_only=True, tag="pool-points"):
    """``points`` the player divides among ``stats`` when taking the entry."""

    points: Bonus
    stats: tuple[StatName, ...] = ("might", "speed", "intellect")


class EdgeBonus(Effect, frozen=True, kw_only=True, tag="edge"):
    """+``value`` to one Edge."""

    stat: StatName
    value: Bonus


class EdgeChoice(Effect, frozen=True, kw_only=True, tag="edge-choice"):
    """+``value`` to the Edge the player picks among ``stats``; with ``zero_only``, only an
    Edge that is 0 may be picked, and it becomes ``value``."""

    value: Bonus = 1
    stats: tuple[StatName, ...] = ("might", "speed", "intellect")
    zero_only: bool = False


class EffortBonus(Effect, frozen=True, kw_only=True, tag="effort"):
    """+``value`` to the most Effort the character may apply."""

    value: Bonus


class RecoveryBonus(Effect, frozen=True, kw_only=True, tag="recovery"):
    """+``value`` to every recovery roll."""

    value: Bonus


class CypherLimit(Effect, frozen=True, kw_only=True, tag="cypher-limit"):
    """The cypher limit rises by ``add``, and is at least ``at_least``."""

    add: Small = 0
    at_least: Small = 0


class Training(Effect, frozen=True, kw_only=True, tag="skill"):
    """Trained (or ``level`` specialized) in ``skill``: a skill, a kind of task, or a
    defense ("Intellect defense"). Training a trained skill specializes it, never past."""

    skill: SkillName
    level: TrainingLevel = "trained"


class TrainingChoice(Effect, frozen=True, kw_only=True, tag="skill-choice"):
    """The player picks ``count`` skills among ``options`` (any skill when empty), each
    trained (or ``level``): "Trained in two of ...". ``label`` is the question asked."""

    count: Annotated[int, Meta(ge=1, le=6)]
    options: tuple[SkillName, ...] = ()
    level: TrainingLevel = "trained"
    label: Situation = ""


class Inability(Effect, frozen=True, kw_only=True, tag="inability"):
    """An inability in ``skill``: its tasks are hindered (training cancels it)."""

    skill: SkillName


class Practiced(Effect, frozen=True, kw_only=True, tag="practiced"):
    """No penalty with ``weapons``: cancels the type's inability with them."""

    weapons: WeaponsKind


class DamageBonus(Effect, frozen=True, kw_only=True, tag="damage"):
    """+``value`` damage on every hit with ``attacks``."""

    value: Bonus
    attacks: AttackKind = "all"


class DamageChoice(Effect, frozen=True, kw_only=True, tag="damage-choice"):
    """+``value`` damage on the attacks the player picks among ``options`` on taking it."""

    value: Bonus
    options: Annotated[tuple[AttackKind, ...], Meta(min_length=2)]


class Ease(Effect, frozen=True, kw_only=True, tag="ease"):
    """The ``tasks`` are eased ``steps`` steps."""

    tasks: Annotated[tuple[TaskTag, ...], Meta(min_length=1)]
    steps: Steps = 1


class Hinder(Effect, frozen=True, kw_only=True, tag="hinder"):
    """The ``tasks`` are hindered ``steps`` steps."""

    tasks: Annotated[tuple[TaskTag, ...], Meta(min_length=1)]
    steps: Steps = 1


class Asset(Effect, frozen=True, kw_only=True, tag="asset"):
    """``count`` assets on the ``tasks`` (at most two assets count on a task)."""

    tasks: Annotated[tuple[TaskTag, ...], Meta(min_length=1)]
    count: Annotated[int, Meta(ge=1, le=2)] = 1


class FreeEffort(Effect, frozen=True, kw_only=True, tag="free-effort"):
    """``levels`` of Effort on the ``tasks`` cost nothing."""

    tasks: Annotated[tuple[TaskTag, ...], Meta(min_length=1)]
    levels: Annotated[int, Meta(ge=1, le=3)] = 1


class ArmorPractice(Effect, frozen=True, kw_only=True, tag="armor-practice"):
    """Practice in armor: 1 wears armor with no Speed loss or tiring (and, by the CSRD's
    reading, one less point per level of Speed Effort); 2 two less; 3 none at all."""

    level: Annotated[int, Meta(ge=1, le=3)]


class StartingArmor(Effect, frozen=True, kw_only=True, tag="starting-armor"):
    """At creation, the player picks the armor the character starts with."""


class CostReduction(Effect, frozen=True, kw_only=True, tag="cost-reduction"):
    """Abilities (``ability`` by id; "" for every one paid from ``pool``, or every one when
    ``pool`` is "") cost ``value`` fewer points, never below 0."""

    value: Bonus
    ability: Annotated[str, Meta(max_length=64)] = ""
    pool: StatName | Literal[""] = ""


class Unarmed(Effect, frozen=True, kw_only=True, tag="unarmed"):
    """Bare hands count as a ``category`` weapon (its damage, no longer easing)."""

    category: Literal["medium", "heavy"]


class ExtraAction(Effect, frozen=True, kw_only=True, tag="extra-action"):
    """R-CMB-8: used on the character's own turn in a fight, the ability gives ``actions``
    more actions that turn (the log names it)."""

    actions: Annotated[int, Meta(ge=1, le=3)] = 1


class AttackMade(Effect, frozen=True, kw_only=True, tag="attack"):
    """The attack an action ability makes: ``damage`` on a hit within ``range``, rolled
    with ``stat``; ``ignores_armor`` for damage that goes through Armor; ``effort_damage``
    points for each level of Effort put on damage; ``area`` hits everyone the die reaches.
    ``name`` tells two attacks of one ability apart (a force ray, a mindslice).

    An attack made with a weapon ("a melee attack for 1 less damage") names the ``weapon``
    it takes instead of a damage: each weapon the character carries of that reach (bare
    hands count as melee) gives its damage + ``modifier``, its range and its category.
    ``condition`` is what a hit leaves on the foe for ``rounds`` of its turns (a daze)."""

    name: Annotated[str, Meta(max_length=40)] = ""
    damage: Annotated[int, Meta(ge=0, le=30)] | None = None
    weapon: WeaponReach = ""
    modifier: Annotated[int, Meta(ge=-6, le=6)] = 0
    """Damage added to the weapon's (- taken off), never below 0."""
    range: Range = "immediate"
    stat: StatName = "intellect"
    ignores_armor: bool = False
    effort_damage: Annotated[int, Meta(ge=0, le=6)] = 3
    area: bool = False
    eased: Annotated[int, Meta(ge=-3, le=3)] = 0
    """Steps the attack's task moves: + eased, - hindered."""
    condition: HitCondition = ""
    rounds: Annotated[int, Meta(ge=1, le=10)] = 1
    """The foe's turns the ``condition`` lasts."""
    categories: tuple[Literal["light", "medium", "heavy"], ...] = ()
    """With a ``weapon``: the categories of weapon it may take ("a light weapon"; empty:
    any)."""
    guns: bool = True
    """With a ``weapon``: False when no gun will do (a thrown weapon)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.weapon and (self.categories or not self.guns):
            raise ValueError("categories and guns pick among weapons: say the weapon")
        if self.weapon and (self.damage is not None or self.range != "immediate"):
            raise ValueError("an attack with a weapon takes its damage and range: say modifier")
        if not self.weapon and self.damage is None:
            raise ValueError("an attack says its damage, or the weapon it is made with")
        if self.modifier and not self.weapon:
            raise ValueError("modifier changes a weapon's damage: say the weapon")


class TaskMade(Effect, frozen=True, kw_only=True, tag="task"):
    """Using the action ability is a task rolled with ``stat`` (its difficulty the target's
    level or the GM's call), ``eased`` steps easier (- harder); no damage of its own."""

    stat: StatName = "intellect"
    eased: Annotated[int, Meta(ge=-3, le=3)] = 0


TimedEffect = ArmorBonus | DamageBonus | Ease | Hinder | Asset | FreeEffort | Training | EdgeBonus


class Timed(Effect, frozen=True, kw_only=True, tag="timed"):
    """While the ability is active: ``effects`` for ``rounds`` rounds, ``minutes`` or
    ``hours`` of game time from its use; then they are gone. With no ``effects`` (a field
    to defend with Intellect in: nothing the vocabulary says), the app keeps its time and
    shows it in use; the table reads what it does."""

    effects: tuple[TimedEffect, ...] = ()
    rounds: Small = 0
    minutes: Annotated[int, Meta(ge=0, le=1440)] = 0
    hours: Annotated[int, Meta(ge=0, le=48)] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if not (self.rounds or self.minutes or self.hours):
            raise ValueError("a timed effect lasts some rounds, minutes or hours")

    @property
    def seconds(self) -> int:
        """How long it lasts in game time (a round is six seconds)."""
        return self.rounds * ROUND_SECONDS + self.minutes * 60 + self.hours * 3600


ROUND_SECONDS = 6

PlainEffect = (
    ArmorBonus | PoolBonus | EdgeBonus | EffortBonus | RecoveryBonus | CypherLimit | Training
    | Inability | Practiced | DamageBonus | Ease | Hinder | Asset | FreeEffort | ArmorPractice
    | CostReduction | Unarmed | ExtraAction | AttackMade | TaskMade | Timed
)  # fmt: skip
"""The effects that ask nothing: what one way of taking a ``one-of`` entry brings."""


class Way(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """One way to take an entry that says "choose: this, or that": ``name`` as the player
    picks it (the sheet shows it in brackets: '<name> (guns)'), and the ``effects``
    it brings. ``action``: taken this way, the ability is an action used at the entry's
    cost; any other way, it is an enabler that costs nothing."""

    name: SkillName
    effects: tuple[PlainEffect, ...] = ()
    action: bool = False


class OneOf(Effect, frozen=True, kw_only=True, tag="one-of"):
    """The player takes the entry one of ``options`` ways ("trained with guns, or Spray");
    ``label`` is the question asked."""

    options: Annotated[tuple[Way, ...], Meta(min_length=2, max_length=8)]
    label: Situation = ""


AnyEffect = (
    ArmorBonus | PoolBonus | PoolPoints | EdgeBonus | EdgeChoice | EffortBonus | RecoveryBonus
    | CypherLimit | Training | TrainingChoice | Inability | Practiced | DamageBonus
    | DamageChoice | Ease | Hinder | Asset | FreeEffort | ArmorPractice | StartingArmor
    | CostReduction | Unarmed | ExtraAction | AttackMade | TaskMade | Timed | OneOf
)  # fmt: skip
"""Every effect a pack entry may declare."""

CHOICES = (PoolPoints, EdgeChoice, TrainingChoice, DamageChoice, StartingArmor, OneOf)
"""The effects that ask the player something when the entry is taken."""
