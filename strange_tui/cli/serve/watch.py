"""How `strange-tui serve` follows its campaign: a character made while it runs (in a
seat's app, or any window) gets a seat and a link without a restart. The campaign's files
are looked at every so often; when they changed, they are read (without the writers'
lock, in a thread) and the server is given the state."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

WATCH_SECONDS = 1.0
"""How often the server looks whether the campaign changed."""


def read_campaign(path: Path) -> Any:
    """The campaign's state as its files are now (None while they cannot be read: a
    writer mid-way, a damaged file the apps say more of)."""
    from strange_tui.storage.errors import CampaignFileError
    from strange_tui.storage.folder import CampaignFolder

    try:
        return CampaignFolder(path).check()
    except (CampaignFileError, OSError):
        return None


def files_now(path: Path) -> list[tuple[int, int, int]]:
    """What tells the campaign's files changed: the snapshot's and the journal's inode,
    size and time."""
    from strange_tui.storage.folder import CampaignFolder

    folder = CampaignFolder(path)
    seen = []
    for file in (folder.campaign_file, folder.journal_file):
        with contextlib.suppress(OSError):
            info = file.stat()
            seen.append((info.st_ino, info.st_size, info.st_mtime_ns))
    return seen


async def watch_campaign(
    path: Path, changed: Callable[[Any], object], every: float = WATCH_SECONDS
) -> None:
    """Until cancelled: each time the campaign's files change, ``changed(state)``."""
    seen: list[tuple[int, int, int]] | None = None
    while True:
        now = files_now(path)
        if now != seen:
            state = await asyncio.to_thread(read_campaign, path)
            if state is not None:  # Unreadable mid-write: looked at again next time.
                seen = now
                changed(state)
        await asyncio.sleep(every)


def seat_newcomers(server: Any, state: Any) -> list[Any]:
    """Seats on ``server`` for the characters of ``state`` that have none yet, their links
    printed on the console for the GM to give; the table's limit on apps grows with them
    (unless --max-apps set it)."""
    from strange_tui.cli.serve.command import new_seats
    from strange_tui.cli.serve.server import seat_links

    added = new_seats(state, server.seats)
    if added:
        server.seats = [*server.seats, *added]
        if not server.total_given:
            server.limits.total += server.limits.per_seat * len(added)
        lines = ["A new seat: give its link to that player alone.",
                 *seat_links(added, server.public_url)]  # fmt: skip
        print("\n".join(lines), flush=True)
    return added
