"""The GM's campaign settings: which foci players may take, and starting cyphers."""

from __future__ import annotations

import msgspec
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from strange_tui.campaign.events import SettingsChanged
from strange_tui.tui.dialogs.base import DIALOG_CSS, int_value
from strange_tui.tui.widgets.filter_list import FilterList, Item


class SettingsDialog(ModalScreen[bool]):
    """Tick the foci the GM allows (none ticked: all allowed)."""

    DEFAULT_CSS = DIALOG_CSS + "\nSettingsDialog .dialog { height: 90%; }"
    SCOPED_CSS = False
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="settings.save"),
        Binding("escape", "dismiss(False)", "Close", id="settings.close"),
    ]

    def compose(self) -> ComposeResult:
        from strange_tui.content.loader import Content, user_pack_files

        settings = self.app.campaign.settings
        foci = Content(user_pack_files(self.app.saves)).kind("foci")
        allowed = set(settings.allowed_foci)
        items = [
            Item(
                f.name,
                Text.assemble((f.name, "bold"), (f"  {', '.join(f.recursions)}", "dim")),
                f.name,
            )
            for f in foci.values()
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = "Campaign settings (GM)"
            yield Label("Foci players may take (enter ticks; none ticked means all):")
            yield FilterList(items, multi=True, selected=allowed & {i.id for i in items}, id="foci")
            with Horizontal(classes="row"):
                yield Label("Starting cyphers", classes="field")
                yield Input(
                    str(settings.starting_cyphers), type="integer", id="cyphers", compact=True
                )
            yield Static(Text("ctrl+s saves", style="dim"))
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        cyphers = int_value(self.query_one("#cyphers", Input))
        if cyphers is None or not 0 <= cyphers <= 10:
            self.notify("Starting cyphers: a whole number from 0 to 10.", severity="warning")
            return
        foci = self.query_one("#foci", FilterList)
        chosen = tuple(item.id for item in foci.items if item.id in foci.selected)
        settings = msgspec.structs.replace(
            self.app.campaign.settings, allowed_foci=chosen, starting_cyphers=cyphers
        )
        if self.app.dispatch(SettingsChanged(settings=settings)):
            self.dismiss(True)

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(False)
