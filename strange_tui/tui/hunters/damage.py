"""Damage to a hunter by type, or from a roll that hit them (R-HUN-7, R-HUN-8), and a
disabled hunter stabilised; the model's preview says what each would change."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.commands.hunters import (
    DAMAGE_TYPES,
    RAISE_CR,
    VITALS,
    DamageHunter,
    HunterDamagePreview,
    StabiliseHunter,
    StabilisePreview,
    pending_rolls,
    worsening_vitals,
)
from strange_tui.campaign.narrate.hunters import kinds_counted
from strange_tui.campaign.narrate.words import plural
from strange_tui.tui.common.dialog import int_value, row
from strange_tui.tui.hunters.dialog import HuntersDialog


class HunterDamageDialog(HuntersDialog):
    """R-HUN-7: damage by degrees (bruising first, a type higher for each further degree,
    tools and a raised attack push it up), from an attacker's roll or by hand, or points
    of one chosen type. Enter in a field moves on; only ctrl+s or Apply deals it."""

    BINDINGS = [Binding("ctrl+s", "go", "Apply", id="hunt_damage.apply")]

    def compose(self) -> ComposeResult:
        self.rolls = {r.hunter: r for r in pending_rolls(self.session.state)}
        rolls = [
            (
                f"{r.name}'s {r.label}: {plural(r.degrees, 'degree')}"
                + (", type raised" if r.raised else ""),
                r.hunter,
            )
            for r in self.rolls.values()
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage to {escape(self.hunter.name)}"
            box.border_subtitle = "ctrl+s applies"
            yield row(
                "From",
                Select(
                    [("by hand", "")] + rolls,
                    value="",
                    allow_blank=False,
                    id="attacker",
                    compact=True,
                ),
            )
            yield row(
                "Vital",
                Select(
                    [(v.title(), v) for v in VITALS],
                    value="health",
                    allow_blank=False,
                    id="vital",
                    compact=True,
                ),
            )
            yield row("Degrees", Input("1", type="integer", id="degrees", compact=True))
            yield row("Tool bonus", Input("0", type="integer", id="tool", compact=True))
            yield row("", Checkbox(f"Type raised (+{RAISE_CR} CR, rolled at the table)",
                                   id="raised"))  # fmt: skip
            yield row(
                "Or type",
                Select(
                    [("by degrees", "")] + [(k, k) for k in DAMAGE_TYPES],
                    value="",
                    allow_blank=False,
                    id="kind",
                    compact=True,
                ),
            )
            yield Static(id="preview", classes="preview")
            yield self.buttons("Apply")

    def on_mount(self) -> None:
        self.query_one("#degrees", Input).focus()
        self.update_preview()

    def command(self) -> DamageHunter | str:
        degrees = int_value(self.query_one("#degrees", Input))
        tool = int_value(self.query_one("#tool", Input))
        if degrees is None or tool is None:
            return "Degrees from 1 to 20, tool bonus 0 to 10."
        attacker = self.query_one("#attacker", Select).value
        return DamageHunter(
            hunter=self.character_id,
            vital=self.query_one("#vital", Select).value,
            degrees=degrees,
            tool=tool,
            raised=self.query_one("#raised", Checkbox).value and not attacker,
            kind="" if attacker else self.query_one("#kind", Select).value,
            attacker=attacker,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        by_roll = self.rolls.get(self.query_one("#attacker", Select).value)
        for field in ("#degrees", "#raised", "#kind"):
            self.query_one(field).disabled = by_roll is not None
        if by_roll is not None:  # The roll's degrees and raised type, shown as they apply.
            self.query_one("#degrees", Input).value = str(by_roll.degrees)
            self.query_one("#raised", Checkbox).value = by_roll.raised
            self.query_one("#kind", Select).value = ""
        self.show_preview(self.command())

    def render_preview(self, seen: object) -> Text:
        assert isinstance(seen, HunterDamagePreview)
        text = Text(f"From {seen.source}: " if seen.source else "", style="dim")
        text.append(kinds_counted(seen.kinds))
        text.append(f" → {seen.vital.title()} {seen.left}/{seen.maximum}", style="dim")
        if seen.condition != "fine":
            text.append(f"  {seen.condition.upper()}", style="bold white on red")
        if seen.worsening:
            text.append(
                f"\nWorsens each minute ({seen.worsening} first) until stabilised"
                " (s; or f, first aid).",
                style="bold red",
            )
        return text

    @on(Input.Submitted)
    def next_field(self) -> None:
        """Enter in Degrees or Tool bonus moves on: typing never deals damage."""
        self.focus_next()

    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        self.commit(self.command())


class StabiliseDialog(HuntersDialog):
    """R-HUN-8: a professional stabilises a disabled hunter: the vital stops worsening."""

    def compose(self) -> ComposeResult:
        vitals = worsening_vitals(self.session.state, self.character_id)
        with Vertical(classes="dialog") as box:
            box.border_title = f"Stabilise {escape(self.hunter.name)}"
            yield row(
                "Vital",
                Select(
                    [(v.title(), v) for v in vitals],
                    value=vitals[0],
                    allow_blank=False,
                    id="vital",
                    compact=True,
                ),
            )
            yield row("By", Input(placeholder="who: a medic, a priest...", id="by",
                                  compact=True))  # fmt: skip
            yield Static(id="preview", classes="preview")
            yield self.buttons("Stabilise")

    def on_mount(self) -> None:
        self.query_one("#by", Input).focus()
        self.update_preview()

    def command(self) -> StabiliseHunter:
        return StabiliseHunter(
            hunter=self.character_id,
            vital=self.query_one("#vital", Select).value,
            stabiliser=self.query_one("#by", Input).value,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command())

    def render_preview(self, seen: object) -> Text:
        assert isinstance(seen, StabilisePreview)
        damage = ", ".join(f"{n} {kind}" for kind, n in seen.damage.items())
        text = Text(f"{seen.vital.title()}: {damage}. ")
        text.append(f"Stops worsening (now {seen.worsening} first, a type a minute).",
                    style="green")  # fmt: skip
        return text

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        self.commit(self.command())
