"""What every screen that shows the open campaign shares: typed access to it, and a redraw
after each change while the screen is on top (and when it comes back on top)."""

from __future__ import annotations

from textual.screen import Screen

from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.access import session_of
from strange_tui.tui.common.session import Session
from strange_tui.tui.common.speed import FirstResumeStyled
from strange_tui.tui.common.turn_banner import add_banner


class CampaignScreen(FirstResumeStyled, Screen):
    """A screen that follows the campaign: subclasses draw it in ``show``."""

    @property
    def session(self) -> Session:
        """The open campaign: its state, commands and previews."""
        return session_of(self)

    @property
    def state(self) -> Campaign:
        return self.session.state

    def follow_campaign(self) -> None:
        """Start redrawing on every change; call it at the end of ``on_mount``. At a
        player's seat the screen also says when it is that seat's turn (``turn_banner``)."""
        self.watch(self.app, "campaign", self._redraw, init=True)
        add_banner(self, self.session.seat)

    _drawn: Campaign | None = None
    """The state last drawn by following the campaign."""

    def on_screen_resume(self) -> None:
        # Back on top: drawn again only if the campaign changed meanwhile (a dialog that
        # changed nothing, or the screen's own first resume, redraws nothing).
        if self.app.campaign is not self._drawn:
            self._redraw(self.app.campaign)

    def _redraw(self, state: Campaign | None) -> None:
        # A hidden screen is not redrawn (a GM's burst of keys stays fast); it catches up
        # when it is on top again.
        if state is not None and self.app.screen is self:
            self._drawn = state
            self.show(state)

    def show(self, state: Campaign) -> None:
        """Draw ``state``."""
        raise NotImplementedError
