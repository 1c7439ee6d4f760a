"""Tests that write a campaign file by hand seal it again, as strange-tui would have: a
hand-made snapshot or chunk is otherwise refused as changed (what the seals are for)."""

import re
from pathlib import Path

from strange_tui.storage.seals import seal

CHECK_LINE = re.compile(rb'^check = "crc32:[0-9a-f]{8}"\n', re.MULTILINE)


def reseal(path: Path) -> None:
    """Put a fresh seal on ``path`` (a snapshot or a history chunk) after a test edited it."""
    data = path.read_bytes()
    match = CHECK_LINE.search(data)
    assert match is not None, f"{path} carries no check line"
    path.write_bytes(seal(data[: match.start()], data[match.end() :]))
