"""The strange-tui app: one campaign open at a time, screens that render its state, and
dialogs that turn a player's choices into commands for the model."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.notifications import SeverityLevel
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.progress import ChangeSettings
from strange_tui.campaign.events import AnyEvent
from strange_tui.campaign.state import Campaign
from strange_tui.storage.errors import CampaignFileError
from strange_tui.tui.session import Refused, Session
from strange_tui.tui.themes import load_themes, theme_folders

DEFAULT_THEME = "earth"
FOLLOW_EVERY = 0.3
"""Seconds between two looks at the campaign's journal for other windows' changes."""


class StrangeApp(App[None]):
    """The strange-tui application."""

    TITLE = "strange-tui"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help"),
        # Priority, so they work in dialogs too (a modal hides the app's other bindings);
        # check_action hands them to a text area, which has its own undo.
        Binding("f1", "help", "Help", show=False, priority=True, id="help.f1"),
        Binding("ctrl+z", "undo", "Undo", priority=True, id="undo"),
        Binding("ctrl+y", "redo", "Redo", priority=True, id="redo"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    campaign: reactive[Campaign | None] = reactive(None, always_update=True)
    """The open campaign's state, replaced after every change (screens watch it)."""

    def __init__(self, campaign_path: Path | None = None, saves: Path | None = None) -> None:
        super().__init__()
        self.campaign_path = campaign_path
        """The campaign to open at start, if any."""
        self.saves = saves or Path("saves")
        """The saves directory: where campaigns, packs and user themes live."""
        self.session: Session | None = None
        """The open campaign, or None on the campaign list."""
        self.recursion_themes: dict[str, str] = {}
        """Theme name for each recursion that has one."""
        self.theme_problems: list[str] = []
        """Theme files that could not be used, reported once the app is up."""
        # Themes before the first frame, so the stylesheet is built once, in the right colours.
        self.load_themes()

    def get_default_screen(self) -> Screen:
        """Home on the campaign asked for, else the campaign list."""
        if self.campaign_path is not None and self._open_session(self.campaign_path):
            return self.home_screen()
        from strange_tui.tui.screens.campaigns import CampaignsScreen

        return CampaignsScreen()

    def on_mount(self) -> None:
        # Other windows on the campaign (and the CLI) append to its journal: a stat of the
        # journal a few times a second is cheaper and more portable than a file watcher
        # (no thread, works on network folders), and shows their changes within a second.
        self.set_interval(FOLLOW_EVERY, self.follow_campaign, name="follow the campaign")
        if self.theme_problems:
            problems = "\n".join(self.theme_problems)
            self.notify(problems, title="Themes skipped", severity="warning", timeout=8)

    def load_themes(self) -> None:
        """Register the theme files; the broken ones are reported together later."""
        themes, self.theme_problems = load_themes(theme_folders(self.saves))
        for theme, recursion in themes:
            self.register_theme(theme)
            if recursion:
                self.recursion_themes[recursion] = theme.name
        if DEFAULT_THEME in self.available_themes:
            self.theme = DEFAULT_THEME

    def _open_session(self, path: Path) -> bool:
        """Open a campaign as the session; on a bad file, say why and keep the old one."""
        try:
            session = Session.open(path, self.saves if path.parent == self.saves else None)
        except (CampaignFileError, OSError) as error:
            self.call_later(
                self.notify,
                str(error),
                title="Cannot open the campaign",
                severity="error",
                timeout=10,
            )
            return False
        if self.session is not None:
            self.session.close()
        self.session = session
        session.subscribe(lambda state, events: self._changed(state))
        for notice in session.notices:
            self.call_later(
                self.notify, notice, title="Campaign repaired", severity="warning", timeout=10
            )
        self._changed(session.state)
        return True

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
            from strange_tui.tui.screens.hunters_home import HuntersHomeScreen

            return HuntersHomeScreen()
        from strange_tui.tui.screens.home import HomeScreen

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
        super().notify(
            message, title=title, severity=severity, timeout=timeout, markup=False
        )

    def follow_campaign(self) -> None:
        """Take in what other windows wrote (their changes reach the screens at once)."""
        if self.session is not None:
            self.session.follow()

    def _changed(self, state: Campaign) -> None:
        self.campaign = state
        self.sub_title = state.name
        if state.settings.theme_follows_recursion:
            theme = self.recursion_themes.get(state.recursion)
            if theme and self.theme != theme:
                self.theme = theme

    def run_command(self, command: Command, dice: object = None) -> tuple[AnyEvent, ...] | None:
        """Apply a player's command as one step; if the rules refuse, say why (None)."""
        if self.session is None:
            return None
        try:
            return self.session.run(command, dice)
        except Refused as refused:
            self.notify(str(refused), title="Not possible", severity="error")
            return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A widget with an undo of its own (the notes' text area) keeps ctrl+z and ctrl+y.
        if action in ("undo", "redo") and hasattr(self.focused, f"action_{action}"):
            return False
        return True

    def action_undo(self) -> None:
        self._undo_or_redo(lambda session: session.undo())

    def action_redo(self) -> None:
        self._undo_or_redo(lambda session: session.redo())

    def _undo_or_redo(self, step: Callable[[Session], str]) -> None:
        """Say what was undone or redone (or why nothing was)."""
        if self.session is None:
            return
        try:
            self.notify(step(self.session), timeout=4)
        except Refused as refused:
            self.notify(str(refused), severity="warning")

    def action_help(self) -> None:
        from strange_tui.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_about(self) -> None:
        from strange_tui.tui.screens.help import AboutScreen

        self.push_screen(AboutScreen())

    def action_toggle_theme_follows(self) -> None:
        if self.session is None:
            return
        follows = not self.session.state.settings.theme_follows_recursion
        if self.run_command(ChangeSettings(theme_follows_recursion=follows)):
            way = "follows" if follows else "no longer follows"
            self.notify(f"The theme {way} the party's recursion.")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette: every screen action, plus the app's own."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "Every key of every screen", self.action_help)
        yield SystemCommand("About strange-tui", "Version and licence notice", self.action_about)
        if self.session is not None:
            yield SystemCommand("Undo", "Take back the last change", self.action_undo)
            yield SystemCommand("Redo", "Apply again what was undone", self.action_redo)
            yield SystemCommand(
                "Theme follows recursion",
                "Switch the theme with the party's recursion, or stop doing so",
                self.action_toggle_theme_follows,
            )
        for title, help_text, action in getattr(screen, "COMMANDS_TABLE", ()):
            yield SystemCommand(title, help_text, lambda a=action: screen.run_action(a))

    def on_unmount(self) -> None:
        if self.session is not None:
            self.session.close()
