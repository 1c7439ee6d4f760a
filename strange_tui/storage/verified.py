"""The history chunks `check` has verified, remembered outside the campaign so that a
second check (and the log) need not read and decode every chunk again.

A sealed chunk never changes. Once a chunk has been read whole (every event decoded, its
seal matching), its mark is kept in the user's cache folder ($STRANGE_TUI_CACHE, else
platformdirs' user cache folder): one small index per campaign folder, named by a hash of
the folder's real path, giving each chunk's seal (the crc in its head), its range, and the
file's size, mtime, ctime, inode and device. Later, a chunk counts as verified without
being read whole only when its head (seal and range, read fresh) and its stat all match
its mark; continuity (no gap between chunks) is checked from the heads every time.

Outside the campaign folder, because a campaign folder may be hostile (made by someone
else): nothing in it can say "verified". An edit to a chunk changes its stat (ctime at
least, which no user can set), so it is read whole again and its damage reported. What a
stat cannot see, a byte flipped on the disk itself (or an edit on a filesystem whose ctime
is not a change time, as on Windows), needs ``check --full``, which reads every chunk
whole and refreshes the marks.

Beside the index, a decoded copy of each verified chunk's events (msgpack) lets the log
print 100,000 events in a second or two: decoding TOML costs some 30 times more. A copy is
used only for a chunk whose mark matches, and only when it carries that same mark and
decodes strictly to a run of events from the chunk's first to its last. The copies are
bounded (``MAX_COPIES_BYTES`` in all, the oldest dropped).

The cache is read with care (a plain file, never a link, size-capped; anything broken or
strange is ignored and written anew) and written atomically; when it cannot be written
(a read-only home), everything works as without it, only slower.

Past 300 lines: the marks, the copies, and the check and the log's reading that trust them
are one rule (when a chunk may be taken as verified), kept where it can be read whole.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.narrate.log import event_names
from strange_tui.storage import history
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.toml_io import read_bytes

ENV_CACHE = "STRANGE_TUI_CACHE"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 8 * 1024 * 1024
"""An index of 100,000 events' chunks is some 150 KB; one past this is not read (nor
written: the check then reads every chunk whole, as with no cache)."""
MAX_COPIES_BYTES = 256 * 1024 * 1024
"""All the decoded copies together (100,000 events take some 14 MB)."""
MAX_INDEXES = 1000
"""The campaign folders remembered (each index a few KB)."""


class Mark(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A chunk as it was when read whole and found sound."""

    seal: str
    first: int
    last: int
    size: int
    mtime_ns: int
    ctime_ns: int
    inode: int
    device: int
    names: dict[str, str] = {}
    """The NPCs' and challenges' names the chunk's events bring in (``event_names``)."""


class Index(msgspec.Struct, forbid_unknown_fields=True):
    version: int
    folder: str
    chunks: dict[str, Mark]


class Copy(msgspec.Struct, forbid_unknown_fields=True):
    """A verified chunk's events, decoded, with the mark they were read under."""

    mark: Mark
    events: list[AnyEvent]


@dataclass
class Checked:
    """One chunk as the check found it: its path, its mark (None: a chunk older than
    seals, read whole each time), and its events when the check read it whole."""

    path: Path
    first: int
    last: int
    names: dict[str, str]
    mark: Mark | None = None
    events: list[AnyEvent] | None = field(default=None, repr=False)


def cache_dir() -> Path:
    """$STRANGE_TUI_CACHE, else the platform's user cache folder for strange-tui."""
    if os.environ.get(ENV_CACHE):
        return Path(os.environ[ENV_CACHE]).expanduser()
    from platformdirs import user_cache_path

    return user_cache_path("strange-tui", appauthor=False)


