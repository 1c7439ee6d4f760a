"""journal.toml: the events since the snapshot, one command's events appended and fsynced
at a time as a batch of ``[[events]]`` tables. The batch's first table carries a CRC over
the whole batch, so a torn or flipped last batch is caught on open and moved aside whole:
a command is on disk entirely or not at all. (A batch of one event is exactly an entry of
format version 1.)

Over 300 lines: the format is written and read in this one module, so the writer and the
reader cannot disagree about a batch."""

from __future__ import annotations

import os
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import msgspec

from strange_tui.campaign.model.events import AnyEvent, batches, check_batch
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.migrations import (
    CURRENT_VERSION,
    FORMAT_JOURNAL,
    check_header,
    migrate_event,
)
from strange_tui.storage.toml_io import (
    Decoded,
    atomic_write,
    convert,
    dumps,
    parse_toml,
    read_bytes,
)

ENTRY_MARK = b"\n[[events]]\n"
TABLE_MARK = b"[events]\n"
CHECK_PREFIX = b'check = "crc32:'
_DECODED = Decoded()


class JournalContents(msgspec.Struct, frozen=True, kw_only=True):
    """What a journal holds: its base, its events, where each batch starts, and any torn
    tail found after the last good batch."""

    base: int
    version: int
    events: tuple[AnyEvent, ...]
    offsets: tuple[int, ...]
    """Where each batch (each command) starts in the file."""
    good_length: int
    torn: bytes = b""
    torn_line: int = 0
    crlf: bool = False
    """The file had Windows line endings (an editor or a git setting); read as if it had
    not, and the offsets are those of the file rewritten with plain ones."""


def header_bytes(base: int) -> bytes:
    return dumps({"format": FORMAT_JOURNAL, "version": CURRENT_VERSION, "base": base})


def _table_body(event: AnyEvent) -> bytes:
    """One event's fields as the body of an ``[[events]]`` table."""
    # Dumped as a plain table, then its header made the array-of-tables one: tomli_w would
    # write a short event as an inline table, which could not be appended line by line.
    # Sub-tables come out as [events.x], which TOML reads as part of the last entry.
    body = dumps({"events": event})
    assert body.startswith(TABLE_MARK), body[:40]
    return body[len(TABLE_MARK) :]


def batch_bytes(events: Sequence[AnyEvent]) -> bytes:
    """One command's events as ``[[events]]`` tables; the CRC on the line after the first
    header covers every byte of the batch after it."""
    bodies = [_table_body(event) for event in events]
    rest = bodies[0] + b"".join(ENTRY_MARK + body for body in bodies[1:])
    crc = zlib.crc32(rest)
    return ENTRY_MARK + CHECK_PREFIX + f'{crc:08x}"\n'.encode() + rest


def entry_bytes(event: AnyEvent) -> bytes:
    """One event on its own, as a batch of one."""
    return batch_bytes([event])


def _is_batch_head(data: bytes, start: int) -> bool:
    """Whether the table at ``start`` opens a batch (its next line is the check)."""
    body = start + len(ENTRY_MARK)
    return data.startswith(CHECK_PREFIX, body)


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


def _batch_events(
    path: Path, raw: bytes, line: int, index: int, version: int, size: int
) -> list[AnyEvent]:
    """Check and decode one batch on its own (``size`` tables); errors say where."""
    _check_entry(path, raw, line)
    document = parse_toml(path, ENTRY_MARK[1:] + raw, first_line=line)
    entries = document.get("events")
    if not isinstance(entries, list) or len(entries) != size:
        raise CampaignFileError(path, "batch does not hold its event tables", line=line)
    events = [
        _decode_entry(path, table, line, index + n, version) for n, table in enumerate(entries)
    ]
    _check_batch(path, events, line)
    return events


def _check_batch(path: Path, events: Sequence[AnyEvent], line: int) -> None:
    try:
        check_batch(events)
    except ValueError as wrong:
        raise CampaignFileError(path, str(wrong), line=line) from None


