"""A campaign folder someone hands you (a zip, a shared drive) may point its side files
anywhere: nothing is ever written or read through a link, a FIFO never blocks a writer,
and `check` names each such file. The target outside the campaign stays exactly as it was."""

import os
import shutil
import threading
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import XpAwarded
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.migrations import CURRENT_VERSION
from tests.storage.test_folder import new_campaign

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PRECIOUS = b"someone else's file\n"


@pytest.fixture
def victim(tmp_path) -> Path:
    """A file outside the saves that a hostile link points at."""
    path = tmp_path / "outside" / "precious.txt"
    path.parent.mkdir()
    path.write_bytes(PRECIOUS)
    return path


def write_once(folder: CampaignFolder) -> None:
    """What every writer does: take the lock, note who holds it, append."""
    CampaignFolder(folder.path).open().dispatch(XpAwarded(character="mara", amount=1))


def check_names(folder: CampaignFolder, name: str) -> None:
    with pytest.raises(CampaignFileError, match=rf"{name}.*(symbolic link|not a plain file)"):
        CampaignFolder(folder.path).check()


def test_a_linked_lock_owner_note_is_never_written_through(tmp_path, victim):
    folder = new_campaign(tmp_path / "saves")
    (folder.path / "campaign.lock.owner").unlink()
    os.symlink(victim, folder.path / "campaign.lock.owner")
    write_once(folder)
    assert victim.read_bytes() == PRECIOUS
    assert os.path.islink(folder.path / "campaign.lock.owner")
    check_names(folder, "campaign.lock.owner")


def test_a_fifo_lock_owner_note_never_blocks_a_writer(tmp_path):
    folder = new_campaign(tmp_path / "saves")
    (folder.path / "campaign.lock.owner").unlink()
    os.mkfifo(folder.path / "campaign.lock.owner")
    writer = threading.Thread(target=write_once, args=(folder,), daemon=True)
    writer.start()
    writer.join(timeout=10)
    assert not writer.is_alive(), "the writer blocked on the FIFO"
    assert CampaignFolder(folder.path).open().state.characters["mara"].xp >= 1
    check_names(folder, "campaign.lock.owner")


def test_a_linked_lock_file_is_refused_and_its_target_untouched(tmp_path, victim):
    folder = new_campaign(tmp_path / "saves")
    (folder.path / "campaign.lock").unlink(missing_ok=True)
    os.symlink(victim, folder.path / "campaign.lock")
    with pytest.raises(CampaignFileError, match="campaign.lock: is a symbolic link"):
        write_once(folder)
    assert victim.read_bytes() == PRECIOUS
    check_names(folder, "campaign.lock")


def test_a_linked_crlf_copy_is_never_written_through(tmp_path, victim):
    folder = new_campaign(tmp_path / "saves")
    write_once(folder)
    crlf = folder.journal_file.read_bytes().replace(b"\n", b"\r\n")
    folder.journal_file.write_bytes(crlf)
    os.symlink(victim, folder.path / "journal.toml.crlf")
    opened = CampaignFolder(folder.path)
    opened.open()
    assert victim.read_bytes() == PRECIOUS
    assert (folder.path / "journal.toml.crlf.1").read_bytes() == crlf
    assert any("journal.toml.crlf.1" in notice for notice in opened.notices)


def test_a_linked_torn_tail_copy_is_never_written_through(tmp_path, victim):
    folder = new_campaign(tmp_path / "saves")
    write_once(folder)
    folder.journal_file.write_bytes(folder.journal_file.read_bytes()[:-5])
    os.symlink(victim, folder.path / "journal.toml.torn")
    CampaignFolder(folder.path).open()
    assert victim.read_bytes() == PRECIOUS
    assert (folder.path / "journal.toml.torn.1").exists()


def test_an_upgrade_never_writes_into_a_linked_backup_folder(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    path = Path(shutil.copytree(FIXTURES / "campaign-v1", tmp_path / "saves" / "old"))
    os.symlink(outside, path / f"before-format-{CURRENT_VERSION}", target_is_directory=True)
    CampaignFolder(path).open()
    assert list(outside.iterdir()) == []
    assert (path / f"before-format-{CURRENT_VERSION}.1" / "campaign.toml").exists()


def test_a_linked_campaign_folder_is_refused_before_anything_is_created(tmp_path):
    real = new_campaign(tmp_path / "elsewhere").path
    for side in ("campaign.lock", "campaign.lock.owner"):  # As a zip would hand it over.
        (real / side).unlink()
    before = sorted(p.name for p in real.iterdir())
    link = tmp_path / "saves" / "linked"
    link.parent.mkdir()
    os.symlink(real, link, target_is_directory=True)
    with pytest.raises(CampaignFileError, match="linked: is a symbolic link"):
        CampaignFolder(link).open()
    assert sorted(p.name for p in real.iterdir()) == before


def test_check_says_ok_only_when_the_side_files_are_plain(tmp_path, victim):
    folder = new_campaign(tmp_path / "saves")
    write_once(folder)
    CampaignFolder(folder.path).check()  # Plain side files: fine.
    os.symlink(victim, folder.path / "draft.toml")
    check_names(folder, "draft.toml")
