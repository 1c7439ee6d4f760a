"""A campaign folder: opening it (snapshot + journal, torn tail moved aside), keeping its
events as the store dispatches them, and checkpoints (reading it without opening, and the
creation draft: folder_files.py).

Just over 300 lines: ``CampaignFolder`` is the one EventLog on disk; its reads and writes
share the lock and the journal's state, so they stay in one class."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import msgspec

from strange_tui.campaign.event_log import UNSURE, News, Unsure
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.store import ReplayError, Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage import chunk_probe, history, staging
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder_files import (  # noqa: F401 - re-exported: the file names
    CAMPAIGN_FILE,
    DRAFT_FILE,
    HISTORY_DIR,
    JOURNAL_FILE,
    FolderFiles,
)
from strange_tui.storage.journal import JournalContents, JournalWriter, read_journal
from strange_tui.storage.locking import WriterLock, this_process
from strange_tui.storage.migrations import CURRENT_VERSION
from strange_tui.storage.paths import name_problem, slugify
from strange_tui.storage.side_files import NO_FOLLOW, new_folder, set_aside
from strange_tui.storage.snapshot import read_snapshot, write_snapshot
from strange_tui.storage.toml_io import atomic_write, fsync_folder, read_bytes

RESERVED = frozenset({"packs", "themes"})
"""Folders of the saves directory that are not campaigns."""
DIR_MODE = 0o777 & ~os.umask(os.umask(0))
"""The mode a new folder gets under the process's umask (mkdtemp alone gives 0700)."""
TEMP_FILE_AGE = 60
"""Seconds after which a temp file is a crash's leftover, not a write in progress."""


