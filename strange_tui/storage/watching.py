"""Following a campaign folder without polling it: the system tells a window when another
process writes the campaign (inotify, on Linux), so a change shows within milliseconds and a
quiet campaign costs nothing.

Other processes append to ``journal.toml`` in place, an undo replaces it by a rename, and a
checkpoint renames a new ``campaign.toml`` and ``journal.toml`` in: the FOLDER is watched,
not the file, so a replaced journal is still seen. inotify comes from the C library through
ctypes (no dependency, no thread, no debounce: watchfiles would add a thread and wait at
least 50 ms per batch). Where it cannot be had (another system, no libc symbol, the watch
limit reached) or cannot be trusted (a network or FUSE folder: another machine's writes
raise no event here), the answer is "poll": a look at the journal every 0.3 s, as before.
``follow = "poll"`` in the config, or ``$STRANGE_TUI_FOLLOW=poll``, asks for the poll."""

from __future__ import annotations

import functools
import os
import struct
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from strange_tui.storage.config import FOLLOW_MODES
from strange_tui.storage.folder_files import CAMPAIGN_FILE, JOURNAL_FILE

ENV_FOLLOW = "STRANGE_TUI_FOLLOW"

CAMPAIGN_NAMES = frozenset({JOURNAL_FILE, CAMPAIGN_FILE})
"""The files of a campaign folder whose change means "look": the lock and its owner note,
drafts and temp files change too, and wake nobody."""

REMOTE_FILE_SYSTEMS = frozenset(
    {
        "nfs",
        "nfs4",
        "cifs",
        "smb3",
        "smbfs",
        "9p",
        "ceph",
        "glusterfs",
        "afs",
        "coda",
        "lustre",
        "gpfs",
        "ncpfs",
        "davfs",
        "virtiofs",
        "fuse",
        "fuseblk",
    }
)
"""File systems whose changes made elsewhere (another machine, the host of a VM, a FUSE
daemon) raise no inotify event here; ``fuse.*`` (sshfs, rclone...) are counted too."""

IN_NONBLOCK = os.O_NONBLOCK
IN_CLOEXEC = getattr(os, "O_CLOEXEC", 0o2000000)
IN_MODIFY = 0x2
IN_ATTRIB = 0x4
IN_CLOSE_WRITE = 0x8
IN_MOVED_FROM = 0x40
IN_MOVED_TO = 0x80
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_DELETE_SELF = 0x400
IN_MOVE_SELF = 0x800
IN_Q_OVERFLOW = 0x4000
IN_IGNORED = 0x8000
IN_ONLYDIR = 0x01000000
IN_DONT_FOLLOW = 0x02000000
WATCHED = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB
FOLDER_GONE = IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED
EVENT = struct.Struct("iIII")
"""inotify's event header: watch descriptor, mask, cookie, length of the name after it."""
READ_SIZE = 64 * 1024
MAX_READS = 16
"""A drain reads at most this many buffers (1 MiB): a flood of events is looked at once,
what is left wakes the next drain, and nothing can keep a drain reading forever."""


class Plan(NamedTuple):
    """How a window follows a folder: ``watch`` or ``poll``, and why, in words."""

    mode: str
    why: str


def asked_mode(config_follow: str = "watch", env: Mapping[str, str] | None = None) -> Plan:
    """The mode asked for: $STRANGE_TUI_FOLLOW (a known value) wins over the config's key."""
    env = os.environ if env is None else env
    typed = env.get(ENV_FOLLOW, "").strip().lower()
    if typed in FOLLOW_MODES:
        return Plan(typed, f"forced by ${ENV_FOLLOW}")
    if config_follow == "poll":
        return Plan("poll", "forced by config.toml")
    return Plan("watch", "")


def read_mounts() -> str:
    """The text of /proc/mounts ('' where there is none: not Linux, or hidden)."""
    try:
        with open("/proc/mounts", encoding="utf-8", errors="replace") as mounts:
            return mounts.read(4 * 1024 * 1024)
    except OSError:
        return ""


def _unescaped(field: str) -> str:
    r"""A mount point as /proc/mounts writes it: a space is \040, a tab \011."""
    if "\\" not in field:
        return field
    return field.encode("latin-1", "replace").decode("unicode_escape", "replace")


def mount_type(path: Path, mounts: str) -> str:
    """The file system type of the mount holding ``path`` (resolved), by the longest mount
    point that is a prefix of it in ``mounts`` (the text of /proc/mounts); '' if none."""
    real = os.path.realpath(path)
    best, kind = -1, ""
    for line in mounts.splitlines():
        fields = line.split()
        if len(fields) < 3:
            continue
        point = _unescaped(fields[1]).rstrip("/") or "/"
        inside = point == "/" or real == point or real.startswith(point + "/")
        if inside and len(point) > best:  # Later lines win ties: they are mounted over.
            best, kind = len(point), fields[2]
        elif inside and len(point) == best:
            kind = fields[2]
    return kind


