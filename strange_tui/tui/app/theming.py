"""The app's themes: the built-in and the player's theme files, the theme kept from last
time (the config file's ``theme``), and the party's recursion's when the campaign's setting
says the theme follows it."""

from __future__ import annotations

from pathlib import Path

import msgspec
from textual.app import App

from strange_tui.campaign.model.state import Campaign
from strange_tui.storage.config import Config, ConfigUnchanged, migrate_preferences, set_value
from strange_tui.tui.app.themes import load_themes, theme_folders
from strange_tui.tui.common.access import CampaignApp

DEFAULT_THEME = "earth"


class ThemedApp(CampaignApp):
    """The theme part of StrangeApp (its base class, kept apart to keep each short)."""

    saves: Path
    exiting: bool
    config: Config

    def start_themes(self) -> None:
        """Called as the app is made, before the first frame, so the stylesheet is built
        once, in the right colours."""
        self.recursion_themes: dict[str, str] = {}
        """Theme name for each recursion that has one."""
        self.theme_problems: list[str] = []
        """Theme files that could not be used, reported once the app is up."""
        self._theme_by_recursion = False
        """True while the app itself switches the theme to the party's recursion (that
        switch is not the player's choice, so it is not saved)."""
        self._keep_theme = False
        """The player's theme changes are saved once the app is up (not the start's)."""
        self.load_themes()
        self.config, problem = migrate_preferences(self.config, self.saves)
        if problem:
            self.theme_problems.append(problem)
        if self.config.theme in self.available_themes:
            self._start_with_theme(self.config.theme)
        elif self.config.theme:
            where = self.config.path.name if self.config.path else "the config"
            self.theme_problems.append(f"{where}: no theme is called {self.config.theme!r}")

    def load_themes(self) -> None:
        """Register the theme files; the broken ones are reported together later."""
        themes, self.theme_problems = load_themes(theme_folders(self.saves))
        for theme, recursion in themes:
            self.register_theme(theme)
            if recursion:
                self.recursion_themes[recursion] = theme.name
        if DEFAULT_THEME in self.available_themes:
            self._start_with_theme(DEFAULT_THEME)

    def _start_with_theme(self, name: str) -> None:
        """The theme before the first screen is styled: as the app is made, or as the
        campaign it opens at start turns the theme to its recursion's. Setting ``theme``
        would have Textual parse and apply the whole stylesheet a second time just after
        the first (its watcher queues a refresh; 7 to 9 ms of a start); the first
        parse already reads this theme's colours. Set quietly when it is dark, like the
        default theme the app was made with (its ANSI colours already match); otherwise,
        the usual way."""
        theme = self.get_theme(name)
        styled = self.is_running and bool(self.screen_stack)  # Composing the first: not yet.
        if styled or theme is None or not theme.dark or not self.current_theme.dark:
            self.theme = name
            return
        self.set_reactive(App.theme, name)
        self.stylesheet.set_variables(self.get_css_variables())  # Read by the first parse.
        for old in [c for c in self.classes if c.startswith("-theme-")]:
            self.remove_class(old, update=False)
        self.add_class(f"-theme-{name}", update=False)

    def keep_theme_choices(self) -> None:
        """From now on a theme the player chooses is kept for next time."""
        self._keep_theme = True

    def watch_theme(self, theme: str) -> None:
        """The player chose a theme (the palette's "Change theme"): keep it for next time.
        The party's recursion theme, when it follows, is the app's choice, not kept."""
        if not self._keep_theme or self._theme_by_recursion or self.exiting:
            return
        if theme == self.config.theme or self.config.path is None:
            return
        self.config = msgspec.structs.replace(self.config, theme=theme)
        try:
            set_value(self.config.path, "theme", theme)
        except OSError as error:
            if isinstance(error, ConfigUnchanged):
                # A file the app could not read whole stays as it is all session: said once.
                self._keep_theme = False
            self.notify(
                f"The theme could not be kept for next time: {error.strerror or error}",
                severity="warning",
            )

    def follow_recursion_theme(self, state: Campaign) -> None:
        """The party's recursion's theme, when the campaign says the theme follows it."""
        if state.settings.theme_follows_recursion:
            theme = self.recursion_themes.get(state.recursion)
            if theme and self.theme != theme:
                self._theme_by_recursion = True
                try:
                    # At start (the campaign opens as the first screen is made) the theme
                    # kept from last time gives way before the stylesheet is first read.
                    self._start_with_theme(theme)
                finally:
                    self._theme_by_recursion = False
