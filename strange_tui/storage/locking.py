"""The campaign's writer lock: one process at a time appends, checkpoints, undoes or
repairs a campaign; the others wait a moment, then catch up on what it wrote.

The lock is the operating system's (``filelock``: flock on Unix, LockFileEx on Windows), so
a holder that crashes or is killed never leaves the campaign locked. Beside it, the holder
notes who it is, so a process that waits too long can say who holds the campaign.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.side_files import read_note, require_plain, write_note

LOCK_FILE = "campaign.lock"
OWNER_FILE = "campaign.lock.owner"
WAIT_SECONDS = 5.0
"""How long a writer waits for another before it gives up and says who holds the lock."""


class CampaignBusy(OSError):
    """Another process held the campaign's lock for too long; nothing was changed."""


def this_process() -> str:
    """Who this process is, as the owner note and the events' origin give it."""
    return f"{socket.gethostname()}:{os.getpid()}"


class WriterLock:
    """The lock of one campaign folder; re-entrant within a process."""

    def __init__(self, folder: Path, wait: float = WAIT_SECONDS) -> None:
        self.folder = folder
        self.wait = wait
        self._lock: Any = None
        """filelock's lock, made when first taken: opening a campaign to show it does not
        take it (see CampaignFolder.open), and importing filelock costs 9 ms and 0.8 MiB
        of a start."""

    @contextmanager
    def held(self, wait: float | None = None, note: bool = True) -> Iterator[None]:
        """Hold the lock for the block (CampaignBusy when another holder keeps it). A lock
        file that is a link, a FIFO or a device is refused (CampaignFileError) before it
        is opened: the lock is taken on a plain file of the folder only.

        ``note=False`` is for a block that may only read (opening a campaign refused or
        to be repaired): it leaves the owner note as it was, so a refused campaign's
        folder is byte for byte what it was."""
        import filelock

        if self._lock is None:
            self._check_folder()
            require_plain(self.folder / LOCK_FILE)
            self._lock = filelock.FileLock(self.folder / LOCK_FILE, thread_local=False)
        try:
            self._lock.acquire(timeout=self.wait if wait is None else wait)
        except filelock.Timeout:
            raise CampaignBusy(
                f"{self.folder.name} is being written by another window ({self.owner()});"
                " nothing was changed. Try again in a moment."
            ) from None
        try:
            if note and self._lock.lock_counter == 1:
                self._note_owner()
            yield
        finally:
            self._lock.release()

    def owner(self) -> str:
        """Who last took the lock (process, host and since when), as well as is known."""
        note = read_note(self.folder / OWNER_FILE, limit=1024)
        return note.strip()[:200] if note and note.strip() else "unknown process"

    def _note_owner(self) -> None:
        """Note who holds the lock. The note only helps a waiting process explain itself:
        it is skipped where it is not a plain file (a link is never followed, a FIFO would
        block the writer)."""
        since = time.strftime("%H:%M:%S")
        host, pid = this_process().rsplit(":", 1)
        write_note(self.folder / OWNER_FILE, f"pid {pid} on {host} since {since}\n")

    def _check_folder(self) -> None:
        """The lock is created inside the campaign folder only: never inside a link's
        target."""
        if self.folder.is_symlink():
            raise CampaignFileError(
                self.folder, "is a symbolic link; a campaign keeps real folders"
            )
