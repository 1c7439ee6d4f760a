"""The open campaign as the screens see it: one typed façade over the folder, the store,
the commands and the content packs (loaded once)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.terms import RuleViolation
from strange_tui.campaign.narrate.kept import seat_sentence
from strange_tui.campaign.store import ReplayError, Store, Subscriber
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.locking import CampaignBusy
from strange_tui.tui.common.file_trouble import SnapshotWatch, in_words, not_saved

if TYPE_CHECKING:
    # The commands load with the first command run or previewed, the packs on first use:
    # both after the first frame (Home shows the campaign, it sends nothing).
    from strange_tui.campaign.commands import Command
    from strange_tui.campaign.commands.base import SoloPolicy
    from strange_tui.content.loader import Content
    from strange_tui.storage.history_pages import HistoryPages

FOLLOW_WAIT = 0.05
"""How long following waits for another window's lock before trying again next time."""


class Refused(Exception):
    """A command the rules (or the disk) refused; the message is for the player."""


class Damaged(Refused):
    """Refused because a file of the campaign went bad while it was open: from then on
    nothing is written to it (an append after damage could bury it, a checkpoint write
    over it) until it is opened again. ``first``: this call found the damage."""

    def __init__(self, reason: str, *, first: bool = False) -> None:
        super().__init__(f"{reason}. Nothing was saved.")
        self.first = first


BAD_FILES = (CampaignFileError, ReplayError)
"""A campaign file that no longer reads, or holds events the rules refuse."""


