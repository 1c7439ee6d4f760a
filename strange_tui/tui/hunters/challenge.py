"""Dialogs of a Hunters campaign that concern the table, not one hunter: a complex
challenge to wear down (R-HUN-6). Time passing is the dialog both rulesets share
(``dialogs.pass_time``). Each builds a command and runs it; the model checks and applies
it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Select

from strange_tui.campaign.commands.hunters import CHALLENGE_INTERVALS, StartChallenge
from strange_tui.tui.common.dialog import int_value, row
from strange_tui.tui.hunters.dialog import HuntersDialog


class ChallengeDialog(HuntersDialog):
    """R-HUN-6: a complex challenge: CR, threshold, multiplier, how often the rolls come."""

    def compose(self) -> ComposeResult:
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
                Select(
                    list(CHALLENGE_INTERVALS),
                    value=300,
                    allow_blank=False,
                    id="interval",
                    compact=True,
                ),
            )
            yield self.buttons("Start")

    def command(self) -> StartChallenge | str:
        cr = int_value(self.query_one("#cr", Input))
        threshold = int_value(self.query_one("#threshold", Input))
        if cr is None or threshold is None:
            return "A name, a CR from 1 to 32 and a threshold from 1 to 1000."
        return StartChallenge(
            name=self.query_one("#name", Input).value,
            cr=cr,
            threshold=threshold,
            multiplier=self.query_one("#multiplier", Select).value,
            interval=self.query_one("#interval", Select).value,
        )

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        self.commit(self.command())
