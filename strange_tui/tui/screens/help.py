"""Help (every key) and About (version and licence)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from strange_tui import __version__, legal
from strange_tui.tui.dialogs.base import DIALOG_CSS

KEYS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Everywhere", [
        ("? / F1", "this help"), ("ctrl+p", "command palette: every action by name"),
        ("ctrl+z / ctrl+y", "undo / redo the last action, as one step"),
        ("escape", "close a dialog, go back"),
        ("q", "quit (Home, Campaigns)"),
    ]),
    ("Home", [
        ("↑ ↓", "choose a character"), ("enter", "character sheet"), ("r", "roll a task"),
        ("s", "rest (next recovery roll)"), ("x", "XP and advancement"),
        ("i", "GM intrusion"), ("l", "campaign log"), ("n", "new character (the wizard)"),
        ("g", "GM settings: allowed foci, starting cyphers"),
        ("c", "combat"), ("t", "translate"), ("o", "open another campaign"),
        ("w", "wait: pass time (minutes, hours, to the next morning; a night resets rests)"),
    ]),
    ("Character sheet", [
        ("d", "take damage"), ("p", "spend points"), ("h", "heal points"),
        ("g", "gain a cypher"), ("u", "use or discard a cypher"), ("e", "edit notes"),
        ("r / s / x", "roll / rest / XP"),
    ]),
    ("Roll dialog", [
        ("tab", "next field"), ("enter", "roll (or use the die you typed)"),
        ("ctrl+r", "reroll for 1 XP, keep the better"),
        ("ctrl+g", "the GM intrudes on an automatic success: roll anyway"),
        ("escape", "close"),
    ]),
    ("XP dialog", [
        ("enter (in XP)", "award the XP typed"), ("ctrl+w", "award XP"),
        ("ctrl+b", "buy the chosen step (4 XP)"),
    ]),
    ("Rest dialog", [
        ("enter", "roll, then confirm the split"), ("escape", "close"),
    ]),
    ("Log", [("f", "filter by character"), ("escape", "back")]),
    ("Combat", [
        ("+", "add NPCs"), ("i", "initiative"), ("a", "the active PC attacks"),
        ("d", "the active NPC attacks (the PC defends)"), ("n / p", "next / previous turn"),
        ("space", "mark"), ("h", "damage or heal the marked NPCs"), ("k", "a condition"),
        ("ctrl+↑ / ctrl+↓", "move a PC in the order"), ("e", "end the fight"),
    ]),
    ("Translation", [
        ("type", "filter the recursions"), ("enter", "choose, roll"), ("ctrl+n", "next step"),
        ("ctrl+r", "draw a failure consequence at random"), ("escape", "back"),
    ]),
    ("Hunters campaigns", [
        ("n", "new hunter"), ("r", "roll"), ("d", "damage"), ("h", "complex challenge"),
        ("a", "time passes"), ("s", "stabilise"), ("l", "log"),
    ]),
    ("Character creation", [
        ("type", "filter the list"), ("↑ ↓", "move"), ("enter", "choose, or tick"),
        ("ctrl+n", "next step"), ("escape", "back a step (at step 1: abandon?)"),
        ("+ / -", "move points between pools (step 4)"),
    ]),
    ("Several windows on one campaign", [
        ("windows", "each shows the others' changes within a second"),
        ("ctrl+z", "takes back the campaign's last action only if this window made it"
         " (or a window since closed); otherwise it says which window did"),
    ]),
]  # fmt: skip


class HelpScreen(ModalScreen[None]):
    """Every key of every screen."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False

    BINDINGS = [Binding("escape,question_mark,f1,q", "dismiss", "Close", id="help.close")]

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for section, keys in KEYS:
            table.add_row(Text(section, style="bold underline"), "")
            for key, what in keys:
                table.add_row(key, what)
            table.add_row("", "")
        with VerticalScroll(classes="dialog") as box:
            box.border_title = "Keys"
            yield Static(table)


class AboutScreen(ModalScreen[None]):
    """The version and the notice the Cypher System Open License asks for."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False

    BINDINGS = [Binding("escape,enter,q", "dismiss", "Close", id="about.close")]

    def compose(self) -> ComposeResult:
        text = Text(f"strange-tui {__version__}\n", style="bold")
        text.append("A keyboard-driven table for The Strange.\n\n")
        text.append(f"{legal.COMPATIBILITY}.\n\n", style="bold")
        text.append(f"{legal.CSOL_NOTICE}\n\n{legal.TRADEMARK_NOTICE}\n", style="dim")
        with VerticalScroll(classes="dialog") as box:
            box.border_title = "About"
            yield Static(text)
