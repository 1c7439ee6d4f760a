"""The GM's chair in solo play: tension, scenes, random events and NPC reactions. The
project's own rules (docs/rules-added.md, "Solo play"); like the oracle's, they change who
decides, never the rules of the game.

- R-TEN-1 Tension, 1 to 9 (5 to begin with), says how restless the story is. The player
  may set it; play moves it a step at a time (R-TEN-4) and never past either end.
- R-TEN-2 It shifts the oracle: the lowest face that answers yes moves one face down for
  each point above 5, one face up for each point below (never below 2 nor past 20: the 1
  and the 20 keep their meaning, R-ORC-2, R-ORC-3).
- R-TEN-3 With every question the oracle rolls a second d20, the event die: a face of
  tension less 3 or under brings a random event (never at 1 to 3; 5% at 4 up to 30%
  at 9).
- R-TEN-4 What moves it: a PC's intrusion (a natural 1, or one accepted) and a PC
  moving down the damage track raise it a step; a natural 20 lowers it a step; a scene's
  end moves it (R-SCN-2).
- R-SCN-1 A scene starts with what the player expects of it, then a d20 against tension:
  above it, the scene goes as expected; at or under it, an odd face alters it (a table says
  how) and an even face interrupts it with a random event.
- R-SCN-2 A scene that went the party's way lowers tension a step; one that went badly
  raises it; a mixed one leaves it.
- R-EVT-1 A random event is a focus (what it is about: a table, each line as likely) and
  a meaning (an action and a subject, a die over each table). A focus that names the
  threads, the people met or the party picks one of them with a die; when that list is
  empty, the event brings a new one instead.
- R-NPC-1 An NPC's reaction on meeting the party: a d20, plus 3 for each step of the
  speaking PC's training in the skill they use (less 3 for an inability), plus 3 less the
  NPC's level. 4 or less: hostile; 5-8 unfriendly; 9-12 indifferent; 13-16 friendly;
  17 or more: helpful. A natural 1 is always hostile and a natural 20 always helpful.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, get_args

from strange_tui.rules.errors import RuleViolation

D20 = 20
TENSION_LOW, TENSION_START, TENSION_HIGH = 1, 5, 9
"""R-TEN-1: the range of tension and where a campaign begins."""

LOWEST_YES, HIGHEST_YES = 2, 20
"""R-TEN-2: a 1 never answers yes; a 20 always does."""


def check_tension(tension: int) -> int:
    """R-TEN-1: ``tension`` if it is on the scale, else RuleViolation."""
    if not TENSION_LOW <= tension <= TENSION_HIGH:
        raise RuleViolation(f"Tension runs from {TENSION_LOW} to {TENSION_HIGH}.")
    return tension


def moved_tension(tension: int, steps: int) -> int:
    """R-TEN-1, R-TEN-4: tension after ``steps`` (+ raises), held to the scale."""
    return max(TENSION_LOW, min(TENSION_HIGH, check_tension(tension) + steps))


def shifted_yes_from(yes_from: int, tension: int) -> int:
    """R-TEN-2: the lowest face answering yes for a likelihood's ``yes_from``, once
    ``tension`` has moved it."""
    return max(LOWEST_YES, min(HIGHEST_YES, yes_from - (check_tension(tension) - TENSION_START)))


EVENT_BELOW = 3
"""R-TEN-3: the event die brings an event on a face of tension less this, or under."""


def random_event_comes(tension: int, event_die: int) -> bool:
    """R-TEN-3: whether the oracle's event die brings a random event."""
    if not 1 <= event_die <= D20:
        raise RuleViolation("A d20 shows 1 to 20.")
    return event_die <= check_tension(tension) - EVENT_BELOW


def random_event_chance(tension: int) -> Fraction:
    """R-TEN-3: the exact chance that a question brings a random event."""
    return Fraction(sum(random_event_comes(tension, die) for die in range(1, D20 + 1)), D20)


