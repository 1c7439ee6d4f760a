"""Which lines of a solo table fit the task at hand: its stat, its kind and the recursion.

A line tagged for the task (``stats``, ``tasks`` in solo.toml) fits best; a line silent on a
tag fits any value of it; a line tagged for something else does not fit. A roll the player
gave no kind gets one from its label's words (``task_of``). Pure: the draws that use it pick
among what it returns.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

from strange_tui.content.model import SoloEntry, TaskKind, TaskWords

E = TypeVar("E", bound=SoloEntry)


def _score(tags: Sequence[str], wanted: str | None) -> int:
    """2: tagged for it; 1: silent on it (or nothing asked); 0: tagged for something else."""
    if wanted is None:
        return 1
    if not tags:
        return 1
    return 2 if wanted in tags else 0


def fitting(
    entries: Iterable[E],
    *,
    stat: str | None = None,
    task: str | None = None,
    recursion: str = "",
) -> list[E]:
    """The lines of a table that fit a task best, in table order: those of the party's
    recursion (or of any recursion) whose tags match most closely, untagged lines when no
    tagged one matches, and every line of the recursion when none fits at all (a draw must
    never come up empty while the table has lines)."""
    here = [entry for entry in entries if not entry.recursion or entry.recursion == recursion]
    scored = [(_score(entry.stats, stat) * _score(entry.tasks, task), entry) for entry in here]
    best = max((score for score, _ in scored), default=0)
    if best == 0:
        return here
    return [entry for score, entry in scored if score == best]


def task_of(entries: Iterable[TaskWords], label: str) -> TaskKind | None:
    """The kind of task a roll's label names ("Persuade the guard": social), so the app's
    intrusions can fit a plain roll the player gave no kind. Each word of the label counts
    for the kind of the longest table word it begins with, case aside ("persuad" matches
    "persuading"; "rune" beats "run" for "runes"); the kind with the most words wins. None
    when no word matches or two kinds tie: better no fit than a wrong one."""
    stems = [(word.lower(), entry.task) for entry in entries for word in entry.words]
    counts: Counter[TaskKind] = Counter()
    for token in re.findall(r"[^\W_]+", label.lower()):
        matches = [(len(stem), task) for stem, task in stems if token.startswith(stem)]
        longest = max((length for length, _ in matches), default=0)
        kinds = {task for length, task in matches if length == longest}
        if len(kinds) == 1:
            counts[kinds.pop()] += 1
    ranked = counts.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]
