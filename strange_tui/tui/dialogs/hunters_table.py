"""Dialogs of a Hunters campaign that concern the table, not one hunter: a complex
challenge to wear down, and time passing (R-HUN-6, R-HUN-7)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Select

from strange_tui.campaign.events import ChallengeStarted, ClockAdvanced
from strange_tui.campaign.hunters_state import Challenge
from strange_tui.tui.dialogs.base import int_value, row
from strange_tui.tui.dialogs.hunters_dialogs import HuntersDialog, slug


class ChallengeDialog(HuntersDialog):
    """R-HUN-6: a complex challenge: CR, threshold, multiplier, how often the rolls come."""

    def compose(self) -> ComposeResult:
        intervals = [
            ("every round", 6),
            ("every 5 minutes", 300),
            ("every hour", 3600),
            ("every day", 86_400),
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = "A complex challenge"
            yield row("Name", Input(placeholder="Pick the vault lock", id="name", compact=True))
            yield row("CR", Input("10", type="integer", id="cr", compact=True))
            yield row("Threshold", Input("10", type="integer", id="threshold", compact=True))
            yield row(
                "Multiplier",
                Select(
                    [("x1", 1), ("x2 (two-handed, firearms)", 2), ("x3 (heavy turrets)", 3)],
                    value=1,
                    allow_blank=False,
                    id="multiplier",
                    compact=True,
                ),
            )
            yield row(
                "Rolls",
                Select(intervals, value=300, allow_blank=False, id="interval", compact=True),
            )
            yield self.buttons("Start")

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        cr, threshold = (
            int_value(self.query_one("#cr", Input)),
            int_value(self.query_one("#threshold", Input)),
        )
        if (
            not name
            or cr is None
            or threshold is None
            or not 1 <= cr <= 32
            or not 1 <= threshold <= 1000
        ):
            self.notify(
                "A name, a CR from 1 to 32 and a threshold from 1 to 1000.", severity="warning"
            )
            return
        cid, n = slug(name), 2
        while cid in self.app.campaign.challenges:
            cid, n = f"{slug(name)}-{n}", n + 1
        challenge = Challenge(
            id=cid,
            name=name[:80],
            cr=cr,
            threshold=threshold,
            remaining=threshold,
            multiplier=self.query_one("#multiplier", Select).value,
            interval=self.query_one("#interval", Select).value,
        )
        self.submit(ChallengeStarted(challenge=challenge), "")


class ClockDialog(HuntersDialog):
    """In-game time passes (and wounds heal with it, R-HUN-7)."""

    def compose(self) -> ComposeResult:
        units = [("minutes", 60), ("hours", 3600), ("days", 86_400), ("weeks", 7 * 86_400)]
        with Vertical(classes="dialog") as box:
            box.border_title = "Time passes"
            yield row("How long", Input("1", type="integer", id="amount", compact=True))
            yield row("Unit", Select(units, value=3600, allow_blank=False, id="unit", compact=True))
            yield self.buttons("Advance")

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        amount = int_value(self.query_one("#amount", Input))
        if amount is None or not 1 <= amount <= 1000:
            self.notify("From 1 to 1000.", severity="warning")
            return
        seconds = amount * self.query_one("#unit", Select).value
        self.submit(ClockAdvanced(seconds=seconds, reason="time passes"), "")
