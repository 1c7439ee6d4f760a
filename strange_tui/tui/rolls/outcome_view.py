"""The roll dialog's result area: what the die did and, in solo play, the intrusion the app
drew in the same step (R-ORC-4), so the player reads it where they rolled, before the
dialog closes (not later in the log). The words are the model's (``intrusion_shown``);
how they read is ``rolls.odds``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.widgets import Static

from strange_tui.campaign.commands.rolls.odds import outcome_of
from strange_tui.campaign.commands.solo.intrusions import intrusion_shown
from strange_tui.campaign.model.events import AnyEvent, RollMade, RollRerolled
from strange_tui.tui.rolls.odds import outcome_text


class OutcomeArea:
    """The result area of a dialog that rolls a task. A dialog mixes this in before its
    screen class, composes a Static ``#result`` (shown with class ``-shown``), and calls
    ``show_outcome`` with the roll and the events of its step; a reroll, a step of its
    own, keeps showing the intrusion its roll brought."""

    intrusion: str | None = None
    """The app's intrusion drawn with the roll shown, in words (None: none was)."""

    def show_outcome(
        self, event: RollMade | RollRerolled, events: Sequence[AnyEvent] | None = None
    ) -> None:
        """The die and its verdict, then the intrusion drawn among ``events`` (the roll's
        step; None: a reroll, which keeps the roll's)."""
        screen: Any = self
        if events is not None:
            self.intrusion = intrusion_shown(events)
        outcome = outcome_of(screen.character, event, app_rolled=event.app_rolled)
        result = screen.query_one("#result", Static)
        result.update(outcome_text(outcome, self.intrusion))
        result.add_class("-shown")

    def clear_outcome(self) -> None:
        """A new task: nothing rolled yet, nothing shown."""
        screen: Any = self
        self.intrusion = None
        result = screen.query_one("#result", Static)
        result.update("")
        result.remove_class("-shown")
