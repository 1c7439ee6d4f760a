"""Taking damage, spending points and healing: with a preview of what will happen."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.events import DamageTaken, Healed, PointsSpent
from strange_tui.rules.damage import apply_damage, armor_applies
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat, spend
from strange_tui.tui.dialogs.base import CharacterDialog, int_value, row

POOLS = [(stat.value.title(), stat) for stat in Stat]


class DamageDialog(CharacterDialog):
    """A hit to a character: Armor, spill-over and the damage track shown before it lands."""

    BINDINGS = [Binding("enter", "apply", "Apply", id="damage.apply")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage to {self.character.name}"
            yield row("Amount", Input("", placeholder="points", type="integer", id="amount"))
            yield row("Pool", Select(POOLS, value=Stat.MIGHT, allow_blank=False, id="pool"))
            yield row("", Checkbox("Ambient (no Armor)", id="ambient"))
            yield row("Source", Input(placeholder="what hit (optional)", id="source"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Apply", variant="error", id="apply")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#amount", Input).focus()
        self.update_preview()

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        self.query_one("#preview", Static).update(self.preview())

    def hit(self) -> DamageTaken | None:
        amount = int_value(self.query_one("#amount", Input), default=-1)
        if amount is None or amount < 0:
            return None
        stat = self.query_one("#pool", Select).value
        ambient = self.query_one("#ambient", Checkbox).value
        armor = self.character.armor if armor_applies(stat, ambient=ambient) else 0
        return DamageTaken(
            character=self.character_id,
            amount=amount,
            stat=stat,
            armor=armor,
            ambient=ambient,
            source=self.query_one("#source", Input).value.strip(),
        )

    def preview(self) -> Text:
        event = self.hit()
        if event is None:
            return Text("Type the damage, a whole number.", style="dim")
        who = self.character
        try:
            outcome = apply_damage(
                who.pools, who.track, event.amount, stat=event.stat, armor=event.armor
            )
        except RuleViolation as refused:
            return Text(str(refused), style="red")
        text = Text()
        if outcome.blocked:
            text.append(f"Armor stops {outcome.blocked}. ", style="cyan")
        for stat, points in outcome.applied:
            before = who.pools[stat].current
            text.append(f"{stat.value.title()} {before} → {before - points}. ")
        if outcome.emptied:
            text.append(f"{who.track.label} → {outcome.track.label}", style="bold red")
        if not outcome.applied and not outcome.blocked:
            text.append("No damage.", style="dim")
        return text

    @on(Button.Pressed, "#apply")
    @on(Input.Submitted)
    def action_apply(self) -> None:
        self.submit(self.hit(), "Type the damage as a whole number, 0 or more.")


class PointsDialog(CharacterDialog):
    """Spend points from a pool (Luck first if wanted), or heal them back."""

    BINDINGS = [Binding("enter", "apply", "Apply", id="points.apply")]

    def __init__(self, character_id: str, mode: str) -> None:
        super().__init__(character_id)
        self.mode = mode

    def compose(self) -> ComposeResult:
        verb = "Spend" if self.mode == "spend" else "Heal"
        with Vertical(classes="dialog") as box:
            box.border_title = f"{verb} points: {self.character.name}"
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

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        event = self.event()
        text = Text("Type the points, a whole number.", style="dim")
        if isinstance(event, PointsSpent):
            try:
                paid = spend(
                    self.character.pools,
                    self.character.track,
                    event.stat,
                    event.amount,
                    from_luck=event.from_luck,
                )
                pool = paid.pools[event.stat]
                text = Text(f"{event.stat.value.title()} → {pool.current}")
                if paid.emptied:
                    text.append(f"; the track moves to {paid.track.label}", style="bold red")
            except RuleViolation as refused:
                text = Text(str(refused), style="red")
        elif isinstance(event, Healed):
            pool = self.character.pools[event.stat]
            text = Text(
                f"{event.stat.value.title()} {pool.current} → "
                f"{min(pool.maximum, pool.current + event.amount)} (max {pool.maximum})"
            )
        self.query_one("#preview", Static).update(text)

    def event(self) -> PointsSpent | Healed | None:
        amount = int_value(self.query_one("#amount", Input), default=-1)
        if amount is None or amount < 0:
            return None
        stat = self.query_one("#pool", Select).value
        reason = self.query_one("#reason", Input).value.strip()
        if self.mode == "heal":
            return Healed(character=self.character_id, stat=stat, amount=amount, reason=reason)
        luck_fields = self.query("#luck")
        from_luck = int_value(luck_fields.first(Input)) if luck_fields else 0
        if from_luck is None or from_luck < 0:
            return None
        return PointsSpent(
            character=self.character_id,
            stat=stat,
            amount=amount,
            from_luck=from_luck,
            reason=reason,
        )

    @on(Button.Pressed, "#apply")
    @on(Input.Submitted)
    def action_apply(self) -> None:
        self.submit(self.event(), "Amounts are whole numbers, 0 or more.")
