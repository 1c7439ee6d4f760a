"""The hidden folder an import builds a campaign in (``<saves>/.import-NAME-XXXXXXXX``),
locked by its importer while it lives, and such folders of imports killed midway cleared.

A killed import leaves its folder behind (no ``finally`` runs after SIGKILL or a power
cut), and nothing else would ever remove it. Its importer holds an flock on the folder
from the moment the folder exists (made under a short flock of the saves directory, so no
one sweeping sees it unlocked): the system drops the lock when the process dies, however it
dies. So a folder whose lock can be taken is a dead import's, and one whose lock cannot
is a live import's, never touched. Only a real folder of that name holding nothing but a
campaign's files is removed; links are never followed. Where flock is missing (Windows)
nothing is cleared."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

PREFIX = ".import-"
_STAGING = re.compile(r"\.import-.+-[A-Za-z0-9_]{8}")
"""What ``tempfile.mkdtemp(prefix=PREFIX + name + "-")`` names a folder."""
_CAMPAIGN_FILE = re.compile(r"campaign\.toml|journal\.toml|history|history/[0-9]+\.toml")
"""What an import writes into its folder: whatever else is in one is not removed."""
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)


@contextmanager
def staging_folder(saves: Path, name: str) -> Iterator[Path]:
    """A new hidden folder of ``saves`` for the campaign ``name`` to be built in, held
    locked until the block ends (rename it into place inside the block); removed if the
    block raises. Folders that killed imports left are cleared first."""
    clear_leftovers(saves)
    with _locked(saves, wait=True):  # Made and locked before a sweep can see it.
        building = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{name}-", dir=saves))
        held = _lock(building, wait=True)
    try:
        yield building
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    finally:
        if held is not None:
            os.close(held)


def clear_leftovers(saves: Path) -> list[str]:
    """Remove the folders of imports into ``saves`` that were killed midway (a live
    import's never); the names removed. Never fails: what cannot be removed stays."""
    try:
        found = [e.name for e in os.scandir(saves) if _STAGING.fullmatch(e.name)]
    except OSError:
        return []
    if not found or fcntl is None:
        return []
    removed = []
    with _locked(saves, wait=True) as saves_held:
        if saves_held is None:
            return []
        for name in found:
            folder = saves / name
            held = _lock(folder, wait=False)
            if held is None:
                continue  # A live import's (or no folder to lock).
            try:
                if _same(held, folder) and _only_campaign_files(folder):
                    shutil.rmtree(folder)
                    removed.append(name)
            except OSError:
                pass
            finally:
                os.close(held)
    return removed


@contextmanager
def _locked(folder: Path, *, wait: bool) -> Iterator[int | None]:
    """The folder's flock held for the block (None: it could not be taken)."""
    held = _lock(folder, wait=wait)
    try:
        yield held
    finally:
        if held is not None:
            os.close(held)


def _lock(folder: Path, *, wait: bool) -> int | None:
    """An open descriptor of ``folder`` (a real folder, not a link) holding its flock;
    None when another holds it (``wait`` False) or it cannot be opened or locked."""
    if fcntl is None:
        return None
    try:
        fd = os.open(folder, _FOLDER)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except OSError:
        os.close(fd)
        return None
    return fd


def _same(fd: int, folder: Path) -> bool:
    """``folder`` is still the folder locked (not renamed into place meanwhile)."""
    with suppress(OSError):
        return os.path.samestat(os.fstat(fd), os.stat(folder, follow_symlinks=False))
    return False


def _only_campaign_files(folder: Path) -> bool:
    """Nothing but what an import writes (a campaign's files, plain), no link."""
    for path in folder.rglob("*"):
        inside = path.relative_to(folder).as_posix()
        kind_ok = path.is_dir() if inside == "history" else path.is_file()
        if path.is_symlink() or not kind_ok or not _CAMPAIGN_FILE.fullmatch(inside):
            return False
    return True
