"""An NPC's health as a seat reads it: the GM's seat (and solo play's one window) in
numbers, '5/9'; a player's seat in words (unhurt, hurt, badly hurt, down) unless the GM
shows the players the numbers (the ``npc_health_shown`` setting). Every screen and dialog
a player's seat sees says an NPC's health through here: the tracker, Home, the attack
dialog's hit and its area's other targets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from strange_tui.campaign.model.encounter import health_in_words
from strange_tui.campaign.model.seats import GM

if TYPE_CHECKING:
    from strange_tui.campaign.model.state import Campaign


def numbers_seen(state: Campaign, seat: str) -> bool:
    """Whether ``seat`` reads NPCs' health as numbers: the GM's always, a player's when
    the GM shows them."""
    return seat == GM or state.settings.npc_health_shown


def health_seen(state: Campaign, seat: str, health: int, max_health: int) -> str:
    """``health`` of ``max_health`` as ``seat`` reads it: '5/9', or 'hurt'."""
    if numbers_seen(state, seat):
        return f"{health}/{max_health}"
    return health_in_words(health, max_health)
