"""history/NNNN.toml: sealed chunks of older events, read only by the log and by check."""

from __future__ import annotations

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
from strange_tui.storage.toml_io import atomic_write, convert, dumps, parse_toml, read_bytes

CHUNK_DIGITS = 4


def chunk_paths(folder: Path) -> list[Path]:
    """The history chunks, oldest first."""
    if not folder.is_dir():
        return []
    # Links are listed too, so that reading them refuses them loudly rather than the log
    # silently missing a chunk.
    return sorted(path for path in folder.glob("*.toml") if path.stem.isdigit())


def write_chunk(folder: Path, events: Sequence[AnyEvent]) -> Path:
    """Seal ``events`` into the next chunk file, atomically."""
    folder.mkdir(exist_ok=True)
    existing = chunk_paths(folder)
    number = int(existing[-1].stem) + 1 if existing else 1
    path = folder / f"{number:0{CHUNK_DIGITS}d}.toml"
    document = {"format": FORMAT_HISTORY, "version": CURRENT_VERSION, "events": list(events)}
    atomic_write(path, dumps(document))
    return path


def read_chunk(path: Path) -> list[AnyEvent]:
    """The events of one chunk, strictly decoded."""
    document = parse_toml(path, read_bytes(path))
    version = check_header(path, document, FORMAT_HISTORY)
    raw = document.get("events", [])
    if not isinstance(raw, list):
        raise CampaignFileError(path, "events is not a list", field="events")
    return [
        convert(
            path,
            migrate_event(item, version) if isinstance(item, dict) else item,
            AnyEvent,
            field=f"events[{i}]",
        )
        for i, item in enumerate(raw)
    ]


def read_history(folder: Path) -> Iterator[AnyEvent]:
    """Every sealed event, oldest first, each number once (a checkpoint cut short by a
    crash may have sealed some twice)."""
    last = 0
    for path in chunk_paths(folder):
        for event in read_chunk(path):
            if event.seq > last:
                last = event.seq
                yield event
