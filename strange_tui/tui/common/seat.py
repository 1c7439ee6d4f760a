"""What this window's seat is offered: a screen asks the command layer, not a list of its
own, whether the seat may send the command a key would lead to. So a player's key bar,
Help-by-key and palette runs show exactly what the model would accept from that seat.

A screen names, for each action it gates, the command the key leads to (a probe: only
the fields that say whose action it is matter, the rest are placeholders, never sent).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from strange_tui.campaign.commands import Command
from strange_tui.tui.common.session import Session

Probe = Callable[[], Command | bool]
"""The command an action leads to now, or, for what sends no command, whether a player's
seat is offered it (True: to every seat; False: the GM's only)."""


def may(session: Session, command: Command) -> bool:
    """Whether this window's seat may send ``command`` now: the command layer's own
    answer (``Command.seat_may``), for this seat and this state."""
    return session.seated(command).seat_may(session.state) is None


def offered(session: Session | None, probes: Mapping[str, Probe], action: str) -> bool:
    """Whether a screen offers ``action`` at this seat. The GM's seat is offered every
    key (the screens behave as before seats); a player's only what ``may`` allows."""
    if session is None or session.is_gm or action not in probes:
        return True
    probe = probes[action]()
    return probe if isinstance(probe, bool) else may(session, probe)
