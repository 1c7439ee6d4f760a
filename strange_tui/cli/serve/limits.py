"""How many seat apps `strange-tui serve` runs at once: a few per seat, and a total."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

APPS_PER_SEAT = 2
"""One browser window per seat, and one more: a reload opens the new app while the old one
is still quitting, and a player may keep a second device open."""


@dataclass
class AppLimits:
    """The apps each seat runs now, and the most it (and the whole server) may run.

    An app counts from the moment its connection is let in until its process has exited,
    so the count is the host's real load, not the browsers' view of it."""

    per_seat: int
    total: int
    live: Counter[str] = field(default_factory=Counter)

    def take(self, seat: str) -> str | None:
        """Count one more app for ``seat``; or, past a limit, the one line the refused
        browser shows (short enough for a websocket's close reason) and nothing counted."""
        if self.live[seat] >= self.per_seat:
            windows = "window" if self.per_seat == 1 else "windows"
            return (
                f"This seat has {self.per_seat} {windows} open already:"
                " close one, then press Restart."
            )
        if self.live.total() >= self.total:
            return f"The table is full ({self.total} windows are open): try again when one closes."
        self.live[seat] += 1
        return None

    def give_back(self, seat: str) -> None:
        """The app ``take`` counted for ``seat`` has exited."""
        self.live[seat] -= 1
        if self.live[seat] <= 0:
            del self.live[seat]
