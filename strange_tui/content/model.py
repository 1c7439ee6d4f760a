"""The shapes of game content: what a pack may hold, strictly typed (msgspec).

A pack is a TOML file with a ``[pack]`` header and arrays of tables by kind:
``[[types]]``, ``[[descriptors]]``, ``[[foci]]``, ``[[abilities]]``, ``[[recursions]]``,
``[[creatures]]``, ``[[cyphers]]``, ``[[weapons]]``, ``[[armor]]``, ``[[trades]]``, the solo
tables (``[[intrusions]]``, ``[[complications]]``, ``[[scenes]]``, ``[[meanings]]``,
``[[gifts]]``, ``[[alterations]]``, ``[[event_foci]]``, ``[[task_words]]``). Entries
are keyed by ``id``; a later pack's entry replaces an earlier one with the same kind and id.
It runs past 300 lines because it is the one place that lists every kind's shape.
"""

from __future__ import annotations

from typing import Annotated, Literal

from msgspec import Meta, Struct

from strange_tui.content.creature_powers import AnyCreatureEffect, Behaviour
from strange_tui.content.effects import AnyEffect

Id = Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9-]{0,63}$")]
Name = Annotated[str, Meta(min_length=1, max_length=80)]
# One or two lines of the pack's own words.
Summary = Annotated[str, Meta(min_length=1, max_length=240)]
Points = Annotated[int, Meta(ge=0, le=100)]
Level = Annotated[int, Meta(ge=0, le=10)]
TierNumber = Annotated[int, Meta(ge=1, le=6)]
StatName = Literal["might", "speed", "intellect"]
TaskKind = Literal["attack", "defense", "social", "knowledge", "movement", "translation"]
Law = Literal["standard physics", "magic", "mad science", "psionics", "exotic"]


