"""Format versions of campaign files, and the ordered migrations that bring old files up.

Each migration takes the parsed data of one version and returns it in the next version's
shape. ``STATE_MIGRATIONS[v]`` turns a version-``v`` state into version ``v + 1``, and
``EVENT_MIGRATIONS[v]`` does the same for one event. A file from a newer strange-tui is
refused, never guessed at.

Version 2 groups a command's events into one journal batch (events carry ``batch``); a
version-1 journal is a run of one-event batches, so its data needs no change. The version
went up so that an older strange-tui refuses a batched journal instead of taking its
continuation tables for damage.

Version 3 seals the snapshot and each history chunk (``seals``), and a chunk says the range
of events it holds; the data of states and events is unchanged. Opening a version-2
campaign rewrites its files sealed, keeping copies of the old.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from strange_tui.storage.errors import CampaignFileError

FORMAT_CAMPAIGN = "strange-tui/campaign"
FORMAT_JOURNAL = "strange-tui/journal"
FORMAT_HISTORY = "strange-tui/history"
CURRENT_VERSION = 3

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def unchanged(data: dict[str, Any]) -> dict[str, Any]:
    """A step whose data keeps its shape (only the file's layout changed)."""
    return data


STATE_MIGRATIONS: dict[int, Migration] = {1: unchanged, 2: unchanged}
EVENT_MIGRATIONS: dict[int, Migration] = {1: unchanged, 2: unchanged}


def check_header(path: Path, document: dict[str, Any], expected_format: str) -> int:
    """The file's version, after checking its ``format``; refuses newer or odd versions."""
    found = document.get("format")
    if found != expected_format:
        raise CampaignFileError(
            path, f"format is {found!r}, expected {expected_format!r}", field="format"
        )
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise CampaignFileError(
            path, f"version {version!r} is not a format version", field="version"
        )
    if version > CURRENT_VERSION:
        raise CampaignFileError(
            path,
            f"was written by a newer strange-tui (format version {version}; this one reads up"
            f" to {CURRENT_VERSION}). Update strange-tui to open it.",
            field="version",
        )
    return version


def _migrate(data: dict[str, Any], version: int, steps: dict[int, Migration]) -> dict[str, Any]:
    for step in range(version, CURRENT_VERSION):
        data = steps[step](data)
    return data


def migrate_state(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A state of ``version`` in the current shape."""
    return _migrate(data, version, STATE_MIGRATIONS)


def migrate_event(data: dict[str, Any], version: int) -> dict[str, Any]:
    """An event of ``version`` in the current shape."""
    return _migrate(data, version, EVENT_MIGRATIONS)
