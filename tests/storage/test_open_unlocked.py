"""Opening a campaign to show it reads its files without the writers' lock when they need
nothing done; whatever another window does between the reads sends the open
to the locked read, which sees the campaign whole."""

from strange_tui.campaign.model.events import XpAwarded
from strange_tui.storage import folder as folder_module
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.toml_io import atomic_write
from tests.storage.test_folder import new_campaign


def count_locked_reads(monkeypatch) -> list[bool]:
    """A list that grows by one each time a campaign is read under the writers' lock."""
    real = CampaignFolder._read_for_writing
    reads: list[bool] = []

    def counted(self):
        reads.append(True)
        return real(self)

    monkeypatch.setattr(CampaignFolder, "_read_for_writing", counted)
    return reads


def test_a_clean_campaign_opens_without_the_lock_and_as_the_locked_read_sees_it(
    tmp_path, monkeypatch
):
    path = new_campaign(tmp_path).path
    CampaignFolder(path).open().apply([XpAwarded(character="mara", amount=2)])
    locked_reads = count_locked_reads(monkeypatch)
    opened = CampaignFolder(path).open()
    assert not locked_reads  # No lock was taken.
    locked = CampaignFolder(path)
    with locked.lock.held():
        snapshot, events = locked._read_for_writing()
    assert opened.state.characters["mara"].xp == 2
    assert [e.seq for e in opened.journal()] == [e.seq for e in events]
    opened.apply([XpAwarded(character="mara", amount=1)])  # Its writer is where the file ends.
    assert CampaignFolder(path).open().state == opened.state


def test_a_checkpoint_between_the_two_reads_sends_the_open_to_the_locked_read(
    tmp_path, monkeypatch
):
    path = new_campaign(tmp_path).path
    other = CampaignFolder(path).open(checkpoint_every=3, undo_depth=1)
    real_read_journal = folder_module.read_journal
    raced = []

    def read_journal_after_a_checkpoint(journal_path, **kwargs):
        if not raced:  # The snapshot was just read; another window checkpoints now.
            raced.append(True)
            for _ in range(3):
                other.apply([XpAwarded(character="jun", amount=1)])
        return real_read_journal(journal_path, **kwargs)

    monkeypatch.setattr(folder_module, "read_journal", read_journal_after_a_checkpoint)
    locked_reads = count_locked_reads(monkeypatch)
    opened = CampaignFolder(path).open()
    assert raced and locked_reads  # The locked read ran.
    assert opened.state == other.state
    assert opened.state.characters["jun"].xp == 3


def test_a_journal_replaced_while_it_is_read_sends_the_open_to_the_locked_read(
    tmp_path, monkeypatch
):
    path = new_campaign(tmp_path).path
    journal = path / "journal.toml"
    real_read_journal = folder_module.read_journal
    replaced = []

    def read_then_replace(journal_path, **kwargs):
        contents = real_read_journal(journal_path, **kwargs)
        if not replaced:  # Another window rewrote it (same bytes, another file).
            replaced.append(True)
            atomic_write(journal, journal.read_bytes())
        return contents

    monkeypatch.setattr(folder_module, "read_journal", read_then_replace)
    locked_reads = count_locked_reads(monkeypatch)
    opened = CampaignFolder(path).open()
    assert replaced and locked_reads
    assert opened.state == CampaignFolder(path).open().state


def test_a_half_appended_batch_is_left_to_the_locked_read(tmp_path, monkeypatch):
    """Read without the lock, a batch still being written looks like a torn tail; only
    the locked read may move a torn tail aside (by then the writer has finished, or died)."""
    path = new_campaign(tmp_path).path
    journal = path / "journal.toml"
    whole = journal.read_bytes()
    CampaignFolder(path).open().apply([XpAwarded(character="mara", amount=2)])
    appended = journal.read_bytes()
    journal.write_bytes(appended[: len(whole) + (len(appended) - len(whole)) // 2])
    locked_reads = count_locked_reads(monkeypatch)
    opened = CampaignFolder(path).open()
    assert locked_reads  # The locked read ran and repaired.
    assert (path / "journal.toml.torn").exists()
    assert opened.state.characters["mara"].xp == 0


def test_a_gap_between_snapshot_and_journal_is_reported_by_the_locked_read(tmp_path):
    """An old campaign.toml put back by hand: the read without the lock sees that the
    journal does not join the snapshot and leaves the saying to the locked read (file,
    field, the events missing)."""
    import pytest

    from strange_tui.storage.errors import CampaignFileError

    path = new_campaign(tmp_path).path
    old = (path / "campaign.toml").read_bytes()
    writer = CampaignFolder(path).open(checkpoint_every=3, undo_depth=1)
    for _ in range(3):
        writer.apply([XpAwarded(character="jun", amount=1)])
    (path / "campaign.toml").write_bytes(old)
    with pytest.raises(CampaignFileError, match=r"journal.toml: base: base 4 is past .* event 0"):
        CampaignFolder(path).open()
