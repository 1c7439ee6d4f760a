"""The attack dialog's "Trade damage for" (R-SPEC-6): the pack's trades, each with the
damage it gives up against the target (the model's price), and what the preview and the
result say of the one chosen."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Label, Select

from strange_tui.campaign.commands.combat import TradePreview, trade_cost
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.content.model import Trade
from strange_tui.tui.common.session import Session

NO_TRADE = ""
TRADE_LABEL = "Trade damage"


def trade_fields(session: Session, target: Combatant) -> list[Widget]:
    """The label and the choice against ``target``, a grid cell each; none chosen."""
    return [
        Label(TRADE_LABEL),
        Select(
            trade_options(session, target),
            value=NO_TRADE,
            allow_blank=False,
            id="trade",
            compact=True,
        ),
    ]


def pack_trades(session: Session) -> list[Trade]:
    return [entry for entry in session.content.kind("trades").values() if isinstance(entry, Trade)]


def trade_options(session: Session, target: Combatant) -> list[tuple[str, str]]:
    """None, then the trades against ``target``, each with what a hit gives up
    ('Knock down: 6 damage')."""
    options = [("none", NO_TRADE)]
    options += [(f"{t.name}: {trade_cost(t, target)} damage", t.id) for t in pack_trades(session)]
    return options


def set_trades(select: Select, session: Session, target: Combatant, keep: bool = True) -> None:
    """The trades against ``target``; the choice kept when ``keep`` (else none)."""
    options = trade_options(session, target)
    value = select.value if keep else NO_TRADE
    select.set_options(options)
    select.value = value if any(value == v for _, v in options) else NO_TRADE


def chosen_trade(select: Select, session: Session) -> Trade | None:
    """The pack's trade chosen (None: none)."""
    if select.disabled or select.value == NO_TRADE:
        return None
    return next((t for t in pack_trades(session) if t.id == select.value), None)


def trade_text(trade: TradePreview) -> Text:
    """The preview's line: '−5 damage (4 + level 1) to knock Thug down: prone 1 round'."""
    text = Text(f"−{trade.total} damage", style="bold")
    text.append(f" ({trade.cost} + level {trade.level})", style="dim")
    text.append(f" to {trade.does}")
    if trade.condition:
        lasting = f"{trade.rounds} round" + ("s" if trade.rounds != 1 else "")
        lasting = lasting if trade.rounds else "for the rest of the fight"
        text.append(f": {trade.condition} {lasting}", style="magenta")
    if trade.ends:
        text.append(f": no longer {trade.ends}", style="magenta")
    return text


def traded_text(trade: TradePreview) -> str:
    """What the result adds to the hit's line: ' (gave up 5 damage to knock Thug down)'."""
    return f" (gave up {trade.total} damage to {trade.does})"
