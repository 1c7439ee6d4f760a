"""Your turn: when the fight's active combatant is a player's own PC, that player's window
says so, on whatever screen it shows.

- Every campaign screen at a player's seat (Home, the sheet, the log, the tracker) carries
  a one-line banner, shown only on that seat's turn: "Your turn, Mara Quist (round 2) —
  c: the combat tracker". On the tracker it names the turn's keys instead (attack, an
  action, an ability, n to pass). It goes as soon as the turn moves on, whichever window
  moved it (the state arrives through the session, as every change does).
- The turn arriving is also a notice: over a dialog or a wizard, where the banner may be
  hidden, it says to close it first; on the tracker the banner is enough.
- ``c`` opens the tracker from any campaign screen on that turn (Home's own ``c`` does the
  same; the tracker's ``c`` is its actions).
- The GM's seat, and solo play's window (the GM's, every seat at once), get no banner:
  the tracker shows whose turn it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign

if TYPE_CHECKING:
    from textual.screen import Screen

    from strange_tui.tui.common.access import CampaignApp

OPEN_KEY = "c"
"""The key that opens the tracker on the seat's turn (free on every campaign screen but
the tracker's own, and Home's, where it opens the tracker already)."""
TO_TRACKER = f"{OPEN_KEY}: the combat tracker"
"""What the banner says of the key, where the screen names no turn keys of its own."""


def turn_of(state: Campaign | None, seat: str) -> Combatant | None:
    """The PC whose turn it is, when it is ``seat``'s own (None at the GM's seat, out of a
    fight, before initiative, on an NPC's or another player's turn)."""
    encounter = state.encounter if state is not None else None
    active = encounter.active if encounter is not None else None
    if seat == GM or active is None or not active.pc or active.id != seat:
        return None
    return active


def turn_keys(screen: Screen | None) -> str:
    """The keys a screen offers on the seat's turn: the tracker names its own
    (``TURN_KEYS``); elsewhere the key that opens it."""
    return getattr(screen, "TURN_KEYS", "") or TO_TRACKER


def banner_line(state: Campaign, seat: str, keys: str) -> Text:
    """ "Your turn, Mara Quist (round 2) — c: the combat tracker"; empty when it is not
    the seat's turn. Names as typed (Text, not markup)."""
    active = turn_of(state, seat)
    if active is None:
        return Text()
    encounter = state.encounter
    assert encounter is not None
    text = Text(f"Your turn, {active.name}", style="bold")
    text.append(f" (round {encounter.round}) — ")
    text.append(keys, style="bold")
    return text


class TurnBanner(Static):
    """The seat's turn, on a campaign screen; it follows the campaign by itself."""

    DEFAULT_CSS = """
    TurnBanner {
        height: auto; display: none; padding: 0 1;
        background: $warning 25%; color: $text;
    }
    TurnBanner.-your-turn { display: block; }
    """

    _shown: Text | None = None

    def on_mount(self) -> None:
        self.watch(self.app, "campaign", self.show, init=True)

    def show(self, state: Campaign | None) -> None:
        if state is None:
            return
        seat = getattr(self.app, "seat", GM)
        line = banner_line(state, seat, turn_keys(self.screen))
        self.set_class(bool(line), "-your-turn")
        # Updating a Static lays the screen out again: only when the line changes.
        if line != self._shown:
            self._shown = line
            self.update(line)


def add_banner(screen: Screen, seat: str) -> None:
    """At a player's seat, the banner at the foot of ``screen`` (above its key bar)."""
    if seat != GM:
        screen.mount(TurnBanner())


class TurnWatch:
    """The app's eye on whose turn it is: a notice as this seat's turn begins, and the
    key that opens the tracker while it lasts. The app calls ``changed`` on every state."""

    def __init__(self, app: CampaignApp) -> None:
        self.app = app
        self.turn: tuple[int, int] | None = None
        """(round, turn) of this seat's turn under way, else None."""

    def changed(self, state: Campaign) -> None:
        active = turn_of(state, self.app.seat)
        encounter = state.encounter
        turn = (encounter.round, encounter.turn) if active and encounter else None
        if turn == self.turn:
            return
        self.turn = turn
        app = self.app
        if not app.is_running or getattr(app, "exiting", False) or not app.screen_stack:
            return  # Opening on the seat's turn (the first screen's banner says it), or closing.
        self.app.refresh_bindings()  # c joins (or leaves) the campaign screens.
        if active is not None:
            self.announce(active)

    def announce(self, active: Combatant) -> None:
        """The notice as the turn begins: none on the tracker (its banner says it)."""
        from strange_tui.tui.common.screen import CampaignScreen

        screen = self.app.screen
        if getattr(screen, "TURN_KEYS", ""):
            return
        if isinstance(screen, CampaignScreen):
            message = f"Your turn, {active.name}: {OPEN_KEY} opens the combat tracker."
        else:
            message = f"Your turn, {active.name}: close this, then {OPEN_KEY} opens the tracker."
        self.app.notify(message, title="Your turn", timeout=6)

    def key_works(self) -> bool:
        """``c`` opens the tracker: this seat's turn, on a campaign screen."""
        return self.turn is not None and self.app.shows_campaign()
