"""What this window's seat is offered: a screen asks the command layer, not a list of its
own, whether the seat may send the command a key would lead to. So a player's key bar,
Help-by-key and palette runs show exactly what the model would accept from that seat.

A screen names, for each action it gates, the command the key leads to (a probe: only
the fields that say whose action it is matter, the rest are placeholders, never sent).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from strange_tui.tui.common.session import Session

if TYPE_CHECKING:  # Imported where used: Home's first frame asks no probe at the GM's seat.
    from strange_tui.campaign.commands import Command

Probe = Callable[[], "Command | bool"]
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


def gm_actions(session: Session | None, screen_class: type) -> frozenset[str]:
    """The actions of ``screen_class`` that lead to what only the GM's seat ever sends (a
    command the command layer keeps for the GM: ``GM_ONLY``), at a player's seat; none at
    the GM's. The class names its probes in ``seat_probes(session)``, made without the
    screen (for Help, where the screen is not open)."""
    from strange_tui.campaign.commands import Command

    probes_of = getattr(screen_class, "seat_probes", None)
    if session is None or session.is_gm or probes_of is None:
        return frozenset()
    made = {action: probe() for action, probe in probes_of(session).items()}
    return frozenset(a for a, m in made.items() if isinstance(m, Command) and type(m).GM_ONLY)


class SeatKeys:
    """A screen's keys at a player's seat where the screen is not open (Help's other
    sections): every key but those that are only ever the GM's (``gm_actions``). Asked as
    an open screen is, by ``check_action``."""

    def __init__(self, session: Session | None, screen_class: type) -> None:
        self.gm = gm_actions(session, screen_class)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool:
        return action not in self.gm