SceneTest = Literal["expected", "altered", "interrupted"]
SCENE_TESTS: tuple[SceneTest, ...] = get_args(SceneTest)


def scene_test(tension: int, die: int) -> SceneTest:
    """R-SCN-1: what the scene's d20 does to the expected scene."""
    if not 1 <= die <= D20:
        raise RuleViolation("A d20 shows 1 to 20.")
    if die > check_tension(tension):
        return "expected"
    return "altered" if die % 2 else "interrupted"


def scene_odds(tension: int) -> dict[SceneTest, Fraction]:
    """R-SCN-1: the exact chance of each outcome of the scene's die."""
    counts = dict.fromkeys(SCENE_TESTS, 0)
    for die in range(1, D20 + 1):
        counts[scene_test(tension, die)] += 1
    return {test: Fraction(count, D20) for test, count in counts.items()}


SceneEnd = Literal["well", "mixed", "badly"]
SCENE_ENDS: tuple[SceneEnd, ...] = get_args(SceneEnd)
SCENE_END_STEPS: dict[str, int] = {"well": -1, "mixed": 0, "badly": 1}
"""R-SCN-2: how a scene's end moves tension."""


def tension_after_scene(tension: int, went: str) -> int:
    """R-SCN-2: tension once a scene that went ``went`` has ended."""
    if went not in SCENE_END_STEPS:
        raise RuleViolation(f"A scene went one of: {', '.join(SCENE_ENDS)}.")
    return moved_tension(tension, SCENE_END_STEPS[went])


def roll_tension_step(die: int | None, intrusion: bool = False) -> int:
    """R-TEN-4: how a PC's roll moves tension: a natural 1 (or an intrusion accepted on
    it) raises it, a natural 20 lowers it, any other face leaves it."""
    if intrusion or die == 1:
        return 1
    return -1 if die == D20 else 0


Reaction = Literal["hostile", "unfriendly", "indifferent", "friendly", "helpful"]
REACTIONS: tuple[Reaction, ...] = get_args(Reaction)
REACTION_FROM: dict[Reaction, int] = {
    "hostile": -99,
    "unfriendly": 5,
    "indifferent": 9,
    "friendly": 13,
    "helpful": 17,
}
"""R-NPC-1: the lowest total of each reaction."""

TRAINING_STEP = 3
"""R-NPC-1: what each step of training adds (an inability takes as much away)."""
LEVEL_PIVOT = 3
"""R-NPC-1: an NPC of this level neither helps nor hinders the roll."""


def reaction_modifier(training_steps: int, npc_level: int) -> int:
    """R-NPC-1: what is added to the d20: the speaker's training (-1 inability, 0, 1
    trained, 2 specialized) and the NPC's level (0 to 10)."""
    if not -1 <= training_steps <= 2:
        raise RuleViolation("Training: an inability, none, trained or specialized.")
    if not 0 <= npc_level <= 10:
        raise RuleViolation("An NPC's level runs from 0 to 10.")
    return TRAINING_STEP * training_steps + LEVEL_PIVOT - npc_level


def reaction(die: int, modifier: int) -> Reaction:
    """R-NPC-1: the NPC's reaction to a d20 of ``die`` with ``modifier`` added."""
    if not 1 <= die <= D20:
        raise RuleViolation("A d20 shows 1 to 20.")
    if die == 1:
        return "hostile"
    if die == D20:
        return "helpful"
    total = die + modifier
    return [r for r in REACTIONS if total >= REACTION_FROM[r]][-1]


def reaction_odds(modifier: int) -> dict[Reaction, Fraction]:
    """R-NPC-1: the exact chance of each reaction with ``modifier``."""
    counts = dict.fromkeys(REACTIONS, 0)
    for die in range(1, D20 + 1):
        counts[reaction(die, modifier)] += 1
    return {r: Fraction(count, D20) for r, count in counts.items()}
