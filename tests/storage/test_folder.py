"""Campaign folders: create, open, reopen, undo on disk, checkpoints, paths and names."""

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strange_tui.campaign.model.events import CharacterCreated, ClockAdvanced, DamageTaken
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import read_journal
from strange_tui.storage.migrations import CURRENT_VERSION
from strange_tui.storage.paths import campaign_path, saves_dir, slugify
from tests.campaign.builders import character
from tests.campaign.random_events import IDS, proposals
from tests.campaign.test_store import play


def new_campaign(saves: Path, durable: bool = True) -> CampaignFolder:
    folder = CampaignFolder.create(saves, "The Glass Door")
    folder.durable = durable
    store = folder.open()
    for id_ in IDS:
        store.dispatch(CharacterCreated(character=character(id_)))
    return folder


def test_create_writes_the_three_parts(tmp_path):
    folder = CampaignFolder.create(tmp_path, "The Glass Door")
    assert folder.path == tmp_path / "the-glass-door"
    assert folder.campaign_file.is_file() and folder.journal_file.is_file()
    assert folder.history_dir.is_dir()
    assert folder.campaign_file.read_text().startswith(
        f'format = "strange-tui/campaign"\nversion = {CURRENT_VERSION}'
    )


def test_create_refuses_an_existing_campaign(tmp_path):
    CampaignFolder.create(tmp_path, "Demo")
    with pytest.raises(CampaignFileError, match="exists already"):
        CampaignFolder.create(tmp_path, "demo")


def test_every_dispatched_event_is_in_the_journal_at_once(tmp_path):
    """DESIGN: an event is appended (and fsynced) before dispatch returns."""
    folder = new_campaign(tmp_path)
    store = CampaignFolder(folder.path).open()
    event = store.dispatch(DamageTaken(character="mara", amount=2))
    assert read_journal(folder.journal_file).events[-1] == event


def test_reopen_gives_the_same_state(tmp_path):
    folder = new_campaign(tmp_path)
    store = CampaignFolder(folder.path).open()
    store.dispatch(DamageTaken(character="jun", amount=5))
    assert CampaignFolder(folder.path).open().state == store.state


def test_undo_is_not_saved_and_survives_reopen(tmp_path):
    """An undone event is gone from the files; undo reaches back after a reopen."""
    folder = new_campaign(tmp_path)
    store = CampaignFolder(folder.path).open()
    store.dispatch(DamageTaken(character="mara", amount=5))
    store.undo()
    again = CampaignFolder(folder.path).open()
    assert again.state == store.state and again.state.seq == 2
    again.undo()
    assert CampaignFolder(folder.path).open().state.characters.keys() == {"mara"}


def test_checkpoints_seal_history_and_opening_reads_only_the_journal(tmp_path):
    folder = new_campaign(tmp_path)
    store = CampaignFolder(folder.path).open(checkpoint_every=20, undo_depth=5)
    for _ in range(50):
        store.dispatch(ClockAdvanced(seconds=60))
    chunks = sorted(folder.history_dir.iterdir())
    assert len(chunks) >= 2
    journal = read_journal(folder.journal_file)
    assert 5 <= len(journal.events) < 20
    assert CampaignFolder(folder.path).open().state == store.state
    assert [e.seq for e in CampaignFolder(folder.path).events()] == list(range(1, 53))


def test_a_crash_between_snapshot_and_new_journal_loses_nothing(tmp_path):
    """Checkpoint order: a snapshot newer than the journal's base skips what it holds."""
    folder = new_campaign(tmp_path)
    store = CampaignFolder(folder.path).open()
    store.dispatch(ClockAdvanced(seconds=60))
    from strange_tui.storage.history import write_chunk
    from strange_tui.storage.snapshot import write_snapshot

    # A checkpoint's first two steps, as if the crash came right after them.
    write_chunk(folder.history_dir, store.journal())
    write_snapshot(folder.campaign_file, store.state)
    assert CampaignFolder(folder.path).open().state == store.state


def test_a_missing_journal_is_started_again(tmp_path):
    folder = new_campaign(tmp_path)
    folder.journal_file.unlink()
    reopened = CampaignFolder(folder.path)
    assert reopened.open().state.seq == 0
    assert "missing" in reopened.notices[0]


@settings(max_examples=40)
@given(st.lists(proposals, max_size=40))
def test_open_of_save_is_the_state(events):
    """open(save(state)) == state for random play, across checkpoints."""
    with tempfile.TemporaryDirectory() as saves:
        folder = new_campaign(Path(saves), durable=False)
        store = CampaignFolder(folder.path, durable=False).open(checkpoint_every=12, undo_depth=3)
        play(store, events)
        assert CampaignFolder(folder.path).open().state == store.state


def test_slugs_keep_names_inside_the_saves_folder():
    assert slugify("../../etc/passwd") == "etc-passwd"
    assert slugify("Ardeyn: The Court of Sleep!") == "ardeyn-the-court-of-sleep"
    assert slugify("Café Ruk") == "cafe-ruk"
    with pytest.raises(ValueError, match="no letters or digits"):
        slugify("../..")


def test_saves_dir_follows_option_then_env_then_local(tmp_path):
    (tmp_path / "saves").mkdir()
    assert saves_dir("X", env={"STRANGE_TUI_SAVES": "Y"}) == Path("X")
    assert saves_dir(None, env={"STRANGE_TUI_SAVES": "Y"}) == Path("Y")
    assert saves_dir(None, env={}, cwd=tmp_path) == tmp_path / "saves"
    assert saves_dir(None, env={}, cwd=tmp_path / "nowhere").name == "saves"


def test_campaign_path_by_name_or_folder(tmp_path):
    folder = CampaignFolder.create(tmp_path, "Demo")
    assert campaign_path("Demo", tmp_path) == folder.path
    assert campaign_path(str(folder.path), Path("/elsewhere")) == folder.path
    assert campaign_path("../x", tmp_path) == Path("../x")
