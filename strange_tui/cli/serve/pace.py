"""How fast a browser may talk to its seat's app: a person's pace, with room for a paste.

A seat's app turns every key it reads into an event it queues before it handles it, about
2 kB each, and handles them a couple of thousand a second: a browser that sends keys faster
than that grows the app's memory without end (a megabyte of one key held the GM's app at
900 MB and climbing). The page sends one message per key, mouse move or paste, so the
events a message makes are counted (an escape sequence is one key), and a connection has
an allowance of them that refills at a steady rate: a burst as big as the largest paste,
then a rate no hand and no mouse reaches. Past it the connection is closed, with the
reason, rather than slowed or its keys dropped: a slowed connection stops being read, so
its closing would go unnoticed while its backlog drains, and a dropped key is a wrong
command with no word said.

No aiohttp here: the arithmetic is tested on its own."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[O\[]?.", re.DOTALL)
"""A key the terminal spells in several characters (an arrow, F5, a mouse move): one event."""
BURST_EVENTS = 8192
"""The events a connection may send at once: the largest paste (the message size's worth of
keys, when the page does not wrap it as one paste) or a long sweep of the mouse."""
EVENTS_PER_SECOND = 512.0
"""The steady rate the allowance refills at: a mouse moved non-stop on a 240 Hz screen
makes 240 events a second, and the fastest typist 20; the app handles three times this."""


def events_in(text: str) -> int:
    """The events the app makes of ``text``: a key each character, an escape sequence one
    key; at least one, so that a message of nothing is not free."""
    return max(1, len(ESCAPE_SEQUENCE.sub("\x1b", text)))


@dataclass
class Allowance:
    """A token bucket: ``burst`` events at once, refilled at ``rate`` a second."""

    burst: float = BURST_EVENTS
    rate: float = EVENTS_PER_SECOND
    left: float = field(init=False)
    """The events that may be sent now: full at first."""
    checked: float | None = None
    """When ``left`` was last brought up to date, in the clock's seconds."""

    def __post_init__(self) -> None:
        self.left = self.burst

    def spend(self, events: int, now: float) -> bool:
        """Take ``events`` from the allowance at time ``now``; False, and nothing taken,
        when it has not that many left."""
        if self.checked is not None:
            self.left = min(self.burst, self.left + (now - self.checked) * self.rate)
        self.checked = now
        if events > self.left:
            return False
        self.left -= events
        return True
