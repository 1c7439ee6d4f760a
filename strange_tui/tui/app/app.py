"""The strange-tui app: one campaign open at a time, screens that render its state, and
dialogs that turn a player's choices into commands for the model.

Just over 300 lines: opening and following the campaign, the kept screens and the first
frame's timing are one life cycle; the app-wide keys are in ``actions``, the themes in
``theming``, a campaign whose files go bad while open in ``damage``, how other windows'
changes reach it in ``following``."""

from __future__ import annotations

# The collector pauses while Textual and the model load and resumes at the end of this
# module (tui/app/collector.py says why): hence the imports below the call.
# ruff: noqa: E402
from strange_tui.tui.app.collector import pause_for_imports

pause_for_imports()

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen

from strange_tui.campaign.model.seats import GM, seat_label
from strange_tui.campaign.model.state import Campaign
from strange_tui.storage.config import Config, config_path, read_config
from strange_tui.storage.errors import CampaignFileError
from strange_tui.tui.app.actions import AppActions
from strange_tui.tui.app.collector import (
    freeze_imports,
    freeze_long_lived,
    hold_for_first_frame,
    resume_after_imports,
    thaw,
)
from strange_tui.tui.app.damage import ReopensDamaged, say_refused
from strange_tui.tui.app.following import AFTER_FIRST_FRAME, FOLLOW_EVERY, Following
from strange_tui.tui.common.bindings import screen_bindings, use_keymap
from strange_tui.tui.common.release import forget_painted_screens, release_watchers
from strange_tui.tui.common.session import Refused, Session
from strange_tui.tui.common.speed import preset_breakpoints
from strange_tui.tui.common.taken_back import TakenBackNotice
from strange_tui.tui.common.turn_banner import TurnWatch
from strange_tui.tui.table.desk import PromptDesk

if TYPE_CHECKING:  # The commands load with the first one run (tui/common/session.py).
    from strange_tui.campaign.commands import Command
    from strange_tui.campaign.model.events import AnyEvent

__all__ = ["FOLLOW_EVERY", "StrangeApp", "screen_bindings"]


FREEZE_AFTER = 1.0
"""Seconds after start when the objects alive then are set aside from the collector."""


def sheets_without_traits(state: Campaign) -> str:
    """'Jun's sheet', '2 sheets': the characters whose abilities hold no effects yet ('')."""
    unread = [c.name for c in state.characters.values() if c.abilities and not c.traits]
    if not unread:
        return ""
    return f"{unread[0]}'s sheet was" if len(unread) == 1 else f"{len(unread)} sheets were"