class VerifiedCache:
    """The marks and decoded copies of one campaign folder's chunks."""

    def __init__(self, folder: Path, root: Path | None = None) -> None:
        self.folder = os.path.realpath(folder)
        self.root = cache_dir() if root is None else root
        self.key = hashlib.sha256(os.fsencode(self.folder)).hexdigest()[:32]
        self.index_file = self.root / "verified" / f"{self.key}.json"
        self.copies = self.root / "events"

    def marks(self) -> dict[str, Mark]:
        """The marks kept for this folder; none when the index is missing, a link, too
        large, or anything but what this module writes."""
        try:
            data = read_bytes(self.index_file, max_bytes=MAX_INDEX_BYTES)
            index = msgspec.json.decode(data, type=Index)
        except (CampaignFileError, msgspec.DecodeError, OSError):
            return {}
        if index.version != INDEX_VERSION or index.folder != self.folder:
            return {}
        return index.chunks

    def keep_marks(self, marks: dict[str, Mark]) -> None:
        """Write the index anew (atomically; a rename replaces a link, never follows it).
        A cache that cannot be written changes nothing but speed."""
        data = msgspec.json.encode(Index(INDEX_VERSION, self.folder, marks))
        if len(data) <= MAX_INDEX_BYTES:
            self._write(self.index_file, data)

    def events(self, name: str, mark: Mark) -> list[AnyEvent] | None:
        """The decoded copy of chunk ``name`` under ``mark``, or None (missing, damaged,
        another mark's, or not its events)."""
        try:
            data = read_bytes(self._copy_file(name, mark), max_bytes=MAX_COPIES_BYTES)
            copy = msgspec.msgpack.decode(data, type=Copy)
        except (CampaignFileError, msgspec.DecodeError, OSError):
            return None
        seqs = [event.seq for event in copy.events]
        if copy.mark != mark or seqs != list(range(mark.first, mark.last + 1)):
            return None
        return copy.events

    def keep_events(self, name: str, mark: Mark, events: list[AnyEvent]) -> bool:
        """Keep a decoded copy of a verified chunk; False when it could not be written."""
        return self._write(self._copy_file(name, mark), msgspec.msgpack.encode(Copy(mark, events)))

    def prune(self) -> None:
        """Drop the oldest copies (of any campaign) past MAX_COPIES_BYTES in all, and the
        oldest indexes past MAX_INDEXES (folders checked once: a backup's import...)."""
        for folder, bound, size in (
            (self.copies, MAX_COPIES_BYTES, True),
            (self.index_file.parent, MAX_INDEXES, False),
        ):
            try:
                entries = [(e.stat(follow_symlinks=False), e) for e in os.scandir(folder)]
            except OSError:
                continue
            entries.sort(key=lambda pair: pair[0].st_mtime_ns, reverse=True)
            total = 0
            for info, entry in entries:
                total += info.st_size if size else 1
                if total > bound and entry.is_file(follow_symlinks=False):
                    try:
                        os.unlink(entry.path)
                    except OSError:
                        pass

    def _copy_file(self, name: str, mark: Mark) -> Path:
        return self.copies / f"{self.key}-{Path(name).stem}-{mark.seal[6:]}.msgpack"

    def _write(self, path: Path, data: bytes) -> bool:
        """Write into a folder of the cache (made if missing, never one that is a link):
        a temp file renamed over, so a reader sees the old file or the new one. Not
        synced: a cache file a crash tears fails its strict decoding and is written
        anew (syncing each chunk's copy made a first check of 100,000 events slower)."""
        try:
            if path.parent.is_symlink():
                return False
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as file:
                    file.write(data)
                os.replace(temp, path)
            except BaseException:
                Path(temp).unlink(missing_ok=True)
                raise
        except OSError:
            return False
        return True


def stat_of(path: Path) -> os.stat_result | None:
    """The chunk's stat, or None when it is no plain file (reading it will say why)."""
    try:
        info = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return info if stat.S_ISREG(info.st_mode) else None


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_size, a.st_mtime_ns, a.st_ctime_ns, a.st_ino, a.st_dev) == (
        b.st_size,
        b.st_mtime_ns,
        b.st_ctime_ns,
        b.st_ino,
        b.st_dev,
    )


def _mark(seal: str, events: list[AnyEvent], info: os.stat_result) -> Mark:
    return Mark(
        seal=seal,
        first=events[0].seq,
        last=events[-1].seq,
        size=info.st_size,
        mtime_ns=info.st_mtime_ns,
        ctime_ns=info.st_ctime_ns,
        inode=info.st_ino,
        device=info.st_dev,
        names=event_names(events),
    )


def _matches(mark: Mark, seal: str, first: int, last: int, info: os.stat_result) -> bool:
    return (mark.seal, mark.first, mark.last) == (seal, first, last) and (
        mark.size,
        mark.mtime_ns,
        mark.ctime_ns,
        mark.inode,
        mark.device,
    ) == (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev)


