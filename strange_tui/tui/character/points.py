"""Taking damage, spending points and healing: the form builds the command, the model's
preview says what it will do (Armor, spill-over, the pools and the track after), and the
command is applied as one step."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.commands.character import (
    DamagePreview,
    Heal,
    HealPreview,
    SpendPoints,
    SpendPreview,
    TakeDamage,
)
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row
from strange_tui.tui.common.gauges import change_text
from strange_tui.tui.common.session import Refused

POOLS = [(stat.value.title(), stat) for stat in Stat]
LASTING = [
    ("no: recovery rolls restore it", ""),
    ("lasting: heals with days of rest", "lasting"),
    ("permanent: never heals", "permanent"),
]
"""R-DMG-6: what the GM may make of a hit (an intrusion, a special situation)."""


def damage_text(preview: DamagePreview) -> Text:
    """R-DMG-1..3 as the model worked it out: Armor, the damage left, where it went."""
    text = Text(f"{preview.amount} damage", style="bold")
    if preview.blocked:
        text.append(f"; Armor {preview.armor} stops {preview.blocked}", style="cyan")
    text.append(f": {preview.taken} taken.", style="bold")
    if len(preview.spill) > 1:
        (stat, points), *rest = preview.spill
        others = ", ".join(f"{other.value.title()} {more}" for other, more in rest)
        text.append(
            f"\nSpills over: {stat.value.title()} takes {points}, then {others}.", style="yellow"
        )
    if preview.lost:
        text.append(f"\n{preview.lost} find no pool left to take them.", style="dim")
    if preview.lasting:
        text.append(f"\n{LASTING_NOTE[preview.lasting]}", style="magenta")
    change = change_text(preview.after)
    text.append("\n")
    text.append_text(change if change else Text("No damage.", style="dim"))
    return text


def spend_text(preview: SpendPreview) -> Text:
    """R-EFF-6, R-POOL-1: what paying does, Luck first if asked."""
    text = Text(f"{preview.from_pool} from {preview.stat.value.title()}")
    if preview.from_luck:
        text.append(f", {preview.from_luck} from Luck")
    text.append(".\n")
    text.append_text(change_text(preview.after))
    return text


def heal_text(preview: HealPreview) -> Text:
    """Points back, never past the maximum; a pool raised from 0 lifts the track."""
    text = Text(f"{preview.restored} back to {preview.stat.value.title()}")
    if preview.wasted:
        text.append(f" ({preview.wasted} past the maximum are lost)", style="dim")
    text.append(".\n")
    change = change_text(preview.after)
    text.append_text(change if change else Text("Already full.", style="dim"))
    return text


LASTING_NOTE = {
    "lasting": "Lasting: recovery rolls will not restore it; a day of full rest heals a point.",
    "permanent": "Permanent: it never heals.",
}


class DamageDialog(CharacterDialog):
    """A hit to a character: Armor, spill-over and the damage track shown before it lands."""

    BINDINGS = [Binding("enter", "apply", "Apply", id="damage.apply")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage to {escape(self.character.name)}"
            yield row("Amount", Input("", placeholder="points", type="integer", id="amount"))
            yield row("Pool", Select(POOLS, value=Stat.MIGHT, allow_blank=False, id="pool"))
            yield row("", Checkbox("Ambient (no Armor)", id="ambient"))
            yield row("Lasting", Select(LASTING, value="", allow_blank=False, id="lasting"))
            yield row("Source", Input(placeholder="what hit (optional)", id="source"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Apply", variant="error", id="apply")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#amount", Input).focus()
        self.update_preview()

    def command(self) -> TakeDamage | None:
        """The hit the form describes; None until the amount is a whole number."""
        amount = int_value(self.query_one("#amount", Input), default=-1)
        if amount is None or amount < 0:
            return None
        return TakeDamage(
            character=self.character_id,
            amount=amount,
            stat=self.query_one("#pool", Select).value,
            ambient=self.query_one("#ambient", Checkbox).value,
            source=self.query_one("#source", Input).value.strip(),
            lasting=self.query_one("#lasting", Select).value,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        command = self.command()
        if command is None:
            preview.update(Text("Type the damage, a whole number.", style="dim"))
            return
        try:
            preview.update(damage_text(self.session.preview(command)))
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))

    @on(Button.Pressed, "#apply")
    @on(Input.Submitted)
    def action_apply(self) -> None:
        command = self.command()
        if command is None:
            self.notify("Type the damage as a whole number, 1 or more.", severity="warning")
        elif strange_app(self).run_command(command):
            self.dismiss(True)


class PointsDialog(CharacterDialog):
    """Spend points from a pool (Luck first if wanted), or heal them back."""

    BINDINGS = [Binding("enter", "apply", "Apply", id="points.apply")]

    def __init__(self, character_id: str, mode: Literal["spend", "heal"]) -> None:
        super().__init__(character_id)
        self.mode = mode

    def compose(self) -> ComposeResult:
        verb = "Spend" if self.mode == "spend" else "Heal"
        with Vertical(classes="dialog") as box:
            box.border_title = f"{verb} points: {escape(self.character.name)}"
            yield row("Amount", Input("", placeholder="points", type="integer", id="amount"))
            yield row("Pool", Select(POOLS, value=Stat.MIGHT, allow_blank=False, id="pool"))
            if self.mode == "spend" and self.character.pools.luck is not None:
                yield row("From Luck", Input("0", type="integer", id="luck"))
            yield row("Why", Input(placeholder="optional", id="reason"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button(verb, variant="primary", id="apply")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#amount", Input).focus()
        self.update_preview()

    def command(self) -> SpendPoints | Heal | None:
        """The spending or healing the form describes; None until the numbers are whole."""
        amount = int_value(self.query_one("#amount", Input), default=-1)
        if amount is None or amount < 0:
            return None
        stat = self.query_one("#pool", Select).value
        reason = self.query_one("#reason", Input).value.strip()
        if self.mode == "heal":
            return Heal(character=self.character_id, stat=stat, amount=amount, reason=reason)
        luck_fields = self.query("#luck")
        from_luck = int_value(luck_fields.first(Input)) if luck_fields else 0
        if from_luck is None or from_luck < 0:
            return None
        return SpendPoints(
            character=self.character_id,
            stat=stat,
            amount=amount,
            from_luck=from_luck,
            reason=reason,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        command = self.command()
        if command is None:
            preview.update(Text("Type the points, a whole number.", style="dim"))
            return
        try:
            shown = self.session.preview(command)
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))
            return
        preview.update(spend_text(shown) if isinstance(shown, SpendPreview) else heal_text(shown))

    @on(Button.Pressed, "#apply")
    @on(Input.Submitted)
    def action_apply(self) -> None:
        command = self.command()
        if command is None:
            self.notify("Amounts are whole numbers, 1 or more.", severity="warning")
        elif strange_app(self).run_command(command):
            self.dismiss(True)