class Session:
    """One open campaign: its state, its commands with their previews, undo and redo."""

    def __init__(
        self, folder: CampaignFolder, store: Store, saves: Path | None = None, seat: str = GM
    ) -> None:
        self._folder = folder
        self._store = store
        self.saves = saves if saves is not None else folder.path.parent
        """The saves directory (user packs and themes live there)."""
        self.seat = seat
        """Whose seat this window is ("gm" or a player's character id): every command it
        sends carries it, and the command layer refuses what that seat may not do."""
        self.damage: str | None = None
        """Which file went bad and how, once one did while the campaign was open (None
        while all is well): nothing is written to the campaign from then on."""
        self._told: list[Callable[[str], None]] = []
        self._snapshot = SnapshotWatch(folder.campaign_file)
        self.own_step = False
        """True while this window's own command is applied: what the store announces then
        is this window's step. Other windows' steps, taken in as the command's transaction
        begins (before it is decided), are announced while it is False: news to tell."""

    @classmethod
    def open(cls, path: Path, saves: Path | None = None, seat: str = GM) -> Session:
        """Open a campaign folder (CampaignFileError when it cannot be read, CampaignBusy
        when another window holds it too long)."""
        folder = CampaignFolder(path)
        return cls(folder, folder.open(), saves, seat)

    @property
    def is_gm(self) -> bool:
        """Whether this window is the GM's seat (who may do anything)."""
        return self.seat == GM

    def seated(self, command: Command) -> Command:
        """``command`` as this seat sends it."""
        if command.by == self.seat:
            return command
        return msgspec.structs.replace(command, by=self.seat)

    @property
    def state(self) -> Campaign:
        return self._store.state

    @property
    def path(self) -> Path:
        return self._folder.path

    @property
    def notices(self) -> list[str]:
        """What opening had to repair, for the player to read."""
        return self._folder.notices

    @cached_property
    def content(self) -> Content:
        """The game content (built-in and the user's packs), loaded once per campaign."""
        from strange_tui.content.loader import Content, user_pack_files

        return Content(user_pack_files(self.saves))

    def subscribe(self, subscriber: Subscriber) -> None:
        self._store.subscribe(subscriber)

    def when_damaged(self, told: Callable[[str], None]) -> None:
        """Call ``told(reason)`` once, when a file of the campaign is found gone bad."""
        self._told.append(told)

    def give_up(self, error: Exception) -> Damaged:
        """Stop writing to the campaign because of ``error`` (a bad file, or the files'
        OSError): the refusal that says so from now on."""
        first = self.damage is None
        self.damage = in_words(error, self.path)
        if first:
            for told in list(self._told):
                told(self.damage)
        return Damaged(self.damage, first=first)

    def _still_good(self) -> None:
        """Damaged when the campaign's files went bad (now or before): nothing is to be
        written. The snapshot is looked at here too: the journal's check does not."""
        if self.damage is not None:
            raise Damaged(self.damage)
        try:
            self._snapshot.check()
        except (*BAD_FILES, OSError) as bad:
            raise self.give_up(bad) from None

    def run(self, command: Command, dice: Any = None) -> tuple[AnyEvent, ...]:
        """Decide and apply ``command`` as one transaction; Refused says why not. In a
        solo campaign the app's intrusion after a roll joins the same step (R-ORC-4); the
        packs are loaded for it only there. Damaged (a Refused) once a file went bad."""
        from strange_tui.campaign.commands import decide

        self._still_good()
        try:
            # Decided inside the writers' lock, on the campaign as other windows left it.
            with self._store.transaction():
                state = self._store.state
                solo = self._solo_policy() if state.settings.solo else None
                events = decide(state, self.seated(command), dice, solo)
                self.own_step = True
                try:
                    return self._store.apply(events)
                finally:
                    self.own_step = False
        except BAD_FILES as bad:  # Before RuleViolation: a ReplayError is one.
            raise self.give_up(bad) from None
        except RuleViolation as refused:
            raise Refused(str(refused)) from None
        except OSError as failed:
            # A full or read-only disk, a busy lock: nothing was written, and the next
            # try may work, so the campaign stays open for writing.
            raise Refused(not_saved(failed)) from None

    def _solo_policy(self) -> SoloPolicy:
        """The app in the GM's chair (R-ORC-4), drawing from this campaign's packs."""
        # Imported here: a campaign with a GM never needs it, and start-up stays quick.
        from strange_tui.campaign.commands.solo.intrusions import AppIntrusions

        return AppIntrusions(self.content)

    def follow(self) -> bool:
        """Take in what other windows (or the CLI) wrote; True when anything changed.
        A window busy writing is left for the next call. A file gone bad stops the
        following and the writing (``when_damaged`` is told): the state stays the last
        good one, and only opening the campaign again reads it anew."""
        if self.damage is not None:
            return False
        try:
            self._snapshot.check()
            return self._store.catch_up(wait=FOLLOW_WAIT)
        except CampaignBusy:
            return False
        except (*BAD_FILES, OSError) as bad:
            self.give_up(bad)
            return False

    def preview(self, command: Command) -> Any:
        """What ``command`` would do now; Refused says why it could not be done."""
        from strange_tui.campaign.commands import preview

        try:
            return preview(self._store.state, self.seated(command))
        except RuleViolation as refused:
            raise Refused(str(refused)) from None

    def describe(self, events: tuple[AnyEvent, ...], names: dict[str, str] | None = None) -> str:
        """A command's events as the log's one line, as this seat may read it now (R-TASK-8:
        a difficulty the GM still keeps is not said at a player's seat)."""
        state = self.state
        names = state.names() if names is None else names
        return seat_sentence(events, names, state, self.seat, self._store.journal())

    def undo(self) -> str:
        """Take back the last command; says what was undone (Refused when nothing)."""
        names = self.state.names()
        events = self._step(lambda: self._store.undo(self.seat))
        return "Undid: " + self.describe(events, names)

    def redo(self) -> str:
        events = self._step(self._store.redo)
        return "Redid: " + self.describe(events)

    def _step(self, step: Callable[[], tuple[AnyEvent, ...]]) -> tuple[AnyEvent, ...]:
        """Undo or redo, refused as a command is: in words, and never on bad files."""
        self._still_good()
        try:
            return step()
        except BAD_FILES as bad:
            raise self.give_up(bad) from None
        except RuleViolation as refused:
            raise Refused(str(refused)) from None
        except OSError as failed:
            raise Refused(not_saved(failed)) from None

    @property
    def can_undo(self) -> bool:
        return self._store.can_undo

    def journal(self) -> list[AnyEvent]:
        """The events since the last snapshot, oldest first."""
        return self._store.journal()

    def sealed_events(self, limit: int) -> list[AnyEvent]:
        """The newest ``limit`` events sealed in history (CampaignFileError if unreadable)."""
        return self._folder.sealed_events(limit)

    def history_pages(self) -> HistoryPages:
        """The sealed history, to read a page (a chunk) at a time (the log's)."""
        from strange_tui.storage.history_pages import HistoryPages  # The log's, not Home's.

        journal = self._store.journal()
        base = journal[0].seq - 1 if journal else self.state.seq
        return HistoryPages(self._folder.history_dir, at_least=base)

    def load_draft(self) -> Any:
        return self._folder.load_draft()

    def save_draft(self, draft: Any) -> None:
        self._folder.save_draft(draft)

    def drop_draft(self) -> None:
        self._folder.drop_draft()

    def close(self) -> None:
        """Seal older events so the next open is quick (undo history is kept); never
        raises, and writes nothing to a campaign whose files went bad."""
        try:
            self._still_good()
            self._store.compact()
        except (Refused, *BAD_FILES, OSError):
            pass  # The journal still holds everything; the next open replays it.