class CampaignFolder(FolderFiles):
    """One campaign on disk; also the store's EventLog once opened."""

    def __init__(self, path: Path, *, durable: bool = True) -> None:
        super().__init__(path)
        self.durable = durable
        """False only for bulk writers (benchmarks, the demo): appends skip fsync."""
        self._writer: JournalWriter | None = None
        self._journal_id: tuple[int, int] | None = None
        """The journal file this folder reads and writes (device, inode): a checkpoint by
        another process replaces it."""
        self.lock = WriterLock(path)

    @classmethod
    def create(
        cls, saves: Path, name: str, *, slug: str | None = None, ruleset: str = "strange"
    ) -> CampaignFolder:
        """A new, empty campaign called ``name`` in the saves directory (its folder named
        by ``slug``, else by the name)."""
        if problem := name_problem(name):
            raise CampaignFileError(saves, problem)
        try:
            folder = cls(saves / slugify(slug or name))
            campaign = msgspec.convert({"name": name, "ruleset": ruleset}, Campaign)
        except ValueError as error:  # msgspec's ValidationError is one too.
            raise CampaignFileError(saves, str(error)) from None
        if folder.path.name in RESERVED:
            raise CampaignFileError(
                folder.path, "is where strange-tui keeps your packs or themes; choose another name"
            )
        if os.path.lexists(folder.path):
            raise CampaignFileError(folder.path, "exists already; choose another name")
        saves.mkdir(parents=True, exist_ok=True)
        # Made whole in a hidden folder, then renamed into place: a failure (a full disk)
        # leaves nothing behind, and the name stays free.
        building = Path(tempfile.mkdtemp(prefix=f".new-{folder.path.name}-", dir=saves))
        try:
            (building / HISTORY_DIR).mkdir()
            JournalWriter.create(building / JOURNAL_FILE, base=0)
            write_snapshot(building / CAMPAIGN_FILE, campaign)
            fsync_folder(building)
            os.chmod(building, DIR_MODE)
            if os.path.lexists(folder.path):
                raise CampaignFileError(folder.path, "exists already; choose another name")
            os.rename(building, folder.path)
        except BaseException:
            shutil.rmtree(building, ignore_errors=True)
            raise
        fsync_folder(saves)
        return folder

    def open(self, origin: str = "", **store_options: int) -> Store:
        """Open the campaign as a Store writing back into this folder (``origin`` names
        the window, for undo: see Store).

        A torn last journal entry is moved aside to ``journal.toml.torn`` (see
        ``notices``); any other damage raises CampaignFileError and changes no file.
        """
        self._check_folder()  # Before the lock: nothing is created inside a link's target.
        staging.clear_leftovers(self.path.parent)  # Killed imports' folders beside it.
        read = self._read_as_is()
        if read is not None:
            try:
                return Store(*read, origin=origin or this_process(), **store_options)
            except ReplayError:
                pass  # Said exactly (which event, which line) by the locked read below.
        with self.lock.held(note=False):
            snapshot, events = self._read_for_writing()
            try:
                return Store(
                    snapshot,
                    self,
                    events,
                    origin=origin or this_process(),
                    **store_options,
                )
            except ReplayError as refused:
                raise CampaignFileError(
                    self.journal_file, str(refused), field=f"events[{refused.index}]"
                ) from None

    def _read_as_is(self) -> tuple[Campaign, CampaignFolder, list[AnyEvent]] | None:
        """Snapshot and journal read without the writers' lock, when they need nothing done
        to them: a window shows its campaign without waiting for, or taking, the
        lock. Writers append whole checked batches and replace files by renaming, so what
        is read is the campaign as some writer left it, or something this sees is off: a
        batch half-appended reads as a torn tail, and a checkpoint between the two reads
        leaves another journal file. Anything off, or anything to repair (a torn
        tail, Windows line endings, an old format, a missing journal, a link), returns
        None: the locked read then repairs it or says what is wrong."""
        try:
            for folder in (self.path, self.history_dir):
                if folder.is_symlink():
                    return None
            # A minute old at least: no writer is using them. The folder's own only:
            # history/'s (a checkpoint cut short) wait for the lock (_load, checkpoint),
            # as listing 5,000 chunks costs more than the rest of an open.
            self._clean_temp_files(with_history=False)
            before = self.journal_file.stat()
            snapshot, version = read_snapshot(self.campaign_file)
            journal = read_journal(self.journal_file)
            after = self.journal_file.stat()
            if min(version, journal.version) < CURRENT_VERSION:
                return None  # Older files: the locked read upgrades them.
            sealed_last = chunk_probe.sealed_last(self.history_dir, snapshot.seq)
            self.check_joins(snapshot, journal, sealed_last)
        except (CampaignFileError, OSError):
            return None
        if (before.st_dev, before.st_ino) != (after.st_dev, after.st_ino):
            return None  # Replaced while read (a checkpoint, an undo's rewrite).
        if journal.torn or journal.crlf:
            return None
        self._writer = JournalWriter(
            self.journal_file, journal.offsets, journal.good_length, durable=self.durable
        )
        self._journal_id = (before.st_dev, before.st_ino)
        # A gap between the snapshot and the journal (files put back by hand) is the
        # store's ReplayError, which open() leaves to the locked read to report.
        return snapshot, self, [event for event in journal.events if event.seq > snapshot.seq]

    def _read_for_writing(self) -> tuple[Campaign, list[AnyEvent]]:
        """Snapshot and journal, repaired (torn tail aside) and upgraded, ready to append
        to; called with the lock held."""
        snapshot, journal, upgrade = self._load()
        if upgrade:  # Unsealed chunks: read each whole, as the upgrade seals them.
            sealed = list(history.read_history(self.history_dir))
            self.check_joins(snapshot, journal, sealed[-1].seq if sealed else 0)
        else:
            self.check_joins(snapshot, journal, self.sealed_last())
        events = [event for event in journal.events if event.seq > snapshot.seq]
        state = snapshot
        for index, event in enumerate(events):
            try:
                state = reduce(state, event)
            except RuleViolation as refused:
                index += len(journal.events) - len(events)
                raise CampaignFileError(
                    self.journal_file, str(refused), field=f"events[{index}]"
                ) from None
        if journal.crlf:
            journal = self._rewrite_crlf(journal)
        if journal.torn:
            self._move_torn_tail(journal)
        if upgrade:
            self._upgrade(snapshot, events)
        else:
            self._writer = JournalWriter(
                self.journal_file, journal.offsets, journal.good_length, durable=self.durable
            )
        self._remember_journal()
        return snapshot, events

    def _rewrite_crlf(self, journal: JournalContents) -> JournalContents:
        """A journal with Windows line endings is rewritten with plain ones (its events
        and a torn tail kept as they were read), the original kept beside it."""
        aside = set_aside(read_bytes(self.journal_file), self.path, f"{JOURNAL_FILE}.crlf")
        JournalWriter.create(self.journal_file, journal.base, journal.events, durable=True)
        if journal.torn:
            with open(self.journal_file, "ab") as file:
                file.write(journal.torn)
        self.notices.append(
            f"{self.journal_file.name} had Windows line endings (an editor or a git setting"
            f" changes them); it was rewritten with plain ones and every event kept. The"
            f" original is {aside.name}."
        )
        return read_journal(self.journal_file)

    def _remember_journal(self) -> None:
        info = self.journal_file.stat()
        self._journal_id = (info.st_dev, info.st_ino)

    # What other processes wrote.

    def transaction(self) -> WriterLock:
        """The writers' lock, held around a command (read the news, decide, append)."""
        return self.lock

    def quiet(self) -> bool:
        """No other process appended, undid or checkpointed since this folder last read or
        wrote the journal: the same file, of the length this one left it."""
        if self._writer is None:
            return False
        try:
            info = self.journal_file.stat()
        except OSError:
            return False
        same_file = (info.st_dev, info.st_ino) == self._journal_id
        return same_file and info.st_size == self._writer.length

    def news_unlocked(self) -> News | None | Unsure:
        """The news read without the writers' lock, when that can be done safely: whole
        batches appended to the same journal, or a journal replaced (an undo, a checkpoint)
        that reads clean, as an open reads it. ``UNSURE`` when only the locked read can
        say (a batch still being written, anything to repair): a window that waited for
        the lock only to read saw another's change a lock-poll (50 ms) late."""
        assert self._writer is not None, "open() the folder first"
        try:
            info = self.journal_file.stat()
        except OSError:
            return UNSURE
        same_file = (info.st_dev, info.st_ino) == self._journal_id
        if same_file and info.st_size == self._writer.length:
            return None
        if same_file and info.st_size > self._writer.length:
            try:
                journal = read_journal(self.journal_file, after=self._writer.length)
            except CampaignFileError:
                return UNSURE
            if journal.torn and not journal.events:
                return UNSURE  # A batch being written, or a crash's: the locked read says.
            # The whole batches, up to one another window is writing now (read next time).
            self._writer.caught_up(journal.offsets, journal.good_length)
            return News(snapshot=None, events=journal.events)
        writer, journal_id = self._writer, self._journal_id
        read = self._read_as_is()
        if read is None:
            self._writer, self._journal_id = writer, journal_id
            return UNSURE
        snapshot, _, events = read
        return News(snapshot=snapshot, events=tuple(events))

    def news(self) -> News | None:
        """What other processes did to the campaign since this folder last read or wrote
        it (call it with the lock held): batches appended, or, when one of them
        checkpointed or undid, the whole state again. None when nothing changed."""
        assert self._writer is not None, "open() the folder first"
        info = self.journal_file.stat()
        same_file = (info.st_dev, info.st_ino) == self._journal_id
        if same_file and info.st_size == self._writer.length:
            return None
        if same_file and info.st_size > self._writer.length:
            try:
                journal = read_journal(self.journal_file, after=self._writer.length)
            except CampaignFileError:
                journal = None  # Read it all again below, and say what is wrong there.
            if journal is not None and not journal.torn:
                self._writer.caught_up(journal.offsets, journal.good_length)
                return News(snapshot=None, events=journal.events)
        snapshot, events = self._read_for_writing()
        return News(snapshot=snapshot, events=tuple(events))

    def _load(self) -> tuple[Campaign, JournalContents, bool]:
        self._check_folder()
        self._clean_temp_files()
        snapshot, version = read_snapshot(self.campaign_file)
        if not self.journal_file.exists() and not self.journal_file.is_symlink():
            self.notices.append(f"{self.journal_file} was missing; a new one was started.")
            JournalWriter.create(self.journal_file, base=snapshot.seq)
        journal = read_journal(self.journal_file)
        upgrade = min(version, journal.version) < CURRENT_VERSION
        return snapshot, journal, upgrade

    def _clean_temp_files(self, *, with_history: bool = True) -> None:
        """Temp files a crash left behind mid-write (never the files themselves)."""
        stale = time.time() - TEMP_FILE_AGE
        for folder in (self.path, self.history_dir) if with_history else (self.path,):
            try:
                for temp in folder.glob(".*.tmp") if folder.is_dir() else ():
                    if temp.is_file() and not temp.is_symlink() and temp.stat().st_mtime < stale:
                        temp.unlink()
            except OSError:
                pass  # Another window took it, or the folder is read-only: no harm.

    def _move_torn_tail(self, journal: JournalContents) -> None:
        aside = set_aside(journal.torn, self.path, f"{JOURNAL_FILE}.torn")
        fd = os.open(self.journal_file, os.O_RDWR | NO_FOLLOW)
        try:
            os.ftruncate(fd, journal.good_length)
            os.fsync(fd)
        finally:
            os.close(fd)
        self.notices.append(
            f"{self.journal_file.name}: the last entry (line {journal.torn_line}) was damaged,"
            f" most likely by a crash while it was written. It was moved to {aside.name};"
            " everything before it loaded."
        )

    def _upgrade(self, snapshot: Campaign, events: Sequence[AnyEvent]) -> None:
        """Rewrite older-format files in the current format, keeping copies of the old."""
        backup = new_folder(self.path, f"before-format-{CURRENT_VERSION}")
        for file in (self.campaign_file, self.journal_file):
            set_aside(read_bytes(file), backup, file.name)
        for chunk in history.chunk_paths(self.history_dir):
            (backup / HISTORY_DIR).mkdir(exist_ok=True)
            set_aside(read_bytes(chunk), backup / HISTORY_DIR, chunk.name)
            if events_held := history.read_chunk(chunk):
                atomic_write(chunk, history.chunk_bytes(events_held))
        write_snapshot(self.campaign_file, snapshot)
        self._writer = JournalWriter.create(
            self.journal_file, snapshot.seq, tuple(events), durable=self.durable
        )
        self.notices.append(
            f"Files upgraded to format {CURRENT_VERSION}; old ones in {backup.name}/."
        )

    # The store's EventLog.

    def append(self, events: Sequence[AnyEvent]) -> None:
        assert self._writer is not None, "open() the folder first"
        with self.lock.held():
            self._writer.append(events)

    def drop_last(self) -> None:
        assert self._writer is not None, "open() the folder first"
        with self.lock.held():
            self._writer.drop_last()
            self._remember_journal()

    def checkpoint(
        self, snapshot: Campaign, sealed: Sequence[AnyEvent], kept: Sequence[AnyEvent]
    ) -> None:
        """Seal, then snapshot, then a fresh journal; each step atomic, so a crash between
        them loses nothing (open skips journal events the snapshot already holds)."""
        with self.lock.held():
            self._clean_temp_files()  # history/'s too, once a checkpoint (opens skip them).
            history.write_chunk(self.history_dir, sealed)
            write_snapshot(self.campaign_file, snapshot)
            self._writer = JournalWriter.create(
                self.journal_file, snapshot.seq, tuple(kept), durable=self.durable
            )
            self._remember_journal()
