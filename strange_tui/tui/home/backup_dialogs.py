"""The campaign list's backups: back a campaign up to a .zip, and import one as a new
campaign (the archive itself, and every check on it: ``storage/archive.py``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from strange_tui.storage.archive import ArchiveError, export_campaign, import_campaign
from strange_tui.tui.common.dialog import DIALOG_CSS, row


def default_backup_path(campaign: Path, folder: Path | None = None) -> Path:
    """Where a backup of ``campaign`` goes unless the player says otherwise: the home
    folder (easy to find, unlike the platform's data folder the saves often sit in), named
    for the campaign and today, with a number when that name is taken."""
    folder = Path.home() if folder is None else folder
    stem = f"{campaign.name}-{time.strftime('%Y-%m-%d')}"
    path, number = folder / f"{stem}.zip", 1
    while os.path.lexists(path):
        number += 1
        path = folder / f"{stem}-{number}.zip"
    return path


class _PathDialog(ModalScreen):
    """A form of a path or two, the result line under it; the work is ``run``'s."""

    DEFAULT_CSS = DIALOG_CSS + "\nBackupDialog #result, ImportDialog #result { padding-top: 1; }\n"
    SCOPED_CSS = False
    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="backup.close")]

    def result_line(self, line: str) -> None:
        self.query_one("#result", Static).update(Text(line, style="red"))

    @on(Input.Submitted)
    @on(Button.Pressed, "#go")
    def go(self) -> None:
        self.run()

    @on(Button.Pressed, "#cancel")
    def cancel(self) -> None:
        self.dismiss(None)

    def run(self) -> None:
        raise NotImplementedError

    def buttons(self, label: str) -> Horizontal:
        return Horizontal(
            Button(label, variant="primary", id="go"), Button("Cancel", id="cancel"),
            classes="buttons",
        )  # fmt: skip


class BackupDialog(_PathDialog):
    """Back up one campaign: the .zip's path, prefilled; dismissed with the result line."""

    def __init__(self, campaign: Path, suggested: Path) -> None:
        super().__init__()
        self.campaign = campaign
        self.suggested = suggested

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Back up {self.campaign.name}/"
            box.border_subtitle = "enter backs up · escape closes"
            yield Static(
                "The whole campaign in one .zip file, to keep or to give to another table"
                " (they import it from their campaign list). A file there is never replaced."
            )
            yield row("Save to", Input(str(self.suggested), id="path", compact=True))
            yield Static(id="result")
            yield self.buttons("Back up")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def run(self) -> None:
        typed = self.query_one("#path", Input).value.strip()
        if not typed:
            self.result_line("Type where the backup goes (a .zip file).")
            return
        try:
            line = export_campaign(self.campaign, Path(typed).expanduser())
        except (ArchiveError, OSError) as error:
            self.result_line(str(error))
            return
        self.dismiss(line)


class ImportDialog(_PathDialog):
    """Import a backup as a new campaign: its path and, if the player likes, a name;
    dismissed with the new campaign's folder and the result line."""

    def __init__(self, saves: Path) -> None:
        super().__init__()
        self.saves = saves

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Import a backup"
            box.border_subtitle = "enter imports · tab: the name · escape closes"
            yield Static(
                f"A backup (.zip) becomes a new campaign in {self.saves}. Every file is"
                " checked first; nothing is made from a backup that does not check."
            )
            yield row("Backup", Input(placeholder="path to the .zip file", id="path", compact=True))
            name = Input(
                placeholder="optional: the backup's own folder name", id="name", compact=True
            )
            yield row("Name", name)
            yield Static(id="result")
            yield self.buttons("Import")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def run(self) -> None:
        typed = self.query_one("#path", Input).value.strip()
        name = self.query_one("#name", Input).value.strip() or None
        if not typed:
            self.result_line("Type the path of the backup (a .zip file).")
            return
        try:
            made = import_campaign(Path(typed).expanduser(), self.saves, name)
        except (ArchiveError, OSError) as error:
            self.result_line(str(error).replace("(--as NAME)", "(Name, above)"))
            return
        self.dismiss(made)
