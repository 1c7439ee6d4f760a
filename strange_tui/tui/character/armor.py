"""Put armor on or take it off (R-CMB-6): the Armor, the Speed pool and the costs after,
from the model's preview of the command."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.markup import escape
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.commands.character import ArmorPreview, ChangeArmor
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog
from strange_tui.tui.common.session import Refused

NONE = "none"


def armor_text(preview: ArmorPreview) -> Text:
    """Armor, Speed and the costs of wearing it, now and after."""
    what = f"{preview.armor.title()} armor" if preview.armor else "No armor"
    text = Text(f"{what}: ", style="bold")
    text.append(f"Armor {preview.armor_before} → {preview.armor_after}")
    if preview.speed_before != preview.speed_after:
        text.append(f", Speed pool {preview.speed_before} → {preview.speed_after}")
    text.append(".\n")
    if preview.armor:
        text.append(f"Wearing it costs: {preview.costs_after}")
        text.append(" (practiced in armor)." if preview.practiced else ".", style="dim")
    if preview.owed_hours:
        text.append(
            f"\nFirst {preview.owed_might} Might for {preview.owed_hours} h in armor so far.",
            style="bold red",
        )
    return text


class ArmorDialog(CharacterDialog):
    """Choose the armor worn (or none); enter puts it on."""

    def compose(self) -> ComposeResult:
        worn = self.character.worn
        current = worn.category if worn else ""
        options = [Option(Text("No armor", style="bold" if not current else ""), id=NONE)]
        for aid, entry in self.session.content.kind("armor").items():
            mark = "  (worn)" if entry.category == current else ""
            options.append(
                Option(Text.assemble((entry.name, "bold"), f"  Armor {entry.armor}{mark}"), id=aid)
            )
        with Vertical(classes="dialog") as box:
            box.border_title = f"Armor: {escape(self.character.name)}"
            yield OptionList(*options, id="armor-choices")
            yield Static(id="preview", classes="preview")
            yield Static(Text("enter: wear it · escape: keep as is", style="dim"))

    def on_mount(self) -> None:
        options = self.query_one("#armor-choices", OptionList)
        # The highlight starts on what is worn: a stray enter changes nothing.
        worn = self.character.worn.category if self.character.worn else ""
        armor = self.session.content.kind("armor")
        for index in range(options.option_count):
            entry = armor.get(options.get_option_at_index(index).id or "")
            if (entry.category if entry else "") == worn:
                options.highlighted = index
                break
        options.focus()
        self.show_preview()

    def command(self) -> ChangeArmor:
        options = self.query_one("#armor-choices", OptionList)
        chosen = options.get_option_at_index(options.highlighted or 0).id or NONE
        entry = self.session.content.kind("armor").get(chosen)
        return ChangeArmor(character=self.character_id, armor=entry.category if entry else "")

    def on_option_list_option_highlighted(self) -> None:
        self.show_preview()

    def show_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        try:
            preview.update(armor_text(self.session.preview(self.command())))
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))

    def on_option_list_option_selected(self) -> None:
        if strange_app(self).run_command(self.command()):
            self.dismiss(True)
