"""The campaign log: every event as a sentence, newest first, filtered by character."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, OptionList, Select

from strange_tui.campaign.events import AnyEvent
from strange_tui.campaign.narrate import involves, sentence
from strange_tui.campaign.state import Campaign, Clock
from strange_tui.storage.errors import CampaignFileError
from strange_tui.tui.widgets.keybar import KeyBar

SHOWN = 2000  # The newest events shown; older ones stay in history/.


class LogScreen(Screen):
    """Read-only history of the campaign."""

    DEFAULT_CSS = """
    LogScreen #filter { width: 40; margin: 0 1; }
    LogScreen #events { height: 1fr; }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="log.back"),
        Binding("f", "filter", "Filter", id="log.filter"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.sealed: list[AnyEvent] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Select([], prompt="Everyone", id="filter", allow_blank=True, compact=True)
        events = OptionList(id="events", classes="panel")
        events.border_title = "Log, newest first"
        yield events
        yield KeyBar()

    def on_mount(self) -> None:
        session = self.app.session
        if session is not None:
            try:
                self.sealed = session.sealed_events(SHOWN)
            except CampaignFileError as error:
                self.notify(f"Older history could not be read: {error}", severity="warning")
        state = self.app.campaign
        if state is not None:
            self.query_one(Select).set_options((name, cid) for cid, name in state.names().items())
        self.watch(self.app, "campaign", self.show, init=True)
        self.query_one("#events", OptionList).focus()

    def on_select_changed(self) -> None:
        self.show(self.app.campaign)

    def action_filter(self) -> None:
        self.query_one(Select).focus()

    def on_screen_resume(self) -> None:
        self.show(self.app.campaign)

    def show(self, state: Campaign | None) -> None:
        if self.app.screen is not self:
            return  # Hidden under another screen: redrawn when it comes back.
        if state is None or self.app.session is None:
            return
        chosen = self.query_one(Select).value
        who = chosen if isinstance(chosen, str) else None
        journal = self.app.session.journal()
        seen = {event.seq for event in journal}
        events = [e for e in self.sealed if e.seq not in seen] + journal
        names = state.names()
        lines = [
            Text.assemble((f"{Clock(seconds=e.at).label():<15}", "dim"), sentence(e, names))
            for e in reversed(events[-SHOWN:])
            if who is None or involves(e, who)
        ]
        view = self.query_one("#events", OptionList)
        view.clear_options()
        view.add_options(lines or [Text("Nothing here yet.", style="dim")])
