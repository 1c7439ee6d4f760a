"""A Foundry VTT Cypher System actor (the system `cyphersystem`, its `template.json`), as
much of it as a player character carries here: decoded with bounds, so a hostile file
(too big, too deep, huge strings, control or invisible characters in names) is refused in
one line, in words.

Fields we do not read are skipped; the ones we read are bounded and typed."""

# Annotations are evaluated here, not kept as text: msgspec compiles them on decode.

import re
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct, field

from strange_tui.content.controls import UNSEEN

MAX_ACTOR_BYTES = 4 * 1024 * 1024
"""An exported actor is tens of kilobytes; its images are paths, not data."""
MAX_ITEMS = 500

# A name becomes a character's, a cypher's or a skill's, drawn by every screen: none holds
# an escape code, a line break, or an invisible character (U+202E would turn the rest of
# the line around). A foreign file's name is refused, not cleaned: the player sees why.
FoundryName = Annotated[str, Meta(max_length=200, pattern=f"^[^{UNSEEN}\t\n]*$")]
Label = Annotated[str, Meta(max_length=200)]
Html = Annotated[str, Meta(max_length=100_000)]
Number = Annotated[float, Meta(ge=-100_000, le=100_000)]
Count = Annotated[int, Meta(ge=0, le=100_000)]


class Loose(Struct, kw_only=True):
    """Unknown fields are skipped (Foundry adds its own and modules add theirs)."""


class Pool(Loose):
    value: Number = 0
    max: Number = 0
    edge: Number = 0


class Pools(Loose):
    might: Pool = field(default_factory=Pool)
    speed: Pool = field(default_factory=Pool)
    intellect: Pool = field(default_factory=Pool)
    additional: Pool = field(default_factory=Pool)


class Advancement(Loose):
    """The tier's steps bought (Foundry's boxes)."""

    stats: bool = False
    effort: bool = False
    edge: bool = False
    skill: bool = False
    other: bool = False


class Basic(Loose):
    descriptor: Label = ""
    type: Label = ""
    focus: Label = ""
    additionalSentence: Label = ""
    tier: Number = 1
    effort: Number = 1
    xp: Number = 0
    advancement: Advancement = field(default_factory=Advancement)


class Recoveries(Loose):
    roll: Label = "1d6+1"
    oneAction: bool = False
    tenMinutes: bool = False
    oneHour: bool = False
    tenHours: bool = False


class DamageTrack(Loose):
    state: Label = "Hale"


class ArmorTotals(Loose):
    ratingTotal: Number = 0
    costTotal: Number = 0


class Combat(Loose):
    recoveries: Recoveries = field(default_factory=Recoveries)
    damageTrack: DamageTrack = field(default_factory=DamageTrack)
    armor: ArmorTotals = field(default_factory=ArmorTotals)


class EquipmentTotals(Loose):
    cypherLimit: Number = 2


class ActorSystem(Loose):
    basic: Basic = field(default_factory=Basic)
    pools: Pools = field(default_factory=Pools)
    combat: Combat = field(default_factory=Combat)
    equipment: EquipmentTotals = field(default_factory=EquipmentTotals)
    notes: Html = ""
    description: Html = ""


class ItemBasic(Loose):
    """The union of the item types' `basic` fields we read (each type has some)."""

    cost: Number | Label = 0
    pool: Label = ""
    rating: Number | Label = ""
    """A skill's rating ('Trained'), an armor's Armor (a number)."""
    damage: Number | Label = 0
    range: Label = ""
    type: Label | list[Number] = ""
    level: Number | Label = ""
    focus: Label = ""
    depletion: Label = ""
    identified: bool = True
    quantity: Number | None = 1


class StrangeFlags(Loose):
    """What our export adds that Foundry has no field for."""

    occultic: bool = False
    spent: bool = False
    recursion: Label = ""


class ItemFlags(Loose):
    strange: StrangeFlags = field(default_factory=StrangeFlags, name="strange-tui")


class ItemSystem(Loose):
    basic: ItemBasic = field(default_factory=ItemBasic)
    description: Html = ""
    active: bool = False
    """A recursion item: the recursion the character is in (a tag: switched on)."""


ItemType = Literal[
    "ability", "ammo", "armor", "artifact", "attack", "cypher", "equipment",
    "lasting-damage", "material", "oddity", "power-shift", "recursion", "skill", "tag",
]  # fmt: skip


class Item(Loose):
    name: FoundryName
    type: ItemType
    system: ItemSystem = field(default_factory=ItemSystem)
    flags: ItemFlags = field(default_factory=ItemFlags)


class Actor(Loose):
    name: FoundryName
    type: Literal["pc", "npc", "companion", "community", "vehicle", "marker"]
    system: ActorSystem = field(default_factory=ActorSystem)
    items: Annotated[list[Item], Meta(max_length=MAX_ITEMS)] = field(default_factory=list)

    def of_type(self, kind: str) -> list[Item]:
        return [item for item in self.items if item.type == kind]


class ActorError(ValueError):
    """Why a file is not an actor we can read (one line)."""


_decoder = msgspec.json.Decoder(Actor)


def decode_actor(data: bytes) -> Actor:
    """The actor ``data`` holds; ActorError says in one line why it is not one we read."""
    if len(data) > MAX_ACTOR_BYTES:
        raise ActorError(f"is more than {MAX_ACTOR_BYTES // (1024 * 1024)} MB: not an actor")
    try:
        actor = _decoder.decode(data)
    except msgspec.ValidationError as problem:
        raise ActorError(f"is not a Foundry actor: {in_words(str(problem))}") from None
    except msgspec.DecodeError as problem:
        raise ActorError(f"is not JSON: {problem}") from None
    except RecursionError:
        raise ActorError("nests too deep to be an actor") from None
    if actor.type != "pc":
        raise ActorError(f"is a Foundry {actor.type!r} actor, not a player character ('pc')")
    return actor


_AT = re.compile(r" - at `\$\.?(?P<path>[^`]*)`$")


def in_words(message: str) -> str:
    """msgspec's complaint said for a player: the field first, and what a name may not
    hold in words rather than as the regex that checks it."""
    found = _AT.search(message)
    what = message[: found.start()] if found else message
    if "matching regex" in what:
        what = (
            "holds a control or invisible character (an escape code, a line break,"
            " a direction override such as U+202E)"
        )
    elif longest := re.search(r"length <= (\d+)", what):
        what = f"is longer than {longest.group(1)} characters"
    return f"{found.group('path')}: {what}" if found and found.group("path") else what
