"""The quick reference (R-REF-1, R-MOD-1, R-ART-1): the ladders a GM picks a difficulty
from, as topics of lines, each with its number.

Two sources, one list. The cheat sheet's ladders that the game applies nowhere else
(climbing, riding, knowledge, jumping, modifying abilities, identifying) are content, in
the ``reference`` pack kind, so a GM can amend them. Everything the rules already hold
(the difficulty ladder, crafting times, hazards, circumstances, objects' Armor) is read
from those tables here, never copied: the reference cannot show one number while a roll
applies another. The screen and ``strange-tui ref`` both print what this module builds.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from strange_tui.content.loader import Content
from strange_tui.content.model import ReferenceTopic
from strange_tui.rules.circumstances import CIRCUMSTANCES, Circumstance
from strange_tui.rules.crafting import CRAFTING_TIMES, materials
from strange_tui.rules.hazards import HAZARDS, OBJECT_ARMOR, Hazard
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import DIFFICULTY_NAMES, target_number

JUMP_EASING_FEET = 4
"""R-REF-1: a leap's difficulty is the feet it covers, less four."""

# The difficulty ladder's guidance, in our own words (the names and target numbers are
# the rules'): what each step feels like at the table.
LADDER_WORDS: tuple[str, ...] = (
    "anyone manages it",
    "most people pull it off without trouble",
    "takes some care, yet ordinary folk usually manage",
    "needs full attention, a coin toss for most",
    "a coin toss for someone trained",
    "even the trained fail often",
    "ordinary folk all but never manage",
    "out of reach without skill or a great effort",
    "a feat people retell for years",
    "a feat of legend",
    "beyond any human, though not against physics",
)

# R-HAZ-2: what each hardness is made of, for the reader (the Armor is the rules').
HARDNESS_EXAMPLES = {"hard": "stone", "very hard": "metal", "extremely hard": "diamond"}
SIDE_WORDS = {"target": "the target's advantage", "attacker": "the attacker's advantage"}