def check_history(
    history_dir: Path, campaign: Path, *, full: bool = False, keep: bool = False
) -> list[Checked]:
    """Every chunk of ``history_dir``, oldest first, verified: whole (``full``, or when
    its mark is missing or differs) or by its head and stat matching its mark. Raises
    CampaignFileError for the first damaged chunk or gap. ``keep``: hold the events of
    the chunks read whole (the log prints them next)."""
    cache = VerifiedCache(campaign)
    marks = {} if full else cache.marks()
    fresh: dict[str, Mark] = {}
    checked: list[Checked] = []
    wrote = False
    for path in history.chunk_paths(history_dir):
        before = stat_of(path)
        first, last, seal = history.chunk_head(path)
        after = stat_of(path)
        _follows(path, first, last, checked[-1] if checked else None)
        mark = marks.get(path.name)
        steady = before and after and _same_file(before, after)
        if seal and steady and mark is not None and _matches(mark, seal, first, last, after):
            checked.append(Checked(path, first, last, mark.names, mark))
            fresh[path.name] = mark
        else:
            events = history.read_chunk(path)
            if not events:
                raise CampaignFileError(path, "holds no events")
            mark, copied = None, False
            done = stat_of(path)
            if seal and steady and done and _same_file(after, done):  # Unchanged meanwhile.
                mark = fresh[path.name] = _mark(seal, events, done)
                copied = cache.keep_events(path.name, mark, events)
                wrote = wrote or copied
            item = Checked(path, first, last, mark.names if mark else event_names(events), mark)
            item.events = events if keep and not copied else None
            checked.append(item)
    if fresh != marks:
        cache.keep_marks(fresh)
        wrote = True
    if wrote:
        cache.prune()
    return checked


def _follows(path: Path, first: int, last: int, before: Checked | None) -> None:
    """CampaignFileError unless the chunk follows ``before`` (the one numbered below it):
    no gap, another number, and not ending before it. Writers take the highest-numbered
    chunk's last event as the end of history/: a stray copy of an older chunk there (or
    beside a chunk, under its number) would have every writer refuse the campaign."""
    last_seq = before.last if before else 0
    if before is not None and int(path.stem) == int(before.path.stem):
        raise CampaignFileError(
            path, f"is chunk {int(path.stem)}, as {before.path.name} is: a stray copy?"
            " Move one of them out of history/",
        )  # fmt: skip
    if first > last_seq + 1:
        raise CampaignFileError(
            path, f"starts at event {first}: events {last_seq + 1} to"
            f" {first - 1} are missing from history/",
        )  # fmt: skip
    if before is not None and last < last_seq:
        raise CampaignFileError(
            path, f"ends at event {last}, before {before.path.name} (event {last_seq}):"
            " a stray copy of an older chunk? Move it out of history/",
        )  # fmt: skip


def chunk_events(campaign: Path, chunk: Checked) -> list[AnyEvent]:
    """A checked chunk's events: held, or its decoded copy, or read whole again (and so
    verified again: a chunk changed since the check is caught here)."""
    if chunk.events is not None:
        return chunk.events
    if chunk.mark is not None:
        info = stat_of(chunk.path)
        if info is not None and _matches(
            chunk.mark, chunk.mark.seal, chunk.first, chunk.last, info
        ):
            events = VerifiedCache(campaign).events(chunk.path.name, chunk.mark)
            if events is not None:
                return events
    events = history.read_chunk(chunk.path)
    if not events or (events[0].seq, events[-1].seq) != (chunk.first, chunk.last):
        raise CampaignFileError(chunk.path, "changed while it was read")
    return events


def runs(
    campaign: Path, chunks: list[Checked], *, newest_first: bool = False, after: int = 0
) -> Iterator[list[AnyEvent]]:
    """The chunks' events a chunk at a time, each seq once (a chunk may repeat the end of
    the one before): oldest first, or newest first (each run still oldest first). Newest
    first takes from each chunk just what oldest first takes. ``after``: the chunks
    before the one holding that event are left out, but for the one just before (it may
    hold the start of that event's command)."""
    windows: list[tuple[Checked, int]] = []  # Each chunk, and the last seq before it.
    last = 0
    for chunk in chunks:
        if chunk.last > last:
            if chunk.last < after and windows and windows[-1][0].last < after:
                windows.pop()
            windows.append((chunk, last))
            last = chunk.last
    for chunk, before in reversed(windows) if newest_first else windows:
        events = chunk_events(campaign, chunk)
        yield events if events[0].seq > before else [e for e in events if e.seq > before]
