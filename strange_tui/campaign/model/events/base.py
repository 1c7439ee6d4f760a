"""What every event shares: its number, its in-game time, its command, who sent it;
and the bounded numbers events carry (dice, seconds, steps)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated

from msgspec import Meta, Struct

Die20 = Annotated[int, Meta(ge=1, le=20)]


Die6 = Annotated[int, Meta(ge=1, le=6)]


Seconds = Annotated[int, Meta(ge=0, le=10**9)]


Steps = Annotated[int, Meta(ge=-3, le=3)]


class Event(
    Struct,
    frozen=True,
    kw_only=True,
    omit_defaults=True,
    forbid_unknown_fields=True,
    tag_field="kind",
):
    """Base of every event: its number in the campaign, the in-game second it happened, and
    the command it belongs to."""

    seq: Annotated[int, Meta(ge=0)] = 0
    at: Annotated[int, Meta(ge=0, le=10**12)] = 0
    batch: Annotated[int, Meta(ge=0)] = 0
    """0 for the first (or only) event of a command; the seq of that first event for the
    others, so the journal, undo and the log treat a command's events as one."""
    origin: Annotated[str, Meta(max_length=200)] = ""
    """The window that made the command (on its first event): ``host:pid``."""
    seat: Annotated[str, Meta(max_length=200)] = ""
    """The player's seat that sent the command (on its first event; "" for the GM's): only
    that seat, or the GM's, may take it back."""
