"""Typed access from any widget or screen to the app and its open campaign."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

from strange_tui.campaign.model.state import Campaign
from strange_tui.tui.common.session import Session

if TYPE_CHECKING:
    from strange_tui.tui.app.app import StrangeApp


def strange_app(node: DOMNode) -> StrangeApp:
    """The StrangeApp ``node`` belongs to."""
    return cast("StrangeApp", node.app)


def session_of(node: DOMNode) -> Session:
    """The open campaign (screens that show one are only pushed while one is open)."""
    session = strange_app(node).session
    assert session is not None, "no campaign is open"
    return session


def state_of(node: DOMNode) -> Campaign:
    """The open campaign's current state."""
    return session_of(node).state
