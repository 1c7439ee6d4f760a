"""Damage (less Armor, or ambient) or healing for the marked NPCs at once (R-DMG-1,
R-DMG-5), from the combat tracker (h)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Static

from strange_tui.campaign.commands.combat import DamageNpcs, HealNpcs, HealthPreview
from strange_tui.tui.combat.npcs import CombatDialog
from strange_tui.tui.common.dialog import int_value, row


class HealthDialog(CombatDialog):
    """Damage (less Armor) or healing for the marked NPCs at once."""

    def __init__(self, targets: tuple[str, ...]) -> None:
        super().__init__()
        self.targets = targets

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage or heal: {self.names(self.targets)}"
            box.border_subtitle = "enter: to Damage · tab: Heal · escape: close"
            yield row(
                "Amount", Input(placeholder="points", type="integer", id="amount", compact=True)
            )
            yield row("", Checkbox("Ignore Armor (ambient)", id="ambient"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Damage", variant="error", id="damage")
                yield Button("Heal", variant="success", id="heal")
                yield Button("Cancel", id="cancel")

    def command(self, heal: bool = False) -> DamageNpcs | HealNpcs | str:
        amount = int_value(self.query_one("#amount", Input), default=-1)
        if amount is None or amount < 0:
            return "Type the points, 1 to 1000."
        if heal:
            return HealNpcs(targets=self.targets, amount=amount)
        ignore = self.query_one("#ambient", Checkbox).value
        return DamageNpcs(targets=self.targets, amount=amount, ignore_armor=ignore)

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        shown = self.query_one("#preview", Static)
        damage, heal = self.preview_of(self.command()), self.preview_of(self.command(heal=True))
        if isinstance(damage, str) or isinstance(heal, str):
            shown.update(Text(damage if isinstance(damage, str) else str(heal), style="dim"))
            return
        assert isinstance(damage, HealthPreview) and isinstance(heal, HealthPreview)
        text = Text()
        for hurt, healed in zip(damage.npcs, heal.npcs, strict=True):
            text.append(f"{hurt.name} {hurt.health}/{hurt.max_health}: ", style="bold")
            text.append(f"damage → {hurt.after}", style="red")
            text.append(f", heal → {healed.after}\n", style="green")
        text.rstrip()
        shown.update(text)

    @on(Input.Submitted)
    def to_the_buttons(self) -> None:
        """Enter after the amount goes to Damage, not through it: a GM who meant to heal
        sees the two buttons before anything changes (a second enter damages)."""
        self.query_one("#damage", Button).focus()

    @on(Button.Pressed, "#damage")
    def damage(self) -> None:
        self.commit(self.command())

    @on(Button.Pressed, "#heal")
    def heal(self) -> None:
        self.commit(self.command(heal=True))
