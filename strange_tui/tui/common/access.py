"""Typed access from any widget or screen to the app and its open campaign.

Screens and dialogs know the app by ``CampaignApp``, the base the App (``tui/app/app.py``)
is built on: the App stands on every screen, so the screens do not import it back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen

from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.session import Session

if TYPE_CHECKING:
    from strange_tui.campaign.commands import Command
    from strange_tui.campaign.model.events import AnyEvent


class CampaignApp(App[None]):
    """What screens and dialogs ask of the app: the open campaign, this window's seat, a
    command run as one step, and screens kept mounted between opens."""

    session: Session | None
    """The open campaign, or None on the campaign list."""
    seat: str
    """Whose seat this window is: the GM's, or a player's character's id."""

    def run_command(self, command: Command, dice: object = None) -> tuple[AnyEvent, ...] | None:
        """Apply a player's command as one step; if the rules refuse, say why (None)."""
        raise NotImplementedError

    def kept_screen(self, name: str, make: Callable[[], Screen]) -> str:
        """A screen kept mounted while the campaign is open, made on first use: its name."""
        raise NotImplementedError

    def shows_campaign(self) -> bool:
        """Whether the screen on top shows the campaign."""
        raise NotImplementedError

    def open_use_ability(self, character_id: str) -> None:
        """The dialog to use one of the character's abilities (the sheet's, the tracker's)."""
        raise NotImplementedError

    def open_ask_roll(self, character_id: str = "") -> None:
        """The GM's dialog to ask a character ("": the whole party) for a roll."""
        raise NotImplementedError

    def open_ability_attack(self, character_id: str, ability: str) -> None:
        """The attack dialog with the ability's attack chosen, in a fight on the character's
        turn; else the player is told where an attack is made."""
        raise NotImplementedError


def strange_app(node: DOMNode) -> CampaignApp:
    """The app ``node`` belongs to."""
    return cast(CampaignApp, node.app)


def session_of(node: DOMNode) -> Session:
    """The open campaign (screens that show one are only pushed while one is open)."""
    session = strange_app(node).session
    assert session is not None, "no campaign is open"
    return session


def state_of(node: DOMNode) -> Campaign:
    """The open campaign's current state."""
    return session_of(node).state
