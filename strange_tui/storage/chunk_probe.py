"""The newest history chunk found without listing history/: opening asks for it every time,
and a listing grows with the campaign (5,000 chunks for a million events take longer to
list than the rest of an open).

Checkpoints number their chunks 1, 2, 3, ... (``history.write_chunk``), so the newest is
found by probing names: doubling until one is missing, then halving between, some
2·log2(n) lookups of one name each. Names written by hand, or a number missing, can
mislead a probe: so its answer is taken only when it joins (it reaches the snapshot);
otherwise the listing (``history.newest_chunk``) decides, as before."""

from __future__ import annotations

import os
from pathlib import Path

from strange_tui.storage import history

PROBES = 64
"""At most 2**64 chunks are looked for: a probe always ends."""


def chunk_path(folder: Path, number: int) -> Path:
    """The name a checkpoint gives its ``number``-th chunk."""
    return folder / f"{number:0{history.CHUNK_DIGITS}d}.toml"


def probed_newest(folder: Path) -> Path | None:
    """The highest-numbered chunk when chunks 1 to n are all there (None: no chunk 1)."""

    def there(number: int) -> bool:
        return os.path.lexists(chunk_path(folder, number))  # A link too: reading refuses it.

    if not there(1):
        return None
    low = 1  # There.
    for _ in range(PROBES):
        if not there(low * 2):
            break
        low *= 2
    high = low * 2  # Not there.
    while high - low > 1:
        middle = (low + high) // 2
        if there(middle):
            low = middle
        else:
            high = middle
    return chunk_path(folder, low)


def sealed_last(folder: Path, at_least: int) -> int:
    """The last sealed event, from the newest chunk's head (0: nothing sealed): the probed
    chunk's when it reaches ``at_least`` (the snapshot's event), else the listed newest's.
    CampaignFileError when that chunk's head cannot be read."""
    probed = probed_newest(folder)
    if probed is not None:
        last = history.chunk_range(probed)[1]
        if last >= at_least:
            return last
    newest = history.newest_chunk(folder)
    return history.chunk_range(newest)[1] if newest else 0
