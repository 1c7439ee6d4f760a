"""A campaign folder's files, read without opening the campaign (the CLI's check, the
log's sealed history), and the character-creation draft kept beside them."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import names_of
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage import history
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.joins import check_joins
from strange_tui.storage.journal import JournalContents, read_journal
from strange_tui.storage.migrations import CURRENT_VERSION, check_header
from strange_tui.storage.side_files import free_name, side_file_problems
from strange_tui.storage.snapshot import read_snapshot
from strange_tui.storage.toml_io import atomic_write, convert, dumps, parse_toml, read_bytes

if TYPE_CHECKING:
    # Imported where used: opening a campaign (a window's start) needs neither the
    # creation model nor the check's cache of verified chunks (7 modules and hashlib).
    from strange_tui.campaign.model.creation import Draft
    from strange_tui.storage import verified

CAMPAIGN_FILE = "campaign.toml"
DRAFT_FILE = "draft.toml"
FORMAT_DRAFT = "strange-tui/draft"
JOURNAL_FILE = "journal.toml"
HISTORY_DIR = "history"


class FolderFiles:
    """The files of one campaign folder, read only (CampaignFolder adds opening and
    writing)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notices: list[str] = []
        """What had to be repaired or set aside (a torn tail moved aside...), for the user."""
        self._checked: tuple[list[verified.Checked], list[AnyEvent]] = ([], [])
        """The chunks (and the journal's newer events) ``check`` found last."""
        self._chunks: dict[Path, tuple[tuple[int, int], list[AnyEvent]]] = {}
        """Sealed chunks already read, by path, with the (mtime, size) they were read at: a
        chunk never changes once sealed, so the log reads each once."""

    @property
    def campaign_file(self) -> Path:
        return self.path / CAMPAIGN_FILE

    @property
    def journal_file(self) -> Path:
        return self.path / JOURNAL_FILE

    @property
    def history_dir(self) -> Path:
        return self.path / HISTORY_DIR

    def _check_folder(self) -> None:
        """A campaign is a real folder, and so is its history: a link would make a
        checkpoint write outside the saves directory."""
        for folder in (self.path, self.history_dir):
            if folder.is_symlink():
                raise CampaignFileError(folder, "is a symbolic link; a campaign keeps real folders")
        if not self.path.is_dir():
            raise CampaignFileError(self.path, "is not a campaign folder")

    # Reading without opening.

    def events(self) -> Iterator[AnyEvent]:
        """Every event of the campaign, oldest first (history, then the journal)."""
        _, journal, _ = self._load_read_only()
        last = 0
        for event in itertools.chain(history.read_history(self.history_dir), journal.events):
            if event.seq > last:
                last = event.seq
                yield event

    def sealed_events(self, limit: int) -> list[AnyEvent]:
        """The newest ``limit`` sealed events (history chunks read from the newest back)."""
        events: list[AnyEvent] = []
        for path in reversed(history.chunk_paths(self.history_dir)):
            events = self._read_chunk(path) + events
            if len(events) >= limit:
                break
        unique: dict[int, AnyEvent] = {event.seq: event for event in events}
        return [unique[seq] for seq in sorted(unique)][-limit:]

    def _read_chunk(self, path: Path) -> list[AnyEvent]:
        """One sealed chunk's events, read again only if the file is not the one read."""
        stat = path.stat()
        key = (stat.st_mtime_ns, stat.st_size)
        cached = self._chunks.get(path)
        if cached is None or cached[0] != key:
            cached = (key, history.read_chunk(path))
            self._chunks[path] = cached
        return cached[1]

    def _load_read_only(self) -> tuple[Campaign, JournalContents, int]:
        self._check_folder()
        snapshot, version = read_snapshot(self.campaign_file)
        return snapshot, read_journal(self.journal_file), version

    def sealed_last(self) -> int:
        """The last sealed event, from the newest chunk's head (0: nothing sealed yet)."""
        newest = history.newest_chunk(self.history_dir)
        return history.chunk_range(newest)[1] if newest else 0

    def check_joins(self, snapshot: Campaign, journal: JournalContents, sealed_last: int) -> None:
        """The history, the snapshot and the journal join with no event missing."""
        check_joins(
            seq=snapshot.seq,
            journal_path=self.journal_file,
            journal=journal,
            history=self.history_dir,
            sealed_last=sealed_last,
        )

    def check(self, *, full: bool = False, keep: bool = False) -> Campaign:
        """Validate every file without changing any; returns the state they make.
        Raises CampaignFileError for the first problem found (a torn tail included).

        Each history chunk is read whole once, then remembered as verified in the user's
        cache (``verified``): later checks compare its head and stat, and read it whole
        again only when either changed. ``full``: read every chunk whole (a byte flipped
        on the disk, or an edit that kept the file's size, mtime and ctime, is caught only
        so). ``keep``: hold what was read for ``checked_runs`` (the log)."""
        from strange_tui.storage import verified

        snapshot, journal, _ = self._load_read_only()
        if journal.torn:
            raise CampaignFileError(
                self.journal_file,
                "the last entry is damaged (a crash mid-write?); opening the campaign will"
                " move it aside and keep everything before it",
                line=journal.torn_line,
            )
        chunks = verified.check_history(self.history_dir, self.path, full=full, keep=keep)
        sealed_last = max((chunk.last for chunk in chunks), default=0)
        self.check_joins(snapshot, journal, sealed_last)
        state = snapshot
        for index, event in enumerate(journal.events):
            if event.seq <= snapshot.seq:
                continue
            try:
                state = reduce(state, event)
            except RuleViolation as refused:
                raise CampaignFileError(
                    self.journal_file, str(refused), field=f"events[{index}]"
                ) from None
        for problem in side_file_problems(self.path):
            raise problem
        self._checked = (chunks, [event for event in journal.events if event.seq > sealed_last])
        return state

    def checked_names(self, state: Campaign) -> dict[str, str]:
        """What ``names_of(state, every event)`` gives, for the files ``check`` just
        checked, from each chunk's names (no chunk is read)."""
        chunks, journal = self._checked
        names: dict[str, str] = {}
        for chunk in chunks:
            names.update(chunk.names)
        names.update(names_of(state, journal))
        return names

    def checked_runs(
        self, *, newest_first: bool = False, after: int = 0
    ) -> Iterator[list[AnyEvent]]:
        """Every event of the files ``check`` just checked, each once, a chunk at a time
        (the journal's last): oldest first, or newest first (each run oldest first). A
        chunk changed since is read whole again (CampaignFileError if now damaged).
        ``after``: the chunks well before that event may be left out."""
        from strange_tui.storage import verified

        chunks, journal = self._checked
        if newest_first and journal:
            yield journal
        yield from verified.runs(self.path, chunks, newest_first=newest_first, after=after)
        if not newest_first and journal:
            yield journal

    # The character-creation draft: kept between sessions, not an event (nothing happened yet).

    def load_draft(self) -> Draft | None:
        """The draft in progress; a damaged one is moved aside (noted) and None returned."""
        from strange_tui.campaign.model.creation import Draft

        path = self.path / DRAFT_FILE
        if not path.exists():
            return None
        try:
            document = parse_toml(path, read_bytes(path))
        except CampaignFileError as error:
            return self._draft_aside(path, error)
        if isinstance(document.get("version"), int) and document["version"] > CURRENT_VERSION:
            self.notices.append(
                "The creation draft was made by a newer strange-tui; it was left as it is."
            )
            return None
        try:
            check_header(path, document, FORMAT_DRAFT)
            return convert(path, document.get("draft", {}), Draft, field="draft")
        except CampaignFileError as error:
            return self._draft_aside(path, error)

    def _draft_aside(self, path: Path, error: CampaignFileError) -> None:
        """A damaged draft is kept beside (never over an earlier one), and noted."""
        aside = free_name(self.path, f"{DRAFT_FILE}.bad")
        path.replace(aside)  # Renames the draft (or a link) itself: nothing is followed.
        self.notices.append(
            f"The creation draft could not be read ({error}); kept as {aside.name}."
        )

    def save_draft(self, draft: Draft) -> None:
        document = {"format": FORMAT_DRAFT, "version": CURRENT_VERSION, "draft": draft}
        atomic_write(self.path / DRAFT_FILE, dumps(document))

    def drop_draft(self) -> None:
        (self.path / DRAFT_FILE).unlink(missing_ok=True)
