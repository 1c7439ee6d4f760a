"""A command's events are one journal batch: written whole, torn whole, undone whole; and a
campaign written by the previous format (one event an entry) still opens."""

import shutil
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import ClockAdvanced, DamageTaken, XpAwarded
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import batch_bytes, read_journal
from strange_tui.storage.migrations import CURRENT_VERSION
from tests.storage.test_folder import new_campaign

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ONE_COMMAND = (
    DamageTaken(character="mara", amount=2, source="a trap"),
    XpAwarded(character="mara", amount=1, reason="finding it"),
    ClockAdvanced(seconds=60),
)


def test_a_commands_events_are_one_batch_with_one_check(tmp_path):
    folder = new_campaign(tmp_path)
    store = folder.open()
    before = store.state.seq
    applied = store.apply(ONE_COMMAND)
    assert [e.seq for e in applied] == [before + 1, before + 2, before + 3]
    assert [e.batch for e in applied] == [0, before + 1, before + 1]
    text = folder.journal_file.read_bytes()
    assert text.endswith(batch_bytes(applied))
    assert batch_bytes(applied).count(b"check = ") == 1
    journal = read_journal(folder.journal_file)
    assert journal.events[-3:] == applied
    assert len(journal.offsets) == before + 1  # one batch for each command


def test_undo_takes_back_the_whole_command_on_disk(tmp_path):
    folder = new_campaign(tmp_path)
    store = folder.open()
    before = store.state
    store.apply(ONE_COMMAND)
    assert len(store.undo()) == 3
    assert store.state == before
    assert CampaignFolder(folder.path).open().state == before
    store.redo()
    assert CampaignFolder(folder.path).open().state == store.state


@pytest.mark.parametrize("keep", [1, 40, -1])
def test_a_batch_cut_anywhere_is_moved_aside_whole(tmp_path, keep):
    """A crash in the middle of a command leaves none of its events: the batch is cut at
    its start, in its first event, and in its last byte."""
    folder = new_campaign(tmp_path)
    store = folder.open()
    acknowledged = store.state
    whole = folder.journal_file.read_bytes()
    store.apply(ONE_COMMAND)
    batch = folder.journal_file.read_bytes()[len(whole) :]
    folder.journal_file.write_bytes(whole + batch[:keep])
    reopened = CampaignFolder(folder.path)
    assert reopened.open().state == acknowledged
    assert any("torn" in notice for notice in reopened.notices)
    assert (folder.path / "journal.toml.torn").read_bytes() == batch[:keep]


def test_a_campaign_of_format_1_opens_and_is_upgraded(tmp_path):
    """tests/fixtures/campaign-v1 was written by strange-tui with format 1 (the demo as it
    was): it opens with every event, and its files are rewritten in the current format."""
    path = Path(shutil.copytree(FIXTURES / "campaign-v1", tmp_path / "old"))
    assert "version = 1" in (path / "journal.toml").read_text()
    folder = CampaignFolder(path)
    store = folder.open()
    assert store.state.seq == 400
    assert [e.seq for e in folder.events()] == list(range(1, 401))
    assert f"version = {CURRENT_VERSION}" in (path / "journal.toml").read_text()
    assert (path / f"before-format-{CURRENT_VERSION}" / "journal.toml").exists()
    assert CampaignFolder(path).open().state == store.state
    assert CampaignFolder(path).check() == store.state


def test_a_journal_with_windows_line_endings_loses_no_event(tmp_path):
    """An editor or git turned every LF into CRLF: every event still loads (none silently
    dropped), the journal is rewritten with plain line endings, and the user is told."""
    demo = Path(__file__).resolve().parents[2] / "saves" / "demo"
    path = Path(shutil.copytree(demo, tmp_path / "demo"))
    journal = path / "journal.toml"
    expected = CampaignFolder(path).check()
    journal.write_bytes(journal.read_bytes().replace(b"\n", b"\r\n"))
    assert CampaignFolder(path).check() == expected  # Read-only: accepted as it is.
    folder = CampaignFolder(path)
    store = folder.open()
    assert store.state == expected
    assert any("Windows line endings" in notice for notice in folder.notices)
    assert b"\r\n" not in journal.read_bytes() and (path / "journal.toml.crlf").exists()
    store.apply([XpAwarded(character="mara-quist", amount=1)])
    assert CampaignFolder(path).open().state == store.state
