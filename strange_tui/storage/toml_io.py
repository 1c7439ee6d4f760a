"""Reading and writing TOML safely: size and link checks, strict decoding with the path of
the bad field, and atomic replacement of whole files."""

from __future__ import annotations

import functools
import os
import re
import stat
import tempfile
import tomllib
import typing
from collections import OrderedDict
from pathlib import Path
from typing import Any

import msgspec

from strange_tui.storage.declared import check_declared
from strange_tui.storage.errors import CampaignFileError

MAX_FILE_BYTES = 64 * 1024 * 1024
def _file_mode() -> int:
    """The mode a new file would get under the process's umask (mkstemp alone gives 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


FILE_MODE = _file_mode()
_AT_PATH = re.compile(r" - at `\$(?P<path>[^`]*)`$")


def read_bytes(path: Path, *, max_bytes: int = MAX_FILE_BYTES, head: int = 0) -> bytes:
    """The bytes of a campaign file (or draft, pack, theme): a plain file only, never a
    link, a FIFO or a device (which could hang or flood the reader), and not too large.
    ``head``: only the first so many bytes, whatever the file's size."""
    if path.is_symlink():
        raise CampaignFileError(path, "is a symbolic link; campaign files must be plain files")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise CampaignFileError(path, "is missing") from None
    except IsADirectoryError:
        raise CampaignFileError(path, "is a folder, not a file") from None
    except PermissionError:
        raise CampaignFileError(path, "cannot be read (permission denied)") from None
    except OSError as error:
        raise CampaignFileError(path, f"cannot be read ({error.strerror or error})") from None
    info = os.fstat(fd)
    problem = None
    if stat.S_ISDIR(info.st_mode):
        problem = "is a folder, not a file"
    elif not stat.S_ISREG(info.st_mode):
        problem = "is not a plain file (a FIFO, socket or device?)"
    elif info.st_size > max_bytes and not head:
        problem = f"is {info.st_size} bytes, more than it can be"
    if problem:
        os.close(fd)
        raise CampaignFileError(path, problem)
    with os.fdopen(fd, "rb") as file:
        try:
            data = file.read(head or max_bytes + 1)
        except OSError as error:
            raise CampaignFileError(path, f"cannot be read ({error.strerror or error})") from None
    if len(data) > max_bytes:
        raise CampaignFileError(path, f"is more than {max_bytes} bytes, more than it can be")
    return data


def parse_toml(path: Path, data: bytes, *, first_line: int = 1) -> dict[str, Any]:
    """TOML text to a dict; a syntax error names the file, line and column. A shape the
    reader would spend the machine on (a key of thousands of parts, more tables and keys
    than the file's size holds) is refused first, the same for every file read."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + first_line
        raise CampaignFileError(path, "is not UTF-8 text", line=line) from None
    check_declared(path, text, len(data), first_line)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = re.search(r"\(at line (\d+), column (\d+)\)", message)
        if match:
            line = int(match.group(1)) + first_line - 1
            reason = message[: match.start()].strip()
            raise CampaignFileError(
                path, f"{reason} (column {match.group(2)})", line=line
            ) from None
        if "(at end of document)" in message:
            reason = message.replace("(at end of document)", "").strip()
            line = text.count("\n") + first_line
            raise CampaignFileError(path, f"{reason} (at the end of the file)", line=line) from None
        raise CampaignFileError(path, message) from None
    except RecursionError:
        raise CampaignFileError(path, "nests too deeply to be a campaign file") from None
    except MemoryError:
        raise CampaignFileError(path, "takes more memory to read than there is") from None


@functools.cache
def _holder(kind: Any) -> type[msgspec.Struct]:
    """A struct whose one field is of ``kind``. msgspec keeps what it learns of a struct's
    fields (a union's tags, every member's fields) on the struct, but learns a bare union
    anew on every call: an event, converted as the union of every kind of event, took
    150 us on its own and 5 us held in a struct (a journal's open, check, the log)."""
    return msgspec.defstruct("Held", [("value", kind)])


@functools.cache
def _tagged(kind: Any) -> tuple[str, dict[Any, type[msgspec.Struct]]] | None:
    """A union of tagged structs as its tag field and each tag's struct (None otherwise)."""
    members = typing.get_args(kind)
    configs = [getattr(member, "__struct_config__", None) for member in members]
    if not members or any(config is None or config.tag is None for config in configs):
        return None
    fields = {config.tag_field for config in configs if config is not None}
    if len(fields) != 1:
        return None
    tags = {config.tag: member for config, member in zip(configs, members, strict=True)}
    return fields.pop(), tags  # type: ignore[union-attr]


def convert(path: Path, data: Any, kind: Any, *, field: str, line: int | None = None) -> Any:
    """Strictly turn parsed TOML into ``kind``; errors name the field (``events[12].amount``).
    An event is converted as its own kind, found by its tag: msgspec learns each struct the
    first time it meets it, and learning the union of every kind of event took 11 ms of a
    window's start, where the nine kinds of the demo's journal take one."""
    held = isinstance(kind, type) and issubclass(kind, msgspec.Struct)
    tagged = None if held or not isinstance(data, dict) else _tagged(kind)
    if tagged is not None and (member := tagged[1].get(data.get(tagged[0]))) is not None:
        kind, held = member, True
    try:
        if held:
            return msgspec.convert(data, kind)
        return msgspec.convert({"value": data}, _holder(kind)).value
    except msgspec.ValidationError as error:
        message = str(error)
        match = _AT_PATH.search(message)
        where = field
        if match:
            at = match.group("path")
            where += at if held else at.removeprefix(".value")
            message = message[: match.start()]
        raise CampaignFileError(path, message, line=line, field=where) from None


class Decoded:
    """What a reader made of a file's exact bytes, kept for the next read of the same
    bytes: a window reads its campaign again on each open (the campaign list, another
    window's undo), and the state and events it decodes are frozen, so they can be shared.
    Bounded (a few files, none large); only what decoded without error is kept."""

    def __init__(self, entries: int = 8, largest: int = 1024 * 1024) -> None:
        self._entries = entries
        self._largest = largest
        self._kept: OrderedDict[tuple[bytes, Any], Any] = OrderedDict()

    def get(self, data: bytes, extra: Any = None) -> Any:
        """What the bytes (read with ``extra``) decoded to before, or None."""
        found = self._kept.get((data, extra))
        if found is not None:
            self._kept.move_to_end((data, extra))
        return found

    def keep(self, data: bytes, value: Any, extra: Any = None) -> Any:
        if len(data) <= self._largest:
            self._kept[(data, extra)] = value
            while len(self._kept) > self._entries:
                self._kept.popitem(last=False)
        return value


def dumps(data: Any) -> bytes:
    """A dict (or struct) as TOML bytes."""
    import tomli_w  # Only writers need it; opening a campaign to read does not.

    return tomli_w.dumps(msgspec.to_builtins(data)).encode("utf-8")


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - some platforms cannot open folders
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, mode: int = FILE_MODE) -> None:
    """Replace ``path`` with ``data`` whole or not at all: temp file in the same folder
    (with ``mode``), flush, fsync, rename over, fsync the folder."""
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as temp:
            temp.write(data)
            temp.flush()
            os.fsync(temp.fileno())
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    fsync_folder(path.parent)
