"""A long chase's events (R-CHASE-1): its start, each Speed task, its end."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta

from strange_tui.campaign.model.events.base import Event
from strange_tui.campaign.model.state import Id, Name, Small

QuarryLevel = Annotated[int, Meta(ge=1, le=10)]


class ChaseStarted(Event, tag="chase_started"):
    """R-CHASE-1: a long chase begins: ``character`` runs after (``flees``: from) a quarry
    of ``level``; as many Speed successes as the level win it."""

    character: Id
    quarry: Name
    level: QuarryLevel
    flees: bool = False


class ChaseRolled(Event, tag="chase_rolled"):
    """R-CHASE-1: the chase's Speed task (the RollMade before it, in the same command)
    counted as a success or a failure; the tallies after it (reduce checks them) let the
    log read without the state."""

    character: Id
    success: bool = False
    successes: Small = 0
    failures: Small = 0
    needed: QuarryLevel = 1


class ChaseEnded(Event, tag="chase_ended"):
    """R-CHASE-1: the chase is over: won or lost as the rule decides (reduce checks it), or
    abandoned (called off by the GM or the player)."""

    character: Id
    quarry: Name
    outcome: Literal["won", "lost", "abandoned"]
