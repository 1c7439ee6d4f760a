"""A roll that cannot succeed is said, not made: at 0% the odds say so, and the die is cast
(and its cost paid) only once the player says so (y) in ``ImpossibleRoll``; n or escape
changes nothing. The roll dialog and the attack and defense dialogs ask through
``AsksIfImpossible``; the translation wizard asks with the same dialog. Every number comes
from the command's preview."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.rolls.odds import OddsView
from strange_tui.tui.common.dialog import DIALOG_CSS, send
from strange_tui.tui.common.session import Refused

CANNOT = "cannot succeed"
"""What the odds line adds at 0%."""


def cannot_succeed(odds: OddsView) -> bool:
    """Whether a roll with these odds can never succeed (0%, and not automatic)."""
    return not odds.automatic and odds.p_success <= 0


def impossible_words(target: int) -> str:
    """'This roll cannot succeed (target 33).'"""
    return f"This roll {CANNOT} (target {target})."


def roll_anyway(target: int, spend: str = "") -> str:
    """The question: 'This roll cannot succeed (target 33). Roll anyway and spend 4 hours
    of trance?' (``spend``: what the roll costs, '' for nothing)."""
    return f"{impossible_words(target)} Roll anyway{f' and spend {spend}' if spend else ''}?"


class ImpossibleRoll(ModalScreen[bool]):
    """'Roll anyway?' before a roll at 0%: y rolls (and spends), n or escape does not."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    BINDINGS = [
        Binding("y", "answer(True)", "Roll anyway", id="impossible.yes"),
        Binding("n,escape", "answer(False)", "Not now", id="impossible.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        text = Text(self.question)
        text.append("\n\ny: roll anyway · n or escape: not now, nothing spent", style="dim")
        with Vertical(classes="dialog") as box:
            box.border_title = "This roll cannot succeed"
            yield Static(text, id="question")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def ask_if_impossible(
    node: Any, odds: OddsView | None, spend: str, go: Callable[[], object]
) -> bool:
    """True when ``odds`` cannot succeed: the player is asked, and ``go()`` runs once they
    say to roll anyway (else nothing happens). False: roll now."""
    if odds is None or not cannot_succeed(odds):
        return False

    def answered(yes: bool | None) -> None:
        if yes:
            go()

    node.app.push_screen(ImpossibleRoll(roll_anyway(odds.target, spend)), answered)
    return True


class AsksIfImpossible:
    """A roll dialog's (a CharacterDialog's) way to send its roll: at 0% it asks first;
    ``again`` sends it again once the player said yes, and that same roll then goes."""

    session: Any
    _allowed: tuple[Command, int] | None = None

    def roll_or_ask(self, command: Command, again: Callable[[], object]) -> Any:
        """The roll's events (None: refused and said, or asked first)."""
        key = (command, self.session.state.seq)
        if self._allowed == key:
            self._allowed = None
            return send(self, command)  # type: ignore[arg-type]
        try:
            preview = self.session.preview(command)
        except Refused:
            preview = None  # Sent, the refusal says why.
        roll = getattr(preview, "roll", preview)
        odds = getattr(roll, "odds", None)
        cost, stat = getattr(roll, "cost", 0), getattr(roll, "stat", None)
        spend = f"{cost} {stat.value.title()}" if cost and stat is not None else ""

        def allowed() -> None:
            self._allowed = key
            again()

        if ask_if_impossible(self, odds, spend, allowed):
            return None
        return send(self, command)  # type: ignore[arg-type]