def _whole_file_events(
    path: Path, data: bytes, starts: list[int], sizes: list[int], lines: list[int], version: int
) -> list[AnyEvent] | None:
    """The fast way, taken when every CRC matches: one TOML parse for the whole file.
    None when anything is off, so the caller goes batch by batch to say exactly where."""
    try:
        for index, start in enumerate(starts):
            end = starts[index + 1] if index + 1 < len(starts) else len(data)
            _check_entry(path, data[start + len(ENTRY_MARK) : end], lines[index])
        tables = parse_toml(path, data[starts[0] :]).get("events")
    except CampaignFileError:
        return None
    if not isinstance(tables, list) or len(tables) != sum(sizes):
        return None
    table_lines = [line for line, size in zip(lines, sizes, strict=True) for _ in range(size)]
    events = [
        _decode_entry(path, table, table_lines[index], index, version)
        for index, table in enumerate(tables)
    ]
    at = 0
    for line, size in zip(lines, sizes, strict=True):
        _check_batch(path, events[at : at + size], line)
        at += size
    return events


def _salvage(
    path: Path, data: bytes, start: int, line: int, index: int, version: int
) -> tuple[list[AnyEvent], int]:
    """The last batch failed its check: find the longest start of it that passes (a tail
    torn inside the next batch's header, or one whose check line was damaged, reads as part
    of the batch before it). Returns the events kept and where the good bytes end."""
    body = start + len(ENTRY_MARK)
    check_end = data.find(b"\n", body)
    check_line = data[body:check_end]
    if check_end < 0 or not check_line.startswith(CHECK_PREFIX):
        return [], start
    expected = check_line[len(CHECK_PREFIX) : -1]
    crc, cuts = 0, []
    for end in range(check_end + 1, len(data)):
        crc = zlib.crc32(data[end - 1 : end], crc) if end > check_end + 1 else 0
        if f"{crc:08x}".encode() == expected:
            cuts.append(end)
    for end in reversed(cuts):
        raw = data[body:end]
        try:
            size = raw.count(ENTRY_MARK) + 1
            return _batch_events(path, raw, line, index, version, size), end
        except CampaignFileError:
            continue
    return [], start


def read_journal(path: Path, *, after: int = 0) -> JournalContents:
    """Read a journal. A bad last entry is a torn tail (returned, not raised); a bad entry
    before it, or a bad header, is a CampaignFileError.

    ``after`` (a batch boundary already read) reads only the batches appended since: their
    events and offsets; ``good_length`` is still the whole file's."""
    data = read_bytes(path)
    if (known := _DECODED.get(data, after)) is not None:
        return known
    return _DECODED.keep(data, _read_journal(path, data, after), after)


