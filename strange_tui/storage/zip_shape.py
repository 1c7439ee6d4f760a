"""A backup zip's shape, checked before zipfile trusts it: the directory bounded from its
end record, and no ZIP64 anywhere (its end records, a member's central or local header).
No backup needs ZIP64 (a backup is under 512 MB, a member under 64 MB), and its 64-bit
sizes and offsets are one more reading of a member than the one the bounds checked."""

from __future__ import annotations

import io
import struct
import zipfile
from typing import IO

END_RECORD, ZIP64_LOCATOR, END_SIZE = b"PK\x05\x06", b"PK\x06\x07", 22
LOCAL_HEADER, LOCAL_SIZE = b"PK\x03\x04", 30
ZIP64_EXTRA = 0x0001
"""The extra field's id that holds a member's ZIP64 sizes and offset."""


def directory_problem(
    file: IO[bytes], size: int, *, most_members: int, most_bytes: int
) -> str | None:
    """What is wrong with the zip's directory, said before zipfile reads it whole (None:
    nothing, or no end record, and then zipfile says it is no zip). The end record is
    found as zipfile finds it: at the very end, else the last in the final 64 KiB."""
    file.seek(size - (tail_size := min(size, END_SIZE + 0xFFFF)))
    tail = file.read(tail_size)
    at = len(tail) - END_SIZE
    if at < 0 or tail[at : at + 4] != END_RECORD or tail[-2:] != b"\0\0":
        at = tail.rfind(END_RECORD)
    if at < 0 or len(tail) - at < END_SIZE:
        return None
    if at >= 20 and tail[at - 20 : at - 16] == ZIP64_LOCATOR:
        return "is a ZIP64 archive, which no backup is"
    members, directory_size = struct.unpack("<HI", tail[at + 10 : at + 16])
    if members > most_members or directory_size > most_bytes:
        return f"holds more members than a backup's {most_members:,}"
    return None


def zip64_problem(file: IO[bytes], info: zipfile.ZipInfo) -> str | None:
    """What is wrong when the member's central header (which zipfile reads) or its local
    header (which zipfile skips) carries ZIP64 sizes (None: neither does)."""
    file.seek(info.header_offset)
    head = file.read(LOCAL_SIZE)
    local = b""
    if len(head) == LOCAL_SIZE and head[:4] == LOCAL_HEADER:
        name_size, extra_size = struct.unpack("<HH", head[26:30])
        file.seek(name_size, io.SEEK_CUR)
        local = file.read(extra_size)
    if any(ZIP64_EXTRA in _extra_ids(extra) for extra in (info.extra, local)):
        return "is in ZIP64, which no backup's member is"
    return None


def _extra_ids(extra: bytes) -> list[int]:
    """The ids of an extra field's blocks (each an id, a size, then that many bytes)."""
    ids, at = [], 0
    while at + 4 <= len(extra):
        kind, size = struct.unpack_from("<HH", extra, at)
        ids.append(kind)
        at += 4 + size
    return ids
