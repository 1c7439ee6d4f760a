"""Move a character on the damage track directly (R-DMG-3): a rare poison or a massive
trauma a step down, an effect that heals a step up, whatever the pools hold."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.commands.character import ShiftTrack
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog
from strange_tui.tui.common.session import Refused

STEPS = ((1, "One step down"), (2, "Two steps down"), (-1, "One step up"), (-2, "Two steps up"))


class TrackDialog(CharacterDialog):
    """Choose how far down (or up) the track, name what does it; enter moves them."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Damage track: {escape(self.character.name)}"
            yield OptionList(
                *(Option(words, id=str(steps)) for steps, words in STEPS), id="track-steps"
            )
            with Horizontal(classes="row"):
                yield Label("What does it", classes="field")
                yield Input(placeholder="a rare poison, a fall", id="reason", compact=True)
            yield Static(id="preview", classes="preview")
            yield Static(Text("enter: move on the track · escape: leave it", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#track-steps", OptionList).focus()
        self.show_preview()

    def command(self) -> ShiftTrack:
        options = self.query_one("#track-steps", OptionList)
        chosen = options.get_option_at_index(options.highlighted or 0).id or "1"
        reason = self.query_one("#reason", Input).value
        return ShiftTrack(character=self.character_id, steps=int(chosen), reason=reason)

    @on(OptionList.OptionHighlighted)
    @on(Input.Changed)
    def show_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        try:
            shown = self.session.preview(self.command())
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))
            return
        preview.update(Text(f"{shown.name}: {shown.before} → {shown.after}.", style="bold"))

    @on(OptionList.OptionSelected)
    @on(Input.Submitted)
    def shift(self) -> None:
        if strange_app(self).run_command(self.command()):
            self.dismiss(True)
