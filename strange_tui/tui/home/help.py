"""Help (every key) and About (version and licence).

Help's key lines are the screens' own bindings (their description, and the tooltip as the
longer text where one is given): the key bar, the palette and Help read the same records,
so they cannot say different things. Keys a widget handles (typing into a filter, the
arrows in a list) are no bindings: each section says them in a short note.

Just over 300 lines: most of it is that list of sections, one line or two each."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import NamedTuple

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from strange_tui import __version__, legal
from strange_tui.campaign.commands.solo.oracle import oracle_scale
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import DIALOG_CSS
from strange_tui.tui.common.seat import SeatKeys
from strange_tui.tui.common.speed import FirstResumeStyled


class Section(NamedTuple):
    """One part of Help: a title, the screen class whose bindings it lists (``module:Class``,
    "" for none), and a note on the keys that are no bindings."""

    title: str
    screen: str
    note: str = ""


APP = "strange_tui.tui.app.app:StrangeApp"
KEY_WIDTH = 15
SECTIONS: list[Section] = [
    Section("Everywhere", APP,
            "ctrl+p: the command palette, every action by name · escape: close a dialog, go"
            " back · ctrl+q: quit from anywhere · undo and redo work where the campaign is"
            " shown (Home, sheet, combat, log); in a dialog or a wizard they leave the"
            " campaign alone"),
    Section("Campaigns", "strange_tui.tui.home.campaigns:CampaignsScreen",
            "↑↓ choose a campaign, enter opens it"),
    Section("Home", "strange_tui.tui.home.home:HomeScreen", "↑↓ choose a character"),
    Section("Character sheet", "strange_tui.tui.character.sheet:SheetScreen"),
    Section("Roll dialog", "strange_tui.tui.rolls.roll:RollDialog",
            "tab: the next field · Kind: the sort of task (climbing, stealth...) for the"
            " abilities that help it · a blank die: the app rolls it"),
    Section("Rest dialog", "strange_tui.tui.character.rest:RestDialog"),
    Section("XP dialog", "strange_tui.tui.character.advance:AdvanceDialog",
            "enter in the XP field awards the XP typed"),
    Section("GM intrusion", "strange_tui.tui.rolls.intrusion:IntrusionDialog"),
    Section("Ask for a roll (y, the GM's)", "strange_tui.tui.table.ask_roll:AskRollDialog",
            "who: a character or the whole party (each PC who can act) · stat · task · "
            "difficulty · keep it from the player (the GM settings give the default)"),
    Section("A roll the GM asks for", "strange_tui.tui.table.answer_roll:RollAnswer",
            "the GM's task, stat, difficulty; your skill, assets, helper, Effort; the odds"
            " first (kept by the GM: your choices, the cost; the outcome once all have rolled)"),
    Section("Pass time", "strange_tui.tui.table.pass_time:PassTimeDialog"),
    Section("Oracle (solo play)", "strange_tui.tui.solo.oracle:OracleDialog",
            oracle_scale() + " · ctrl+k keeps the question answered as a thread; a random"
            " event that names nothing on a list: type a name in its row, enter keeps it"),
    Section("Draw", "strange_tui.tui.solo.draw:DrawDialog",
            "a creature by level (3) or range (2-5), a cypher, a complication, a scene, a"
            " meaning or a random event · or choose the line in the list, then Take it ·"
            " right after a draw, Reroll rolls one of its dice again, once"),
    Section("Reaction (f at Home)", "strange_tui.tui.solo.reaction:ReactionDialog",
            "the NPC, its level, the PC who speaks and their skill: a d20, +3 a step of"
            " training (-3 an inability), +3 less the NPC's level · 4 or less hostile,"
            " 5-8 unfriendly, 9-12 indifferent, 13-16 friendly, 17+ helpful; a 1 is"
            " always hostile, a 20 always helpful"),
    Section("Journal", "strange_tui.tui.solo.scene:SceneDialog",
            "letters only type; ctrl+s writes the note into the log, in its place · ctrl+k"
            " keeps the note's first line as a thread (the note stays, not yet written)"),
    Section("Scenes and tension (e, solo play)", "strange_tui.tui.solo.scenes:ScenesDialog",
            "type what you expect, then the die (blank: the app rolls): above tension it"
            " goes as expected; at or under it an odd face alters it, an even face brings a"
            " random event · a scene that went the party's way lowers tension, one that went"
            " badly raises it · tension 1-9: set it with its Set button"),
    Section("Threads and people (k, solo play)", "strange_tui.tui.solo.lists:ListsDialog",
            "↑↓ in a list chooses · letters type into the name and the note · enter in the"
            " note adds · random events pick from these lists"),
    Section("Log", "strange_tui.tui.home.log:LogScreen"),
    Section("Combat", "strange_tui.tui.combat.tracker:CombatScreen"),
    Section("Attack", "strange_tui.tui.combat.attack:AttackDialog"),
    Section("Defense", "strange_tui.tui.combat.attack:DefenseDialog"),
    Section("Circumstances (ctrl+t in a roll, attack or defense)",
            "strange_tui.tui.rolls.circumstances:CircumstancePicker",
            "letters type into the filter · ↓ to the list · space or enter ticks · one of a"
            " group at a time: a second replaces the first"),
    Section("Combat actions (c)", "strange_tui.tui.combat.actions:ActionPicker",
            "covering fire, distract, draw or take the attack, guard, wait and act on it,"
            " stop or get past a guard, move, grab / break free / let go, a save; each"
            " opens its own dialog with its odds"),
    Section("Hazard (z)", "strange_tui.tui.combat.hazard:HazardDialog",
            "ambient damage, Armor skipped; in a fight a fire or acid stays as a condition"
            " and burns at the start of each of the holder's turns until removed (k)"),
    Section("Chase (h at Home)", "strange_tui.tui.chase.tracker:ChaseScreen",
            "as many Speed successes as the quarry's level win; more failures than"
            " successes lose (a first failure loses)"),
    Section("Start a chase", "strange_tui.tui.chase.dialogs:StartChaseDialog"),
    Section("Chase roll", "strange_tui.tui.chase.dialogs:ChaseRollDialog",
            "leave the die blank for the app to roll, or type yours"),
    Section("Make (m at Home)", "strange_tui.tui.crafting.craft:CraftDialog",
            "an Intellect task at the item's level; training may shorten the time or the"
            " materials instead of easing; the clock passes the crafting time"),
    Section("Translation", "strange_tui.tui.translation.wizard:TranslationScreen",
            "type to filter the recursions · enter chooses"),
    Section("Character creation", "strange_tui.tui.creation.wizard:CreationScreen",
            "type to filter the list · ↑↓ move · enter chooses or ticks"),
    Section("Hunters campaigns", "strange_tui.tui.hunters.home:HuntersHomeScreen"),
    Section("Quick reference (F2)", "strange_tui.tui.home.reference:ReferenceScreen",
            "letters type into the filter (words in any order, a number finds that"
            " difficulty) · ↑↓ move · enter on a numbered line opens a roll at it: your"
            " character's, or for the GM the one chosen · F2 again closes"),
    Section("Several windows on one campaign", "",
            "each window shows the others' changes within a second · ctrl+z takes back the"
            " campaign's last action only if this window made it (or a window since"
            " closed); otherwise it says which window did"),
]  # fmt: skip


def screen_class(path: str) -> type | None:
    """The class ``module:Class`` names (None for "")."""
    if not path:
        return None
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


def bindings_of(cls: type) -> list[Binding]:
    """What a screen's keys do, as it declares them (see ``app.screen_bindings``)."""
    from strange_tui.tui.common.bindings import screen_bindings

    return screen_bindings(cls)


