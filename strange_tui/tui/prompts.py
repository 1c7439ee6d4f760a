"""The questions put to this window's seat (see ``campaign.prompts``), brought to the player
as they arrive: a defense roll, an answer to an intrusion, an initiative roll."""

from __future__ import annotations

from typing import TYPE_CHECKING

from strange_tui.campaign.state import Campaign

if TYPE_CHECKING:
    from strange_tui.tui.app import StrangeApp


class PromptDesk:
    """Watches the open prompts; the app calls ``changed`` on every new state."""

    def __init__(self, app: StrangeApp) -> None:
        self.app = app

    def changed(self, state: Campaign) -> None:
        """A new state (this window's command, or another window's)."""