class Entry(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Base of every content entry."""

    id: Id
    name: Name


class Effects(Entry, frozen=True, kw_only=True):
    """An entry of the character (type, descriptor, focus, ability) and what it does in
    numbers (``content/effects.py``); ``narrative``: its summary says more than they capture,
    for the table to read."""

    effects: tuple[AnyEffect, ...] = ()
    narrative: bool = False


class Stats(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A number for each stat: pools, bonuses, or Edge."""

    might: Annotated[int, Meta(ge=-20, le=40)] = 0
    speed: Annotated[int, Meta(ge=-20, le=40)] = 0
    intellect: Annotated[int, Meta(ge=-20, le=40)] = 0


class PackHeader(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Who made a pack, and where its numbers come from."""

    id: Id
    name: Name
    version: Annotated[int, Meta(ge=1)] = 1
    source: Annotated[str, Meta(max_length=1000)] = ""
    editable: Annotated[str, Meta(max_length=1000)] = ""


class Ability(Effects, frozen=True, kw_only=True):
    """A special ability of a type or focus (CSRD Abilities)."""

    kind: Literal["action", "enabler"]
    cost: Points = 0
    cost_plus: bool = False  # "2+ Intellect points": more may be spent.
    pool: StatName | None = None
    summary: Summary
    repeatable: bool = False
    """It may be taken more than once ("can be taken again"): later tiers offer it again,
    its questions without the answers already taken (two other skills, another category)."""


class TypeTier(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The abilities a type offers at one tier, and how many to choose."""

    tier: TierNumber
    choose: Annotated[int, Meta(ge=0, le=10)]
    abilities: tuple[Id, ...]


class CharacterType(Effects, frozen=True, kw_only=True):
    """A type (Vector, Paradox, Spinner): pools, Edge, Effort, cyphers, ability lists."""

    based_on: Name
    summary: Summary
    pools: Stats
    bonus_points: Points
    edge: Stats
    edge_choices: tuple[Stats, ...] = ()  # If given, the player picks one of these instead.
    effort: Points = 1
    cypher_limit: Points
    weapons: tuple[Literal["light", "medium", "heavy"], ...]
    inabilities: tuple[Name, ...] = ()
    weapon_picks: Points = 0  # "weapons of your choice" at creation
    weapon_picks_light_only: bool = False
    weapon_picks_categories: tuple[Literal["light", "medium", "heavy"], ...] = ()
    """The categories those weapons must be in (empty: any; light when light only)."""
    equipment: tuple[Name, ...] = ()
    tiers: tuple[TypeTier, ...]


class ExtraPool(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A pool a descriptor adds (Lucky's Luck)."""

    name: Name
    maximum: Points


class Feature(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A descriptor's special characteristic that has no structured field."""

    name: Name
    summary: Summary
    effects: tuple[AnyEffect, ...] = ()
    narrative: bool = False


class SkillChoice(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A choice the player makes when taking a descriptor or focus: ``count`` skills from
    ``options`` (any skill when empty)."""

    count: Annotated[int, Meta(ge=1, le=5)]
    options: tuple[Name, ...] = ()
    summary: Summary


class Descriptor(Effects, frozen=True, kw_only=True):
    """A descriptor (Tough, Lucky...) and its mechanical effects."""

    summary: Summary
    based_on: Name | None = None
    pools: Stats = Stats()
    edge: Stats = Stats()
    extra_pools: tuple[ExtraPool, ...] = ()
    armor: Points = 0
    recovery_bonus: Points = 0
    skills: tuple[Name, ...] = ()
    inabilities: tuple[Name, ...] = ()
    skill_choices: tuple[SkillChoice, ...] = ()
    features: tuple[Feature, ...] = ()
    weapon_picks: Points = 0  # extra weapons of the player's choice
    weapon_picks_light_only: bool = False  # those extra weapons must be light (Tough)
    weapon_picks_categories: tuple[Literal["light", "medium", "heavy"], ...] = ()
    """The categories those extra weapons must be in (Strong: medium or heavy; empty: any)."""
    equipment: tuple[Name, ...] = ()


class FocusTier(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A focus's abilities at one tier: ``abilities`` are all granted, and the player
    picks one of ``choose_one`` (when the tier offers a choice)."""

    tier: TierNumber
    abilities: tuple[Id, ...] = ()
    choose_one: tuple[Id, ...] = ()


class Focus(Effects, frozen=True, kw_only=True):
    """A focus and the recursions where it can be taken."""

    summary: Summary
    recursions: tuple[Id, ...]
    draggable: bool = False
    skills: tuple[Name, ...] = ()
    skill_choices: tuple[SkillChoice, ...] = ()
    equipment: tuple[Name, ...] = ()
    tiers: tuple[FocusTier, ...]


class Recursion(Entry, frozen=True, kw_only=True):
    """A world the party can translate to."""

    summary: Summary
    level: Level
    laws: tuple[Law, ...]
    translation_difficulty: Level
    prime: bool = False
    unsourced: tuple[Name, ...] = ()  # Which numbers no source gives (the pack's choice).


class Creature(Entry, frozen=True, kw_only=True):
    """A creature or NPC (CSRD Creatures-NPCs): level, health, damage, Armor."""

    kind: Literal["creature", "npc"] = "creature"
    level: Level
    health: Annotated[int, Meta(ge=0, le=1000)]
    damage: Annotated[int, Meta(ge=0, le=100)]
    armor: Points = 0
    attack_pool: StatName = "might"
    """The pool its attack damages: Might, or Speed (a numbing poison) or Intellect (a
    psychic blast, which Armor does not stop)."""
    movement: Annotated[str, Meta(max_length=120)] = "short"
    modifications: tuple[Annotated[str, Meta(max_length=160)], ...] = ()
    """Its modifications as the entry's text says them, for the reader; ``effects`` says
    them (and its powers) in numbers (``content/creature_powers.py``)."""
    effects: tuple[AnyCreatureEffect, ...] = ()
    narrative: bool = False
    """Its summary says more than its effects capture: the GM's to play."""
    intrusion: Annotated[str, Meta(max_length=240)] = ""
    """The GM intrusion its entry suggests, in the pack's words, offered to the GM on a
    natural 1 against it or when the GM asks."""
    behaviour: Behaviour = Behaviour()
    """How the app plays it in solo play."""
    summary: Summary


class CypherDef(Entry, frozen=True, kw_only=True):
    """A cypher: how its level is found, anoetic or occultic, and its effect."""

    level: Annotated[str, Meta(pattern=r"^(\d+|1d(6|10|20)([+]\d+)?)$")]
    kind: Literal["anoetic", "occultic"]
    form: Annotated[str, Meta(max_length=120)] = ""
    effect: Summary


class Weapon(Entry, frozen=True, kw_only=True):
    """A weapon: its category sets its damage and whether it eases attacks (R-CMB-2)."""

    category: Literal["light", "medium", "heavy"]
    damage: Points
    ranged: bool = False
    range: Literal["immediate", "short", "long", "very long"] = "immediate"
    examples: tuple[Name, ...] = ()
    distinction: Literal["", "armor-piercing", "reaching", "slashing", "stabbing"] = ""
    """R-WPN-1 (an optional rule): what sets the weapon apart in an attack."""
    gun: bool = False
    """A firearm (or an energy gun): the abilities with guns count with it (R-CMB-2). An
    entry that does not say (a bow or a pistol) leaves it to the player's Gun box."""


class Armor(Entry, frozen=True, kw_only=True):
    """Armor by category (R-CMB-6): Armor, and the costs for the unpracticed."""

    category: Literal["light", "medium", "heavy"]
    armor: Points
    might_cost_per_hour: Points
    speed_reduction: Points
    examples: tuple[Name, ...] = ()


class SoloEntry(Entry, frozen=True, kw_only=True):
    """A line of one of the solo tables (our own words): ``name`` is its short title, ``text``
    what it says; ``recursion`` ("" for any) limits it to the party's recursion."""

    text: Summary
    recursion: Annotated[str, Meta(max_length=40)] = ""
    # Optional tags (empty: fits any): the stats and the kinds of task the line suits, so a
    # draw can fit the task at hand (content/solo_fit.py).
    stats: tuple[StatName, ...] = ()
    tasks: tuple[TaskKind, ...] = ()


class IntrusionIdea(SoloEntry, frozen=True, kw_only=True):
    """An example of one kind of GM intrusion (R-ORC-4: bad luck, a complication, an
    opponent's luck or skill, a fumble, partial success, increased difficulty)."""

    kind: Literal[
        "bad luck",
        "a complication",
        "an opponent's luck or skill",
        "a fumble",
        "partial success",
        "increased difficulty",
    ]


class ReferenceLine(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One line of a quick-reference ladder, in our own words: with a ``difficulty`` it is a
    task the GM can set (and ``stat`` the stat it rolls, when not the topic's); without,
    it is information only."""

    text: Annotated[str, Meta(min_length=1, max_length=160)]
    difficulty: Level | None = None
    stat: StatName | None = None


class ReferenceTopic(Entry, frozen=True, kw_only=True):
    """A ladder of the quick reference (R-REF-1, R-MOD-1, R-ART-1): climbing, riding,
    knowledge...; ``stat`` is the stat its tasks roll unless a line names another."""

    stat: StatName | None = None
    note: Annotated[str, Meta(max_length=240)] = ""
    lines: Annotated[tuple[ReferenceLine, ...], Meta(min_length=1)]


class Trade(Entry, frozen=True, kw_only=True):
    """R-SPEC-6: an effect a PC's hit may buy by giving up damage: ``cost`` plus the
    foe's level comes off the hit. ``does`` says it in the log ('knock {foe} down');
    ``condition`` (one the tracker knows) stays on the foe ``rounds`` (0: the rest of the
    fight), ``ends`` comes off it; a trade with neither is for the table to play out."""

    cost: Annotated[int, Meta(ge=1, le=20)]
    summary: Summary
    does: Annotated[str, Meta(min_length=6, max_length=80, pattern=r"^[^{}]*\{foe\}[^{}]*$")]
    condition: Annotated[str, Meta(max_length=40)] = ""
    rounds: Annotated[int, Meta(ge=0, le=100)] = 1
    ends: Annotated[str, Meta(max_length=40)] = ""


class Meaning(Entry, frozen=True, kw_only=True):
    """A word of a meaning table (our own words): ``name`` is the word or two-word phrase;
    ``table`` says which half of an action-and-subject pair it belongs to."""

    table: Literal["action", "subject"]


class EventFocus(Entry, frozen=True, kw_only=True):
    """R-EVT-1: what a random event is about (our own words): ``name`` in a few words,
    ``text`` what it asks of the player; ``picks`` the list it takes one from (a thread,
    a person met, a PC of the party; "" for none)."""

    text: Summary
    picks: Literal["", "thread", "person", "pc"] = ""


class TaskWords(Entry, frozen=True, kw_only=True):
    """Words that tell a task's kind from the words a player gave it ("persuade",
    "climb"), so the app's intrusions can fit a plain roll (content/solo_fit.py)."""

    task: TaskKind
    words: Annotated[
        tuple[Annotated[str, Meta(min_length=2, max_length=30)], ...],
        Meta(min_length=1, max_length=200),
    ]


KINDS: dict[str, type[Entry]] = {
    "types": CharacterType,
    "descriptors": Descriptor,
    "foci": Focus,
    "abilities": Ability,
    "recursions": Recursion,
    "creatures": Creature,
    "cyphers": CypherDef,
    "weapons": Weapon,
    "armor": Armor,
    "intrusions": IntrusionIdea,
    "complications": SoloEntry,
    "scenes": SoloEntry,
    "reference": ReferenceTopic,
    "trades": Trade,
    "meanings": Meaning,
    "gifts": SoloEntry,
    "alterations": SoloEntry,
    "event_foci": EventFocus,
    "task_words": TaskWords,
}