def is_remote(kind: str) -> bool:
    return kind in REMOTE_FILE_SYSTEMS or kind.startswith("fuse.")


if TYPE_CHECKING:
    import ctypes


@functools.cache
def _libc() -> ctypes.CDLL | None:
    import ctypes  # Here, not above: 3 ms of a start, and the watch begins after its frame.

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    except (OSError, AttributeError):
        return None
    return libc


def _errno() -> int:
    import ctypes

    return ctypes.get_errno()


class FolderWatch:
    """The system's watch on one folder: ``fd`` turns readable when something in it
    changed; ``drain()`` reads what is pending and says whether to look."""

    def __init__(self, fd: int, names: frozenset[str] | None) -> None:
        self.fd = fd
        self.names = names
        """The file names worth a look (None: every change is)."""
        self.lost = False
        """True once the folder was removed or moved away: no event will come again."""

    def drain(self) -> bool:
        """Read the pending events without blocking: True when one is worth a look (a
        watched name changed, the queue overflowed, the folder went away)."""
        if self.fd < 0:
            return False
        look = False
        for _ in range(MAX_READS):
            try:
                chunk = os.read(self.fd, READ_SIZE)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self.lost = True  # The descriptor went bad: one last look, then a poll.
                return True
            if not chunk:
                break
            look = self._worth_a_look(chunk) or look
        return look

    def _worth_a_look(self, chunk: bytes) -> bool:
        look = False
        offset = 0
        while offset + EVENT.size <= len(chunk):
            _, mask, _, length = EVENT.unpack_from(chunk, offset)
            name = chunk[offset + EVENT.size : offset + EVENT.size + length].rstrip(b"\0")
            offset += EVENT.size + length
            if mask & FOLDER_GONE:
                self.lost = True
                look = True
            elif mask & IN_Q_OVERFLOW:
                look = True  # Events were dropped: which files changed is not known.
            elif self.names is None or os.fsdecode(name) in self.names:
                look = True
        return look

    def close(self) -> None:
        """Stop watching (the descriptor closed); safe to call twice."""
        if self.fd >= 0:
            fd, self.fd = self.fd, -1
            os.close(fd)

    def __enter__(self) -> FolderWatch:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()  # A watch dropped unclosed still gives its descriptor back.
        except OSError:
            pass


def watch_folder(
    path: Path, names: frozenset[str] | None = CAMPAIGN_NAMES
) -> tuple[FolderWatch | None, str]:
    """The system's watch on the folder ``path`` (never through a link), or None and why
    not in words ("no inotify here", "the inotify watch limit is reached"...)."""
    if not sys.platform.startswith("linux"):
        return None, "no inotify here"
    if path.is_symlink() or not path.is_dir():
        return None, "the folder is a link" if path.is_symlink() else "no folder to watch"
    libc = _libc()
    if libc is None:
        return None, "no inotify here"
    fd = libc.inotify_init1(IN_NONBLOCK | IN_CLOEXEC)
    if fd < 0:
        return None, _failure("inotify", _errno())
    flags = WATCHED | IN_ONLYDIR | IN_DONT_FOLLOW
    if libc.inotify_add_watch(fd, os.fsencode(path), flags) < 0:
        error = _errno()
        os.close(fd)
        return None, _failure("an inotify watch", error)
    return FolderWatch(fd, names), ""


def _failure(what: str, error: int) -> str:
    import errno

    if error in (errno.ENOSPC, errno.EMFILE, errno.ENFILE):
        return "the inotify watch limit is reached"
    return f"{what} could not be had ({os.strerror(error)})"


def plan_for(
    path: Path,
    config_follow: str = "watch",
    env: Mapping[str, str] | None = None,
    mounts: str | None = None,
) -> Plan:
    """How a window should follow the folder ``path``, before any watch is tried: the mode
    asked, then poll on a network or FUSE folder (``mounts``: /proc/mounts' text)."""
    asked = asked_mode(config_follow, env)
    if asked.mode == "poll":
        return asked
    kind = mount_type(path, read_mounts() if mounts is None else mounts)
    if is_remote(kind):
        return Plan("poll", f"network folder ({kind})")
    return Plan("watch", "")


def open_watch(
    path: Path,
    config_follow: str = "watch",
    env: Mapping[str, str] | None = None,
    mounts: str | None = None,
) -> tuple[FolderWatch | None, Plan]:
    """The watch a window follows ``path`` with, and the plan; None with the reason to
    poll when the config, the environment, the folder or the system says so."""
    plan = plan_for(path, config_follow, env, mounts)
    if plan.mode == "poll":
        return None, plan
    watch, why = watch_folder(path)
    if watch is None:
        return None, Plan("poll", why)
    return watch, plan