class StrangeApp(ReopensDamaged, AppActions):
    """The strange-tui application."""

    TITLE = "strange-tui"
    # Screens get -narrow/-roomy and -short/-tall classes: app.tcss lays the wizards out
    # for a 40x12 terminal with them (side panel below or hidden, one-line step bar).
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (60, "-roomy")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (16, "-tall")]
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help"),
        # Priority, so they work in dialogs too (a modal hides the app's other bindings);
        # check_action hands them to a text area, which has its own undo.
        Binding("f1", "help", "Help", show=False, priority=True, id="help.f1"),
        # F2: no screen, text field or Textual widget uses it, so it opens the quick
        # reference over anything (a dialog included) without typing or acting.
        Binding(
            "f2",
            "reference",
            "Quick reference",
            show=False,
            priority=True,
            id="reference",
            tooltip="the difficulty ladder, climbing, jumping, riding, knowledge, crafting,"
            " hazards, circumstances: type to filter; enter on a numbered line opens a roll"
            " at it",
        ),
        Binding("ctrl+z", "undo", "Undo", priority=True, id="undo"),
        Binding("ctrl+y", "redo", "Redo", priority=True, id="redo"),
        Binding("q", "quit", "Quit", id="quit"),
        # A key no screen uses, shown only while a question waits that this seat may act
        # on (check_action). A focused text field types "!" as it should.
        Binding(
            "exclamation_mark",
            "questions",
            "Questions",
            key_display="!",
            id="questions",
            tooltip="the question waiting at your seat (a defense roll, an intrusion,"
            " initiative, a roll the GM asks for); the GM's list answers one for an"
            " absent player or takes it back. Shown only while one waits",
        ),
        # On a player's own turn only (check_action): the banner names it (turn_banner).
        Binding(
            "c",
            "your_turn",
            "Your turn",
            show=False,
            id="your_turn",
            tooltip="on your PC's turn in a fight: the combat tracker, from any screen"
            " that shows the campaign (the banner says when)",
        ),
    ]
    QUIT_SCREENS = ("HomeScreen", "HuntersHomeScreen", "CampaignsScreen")
    """Where a plain q quits: the screens that hold nothing half-done. Elsewhere q is a
    letter (or nothing), never a way out that loses a wizard's or a dialog's work."""

    # A var, not a reactive: the screens that show the campaign watch it and redraw what
    # changed; a reactive would repaint the whole screen on every command as well.
    campaign: var[Campaign | None] = var(None, always_update=True)
    """The open campaign's state, replaced after every change (screens watch it)."""

    def __init__(
        self,
        campaign_path: Path | None = None,
        saves: Path | None = None,
        seat: str = GM,
        config: tuple[Config, list[str]] | None = None,
    ) -> None:
        freeze_imports()
        super().__init__()
        self.config, self.config_problems = config or read_config(config_path())
        """The player's config file (the theme, the dice, the keymap) and its problems."""
        self.apply_keymap()
        self.seat = seat
        """Whose seat this window is: the GM's, or a player's character's id."""
        self._kept: set[str] = set()
        """The names of the screens ``kept_screen`` installed for the open campaign."""
        self.prompt_desk = PromptDesk(self)
        self.turn_watch = TurnWatch(self)
        """Says when this seat's turn comes, and opens the tracker on it (c)."""
        """Brings the questions put to this seat (a defense roll, an intrusion...)."""
        self.campaign_path = campaign_path
        """The campaign to open at start, if any."""
        self.saves = saves or Path("saves")
        """The saves directory: where campaigns, packs and user themes live."""
        self.session: Session | None = None
        """The open campaign, or None on the campaign list."""
        self.exiting = False
        """True once quitting has begun: no key, click or timer reaches a screen then."""
        self.following = Following(self, self.follow_campaign, self.config.follow)
        """How this window sees other windows' changes: watched, or polled (following)."""
        self.start_themes()

    def apply_keymap(self) -> None:
        """The config's ``[keys]`` in place of the default keys: those that name a binding
        and take no key another action of the same screen has (each left out is said)."""
        keymap: dict[str, str] = {}
        problems: list[str] = []
        if self.config.keys:  # Loaded for a keymap only: most starts have none to check.
            from strange_tui.tui.app.keymap import usable_keymap

            keymap, problems = usable_keymap(self.config.keys, type(self))
        where = self.config.path.name if self.config.path else "config"
        self.config_problems += [f"{where}: {problem}" for problem in problems]
        self.set_keymap(keymap)
        use_keymap(self.keymap_in_use)

    @property
    def keymap_in_use(self) -> dict[str, str]:
        """The keymap applied (binding id -> keys, Textual's names)."""
        return dict(self._keymap)

    def get_default_screen(self) -> Screen:
        """Home on the campaign asked for, else the campaign list."""
        if self.campaign_path is not None and self._open_session(self.campaign_path):
            screen = self.home_screen()
        else:
            from strange_tui.tui.home.campaigns import CampaignsScreen

            screen = CampaignsScreen()
        preset_breakpoints(screen, self.size)  # As pushed screens get them (tui/common/speed.py).
        return screen

    def push_screen(self, screen, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        if isinstance(screen, Screen) and not screen.is_attached:
            preset_breakpoints(screen, self.size)
        return super().push_screen(screen, *args, **kwargs)

    def _display(self, screen: Screen, renderable: object) -> None:
        """A frame written (or dropped, headless): the screens painted under its dialog
        are forgotten (``forget_painted_screens``)."""
        super()._display(screen, renderable)  # type: ignore[arg-type]
        forget_painted_screens()

    async def _replace_screen(self, screen: Screen) -> Screen:
        """A screen leaves the stack (closed, or switched away): once Textual has removed
        it, what it and its widgets registered on the app goes too (``release_watchers``)."""
        replaced = await super()._replace_screen(screen)
        release_watchers(self)
        return replaced

    def switch_screen(self, screen):  # type: ignore[no-untyped-def, override]
        if isinstance(screen, Screen) and not screen.is_attached:
            preset_breakpoints(screen, self.size)
        return super().switch_screen(screen)

    def on_load(self) -> None:
        hold_for_first_frame()  # Released a second in, or when the app ends.

    def on_mount(self) -> None:
        # Other windows on the campaign (and the CLI) write its journal: the system says
        # when (a watch on the folder), else a look every FOLLOW_EVERY seconds. Begun once
        # the first frame is up (the first look takes in what was written meanwhile).
        self.set_timer(AFTER_FIRST_FRAME, self.following.start, name="start following")
        self.keep_theme_choices()
        session = self.session
        if self.seat != GM and session is not None and self.seat in session.state.characters:
            from strange_tui.tui.character.sheet import SheetScreen

            self.push_screen(SheetScreen(self.seat))  # A player's own sheet first.
        if self.theme_problems:
            problems = "\n".join(self.theme_problems)
            self.notify(problems, title="Themes skipped", severity="warning", timeout=8)
        if self.config_problems:
            problems = "\n".join(self.config_problems)
            self.notify(problems, title="Config: left out", severity="warning", timeout=10)
        # A second in, once Home is drawn: the first frame does not wait for it.
        self.set_timer(FREEZE_AFTER, freeze_long_lived, name="freeze the long-lived objects")

    def exit(self, result: None = None, return_code: int = 0, message: object = None) -> None:
        """Quit: from here on no key or click is dispatched and the campaign is no longer
        followed, so nothing opens (or redraws) on screens being taken down."""
        self.exiting = True
        self.following.end()
        super().exit(result, return_code, message)  # type: ignore[arg-type]

    async def on_event(self, event: events.Event) -> None:
        if self.exiting and isinstance(event, events.InputEvent):
            return  # A key typed after q: the screens it would reach are going away.
        await super().on_event(event)

    def _open_session(self, path: Path) -> bool:
        """Open a campaign as the session; on a bad file, say why and keep the old one."""
        try:
            session = self.session_for(path)
        except (CampaignFileError, OSError) as error:
            self.call_later(
                self.notify,
                str(error),
                title="Cannot open the campaign",
                severity="error",
                timeout=10,
            )
            return False
        self.use_session(session)
        return True

    def session_for(self, path: Path) -> Session:
        return Session.open(path, self.saves if path.parent == self.saves else None, seat=self.seat)

    def use_session(self, session: Session) -> None:
        if self.session is not None:
            self.session.close()
        for name in self._kept:  # Kept for the campaign that was open: not for this one.
            if self.is_screen_installed(name):
                self.uninstall_screen(name)
        self._kept.clear()
        self.session = session
        self.following.use(session)
        session.subscribe(lambda state, events: self._changed(state))
        session.when_damaged(self.files_went_bad)
        TakenBackNotice(self, session)  # A die the GM took back at this seat is told.
        for notice in session.notices:
            self.call_later(
                self.notify, notice, title="Campaign repaired", severity="warning", timeout=10
            )
        if unread := sheets_without_traits(session.state):
            self.call_later(
                self.notify,
                f"{unread} written before abilities carried their effects: the GM reads them"
                " from the packs with ctrl+p, 'Read abilities from the packs'.",
                title="Abilities",
                timeout=10,
            )
        self._changed(session.state)

    def kept_screen(self, name: str, make: Callable[[], Screen]) -> str:
        """A screen kept mounted between opens while the campaign is open (so it opens
        fast: the log lays its lines out once, Help its tables), made on first use; push
        its name."""
        if not self.is_screen_installed(name):
            screen = make()
            preset_breakpoints(screen, self.size)  # Pushed by name: push_screen cannot.
            self.install_screen(screen, name)
            self._kept.add(name)
        return name

    def open_campaign(self, path: Path) -> bool:
        """Open another campaign from the campaign list and show its Home."""
        if not self._open_session(path):
            return False
        if len(self.screen_stack) > 1:
            self.switch_screen(self.home_screen())  # The list was pushed from a Home.
        else:
            self.push_screen(self.home_screen())
        return True

    def home_screen(self) -> Screen:
        """Home for the open campaign's ruleset."""
        if self.session is not None and self.session.state.ruleset == "hunters":
            from strange_tui.tui.hunters.home import HuntersHomeScreen

            return HuntersHomeScreen()
        from strange_tui.tui.home.home import HomeScreen

        return HomeScreen()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Notifications carry players' words (names in refusals, what undo undid): they
        are shown as typed, never read as markup (a name like "[/]" or "[@click=...]")."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    @property
    def seat_label(self) -> str:
        """Whose seat this window is, as the title says it: "Mara Quist's seat"."""
        if self.seat == GM or self.session is None:
            return "The GM's seat"
        return f"{seat_label(self.session.state, self.seat)}'s seat"

    def follow_campaign(self) -> bool:
        """Take in what other windows wrote (their changes reach the screens at once);
        True when anything changed."""
        if self.session is not None and not self.exiting:
            return self.session.follow()
        return False

    def _changed(self, state: Campaign) -> None:
        if self.exiting:
            return
        self.campaign = state
        self.sub_title = state.name if self.seat == GM else f"{state.name} · {self.seat_label}"
        self.prompt_desk.changed(state)
        self.turn_watch.changed(state)
        self.follow_recursion_theme(state)

    def run_command(self, command: Command, dice: object = None) -> tuple[AnyEvent, ...] | None:
        """Apply a player's command as one step; if the rules refuse, say why (None)."""
        if self.session is None:
            return None
        try:
            return self.session.run(command, dice)
        except Refused as refused:
            say_refused(self, refused)
            return None

    def may_quit(self) -> bool:
        """A plain q quits only where nothing is half-done (see QUIT_SCREENS)."""
        return type(self.screen).__name__ in self.QUIT_SCREENS

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo"):
            # Off the campaign's screens the key goes on to the focused widget: a text
            # area undoes its own typing; elsewhere nothing happens.
            return self.shows_campaign() and not hasattr(self.focused, f"action_{action}")
        if action == "quit":
            return self.may_quit()
        if action == "your_turn":
            return self.turn_watch.key_works()
        if action == "questions":
            return self.prompt_desk.key_works()
        return super().check_action(action, parameters)

    def on_unmount(self) -> None:
        self.following.end()
        if self.session is not None:
            self.session.close()
        use_keymap({})  # Help read without an app (another app in this process) is the default.
        thaw()


resume_after_imports()  # The last line: every module the app needs to start is loaded.
