"""The files beside a campaign's own: the writers' lock and its owner note, and the copies
set aside (a torn tail, a journal's Windows line endings, the files before an upgrade).

A campaign folder may come from anyone (a zip, a shared drive), so none of these is ever
written through a link or opened if it is a FIFO or a device: a copy is made as a new file
(``O_EXCL``, which never follows a link) under the first free name, and the owner note is
skipped rather than written anywhere but a plain file in the folder.
"""

from __future__ import annotations

import itertools
import os
import stat
from pathlib import Path

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.toml_io import FILE_MODE, fsync_folder, read_bytes

NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
NON_BLOCKING = getattr(os, "O_NONBLOCK", 0)
SIDE_FILES = ("campaign.lock", "campaign.lock.owner", "draft.toml")
"""Files a campaign folder may hold beside campaign.toml, journal.toml and history/."""
ASIDE_PREFIXES = ("journal.toml.torn", "journal.toml.crlf", "draft.toml.bad", "before-format-")
"""The names of what is set aside, each perhaps followed by ``.1``, ``.2``..."""


def kind_problem(path: Path) -> str | None:
    """What is wrong with ``path`` as a plain file of the folder (None: a plain file, or
    nothing there): a link, a FIFO, a device, a folder."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(info.st_mode):
        return "is a symbolic link; a campaign keeps plain files"
    if stat.S_ISDIR(info.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(info.st_mode):
        return "is not a plain file (a FIFO, socket or device?)"
    return None


def require_plain(path: Path) -> None:
    """CampaignFileError unless ``path`` is a plain file or absent."""
    if problem := kind_problem(path):
        raise CampaignFileError(path, problem)


def free_name(folder: Path, name: str) -> Path:
    """``folder / name``, or ``name.1``, ``name.2``... : the first that holds nothing, not
    even a link."""
    return next(
        path
        for n in itertools.count()
        if not os.path.lexists(path := folder / (name + (f".{n}" if n else "")))
    )


def write_new(path: Path, data: bytes) -> None:
    """Create ``path`` with ``data``, durably; it must not exist (a link there is refused
    by the system, never followed)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW, FILE_MODE)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    fsync_folder(path.parent)


def set_aside(data: bytes, folder: Path, name: str) -> Path:
    """Keep ``data`` in a new file of ``folder`` named ``name`` (or the first free
    ``name.N``); the path it went to."""
    path = free_name(folder, name)
    write_new(path, data)
    return path


def new_folder(parent: Path, name: str) -> Path:
    """A new, real folder in ``parent`` named ``name`` (or the first free ``name.N``)."""
    path = free_name(parent, name)
    path.mkdir()
    return path


def write_note(path: Path, text: str) -> bool:
    """Write a short note to ``path`` if it is a plain file of the folder or absent (never
    through a link, never into a FIFO, which would block); False when it was skipped."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | NO_FOLLOW | NON_BLOCKING, FILE_MODE)
    except OSError:
        return False  # A link (ELOOP), a FIFO nobody reads (ENXIO), a read-only folder.
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        os.ftruncate(fd, 0)
        os.write(fd, text.encode("utf-8"))
        return True
    except OSError:
        return False
    finally:
        os.close(fd)


def read_note(path: Path, limit: int = 1024) -> str | None:
    """A short note's text, if ``path`` is a plain file (None otherwise, or unreadable)."""
    try:
        return read_bytes(path, max_bytes=limit).decode("utf-8", "replace")
    except CampaignFileError:
        return None


def side_file_problems(folder: Path) -> list[CampaignFileError]:
    """Each file beside the campaign's own that is not a plain file (a link, a FIFO...),
    for ``check``: none of them is ever followed, but their owner should know."""
    found = []
    names = set(SIDE_FILES)
    try:
        names.update(
            entry.name for entry in os.scandir(folder) if entry.name.startswith(ASIDE_PREFIXES)
        )
    except OSError:
        pass
    for name in sorted(names):
        path = folder / name
        if name.startswith("before-format-"):
            problem = folder_problem(path)
        else:
            problem = kind_problem(path)
        if problem:
            found.append(CampaignFileError(path, problem))
    return found


def folder_problem(path: Path) -> str | None:
    """What is wrong with ``path`` as a real folder of the campaign (None: one, or absent)."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(info.st_mode):
        return "is a symbolic link; a campaign keeps real folders"
    if not stat.S_ISDIR(info.st_mode):
        return "is not a folder"
    return None
