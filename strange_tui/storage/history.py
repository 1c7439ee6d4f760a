"""history/NNNN.toml: sealed chunks of older events, read only by the log and by check.

Each chunk says the events it holds (``first`` to ``last``, every number between) and is
sealed (``seals``). Chunks follow one another with no gap; one may repeat the end of the
one before (a checkpoint cut short by a crash seals some events twice)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.migrations import (
    CURRENT_VERSION,
    FORMAT_HISTORY,
    check_header,
    migrate_event,
)
from strange_tui.storage.seals import SEALED_SINCE, check_seal, check_seal_first, seal
from strange_tui.storage.toml_io import atomic_write, convert, dumps, parse_toml, read_bytes

CHUNK_DIGITS = 4
EVENTS_MARK = b"\n[[events]]"
HEAD_BYTES = 4096
"""A chunk's head (format, version, check, first, last) fits in far less."""
_SEAL = re.compile(r"crc32:[0-9a-f]{8}")


def chunk_names(folder: Path) -> list[str]:
    """The history chunks' file names (links too, so that reading them refuses them loudly
    rather than the log silently missing a chunk)."""
    try:
        names = os.listdir(folder)
    except OSError:  # No history yet (or not a folder: reading it says so).
        return []
    return [name for name in names if name.endswith(".toml") and name[:-5].isdigit()]


def chunk_paths(folder: Path) -> list[Path]:
    """The history chunks, oldest first."""
    return [folder / name for name in sorted(chunk_names(folder), key=lambda n: int(n[:-5]))]


def newest_chunk(folder: Path) -> Path | None:
    """The newest history chunk, found without listing them all in order (every open
    asks)."""
    names = chunk_names(folder)
    return folder / max(names, key=lambda n: int(n[:-5])) if names else None


def chunk_bytes(events: Sequence[AnyEvent]) -> bytes:
    """A chunk holding ``events`` (one command's at least), sealed."""
    head = dumps({"format": FORMAT_HISTORY, "version": CURRENT_VERSION})
    body = {"first": events[0].seq, "last": events[-1].seq, "events": list(events)}
    return seal(head, dumps(body))


def write_chunk(folder: Path, events: Sequence[AnyEvent]) -> Path:
    """Seal ``events`` into the next chunk file, atomically (never into a link's target)."""
    if folder.is_symlink():
        raise CampaignFileError(folder, "is a symbolic link; a campaign keeps real folders")
    folder.mkdir(exist_ok=True)
    newest = newest_chunk(folder)
    number = int(newest.stem) + 1 if newest else 1
    path = folder / f"{number:0{CHUNK_DIGITS}d}.toml"
    atomic_write(path, chunk_bytes(events))
    return path


def read_chunk(path: Path) -> list[AnyEvent]:
    """The events of one chunk, strictly decoded: every number from its first to its
    last, and its seal matching (checked before the chunk is parsed)."""
    data = read_bytes(path)
    sealed = check_seal_first(path, data, FORMAT_HISTORY)
    document = parse_toml(path, data)
    version = check_header(path, document, FORMAT_HISTORY)
    raw = document.get("events", [])
    if not isinstance(raw, list):
        raise CampaignFileError(path, "events is not a list", field="events")
    events = [
        convert(
            path,
            migrate_event(item, version) if isinstance(item, dict) else item,
            AnyEvent,
            field=f"events[{i}]",
        )
        for i, item in enumerate(raw)
    ]
    for index, (before, event) in enumerate(zip(events, events[1:], strict=False), start=1):
        if event.seq != before.seq + 1:
            raise CampaignFileError(
                path, f"event {event.seq} follows event {before.seq}", field=f"events[{index}]"
            )
    if version >= SEALED_SINCE:
        first, last = _range(path, document)
        if not events or (events[0].seq, events[-1].seq) != (first, last):
            held = f"{events[0].seq} to {events[-1].seq}" if events else "none"
            raise CampaignFileError(path, f"says events {first} to {last}, holds {held}")
        if not sealed:
            check_seal(path, data.replace(b"\r\n", b"\n"))
    return events


def chunk_range(path: Path) -> tuple[int, int]:
    """The first and last event a chunk holds, from its head alone: cheap enough for every
    open (``check`` and the log read each chunk whole, its seal with it)."""
    first, last, _ = _head(path)
    return first, last


def chunk_head(path: Path) -> tuple[int, int, str]:
    """The first and last event a chunk holds and its seal (``crc32:...``), from its head
    alone (what ``verified`` compares). A chunk older than seals is read whole for its
    range, and its seal is ""."""
    first, last, check = _head(path)
    if check is None:
        raise CampaignFileError(path, "has no check line, as every file of its version has")
    return first, last, check


def _head(path: Path) -> tuple[int, int, str | None]:
    head = read_bytes(path, head=HEAD_BYTES)
    end = head.find(EVENTS_MARK)
    if end < 0 and len(head) == HEAD_BYTES:
        raise CampaignFileError(path, f"has no events in its first {HEAD_BYTES} bytes")
    document = parse_toml(path, head if end < 0 else head[:end])
    version = check_header(path, document, FORMAT_HISTORY)
    if version < SEALED_SINCE:
        events = read_chunk(path)
        if not events:
            raise CampaignFileError(path, "holds no events")
        return events[0].seq, events[-1].seq, ""
    check = document.get("check")
    seal = check if isinstance(check, str) and _SEAL.fullmatch(check) else None
    return *_range(path, document), seal


def _range(path: Path, document: dict) -> tuple[int, int]:
    first, last = document.get("first"), document.get("last")
    if type(first) is not int or type(last) is not int or not 0 < first <= last:
        raise CampaignFileError(path, f"first {first!r} and last {last!r} are no events' range")
    return first, last


def read_history(folder: Path) -> Iterator[AnyEvent]:
    """Every sealed event, oldest first, each number once (a checkpoint cut short by a
    crash may have sealed some twice); a gap between chunks is refused."""
    last = 0
    for path in chunk_paths(folder):
        events = read_chunk(path)
        if events and events[0].seq > last + 1:
            raise CampaignFileError(
                path, f"starts at event {events[0].seq}: events {last + 1} to"
                f" {events[0].seq - 1} are missing from history/",
            )  # fmt: skip
        for event in events:
            if event.seq > last:
                last = event.seq
                yield event
