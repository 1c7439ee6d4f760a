"""How a campaign's files join: the sealed history from event 1, the snapshot after event
``seq``, and the journal from its ``base`` on, with no event missing between them.

A checkpoint seals, then snapshots, then starts a new journal, each step whole: so the
history always reaches the snapshot, and the journal starts at or before it and reaches
it. A crash between the steps leaves an overlap, never a gap. A gap (a chunk deleted, a
journal's base or a snapshot's seq edited) is refused, naming the file.
"""

from __future__ import annotations

from pathlib import Path

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.journal import JournalContents


def check_joins(
    *, seq: int, journal_path: Path, journal: JournalContents, history: Path, sealed_last: int
) -> None:
    """CampaignFileError unless history up to ``sealed_last``, a snapshot after ``seq`` and
    ``journal`` cover every event once joined."""
    base = journal.base
    if base > seq:
        raise CampaignFileError(
            journal_path,
            f"base {base} is past the snapshot's event {seq}: events {seq + 1} to {base}"
            " are missing",
            field="base",
        )
    if journal.events and journal.events[0].seq != base + 1:
        raise CampaignFileError(
            journal_path,
            f"starts at event {journal.events[0].seq}, not at {base + 1} after its base",
            field="events[0]",
        )
    last = journal.events[-1].seq if journal.events else base
    if last < seq:
        raise CampaignFileError(
            journal_path, f"ends at event {last}, before the snapshot's event {seq}"
        )
    if sealed_last < seq:
        raise CampaignFileError(
            history,
            f"ends at event {sealed_last}, but the snapshot is after event {seq}: events"
            f" {sealed_last + 1} to {seq} are missing",
        )
    if sealed_last > last:
        raise CampaignFileError(
            history, f"holds events up to {sealed_last}, past the journal's last, {last}"
        )