def _read_journal(path: Path, data: bytes, after: int) -> JournalContents:
    crlf = b"\r\n" in data
    if crlf:
        # Entries are found by their "\n[[events]]\n" line and checked over LF bytes:
        # read CRLF as LF rather than find no entries and silently drop them.
        data = data.replace(b"\r\n", b"\n")
    first = data.find(ENTRY_MARK)
    head = data if first < 0 else data[:first]
    header = parse_toml(path, head)
    version = check_header(path, header, FORMAT_JOURNAL)
    base = header.get("base")
    if type(base) is not int or base < 0:
        raise CampaignFileError(path, f"base {base!r} is not an event number", field="base")
    starts: list[int] = []  # Where each batch starts...
    sizes: list[int] = []  # ...how many tables it holds...
    lines: list[int] = []  # ...and its line.
    if after and first >= 0:
        if after > len(data) or (after < len(data) and not data.startswith(ENTRY_MARK, after)):
            raise CampaignFileError(path, "changed under this window (no batch where one ended)")
        first = data.find(ENTRY_MARK, after)
    at, line, counted = first, 2, 0
    while at >= 0:
        line += data.count(b"\n", counted, at)
        counted = at
        if _is_batch_head(data, at) or not starts:
            starts.append(at)
            sizes.append(1)
            lines.append(line)
        else:
            sizes[-1] += 1
        at = data.find(ENTRY_MARK, at + 1)
    whole = _whole_file_events(path, data, starts, sizes, lines, version) if starts else []
    if whole is not None:
        return JournalContents(
            base=base,
            version=version,
            events=tuple(whole),
            offsets=tuple(starts),
            good_length=len(data),
            crlf=crlf,
        )
    events: list[AnyEvent] = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(data)
        line = lines[index]
        raw = data[start + len(ENTRY_MARK) : end]
        try:
            events.extend(_batch_events(path, raw, line, len(events), version, sizes[index]))
        except CampaignFileError:
            if index + 1 < len(starts):
                raise
            kept, cut = _salvage(path, data, start, line, len(events), version)
            events.extend(kept)
            return JournalContents(
                base=base,
                version=version,
                events=tuple(events),
                offsets=tuple(starts[: index + 1] if kept else starts[:index]),
                good_length=cut,
                torn=data[cut:],
                torn_line=line + data.count(b"\n", start, cut),
                crlf=crlf,
            )
    return JournalContents(
        base=base,
        version=version,
        events=tuple(events),
        offsets=tuple(starts),
        good_length=len(data),
        crlf=crlf,
    )


class JournalWriter:
    """Appends a command's events to a journal as one batch and takes the last batch back,
    durably."""

    def __init__(
        self, path: Path, offsets: tuple[int, ...], length: int, *, durable: bool = True
    ) -> None:
        self.path = path
        self.durable = durable
        self._offsets = list(offsets)
        self._length = length

    @property
    def length(self) -> int:
        """The bytes of the journal this writer knows (up to the end of its last batch)."""
        return self._length

    def caught_up(self, offsets: tuple[int, ...], length: int) -> None:
        """Another process appended batches at ``offsets``; the file now ends at ``length``."""
        self._offsets.extend(offsets)
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
        for batch in batches(events):
            offsets.append(len(data))
            data += batch_bytes(batch)
        atomic_write(path, bytes(data))
        return cls(path, tuple(offsets), len(data), durable=durable)

    def append(self, events: Sequence[AnyEvent]) -> None:
        """Write one command's events as one batch (one write, one fsync) before returning;
        on failure the file is cut back."""
        entry = batch_bytes(events)
        # Unbuffered: a buffered file would try to flush the failed bytes again when asked
        # to cut back, fail again (a full disk), and leave half a batch behind.
        fd = os.open(self.path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
        try:
            try:
                at, rest = self._length, memoryview(entry)
                while rest:
                    written = os.pwrite(fd, rest, at)
                    at, rest = at + written, rest[written:]
                if self.durable:
                    os.fsync(fd)
            except BaseException:
                self._cut_back(fd)
                raise
        finally:
            os.close(fd)
        self._offsets.append(self._length)
        self._length += len(entry)

    def _cut_back(self, fd: int) -> None:
        """After a failed append, cut the file back to the last good byte (cutting needs no
        space, so it works on a full disk too)."""
        try:
            os.ftruncate(fd, self._length)
            if self.durable:
                os.fsync(fd)
        except OSError as failed:
            # The next open finds the partial batch and moves it aside as a torn tail.
            raise OSError(
                failed.errno, f"could not cut the journal back after a failed write: {failed}"
            ) from failed

    def drop_last(self) -> None:
        """Take the last batch off the file (undo), durably. The journal is replaced whole
        (atomically), not cut in place, so a process following it sees a new file and
        reads it again, rather than reading on from where the undone batch ended."""
        start = self._offsets[-1]
        kept = read_bytes(self.path)[:start]
        atomic_write(self.path, kept)
        self._offsets.pop()
        self._length = start
