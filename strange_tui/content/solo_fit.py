"""Which lines of a solo table fit the task at hand: its stat, its kind and the recursion.

A line tagged for the task (``stats``, ``tasks`` in solo.toml) fits best; a line silent on a
tag fits any value of it; a line tagged for something else does not fit. Pure: the draws
that use it pick among what it returns.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from strange_tui.content.model import SoloEntry

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
