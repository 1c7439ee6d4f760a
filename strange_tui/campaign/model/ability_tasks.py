"""What a character's abilities do to a task: the tags a roll carries, and the steps,
assets and free Effort the abilities (and those in use) give a task with those tags; the
situational ones in words, for the table to judge (R-ABL-1)."""

from __future__ import annotations

import re

from strange_tui.campaign.model.abilities import Part, Sourced, counting, situational, when_words
from strange_tui.campaign.model.state import Character
from strange_tui.content.effects import Asset, Ease, FreeEffort, Hinder

WORD = re.compile(r"[a-z]+")


def roll_tags(stat: str, *, label: str = "", skill: str = "", attack: bool = False,
              ranged: bool = False, defense: bool = False,
              initiative: bool = False) -> set[str]:  # fmt: skip
    """The task tags a roll carries: its stat, its kind, and the words of its label and
    skill ('Perception' tags a roll labelled 'Perception check')."""
    tags = {"all", stat}
    if attack:
        tags |= {"attacks", "ranged attacks" if ranged else "melee attacks"}
    if defense:
        tags |= {"defense", f"{stat} defense"}
    if initiative:
        tags.add("initiative")
    words = set(WORD.findall(f"{label} {skill}".lower()))
    tags |= words
    tags |= {f"{a} {b}" for a in words for b in words}
    return tags


def _matching(character: Character, kind: type, tags: set[str], now: int | None) -> list[Sourced]:
    return [s for s in counting(character, kind, now) if set(s.effect.tasks) & tags]


def task_steps(character: Character, tags: set[str], now: int | None = None) -> list[Part]:
    """Steps the traits move a task with these tags: + eases, - hinders."""
    eased = [(s.source, s.effect.steps) for s in _matching(character, Ease, tags, now)]
    return eased + [(s.source, -s.effect.steps) for s in _matching(character, Hinder, tags, now)]


def task_assets(character: Character, tags: set[str], now: int | None = None) -> list[Part]:
    """Assets the traits give a task with these tags."""
    return [(s.source, s.effect.count) for s in _matching(character, Asset, tags, now)]


def free_effort(character: Character, tags: set[str], now: int | None = None) -> list[Part]:
    """Levels of Effort the traits make free on a task with these tags."""
    return [(s.source, s.effect.levels) for s in _matching(character, FreeEffort, tags, now)]


def task_conditional(character: Character, tags: set[str], now: int | None = None) -> list[str]:
    """Eases, hindrances, assets and free Effort on these tasks that the table judges."""
    lines = []
    for s in situational(character, (Ease, Hinder, Asset, FreeEffort), now):
        if not set(s.effect.tasks) & tags:
            continue
        what = {
            Ease: "eased", Hinder: "hindered", Asset: "an asset", FreeEffort: "free Effort",
        }[type(s.effect)]  # fmt: skip
        lines.append(f"{s.source}: {what} {when_words(s.effect)}")
    return lines