class RefLine(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the reference: what it says, the difficulty it sets and the stat it
    rolls (None: information only, or any stat), and its topic's name."""

    text: str
    difficulty: int | None = None
    stat: Stat | None = None
    topic: str = ""
    label: str = ""
    """What a roll opened from this line is called ("Climbing: a sheer pane of glass")."""

    @property
    def rollable(self) -> bool:
        """Whether choosing the line starts a roll (it sets a difficulty)."""
        return self.difficulty is not None


class Topic(msgspec.Struct, frozen=True, kw_only=True):
    """A ladder: its name, a note on how to read it, the stat its tasks roll, its lines."""

    id: str
    name: str
    lines: tuple[RefLine, ...]
    note: str = ""
    stat: Stat | None = None


def jump_difficulty(feet: int) -> int:
    """R-REF-1: a jump across ``feet`` is a Might task at feet - 4 (0 at the least)."""
    return max(0, feet - JUMP_EASING_FEET)


def topic(
    id: str, name: str, lines: Iterable[RefLine], *, note: str = "", stat: Stat | None = None
) -> Topic:
    """A topic whose lines carry its name (and its stat, where they name none)."""
    return Topic(
        id=id,
        name=name,
        note=note,
        stat=stat,
        lines=tuple(
            msgspec.structs.replace(line, topic=name, stat=line.stat or stat) for line in lines
        ),
    )


def difficulty_topic() -> Topic:
    """R-TASK-1: each step's name, the d20 it asks for, and what it feels like."""
    lines = []
    for step, name in enumerate(DIFFICULTY_NAMES):
        target = target_number(step)
        roll = f"target {target}" if target else "no roll"
        lines.append(RefLine(text=f"{name}, {roll}: {LADDER_WORDS[step]}", difficulty=step))
    return topic(
        "difficulty",
        "Difficulty",
        lines,
        note="The d20 must reach three times the difficulty; training, assets and Effort"
        " ease a task by steps.",
    )


def content_topic(entry: ReferenceTopic) -> Topic:
    """R-REF-1, R-MOD-1, R-ART-1: a ladder of the ``reference`` packs."""
    stat = Stat(entry.stat) if entry.stat else None
    lines = [
        RefLine(
            text=line.text,
            difficulty=line.difficulty,
            stat=Stat(line.stat) if line.stat else None,
            label=f"{entry.name}: {line.text}" if line.difficulty is not None else "",
        )
        for line in entry.lines
    ]
    return topic(entry.id, entry.name, lines, note=entry.note, stat=stat)


def materials_words(levels: tuple[int, ...]) -> str:
    """R-CRAFT-1: 'materials of levels 3, 2 and 1'; past three, 'of level 7 and every
    level below'."""
    if not levels:
        return "nothing special to build it from"
    if len(levels) == 1:
        return f"materials of level {levels[0]}"
    if len(levels) > 3:
        return f"materials of level {levels[0]} and every level below"
    *most, last = (str(level) for level in levels)
    return f"materials of levels {', '.join(most)} and {last}"


def crafting_topic() -> Topic:
    """R-CRAFT-1: an item of each level: the task's difficulty, the time, the materials."""
    lines = []
    for time in CRAFTING_TIMES:
        stuff = materials_words(materials(time.level))
        lines.append(
            RefLine(
                text=f"level {time.level} ({time.example}): {time.words}; {stuff}",
                difficulty=time.level,
                label=f"Craft a level {time.level} item",
            )
        )
    return topic(
        "crafting",
        "Crafting",
        lines,
        stat=Stat.INTELLECT,
        note="A task at the item's level. Training may shorten the time or spare the"
        " lowest material instead of easing the task.",
    )


def hazard_text(hazard: Hazard) -> str:
    """R-HAZ-1: 'minor fire: 3 damage each round (a torch)'."""
    every = (
        " each round" if hazard.per_round else " per 10 feet fallen" if hazard.per_ten_feet else ""
    )
    text = f"{hazard.label}: {hazard.damage} damage{every}"
    if hazard.loses_action:
        text += "; often the next action is lost too"
    return f"{text} ({hazard.note})" if hazard.note else text


def hazard_topic() -> Topic:
    return topic(
        "hazards",
        "Hazards",
        (RefLine(text=hazard_text(hazard)) for hazard in HAZARDS.values()),
        note="Ambient damage: Armor does not reduce it. One that hurts each round goes on"
        " until the character is out of it.",
    )


def circumstance_text(circumstance: Circumstance) -> str:
    """R-CIR-1, R-CIR-2: who gains and by how many steps, and what else it changes."""
    steps = circumstance.steps
    if circumstance.favours == "none" or not steps:
        parts = ["no side gains a step"]
    else:
        parts = [f"{SIDE_WORDS[circumstance.favours]}, {steps} step{'s' if steps > 1 else ''}"]
    if circumstance.only:
        parts.append(f"{circumstance.only} attacks only")
    if circumstance.range_shift:
        way = "longer" if circumstance.range_shift > 0 else "shorter"
        parts.append(f"weapon ranges one category {way}")
    if circumstance.heavy_damage:
        parts.append(f"heavy weapons {circumstance.heavy_damage:+d} damage")
    if circumstance.needs_support:
        parts.append("a supporting task first, else a miss (or 1 XP, or the GM intrudes)")
    text = f"{circumstance.label}: {'; '.join(parts)}"
    return f"{text} ({circumstance.note})" if circumstance.note else text


def circumstance_topic() -> Topic:
    return topic(
        "circumstances",
        "Circumstances in a fight",
        (RefLine(text=circumstance_text(c)) for c in CIRCUMSTANCES.values()),
        note="Each step of advantage eases that side's roll or hinders the other's; an"
        " ordinary task counts its roller as the attacker.",
    )


def objects_topic() -> Topic:
    """R-HAZ-2: the Armor of an object by how hard it is."""
    return topic(
        "objects",
        "Attacking objects",
        (
            RefLine(text=f"{hardness} ({HARDNESS_EXAMPLES.get(hardness, '')}): Armor {armor}")
            for hardness, armor in OBJECT_ARMOR.items()
        ),
        note="Soft things have no Armor.",
    )


def reference_topics(content: Content) -> tuple[Topic, ...]:
    """Every topic of the quick reference, in the order a GM reaches for them: the ladder,
    the packs' ladders, then crafting, hazards, circumstances and objects."""
    packs = [
        content_topic(entry)
        for entry in content.kind("reference").values()
        if isinstance(entry, ReferenceTopic)
    ]
    return (
        difficulty_topic(),
        *packs,
        crafting_topic(),
        hazard_topic(),
        circumstance_topic(),
        objects_topic(),
    )


def line_matches(word: str, topic: Topic, line: RefLine) -> bool:
    """A word is in the line, its topic's name or its stat; a number is also the line's
    difficulty."""
    if word.isdigit() and line.difficulty is not None and int(word) == line.difficulty:
        return True
    stat = line.stat.value if line.stat else ""
    return word in f"{topic.id} {topic.name} {stat} {line.text}".casefold()


def search(topics: Iterable[Topic], query: str) -> tuple[Topic, ...]:
    """The lines every word of ``query`` is found in (any case, any order; a topic's name
    counts for each of its lines), each under its topic; topics left empty are dropped."""
    words = query.casefold().split()
    found = []
    for each in topics:
        lines = tuple(
            line for line in each.lines if all(line_matches(w, each, line) for w in words)
        )
        if lines:
            found.append(msgspec.structs.replace(each, lines=lines))
    return tuple(found)


def topics_named(topics: Iterable[Topic], name: str) -> tuple[Topic, ...]:
    """The topics whose id or name holds every word of ``name`` ('climb', 'riding')."""
    words = name.casefold().split()
    return tuple(t for t in topics if all(w in f"{t.id} {t.name}".casefold() for w in words))


__all__ = [
    "RefLine",
    "Topic",
    "jump_difficulty",
    "reference_topics",
    "search",
    "topics_named",
]
