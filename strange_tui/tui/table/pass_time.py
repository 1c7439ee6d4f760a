"""Time passes: minutes, hours, days, weeks, or to the next morning, in either ruleset.

The preview is the model's (``commands.clock.PassTime``): where the clock ends, whether a
night passes (a new day of recovery rolls, R-REC-2), the party effects that run out, the
24-hour translation penalty now and then (R-TR-3), the lasting damage that heals (faster
with full rest, R-DMG-6), and for the Hunters what heals and who
worsens (R-HUN-7, R-HUN-8)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.commands.table.clock import (
    MAX_TIME_AMOUNT,
    MORNING,
    TIME_UNITS,
    ClockPreview,
    PassTime,
)
from strange_tui.campaign.narrate.words import duration
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row

UNITS: list[tuple[str, str]] = [(name, name) for name in TIME_UNITS] + [
    ("to the next morning", MORNING),
    ("miles on foot, road", "miles"),
    ("miles on foot, rough ground", "miles rough"),
]


def clock_text(seen: ClockPreview) -> Text:
    """Everything the time passing does, a line each."""
    text = Text(f"Until {seen.until}", style="bold")
    text.append(f" ({duration(seen.seconds)})", style="dim")
    if seen.new_day:
        text.append("\nA night passes: a new day of recovery rolls", style="green")
        if seen.rests_reset:
            text.append(f" ({', '.join(seen.rests_reset)} rest again from the first)")
    for effect in seen.ending:
        text.append(f"\nEnds: {effect}", style="yellow")
    now, then = seen.translation_steps
    if now or then:
        text.append(f"\nTranslating too often (24 h): +{now} now, +{then} then", style="cyan")
    for line in seen.healed:
        text.append(f"\nHeals: {line}", style="green")
    for line in seen.worsened:
        text.append(f"\nWorsens: {line}", style="bold red")
    for line in seen.mended:
        text.append(f"\nLasting damage heals: {line}", style="green")
    return text


class PassTimeDialog(CharacterDialog):
    """How long, in which unit (or to the next morning); the preview; Advance."""

    def __init__(self) -> None:
        super().__init__("")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Time passes"
            yield row("How long", Input("1", type="integer", id="amount", compact=True))
            yield row(
                "Unit", Select(UNITS, value="hours", allow_blank=False, id="unit", compact=True)
            )
            yield row("Why", Input(placeholder="travel, a night at the inn...", id="reason",
                                   compact=True))  # fmt: skip
            if self.session.state.ruleset == "strange":
                # Lasting damage heals a point a day of full rest, or per three of activity.
                yield row("", Checkbox("Full rest (lasting damage heals faster)",
                                       id="full-rest", compact=True))  # fmt: skip
            yield Static(id="preview", classes="preview")
            yield Horizontal(
                Button("Advance", variant="primary", id="go"),
                Button("Cancel", id="cancel"),
                classes="buttons",
            )

    def on_mount(self) -> None:
        self.query_one("#amount", Input).focus()
        self.update_preview()

    def command(self) -> PassTime | str:
        """The time the form describes, or what is wrong with it."""
        unit = self.query_one("#unit", Select).value
        amount = int_value(self.query_one("#amount", Input), default=1)
        if amount is None:
            return f"How long: a whole number from 1 to {MAX_TIME_AMOUNT}."
        return PassTime(
            amount=amount,
            unit=unit,  # type: ignore[arg-type]
            reason=self.query_one("#reason", Input).value,
            full_rest=any(box.value for box in self.query("#full-rest").results(Checkbox)),
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        self.query_one("#amount", Input).disabled = self.query_one("#unit", Select).value == MORNING
        self.show_preview(self.command(), clock_text)

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        self.commit(self.command())