def key_names(binding: Binding) -> str:
    """'ctrl+z', '? / f1', '+ / =': each key of a binding as a person types it."""
    names = []
    for key in binding.key.split(","):
        key = key.strip()
        shown = binding.key_display or {
            "question_mark": "?", "plus": "+", "minus": "-", "equals_sign": "=",
            "up": "↑", "down": "↓", "ctrl+up": "ctrl+↑", "ctrl+down": "ctrl+↓",
        }.get(key, key)  # fmt: skip
        names.append(shown)
    return " / ".join(dict.fromkeys(names))


def section_rows(
    section: Section, seated: Screen | SeatKeys | None = None
) -> list[tuple[str, str]]:
    """(keys, what they do) for a section: one row per action, its keys together. With
    ``seated``, the screen as a player's seat has it (or, not open, its keys at that
    seat), the keys it does not offer that seat are left out (the GM's part; another
    character's sheet)."""
    cls = screen_class(section.screen)
    rows: dict[tuple[str, str], list[str]] = {}
    for binding in bindings_of(cls) if cls is not None else []:
        action = binding.action.split("(")[0]
        if seated is not None and seated.check_action(action, ()) is False:
            continue
        what = binding.description
        if binding.tooltip:
            what = f"{what}: {binding.tooltip}"
        rows.setdefault((binding.action, what), []).append(key_names(binding))
    return [(" / ".join(keys), what) for (_, what), keys in rows.items()]


