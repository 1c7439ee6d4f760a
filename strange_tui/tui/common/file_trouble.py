"""A campaign's files going bad while it is open, in words, and the look at campaign.toml
that following the journal does not take."""

from __future__ import annotations

import os
from pathlib import Path

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.locking import CampaignBusy
from strange_tui.storage.snapshot import read_snapshot


def in_words(error: Exception, folder: Path) -> str:
    """Which file of the campaign ``folder`` is wrong and how, in one line, no full stop:
    "journal.toml, line 401: entry does not match its check (damaged)"."""
    if isinstance(error, CampaignFileError):
        said, full = str(error), str(error.file)
        if said.startswith(full):  # The folder's own path says nothing the title does not.
            said = _name_in(error.file, folder) + said[len(full) :]
    elif isinstance(error, OSError):
        where = _name_in(Path(error.filename), folder) if error.filename else folder.name
        said = f"{where}: {_reason(error)}"
    else:
        said = str(error)
    return " ".join(said.split()).rstrip(".")


def not_saved(failed: OSError) -> str:
    """A write the disk refused, as the player reads it: nothing changed, try again."""
    if isinstance(failed, CampaignBusy):
        return str(failed)  # Says who holds the campaign, and that nothing changed.
    return f"Could not save: {_reason(failed)}. Nothing changed."


def _reason(error: OSError) -> str:
    """ "No space left on device", never "[Errno 28] ..."."""
    if error.strerror:
        return error.strerror
    if error.errno:
        return os.strerror(error.errno)
    return str(error) or type(error).__name__


def _name_in(path: Path, folder: Path) -> str:
    try:
        return str(path.relative_to(folder))
    except ValueError:
        return str(path)


class SnapshotWatch:
    """Following reads the journal only, so a campaign.toml damaged by hand would go
    unseen until the next open: this reads it again whenever it is not the file last
    seen. Writers replace it whole (by renaming), so reading it without the lock reads
    one writer's file or the damage, never half of a write."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._seen = self._identity()
        """The file as it was when the campaign was opened, or last read good."""

    def _identity(self) -> tuple[int, ...] | None:
        try:
            info = os.lstat(self.path)  # A link put in its place is a change too.
        except OSError:
            return None  # Gone: read_snapshot says so.
        return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)

    def check(self) -> None:
        """CampaignFileError when campaign.toml changed and no longer reads as one; a stat
        while it is the file last seen."""
        now = self._identity()
        if now is not None and now == self._seen:
            return
        read_snapshot(self.path)
        # The identity from before the read: a file replaced meanwhile is read next time.
        self._seen = now
