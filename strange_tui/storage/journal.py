"""journal.toml: the events since the snapshot, one ``[[events]]`` table appended and
fsynced at a time, each with a CRC so a torn or flipped last entry is caught on open."""

from __future__ import annotations

import os
import zlib
from pathlib import Path
from typing import Any

import msgspec

from strange_tui.campaign.events import AnyEvent
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.migrations import (
    CURRENT_VERSION,
    FORMAT_JOURNAL,
    check_header,
    migrate_event,
)
from strange_tui.storage.toml_io import (
    atomic_write,
    convert,
    dumps,
    parse_toml,
    read_bytes,
)

ENTRY_MARK = b"\n[[events]]\n"
TABLE_MARK = b"[events]\n"
CHECK_PREFIX = b'check = "crc32:'


class JournalContents(msgspec.Struct, frozen=True, kw_only=True):
    """What a journal holds: its base, its events, where each entry starts, and any torn
    tail found after the last good entry."""

    base: int
    version: int
    events: tuple[AnyEvent, ...]
    offsets: tuple[int, ...]
    good_length: int
    torn: bytes = b""
    torn_line: int = 0


def header_bytes(base: int) -> bytes:
    return dumps({"format": FORMAT_JOURNAL, "version": CURRENT_VERSION, "base": base})


def entry_bytes(event: AnyEvent) -> bytes:
    """One event as an ``[[events]]`` table, its CRC on the line after the header."""
    # Dumped as a plain table, then its header made the array-of-tables one: tomli_w would
    # write a short event as an inline table, which could not be appended line by line.
    # Sub-tables come out as [events.x], which TOML reads as part of the last entry.
    body = dumps({"events": event})
    assert body.startswith(TABLE_MARK), body[:40]
    rest = body[len(TABLE_MARK) :]
    crc = zlib.crc32(rest)
    return ENTRY_MARK + CHECK_PREFIX + f'{crc:08x}"\n'.encode() + rest


def _check_entry(path: Path, raw: bytes, line: int) -> None:
    """The entry's CRC matches its bytes (``raw`` starts after the ``[[events]]`` line)."""
    check_line, _, rest = raw.partition(b"\n")
    if not check_line.startswith(CHECK_PREFIX) or not check_line.endswith(b'"'):
        raise CampaignFileError(path, "entry has no check line", line=line + 1)
    expected = check_line[len(CHECK_PREFIX) : -1]
    if f"{zlib.crc32(rest):08x}".encode() != expected:
        raise CampaignFileError(path, "entry does not match its check (damaged)", line=line)


def _decode_entry(path: Path, table: Any, line: int, index: int, version: int) -> AnyEvent:
    if not isinstance(table, dict):
        raise CampaignFileError(path, "entry is not one event table", line=line)
    table.pop("check", None)
    data: dict[str, Any] = migrate_event(table, version)
    return convert(path, data, AnyEvent, field=f"events[{index}]", line=line)


def _entry_event(path: Path, raw: bytes, line: int, index: int, version: int) -> AnyEvent:
    """Check and decode one entry on its own; errors say where."""
    _check_entry(path, raw, line)
    document = parse_toml(path, ENTRY_MARK[1:] + raw, first_line=line)
    entries = document.get("events")
    if not isinstance(entries, list) or len(entries) != 1:
        raise CampaignFileError(path, "entry is not one event table", line=line)
    return _decode_entry(path, entries[0], line, index, version)


def _whole_file_events(
    path: Path, data: bytes, starts: list[int], lines: list[int], version: int
) -> list[AnyEvent] | None:
    """The fast way, taken when every CRC matches: one TOML parse for the whole file.
    None when anything is off, so the caller goes entry by entry to say exactly where."""
    try:
        for index, start in enumerate(starts):
            end = starts[index + 1] if index + 1 < len(starts) else len(data)
            _check_entry(path, data[start + len(ENTRY_MARK) : end], lines[index])
        tables = parse_toml(path, data).get("events")
    except CampaignFileError:
        return None
    if not isinstance(tables, list) or len(tables) != len(starts):
        return None
    return [
        _decode_entry(path, table, lines[index], index, version)
        for index, table in enumerate(tables)
    ]


def read_journal(path: Path) -> JournalContents:
    """Read a journal. A bad last entry is a torn tail (returned, not raised); a bad entry
    before it, or a bad header, is a CampaignFileError."""
    data = read_bytes(path)
    first = data.find(ENTRY_MARK)
    head = data if first < 0 else data[:first]
    header = parse_toml(path, head)
    version = check_header(path, header, FORMAT_JOURNAL)
    base = header.get("base")
    if type(base) is not int or base < 0:
        raise CampaignFileError(path, f"base {base!r} is not an event number", field="base")
    starts: list[int] = []
    lines: list[int] = []
    at, line = first, 2
    while at >= 0:
        line += data.count(b"\n", starts[-1] if starts else 0, at)
        starts.append(at)
        lines.append(line)
        at = data.find(ENTRY_MARK, at + 1)
    whole = _whole_file_events(path, data, starts, lines, version) if starts else []
    if whole is not None:
        return JournalContents(
            base=base,
            version=version,
            events=tuple(whole),
            offsets=tuple(starts),
            good_length=len(data),
        )
    events: list[AnyEvent] = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(data)
        line = lines[index]
        raw = data[start + len(ENTRY_MARK) : end]
        try:
            events.append(_entry_event(path, raw, line, index, version))
        except CampaignFileError:
            if index + 1 < len(starts):
                raise
            return JournalContents(
                base=base,
                version=version,
                events=tuple(events),
                offsets=tuple(starts[:index]),
                good_length=start,
                torn=data[start:],
                torn_line=line,
            )
    return JournalContents(
        base=base,
        version=version,
        events=tuple(events),
        offsets=tuple(starts),
        good_length=len(data),
    )


class JournalWriter:
    """Appends events to a journal and takes the last one back, durably."""

    def __init__(
        self, path: Path, offsets: tuple[int, ...], length: int, *, durable: bool = True
    ) -> None:
        self.path = path
        self.durable = durable
        self._offsets = list(offsets)
        self._length = length

    @classmethod
    def create(
        cls,
        path: Path,
        base: int,
        events: tuple[AnyEvent, ...] = (),
        *,
        durable: bool = True,
    ) -> JournalWriter:
        """Write a new journal (atomically) with ``events`` after ``base``."""
        data = bytearray(header_bytes(base))
        offsets = []
        for event in events:
            offsets.append(len(data))
            data += entry_bytes(event)
        atomic_write(path, bytes(data))
        return cls(path, tuple(offsets), len(data), durable=durable)

    def append(self, event: AnyEvent) -> None:
        """Write one entry and fsync before returning; on failure the file is cut back."""
        entry = entry_bytes(event)
        with open(self.path, "r+b") as file:
            try:
                file.seek(self._length)
                file.write(entry)
                file.flush()
                if self.durable:
                    os.fsync(file.fileno())
            except BaseException:
                file.truncate(self._length)
                raise
        self._offsets.append(self._length)
        self._length += len(entry)

    def drop_last(self) -> None:
        """Cut the last entry off the file (undo), durably."""
        start = self._offsets.pop()
        with open(self.path, "r+b") as file:
            file.truncate(start)
            file.flush()
            os.fsync(file.fileno())
        self._length = start
