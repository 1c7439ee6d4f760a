"""What every dialog about one hunter shares (R-HUN): the hunter, the buttons, the preview.

Each dialog builds a command from the form, shows its preview and runs it; the numbers come
from the model (``campaign.commands.hunters``), never from the dialog."""

from __future__ import annotations

import re

from rich.text import Text
from textual.containers import Horizontal
from textual.widgets import Button, Static

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.model.hunters import Hunter
from strange_tui.tui.common.dialog import CharacterDialog
from strange_tui.tui.common.session import Refused


def parse_points(text: str, top: int) -> dict[str, int] | str:
    """'Firearms 4, Dodge 2' as {'Firearms': 4, 'Dodge': 2}, or what is wrong with it
    (the command says when a number is out of range)."""
    points: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        match = re.fullmatch(r"(.+?)\s+(\d+)", part)
        if not match:
            return f"Write each as 'Name N' (N from 0 to {top}), separated by commas: {part!r}?"
        points[match.group(1).strip()[:80]] = int(match.group(2))
    return points


class HuntersDialog(CharacterDialog):
    def __init__(self, hunter_id: str = "") -> None:
        super().__init__(hunter_id)

    @property
    def hunter(self) -> Hunter:
        return self.session.state.hunters[self.character_id]

    def buttons(self, label: str) -> Horizontal:
        return Horizontal(
            Button(label, variant="primary", id="go"),
            Button("Cancel", id="cancel"),
            classes="buttons",
        )

    def show_preview(self, command: Command | str) -> object | None:
        """Show what ``command`` would do (or what is wrong) in #preview; its preview."""
        preview = self.query_one("#preview", Static)
        if isinstance(command, str):
            preview.update(Text(command, style="red"))
            return None
        try:
            seen = self.session.preview(command)
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))
            return None
        preview.update(self.render_preview(seen))
        return seen

    def render_preview(self, seen: object) -> Text:
        return Text(str(seen))
