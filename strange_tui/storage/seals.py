"""Seals on the files that are written whole: the snapshot (campaign.toml) and each sealed
history chunk carry a CRC-32 over every byte but their check line, so an edit or a flipped
byte that still reads as a valid campaign is caught by `check` and on open.

The journal seals each batch on its own (``journal``). What the seals cannot see, how the
files join (a chunk missing, a snapshot past its journal), ``joins`` checks.
"""

from __future__ import annotations

import re
import zlib
from pathlib import Path

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.migrations import check_header
from strange_tui.storage.toml_io import parse_toml

SEALED_SINCE = 3
"""The first format version whose snapshot and history chunks carry a seal."""
HEAD_BYTES = 4096
"""A sealed file's head (format, version, check, and a few numbers) fits in far less."""
_CHECK_LINE = re.compile(rb'^check = "crc32:([0-9a-f]{8})"\n', re.MULTILINE)


def seal(head: bytes, body: bytes) -> bytes:
    """The file ``head`` (its format and version) then ``body``, with the check line
    between them covering both."""
    return head + b'check = "crc32:%08x"\n' % zlib.crc32(head + body) + body


def check_seal(path: Path, data: bytes) -> None:
    """CampaignFileError unless ``data`` (a sealed file, lines ending in LF) matches its
    check line."""
    first_table = data.find(b"\n[")
    match = _CHECK_LINE.search(data, 0, len(data) if first_table < 0 else first_table + 1)
    if match is None:
        raise CampaignFileError(path, "has no check line, as every file of its version has")
    covered = data[: match.start()] + data[match.end() :]
    if f"{zlib.crc32(covered):08x}".encode() != match.group(1):
        raise CampaignFileError(
            path,
            "does not match its check: the file was changed by hand or damaged",
            line=data.count(b"\n", 0, match.start()) + 1,
        )


def check_seal_first(path: Path, data: bytes, kind: str) -> bool:
    """Check ``data``'s seal before the file is parsed, if its version has one: only its
    head (what comes before its first table) is read for the version, so a changed or
    hostile sealed file costs a CRC, not a parse. False when the head could not be found
    apart: then the caller parses the file whole and checks the seal after."""
    end = data.find(b"\n[", 0, HEAD_BYTES)
    if end < 0:
        return False
    version = check_header(path, parse_toml(path, data[: end + 1]), kind)
    if version >= SEALED_SINCE:
        check_seal(path, data.replace(b"\r\n", b"\n"))
    return True
