"""What a creature does in numbers: its modifications and powers, the creatures' effect
vocabulary (RULES.md R-NPC-1, R-NPC-2).

A creature's pack entry lists ``effects``, small typed records told apart by their
``effect`` field, as an ability's are (``{ effect = "as-level", tasks = ["speed
defense"], level = 2 }``). The loader checks them like the rest of the pack; an NPC
brings its creature's records into the fight, and the model applies them where the table
acts: a PC's attack on it, a PC's defense against it, a task against its perception, its
turn. What no record captures stays in the summary, and the entry says ``narrative =
true``. ``docs/packs.md`` walks a pack author through them.
"""

# Annotations are evaluated here, not kept as text: an NPC's records are stored in the
# campaign's files, and msgspec would compile text annotations on every start.

from typing import Annotated, Literal

from msgspec import Meta, Struct

from strange_tui.content.effects import Range, StatName, TaskTag

Level = Annotated[int, Meta(ge=0, le=20)]
Label = Annotated[str, Meta(max_length=60)]
Situation = Annotated[str, Meta(max_length=160)]

DamageKind = Literal[
    "energy", "fire", "cold", "electricity", "acid", "sonic", "radiation", "poison",
    "psychic", "magic", "physical", "piercing", "bashing", "slashing",
]  # fmt: skip
"""The kinds of harm a creature's Armor, immunity or regeneration may single out; a PC's
attack says its kind when it has one (an energy weapon, a fire spell)."""

Immunity = Literal[
    "poison", "disease", "stun", "mental", "sleep", "grab", "knock down", "daze",
    "paralysis", "fire", "cold", "electricity", "acid", "energy", "psychic",
]  # fmt: skip
"""What cannot touch a creature: a condition it never takes (a stun, a grab), a kind of
attack that does nothing to it (mental: Intellect attacks and effects on the mind)."""

Condition = Literal[
    "stunned", "dazed", "paralysed", "prone", "grabbed", "blinded", "poisoned",
    "frightened", "asleep", "burning",
]  # fmt: skip
"""A condition a creature's hit (or area) may leave on a PC who fails the rider's task."""


class CreatureEffect(
    Struct,
    frozen=True,
    kw_only=True,
    forbid_unknown_fields=True,
    omit_defaults=True,
    tag_field="effect",
):
    """Base of every creature record: ``situational`` when the entry's text gives a
    condition ("when attacking from hiding"), said in ``situation``; the table says when it
    holds, and until then the preview names it and the sum leaves it out."""

    situational: bool = False
    situation: Situation = ""

    def __post_init__(self) -> None:
        if self.situational and not self.situation:
            raise ValueError("a situational record says its situation")


class AsLevel(CreatureEffect, frozen=True, kw_only=True, tag="as-level"):
    """R-NPC-1: the creature performs or resists ``tasks`` as a creature of ``level``, not
    its own: "Speed defense as level 2", "attacks as level 5", "perception as level 7"."""

    tasks: Annotated[tuple[TaskTag, ...], Meta(min_length=1)]
    level: Level


class Regenerates(CreatureEffect, frozen=True, kw_only=True, tag="regenerates"):
    """R-NPC-2: at the start of each of its turns the creature regains ``health`` (never
    past its most), unless it took damage of a kind in ``stopped_by`` since its last turn
    (a troll's fire), or is at 0 (only ``rises`` stands it up again)."""

    health: Annotated[int, Meta(ge=1, le=100)]
    stopped_by: tuple[DamageKind, ...] = ()


class KindArmor(CreatureEffect, frozen=True, kw_only=True, tag="armor"):
    """R-NPC-2: ``value`` more Armor (less, when negative: a weakness) against damage of
    the kind ``against``."""

    value: Annotated[int, Meta(ge=-10, le=30)]
    against: DamageKind


