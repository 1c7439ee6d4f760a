"""The open campaign as the app sees it: the folder, its store, and the loaded content."""

from __future__ import annotations

from pathlib import Path

from strange_tui.campaign.events import AnyEvent
from strange_tui.campaign.state import Campaign
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage.folder import CampaignFolder


class Session:
    """One open campaign. ``dispatch`` returns the reason when the rules refuse."""

    def __init__(self, folder: CampaignFolder, store: Store) -> None:
        self.folder = folder
        self.store = store

    @classmethod
    def open(cls, path: Path) -> Session:
        """Open a campaign folder (CampaignFileError when it cannot be read)."""
        folder = CampaignFolder(path)
        return cls(folder, folder.open())

    @property
    def state(self) -> Campaign:
        return self.store.state

    @property
    def notices(self) -> list[str]:
        return self.folder.notices

    def dispatch(self, event: AnyEvent) -> str | None:
        """Apply an event; None when done, else why the rules (or the disk) refused."""
        try:
            self.store.dispatch(event)
        except RuleViolation as refused:
            return str(refused)
        except OSError as failed:
            return f"Could not save: {failed.strerror or failed}. Nothing was changed."
        return None

    def undo(self) -> str | None:
        try:
            self.store.undo()
        except (RuleViolation, OSError) as refused:
            return str(refused)
        return None

    def redo(self) -> str | None:
        try:
            self.store.redo()
        except (RuleViolation, OSError) as refused:
            return str(refused)
        return None

    def close(self) -> None:
        """Seal older events so the next open is quick (undo history is kept)."""
        try:
            self.store.compact()
        except OSError:
            pass  # The journal still holds everything; the next open replays it.
