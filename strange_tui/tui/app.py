"""The strange-tui app. For now a welcome screen: the table itself arrives issue by issue."""

from __future__ import annotations

from rich.markup import escape
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Center, VerticalScroll
from textual.widgets import Footer, Header, Static

from strange_tui import legal

WELCOME = """\
[b]strange-tui[/b] is being built.

Campaigns, characters, combat and translation open here in the next releases{campaign}.
Today the rules engine answers from the shell:

  [b]strange-tui odds 4 --trained --assets 1[/b]   exact odds, no roll
  [b]strange-tui roll 5 --effort 1[/b]             a roll; [b]--die N[/b] takes your d20

[dim]{compat}. {notice}[/dim]
"""


class StrangeApp(App[None]):
    """The strange-tui application."""

    TITLE = "strange-tui"
    SUB_TITLE = "The Strange, at the table"
    CSS = """
    Screen { align: center middle; }
    #welcome { width: 76; max-width: 100%; height: auto; padding: 1 2;
               border: round $accent; background: $panel; }
    """
    BINDINGS = [Binding("q", "quit", "Quit", id="quit")]

    def __init__(self, campaign: str | None = None) -> None:
        super().__init__()
        self.campaign = campaign
        """The campaign named on the command line, if any."""

    def compose(self) -> ComposeResult:
        yield Header()
        named = f" (you asked for [b]{escape(self.campaign)}[/b])" if self.campaign else ""
        text = WELCOME.format(campaign=named, compat=legal.COMPATIBILITY, notice=legal.CSOL_NOTICE)
        with VerticalScroll():
            with Center():
                yield Static(text, id="welcome")
        yield Footer()