def section_for(stack: Sequence[Screen]) -> int:
    """The section of the topmost screen that has one (a dialog without a section of
    its own falls back to the screen it was opened from); 0, Everywhere, if none."""
    classes = [screen_class(section.screen) for section in SECTIONS]
    for screen in reversed(stack):
        for index, cls in enumerate(classes):
            if cls is not None and index and type(screen) is cls:
                return index
    return 0


def section_body(section: Section, here: bool, rows: Sequence[tuple[str, str]]) -> Group:
    """A section of Help: its title (marked when it is the screen Help was called from)
    and a table of its keys (``rows``, from ``section_rows``)."""
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold cyan", no_wrap=True, width=KEY_WIDTH)
    table.add_column(ratio=1)
    for keys, what in rows:
        table.add_row(keys, what)
    if section.note:
        table.add_row("", Text(section.note, style="dim"))
    title = Text(section.title, style="bold underline")
    if here:
        title.append("  (this screen)", style="bold")
    return Group(title, table)


class HelpScreen(FirstResumeStyled, ModalScreen[None]):
    """Every key of every screen, opened at the section of the screen it was called from
    (that section highlighted)."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
    HelpScreen .help-section { height: auto; padding: 0 1; }
    HelpScreen .help-section.-current { background: $boost; border-left: thick $accent; }
    """
    )
    SCOPED_CSS = False

    BINDINGS = [Binding("escape,question_mark,f1,q", "dismiss", "Close", id="help.close")]

    def __init__(self, stack: Sequence[Screen] = ()) -> None:
        super().__init__()
        self.current = section_for(stack)
        """The index in SECTIONS of the screen Help was called from."""
        self.stack = list(stack)
        """The screens open when Help was last called (till its rows are read)."""
        self.rows: list[list[tuple[str, str]]] = []
        """Each section's rows as shown (a player's follow the screens open: ``seated``)."""

    def compose(self) -> ComposeResult:
        self.rows = self.seat_rows()
        with VerticalScroll(classes="dialog", id="help") as box:
            box.border_title = f"Keys — {SECTIONS[self.current].title}"
            for index, section in enumerate(SECTIONS):
                here = index == self.current
                classes = "help-section -current" if here else "help-section"
                body = section_body(section, here, self.rows[index])
                yield Static(body, id=f"section-{index}", classes=classes)

    def seat_rows(self) -> list[list[tuple[str, str]]]:
        """Each section's rows for this seat and the screens open (let go of after)."""
        rows, self.stack = [section_rows(s, self.seated(s)) for s in SECTIONS], []
        return rows

    def seated(self, section: Section) -> Screen | SeatKeys | None:
        """At a player's seat, the open screen of ``section`` (its keys are that seat's),
        else its keys but the GM's own; None at the GM's, who is offered every key."""
        session = strange_app(self).session
        if session is None or session.is_gm:
            return None
        cls = screen_class(section.screen)
        if cls is None:
            return None
        shown = next((s for s in reversed(self.stack) if type(s) is cls), None)
        return shown or SeatKeys(session, cls)

    def on_mount(self) -> None:
        self.call_after_refresh(self.scroll_to_current)

    def point_at(self, stack: Sequence[Screen]) -> None:
        """Kept between opens: open it again at the section of the screen it is called
        from, laying out again (what makes Help slow) only the sections that now read
        differently: the one left, the one arrived at, those whose keys for the seat changed."""
        current = section_for(stack)
        self.stack = list(stack)
        before, self.current = self.current, current
        if not self.is_mounted:
            return
        rows = self.seat_rows()
        for index, section in enumerate(SECTIONS):
            moved = before != current and index in (before, current)
            if moved or rows[index] != self.rows[index]:
                here = index == current
                shown = self.query_one(f"#section-{index}", Static)
                shown.set_class(here, "-current")
                shown.update(section_body(section, here, rows[index]))
        self.rows = rows
        if before != current:  # Else where it was left scrolled to, as it was left.
            box = self.query_one("#help", VerticalScroll)
            box.border_title = f"Keys — {SECTIONS[current].title}"
            self.call_after_refresh(self.scroll_to_current)

    def scroll_to_current(self) -> None:
        section = self.query_one(f"#section-{self.current}", Static)
        self.query_one("#help", VerticalScroll).scroll_to_widget(section, animate=False, top=True)


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
