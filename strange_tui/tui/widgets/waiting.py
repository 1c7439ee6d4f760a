"""One line saying which questions wait at the players' seats ("Waiting for Mara Quist's
defense roll against Thug"), hidden when none do."""

from __future__ import annotations

from textual.widgets import Static

from strange_tui.campaign.state import Campaign


class Waiting(Static):
    """Shows the open prompts of the campaign; the screen calls ``show`` on each change."""

    DEFAULT_CSS = """
    Waiting { height: auto; display: none; }
    Waiting.-waiting { display: block; }
    """

    def show(self, state: Campaign) -> None:
        names = {cid: c.name for cid, c in state.characters.items()}
        waits = [names.get(p.character, p.character) for p in state.prompts]
        self.set_class(bool(waits), "-waiting")
        self.update("Waiting for: " + ", ".join(waits) if waits else "")
