"""The smaller ways a campaign folder could be harmed, each refused or repaired."""

import os
import time

import pytest

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import DRAFT_FILE, CampaignFolder
from tests.storage.test_folder import new_campaign


def test_a_crashs_old_temp_files_are_cleaned_on_open_but_not_a_fresh_one(tmp_path):
    folder = new_campaign(tmp_path)
    old = folder.path / ".campaign.toml.x1.tmp"
    fresh = folder.history_dir / ".0001.toml.x2.tmp"
    for temp in (old, fresh):
        temp.write_bytes(b"half a file")
    an_hour_ago = time.time() - 3600
    os.utime(old, (an_hour_ago, an_hour_ago))
    CampaignFolder(folder.path).open()
    assert not old.exists() and fresh.exists()


def test_a_second_bad_draft_keeps_the_first(tmp_path):
    folder = new_campaign(tmp_path)
    for n in range(2):
        (folder.path / DRAFT_FILE).write_text(f"this is = = not toml {n}")
        assert CampaignFolder(folder.path).load_draft() is None
    kept = sorted(p.name for p in folder.path.glob("draft.toml.bad*"))
    assert kept == ["draft.toml.bad", "draft.toml.bad.1"]
    assert "0" in (folder.path / "draft.toml.bad").read_text()


def test_a_draft_from_a_newer_strange_tui_is_left_alone(tmp_path):
    folder = new_campaign(tmp_path)
    draft = folder.path / DRAFT_FILE
    draft.write_text('format = "strange-tui/draft"\nversion = 99\n[draft]\n')
    opened = CampaignFolder(folder.path)
    assert opened.load_draft() is None
    assert draft.exists() and not list(folder.path.glob("*.bad*"))
    assert "newer strange-tui" in opened.notices[0]


@pytest.mark.parametrize("name", ["Packs", "themes"])
def test_a_campaign_cannot_take_the_name_of_the_packs_or_themes_folder(tmp_path, name):
    with pytest.raises(CampaignFileError, match="packs or themes"):
        CampaignFolder.create(tmp_path, name)


def test_a_name_too_long_for_the_files_is_refused_before_any_folder_exists(tmp_path):
    with pytest.raises(CampaignFileError, match="name"):
        CampaignFolder.create(tmp_path, "x" * 81)
    assert list(tmp_path.iterdir()) == []


def test_a_linked_campaign_or_history_folder_is_refused(tmp_path):
    folder = new_campaign(tmp_path)
    link = tmp_path / "linked"
    link.symlink_to(folder.path)
    with pytest.raises(CampaignFileError, match="symbolic link"):
        CampaignFolder(link).open()
    outside = tmp_path / "outside"
    outside.mkdir()
    folder.history_dir.rmdir()
    folder.history_dir.symlink_to(outside)
    with pytest.raises(CampaignFileError, match="symbolic link"):
        CampaignFolder(folder.path).open()
    with pytest.raises(CampaignFileError, match="symbolic link"):
        CampaignFolder(folder.path).check()
