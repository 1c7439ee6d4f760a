"""When the open campaign's files go bad under the app: say which file and how, refuse
every change in those words, and reopen the campaign from disk on F5."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen

from strange_tui.campaign.model.seats import GM
from strange_tui.storage.errors import CampaignFileError
from strange_tui.tui.common.access import CampaignApp
from strange_tui.tui.common.screen import CampaignScreen
from strange_tui.tui.common.session import Damaged, Refused, Session

REOPEN = "F5 reopens the campaign from disk."
NOT_SAVING = " · not saving (F5 reopens)"
"""Added to the title while the campaign's files are bad: it stays in sight, a
notification goes."""


def say_refused(
    app: App[None], refused: Refused, title: str = "Not possible", severity: SeverityLevel = "error"
) -> None:
    """Tell the player why a command, undo or redo changed nothing."""
    if not isinstance(refused, Damaged):
        app.notify(str(refused), title=title, severity=severity)
    elif not refused.first:  # The first time, files_went_bad has just said it.
        app.notify(f"{refused} {REOPEN}", title="Not saved", severity="error", timeout=8)


class ReopensDamaged(CampaignApp):
    """The app's side of a campaign whose files went bad (StrangeApp's base class, kept
    apart to keep each module short): the session stops writing and says why
    (``Session.damage``); this tells the player, and F5 opens the campaign anew."""

    BINDINGS = [
        # Priority, so it works over a dialog too; check_action: only while the files are
        # bad (elsewhere F5 goes on to the focused widget). No description: Help and the
        # key bar list the keys that always work; this one is named where it works, in
        # the notification, the title and the palette.
        Binding("f5", "reopen", "", show=False, priority=True, id="reopen"),
    ]

    exiting: bool

    def home_screen(self) -> Screen:
        raise NotImplementedError

    def session_for(self, path: Path) -> Session:
        """A session on the campaign at ``path`` (CampaignFileError, OSError)."""
        raise NotImplementedError

    def use_session(self, session: Session) -> None:
        """Make ``session`` the open campaign (the old one closed, its kept screens gone)."""
        raise NotImplementedError

    def files_went_bad(self, reason: str) -> None:
        """Say which file went bad and how, once (the session tells it: when_damaged)."""
        if self.exiting:
            return  # Found while closing: nobody is left to read it, and nothing is lost.
        if not self.sub_title.endswith(NOT_SAVING):
            self.sub_title += NOT_SAVING
        self.notify(
            f"{reason}. Nothing is saved to the campaign now; the screens show its last good"
            f" state. {REOPEN}",
            title="Not saving this campaign",
            severity="error",
            timeout=20,
        )

    def may_reopen(self) -> bool:
        return not self.exiting and self.session is not None and self.session.damage is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reopen":
            return self.may_reopen()
        return super().check_action(action, parameters)

    async def action_reopen(self) -> None:
        """Open the campaign again from disk: still bad, the same words say so again;
        mended, Home on it, saving again (what was on screen was this window's, unsaved)."""
        damaged = self.session
        if damaged is None or not self.may_reopen():
            return
        try:
            session = self.session_for(damaged.path)
        except (CampaignFileError, OSError) as error:
            damaged.give_up(error)  # Its reason now: what opening found.
            self.files_went_bad(damaged.damage or "")
            return
        # Kept screens on the stack could not be let go (use_session lets them go): down
        # to the bottom screen first.
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        self.use_session(session)
        if not isinstance(self.screen, CampaignScreen):
            await self.push_screen(self.home_screen())  # Over the campaign list.
        # Else the bottom is Home (the first screen cannot be switched): it shows the
        # campaign as opened now, as use_session's change has redrawn it.
        if self.seat != GM and self.seat in session.state.characters:
            from strange_tui.tui.character.sheet import SheetScreen

            await self.push_screen(SheetScreen(self.seat))  # A player's sheet, as at start.
        self.notify("Its files read well again; changes are saved again.", title="Reopened")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if self.may_reopen():
            yield SystemCommand(
                "Reopen the campaign",
                "Read it again from disk once its files are mended (F5)",
                self.action_reopen,
            )
