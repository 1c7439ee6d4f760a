"""The translation's odds, on a line of their own under the step bar: on screen at every
step (the side panel below may not show its last rows at 80x24). A translation that cannot
succeed says so there, and the wizard asks before it spends the trance
(``common.impossible``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from rich.text import Text

from strange_tui.campaign.commands.translation import Translate, TranslationPreview
from strange_tui.campaign.narrate.words import duration
from strange_tui.tui.common.access import session_of
from strange_tui.tui.common.impossible import CANNOT, ImpossibleRoll, roll_anyway
from strange_tui.tui.common.session import Refused
from strange_tui.tui.common.text_panel import TextPanel


def cannot_translate(shown: TranslationPreview | str | None) -> bool:
    """Whether the translation previewed can never succeed (0%, the paradox's reroll
    counted)."""
    if not isinstance(shown, TranslationPreview) or shown.odds.automatic:
        return False
    return shown.odds.p_success <= 0 and shown.p_success <= 0


def odds_line(shown: TranslationPreview | str | None) -> Text:
    """'Odds 45% (Intellect: target 9)', the paradox's chance after it; at 0%, that it
    cannot succeed. Nothing before the roles are chosen (the side panel says what is
    missing)."""
    if not isinstance(shown, TranslationPreview):
        return Text()
    odds = shown.odds
    line = Text("Odds ", style="bold cyan")
    if odds.automatic:
        line.append("automatic: no roll", style="bold green")
        return line
    p = odds.p_success
    style = "green" if p >= 0.5 else "yellow" if p >= 0.25 else "red"
    line.append(f"{p:.0%}", style=f"bold {style}")
    eased = f"{odds.final_difficulty}, " if odds.final_difficulty != shown.difficulty else ""
    line.append(f" (Intellect: {eased}target {odds.target})")
    if shown.paradox and shown.p_success > p:
        line.append(f" · {shown.p_success:.0%} with the paradox's reroll", style="green")
    if cannot_translate(shown):
        line.append(f" — {CANNOT}", style="bold red")
    return line


def spent(shown: TranslationPreview) -> str:
    """What the translation spends whatever the die: '4 hours of trance and 3 Intellect'."""
    cost = f" and {shown.cost} Intellect" if shown.cost else ""
    return f"{duration(shown.trance)} of trance{cost}"


class OddsLine(TextPanel):
    """The odds line of the wizard (one row under the step bar), and the question asked
    before a translation that cannot succeed."""

    DEFAULT_CSS = "OddsLine { height: 1; padding: 0 1; }"

    def __init__(self) -> None:
        super().__init__(id="odds")
        self.allowed: tuple[Translate, int] | None = None
        """The translation the player said to roll anyway (on the campaign as it was)."""

    def follow(self, wizard: Any) -> None:
        """The odds of the wizard's choices as they are (none once the die is cast)."""
        shown = wizard.current_preview() if wizard.outcome is None and wizard.step else None
        self.show(odds_line(shown))

    def asked(self, command: Translate, go: Callable[[], Awaitable[None]]) -> bool:
        """True when ``command`` cannot succeed and the player has not said to go on: the
        question is put, and ``go()`` runs (this time translating) once they say yes."""
        session = session_of(self)
        key = (command, session.state.seq)
        if self.allowed == key or command.interrupted:  # Interrupted: no die is cast.
            self.allowed = None
            return False
        try:
            shown = session.preview(command)
        except Refused:
            return False  # Sent, the refusal says why.
        if not cannot_translate(shown):
            return False

        async def answered(yes: bool | None) -> None:
            if yes:
                self.allowed = key
                await go()

        question = roll_anyway(shown.odds.target, spent(shown))
        self.app.push_screen(ImpossibleRoll(question), answered)
        return True
