"""What a character's abilities do to a task: the tags a roll carries (the words of its
label in any of their forms, ``task_words``), and the steps, assets and free Effort the
abilities (and those in use) give a task with those tags, with why; the situational ones
in words, for the table to judge (R-ABL-1); and the trainings that hold only in some
situation (``trainings_maybe``), which the sheet lists beside its skills and a preview
beside its sum, never in it."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from strange_tui.campaign.model.abilities import (
    LEVEL_OF,
    RANK,
    Part,
    Sourced,
    counting,
    situational,
    skills_now,
)
from strange_tui.campaign.model.effect_words import when_words
from strange_tui.campaign.model.state import Character
from strange_tui.campaign.model.task_words import BROADER, with_broader, word_tags
from strange_tui.content.effects import Asset, Ease, FreeEffort, Hinder, Training

WORD = re.compile(r"[a-z]+")


def task_reasons(stat: str, *, label: str = "", skill: str = "", kinds: Iterable[str] = (),
                 attack: bool = False, ranged: bool = False, defense: bool = False,
                 initiative: bool = False) -> dict[str, str]:  # fmt: skip
    """R-ABL-1: the task tags a roll carries, each with the tag it comes from: its stat,
    its kind, the ``kinds`` the player says it is, and the tags the words of its label and
    skill name in any of their forms ('Climb the cliff' is climbing); a narrower tag brings
    its broader one (climbing: movement, from 'climbing')."""
    named = ["all", stat]
    if attack:
        named += ["attacks", "ranged attacks" if ranged else "melee attacks"]
    if defense:
        named += ["defense", f"{stat} defense"]
    if initiative:
        named.append("initiative")
    words = WORD.findall(f"{label} {skill}".lower())
    return with_broader([*named, *kinds, *word_tags(words)])


def roll_tags(stat: str, *, label: str = "", skill: str = "", attack: bool = False,
              ranged: bool = False, defense: bool = False,
              initiative: bool = False) -> set[str]:  # fmt: skip
    """The task tags a roll carries (``task_reasons``): 'Perception' tags a roll labelled
    'Perception check', 'Climb' one labelled 'Climb the cliff' with climbing and movement."""
    return set(task_reasons(stat, label=label, skill=skill, attack=attack, ranged=ranged,
                            defense=defense, initiative=initiative))  # fmt: skip


def why(tasks: Iterable[str], reasons: Mapping[str, str]) -> str:
    """R-ABL-1: why a roll with these ``reasons`` is one of an effect's ``tasks``, in
    words: 'movement: climbing' (a movement task, for it is a climb), 'stealth'; '' when
    only 'all' matches (every task is one)."""
    matched = [t for t in tasks if t in reasons and t != "all"]
    parts: list[str] = []
    for tag in matched:
        narrower = reasons[tag]
        if narrower != tag:
            part = f"{tag}: {narrower}"
        elif BROADER.get(tag) in matched:
            continue  # Said with its broader tag ('movement: climbing').
        else:
            part = tag
        if part not in parts:
            parts.append(part)
    return ", ".join(parts)


def _matching(
    character: Character, kind: type, tags: Collection[str], now: int | None
) -> list[Sourced]:
    return [s for s in counting(character, kind, now) if not set(s.effect.tasks).isdisjoint(tags)]


def task_steps(character: Character, tags: Collection[str], now: int | None = None) -> list[Part]:
    """Steps the traits move a task with these tags: + eases, - hinders."""
    eased = [(s.source, s.effect.steps) for s in _matching(character, Ease, tags, now)]
    return eased + [(s.source, -s.effect.steps) for s in _matching(character, Hinder, tags, now)]


def task_assets(character: Character, tags: Collection[str], now: int | None = None) -> list[Part]:
    """Assets the traits give a task with these tags."""
    return [(s.source, s.effect.count) for s in _matching(character, Asset, tags, now)]


def free_effort(character: Character, tags: Collection[str], now: int | None = None) -> list[Part]:
    """Levels of Effort the traits make free on a task with these tags."""
    return [(s.source, s.effect.levels) for s in _matching(character, FreeEffort, tags, now)]


def brought(
    character: Character, kind: type, reasons: Mapping[str, str], now: int | None = None
) -> list[tuple[str, Any, str]]:
    """R-ABL-1: each effect of ``kind`` that counts on a task with these ``reasons``
    (``task_reasons``), as (source, effect, why): ('Stalker', <asset>, 'movement:
    climbing')."""
    return [(s.source, s.effect, why(s.effect.tasks, reasons))
            for s in _matching(character, kind, reasons, now)]  # fmt: skip


@dataclass(frozen=True)
class TrainingMaybe:
    """A training that holds only in a situation the table judges (or under a condition
    that does not hold now): an ability that trains ranged attacks 'from abilities or
    devices' only."""

    source: str
    skill: str
    level: str
    """What the skill would be if it held: the sheet's level raised by the training
    (trained twice specializes, never past; training cancels an inability)."""
    when: str

    def words(self) -> str:
        """As the sheet lists it: 'ranged attacks (trained: from abilities or devices)'."""
        return f"{self.skill} ({self.level}: {self.when})"


def trainings_maybe(character: Character, now: int | None = None) -> list[TrainingMaybe]:
    """R-ABL-1, R-TASK-3: the trainings whose condition is the table's call or does not
    hold now, each with the level it would give the skill; ``skills_now`` leaves them out,
    so the sheet and the previews list them beside the sum, never in it."""
    sheet = {name.casefold(): level for name, level in skills_now(character, now).items()}
    found = []
    for s in situational(character, Training, now):
        had = sheet.get(s.effect.skill.casefold(), "")
        step = -1 if had == "inability" else RANK.get(had, 0)
        level = step + RANK[s.effect.level]
        words = LEVEL_OF[min(level, 2)] if level > 0 else "inability cancelled"
        found.append(TrainingMaybe(s.source, s.effect.skill, words, when_words(s.effect)))
    return found


def training_lines(
    character: Character, tags: Collection[str], now: int | None = None
) -> list[str]:
    """R-ABL-1: the situational trainings (``trainings_maybe``) in a skill that is one of
    these task tags, for a preview's notes: '<ability>: trained in ranged attacks,
    physical ranged attacks from abilities or devices'."""
    wanted = {tag.casefold() for tag in tags}
    return [
        f"{maybe.source}: {maybe.level} in {maybe.skill}, {maybe.when}"
        for maybe in trainings_maybe(character, now)
        if maybe.skill.casefold() in wanted
    ]


def task_conditional(
    character: Character, tags: Collection[str], now: int | None = None
) -> list[str]:
    """Eases, hindrances, assets, free Effort and trainings (``training_lines``) on these
    tasks that the table judges; with ``tags`` as ``task_reasons`` gives them, each says
    why the task is one of its tasks ('Sneak: an asset while invisible (stealth)')."""
    lines = []
    for s in situational(character, (Ease, Hinder, Asset, FreeEffort), now):
        if set(s.effect.tasks).isdisjoint(tags):
            continue
        what = {
            Ease: "eased", Hinder: "hindered", Asset: "an asset", FreeEffort: "free Effort",
        }[type(s.effect)]  # fmt: skip
        because = why(s.effect.tasks, tags) if isinstance(tags, Mapping) else ""
        lines.append(f"{s.source}: {what} {when_words(s.effect)}"
                     + (f" ({because})" if because else ""))  # fmt: skip
    return lines + training_lines(character, tags, now)