class Rider(CreatureEffect, frozen=True, kw_only=True, tag="rider"):
    """R-NPC-2: a PC its attack (``attack`` names which, "" every one) hits and damages
    makes a ``stat`` defense task at ``level`` (0: the creature's attack level); a failure
    moves them ``track`` steps down the damage track, and/or takes ``damage`` more points
    to ``pool`` (``ambient``: Armor does not stop it; ``lasting``: it heals only by days),
    and/or leaves ``condition`` on them for ``rounds`` rounds."""

    attack: Label = ""
    stat: StatName = "might"
    level: Level = 0
    track: Annotated[int, Meta(ge=0, le=3)] = 0
    damage: Annotated[int, Meta(ge=0, le=50)] = 0
    pool: StatName = "might"
    ambient: bool = False
    lasting: bool = False
    condition: Condition | Literal[""] = ""
    rounds: Annotated[int, Meta(ge=0, le=100)] = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        if not (self.track or self.damage or self.condition):
            raise ValueError("a rider moves the track, deals damage or leaves a condition")
        if self.condition and not self.rounds:
            raise ValueError("a rider's condition lasts some rounds")


class Attacks(CreatureEffect, frozen=True, kw_only=True, tag="attacks"):
    """R-NPC-2: the creature makes ``count`` attacks on its turn (several heads, claws and
    a bite), each against the same PC or another; ``damage`` each (0: its own)."""

    count: Annotated[int, Meta(ge=2, le=12)]
    damage: Annotated[int, Meta(ge=0, le=100)] = 0
    name: Label = ""


class AreaAttack(CreatureEffect, frozen=True, kw_only=True, tag="area"):
    """R-NPC-2: an attack on every PC within ``range`` (a breath, a blast): each defends
    with ``stat`` on its own; ``damage`` (0: the creature's own) on each who fails, to
    ``pool``; ``ignores_armor`` for harm Armor does not stop; ``half`` on a success."""

    name: Label
    damage: Annotated[int, Meta(ge=0, le=100)] = 0
    range: Range = "immediate"
    stat: StatName = "speed"
    pool: StatName = "might"
    ignores_armor: bool = False
    half: bool = False


class IgnoresArmor(CreatureEffect, frozen=True, kw_only=True, tag="ignores-armor"):
    """R-NPC-2: its attacks (``attack`` names which, "" every one) go through Armor."""

    attack: Label = ""


class Immune(CreatureEffect, frozen=True, kw_only=True, tag="immune"):
    """R-NPC-2: what cannot touch it: conditions it never takes, attacks that do nothing."""

    to: Annotated[tuple[Immunity, ...], Meta(min_length=1)]


class Rises(CreatureEffect, frozen=True, kw_only=True, tag="rises"):
    """R-NPC-2: brought to 0 it may stand up again the next round with ``health`` (0: all
    of it): a GM intrusion the GM is offered, never automatic."""

    health: Annotated[int, Meta(ge=0, le=1000)] = 0


AnyCreatureEffect = (
    AsLevel | Regenerates | KindArmor | Rider | Attacks | AreaAttack | IgnoresArmor | Immune
    | Rises
)  # fmt: skip
"""Every record a creature's entry may declare."""

Target = Literal["random", "nearest", "weakest", "strongest", "hurt-it"]
"""Whom an NPC the app plays attacks: by a die among every PC it can reach; the nearest
(the PC who last attacked it in melee, else by a die); the weakest (the PC with the fewest
points left, or furthest down the track); the strongest; or the PC who hurt it most."""

Flees = Literal["never", "hurt", "badly hurt", "losing"]
"""When an NPC the app plays makes a morale task to go on fighting: never (a mindless or
bound creature), once hurt, once badly hurt (half its health or less), or once its side is
losing (more of its side down than standing)."""


class Behaviour(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """How the app plays the creature in solo play, where it is the GM: its target, when
    it thinks of fleeing, and why, for the log ("she prefers escape to murder")."""

    target: Target = "random"
    flees: Flees = "badly hurt"
    why: Situation = ""
    """The entry's reason, said in the log when it flees or gives up."""
