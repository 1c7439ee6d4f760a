"""Take a weakness for an Edge (R-WEAK-1): the pool with the weakness, the pool with the
new Edge, and the sheet after, from the model's preview. Enter takes it."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.widgets import Select, Static

from strange_tui.campaign.commands.character.weakness import TakeWeakness
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, row
from strange_tui.tui.common.session import Refused

STATS = [(stat.value.title(), stat) for stat in Stat]


class WeaknessDialog(CharacterDialog):
    """A weakness of 1 in one stat for +1 Edge in another."""

    BINDINGS = [Binding("ctrl+s", "take", "Take it", id="weakness.take")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Weakness for Edge: {escape(self.character.name)}"
            yield Static(
                Text(
                    "A weakness adds 1 to what actions from that pool cost (never to a free"
                    " one); in exchange, +1 Edge in another pool. One weakness at most, in a"
                    " pool whose Edge is 0.",
                    style="dim",
                )
            )
            for label, field, value in (
                ("Weakness in", "weak", Stat.INTELLECT),
                ("+1 Edge in", "edge", Stat.MIGHT),
            ):
                yield row(
                    label, Select(STATS, value=value, id=field, allow_blank=False, compact=True)
                )
            yield Static(id="preview", classes="preview")
            yield Static(Text("ctrl+s: take it · escape: close", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#weak", Select).focus()
        self.show_preview()

    def command(self) -> TakeWeakness:
        return TakeWeakness(
            character=self.character_id,
            weak=self.query_one("#weak", Select).value,
            edge=self.query_one("#edge", Select).value,
        )

    @on(Select.Changed)
    def show_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        try:
            shown = self.session.preview(self.command())
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))
            return
        preview.update(Text("\n".join(shown.lines)))

    def action_take(self) -> None:
        if strange_app(self).run_command(self.command()):
            self.dismiss(True)
