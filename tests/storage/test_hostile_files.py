"""Corrupt and hostile campaign files: a clear error naming file and place, and every file
left exactly as it was. A torn last journal entry is the one thing repaired on open."""

import hashlib
import os
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import DamageTaken, XpAwarded
from strange_tui.storage import migrations
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import read_journal
from strange_tui.storage.locking import OWNER_FILE
from strange_tui.storage.migrations import CURRENT_VERSION
from tests.storage.sealing import reseal
from tests.storage.test_folder import new_campaign


def fingerprint(folder: Path) -> dict[str, str]:
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture
def campaign(tmp_path) -> CampaignFolder:
    folder = new_campaign(tmp_path)
    store = CampaignFolder(folder.path).open()
    store.dispatch(DamageTaken(character="mara", amount=2))
    store.dispatch(XpAwarded(character="jun", amount=1))
    return folder


def refused(folder: CampaignFolder, match: str) -> CampaignFileError:
    """Opening and checking both refuse with ``match``, and no file changes: not even
    the lock's owner note (set to another process first, so a rewrite would always show)."""
    (folder.path / OWNER_FILE).write_text("pid 1 on elsewhere since 00:00:00\n")
    before = fingerprint(folder.path)
    with pytest.raises(CampaignFileError, match=match) as opened:
        CampaignFolder(folder.path).open()
    with pytest.raises(CampaignFileError, match=match):
        CampaignFolder(folder.path).check()
    assert fingerprint(folder.path) == before
    return opened.value


def test_garbage_campaign_toml_names_file_and_line(campaign):
    campaign.campaign_file.write_text('format = "strange-tui/campaign"\nversion = 1\nseq = = 3\n')
    error = refused(campaign, "campaign.toml, line 3")
    assert error.line == 3


def test_binary_campaign_toml(campaign):
    campaign.campaign_file.write_bytes(b"\xff\xfe\x00garbage")
    refused(campaign, "not UTF-8")


def test_wrong_type_in_the_state_names_the_field(campaign):
    text = campaign.campaign_file.read_text().replace('name = "The Glass Door"', "name = 12")
    campaign.campaign_file.write_text(text)
    reseal(campaign.campaign_file)
    refused(campaign, r"state\.name: Expected `str`, got `int`")


def test_unknown_field_is_refused(campaign):
    text = campaign.campaign_file.read_text() + "\n[state.cheat]\ngold = 1\n"
    campaign.campaign_file.write_text(text)
    reseal(campaign.campaign_file)
    refused(campaign, "state: Object contains unknown field `cheat`")


def test_a_newer_version_is_refused_with_advice(campaign):
    text = campaign.campaign_file.read_text().replace(
        f"version = {CURRENT_VERSION}", "version = 99", 1
    )
    campaign.campaign_file.write_text(text)
    refused(campaign, "newer strange-tui .*version 99.*Update")


def test_a_foreign_format_is_refused(campaign):
    campaign.campaign_file.write_text('format = "something-else"\nversion = 1\n')
    refused(campaign, "format is 'something-else'")


def rewrite_entry(campaign: CampaignFolder, index: int, old: bytes, new: bytes) -> None:
    """Change an entry and fix its CRC, as a hostile editor would."""
    import zlib

    from strange_tui.storage.journal import CHECK_PREFIX, ENTRY_MARK

    data = campaign.journal_file.read_bytes()
    head, *entries = data.split(ENTRY_MARK)
    check, _, rest = entries[index].partition(b"\n")
    rest = rest.replace(old, new)
    entries[index] = CHECK_PREFIX + f'{zlib.crc32(rest):08x}"'.encode() + b"\n" + rest
    campaign.journal_file.write_bytes(ENTRY_MARK.join([head, *entries]))


def test_wrong_type_in_an_event_names_the_event_and_field(campaign):
    rewrite_entry(campaign, 2, b"amount = 2", b'amount = "two"')
    refused(campaign, r"events\[2\]\.amount: Expected `int`, got `str`")


def test_unknown_event_kind(campaign):
    rewrite_entry(campaign, 2, b'kind = "damage_taken"', b'kind = "gold_found"')
    refused(campaign, r"events\[2\]\.kind: Invalid value 'gold_found'")


def test_huge_numbers_are_refused(campaign):
    rewrite_entry(campaign, 2, b"amount = 2", b"amount = 99999999999999999999999")
    refused(campaign, r"events\[2\]\.amount")


def test_an_event_the_rules_refuse_is_reported(campaign):
    rewrite_entry(campaign, 3, b'character = "jun"', b'character = "zed"')
    refused(campaign, r"events\[3\]: No character 'zed'")


def test_a_damaged_entry_before_the_last_is_not_a_torn_tail(campaign):
    data = bytearray(campaign.journal_file.read_bytes())
    at = data.index(b"amount = 2") + len(b"amount = ")
    data[at] = ord("7")
    campaign.journal_file.write_bytes(bytes(data))
    refused(campaign, "does not match its check")


def test_a_flipped_byte_in_the_last_entry_is_moved_aside(campaign):
    """DESIGN: a torn last entry is moved to .torn, reported, and the rest loads."""
    data = bytearray(campaign.journal_file.read_bytes())
    data[-3] ^= 0x01
    campaign.journal_file.write_bytes(bytes(data))
    with pytest.raises(CampaignFileError, match="last entry is damaged"):
        CampaignFolder(campaign.path).check()
    reopened = CampaignFolder(campaign.path)
    store = reopened.open()
    assert store.state.seq == 3 and store.state.characters["jun"].xp == 0
    assert "moved to journal.toml.torn" in reopened.notices[0]
    torn = (campaign.path / "journal.toml.torn").read_bytes()
    assert torn.startswith(b"\n[[events]]") and b"xp_awarded" in torn
    assert CampaignFolder(campaign.path).check().seq == 3
    store.dispatch(XpAwarded(character="jun", amount=2))
    assert CampaignFolder(campaign.path).open().state.characters["jun"].xp == 2


def test_a_half_written_last_entry_is_moved_aside(campaign):
    data = campaign.journal_file.read_bytes()
    campaign.journal_file.write_bytes(data[:-20])
    reopened = CampaignFolder(campaign.path)
    assert reopened.open().state.seq == 3
    assert len(read_journal(campaign.journal_file).events) == 3


def test_a_second_torn_tail_gets_its_own_file(campaign):
    for _ in range(2):
        store = CampaignFolder(campaign.path).open()
        store.dispatch(XpAwarded(character="jun", amount=1))
        data = campaign.journal_file.read_bytes()
        campaign.journal_file.write_bytes(data[:-5])
        CampaignFolder(campaign.path).open()
    assert (campaign.path / "journal.toml.torn").exists()
    assert (campaign.path / "journal.toml.torn.1").exists()


def test_symlinked_files_are_refused(campaign, tmp_path):
    outside = tmp_path / "outside.toml"
    outside.write_bytes(campaign.journal_file.read_bytes())
    campaign.journal_file.unlink()
    os.symlink(outside, campaign.journal_file)
    refused(campaign, "symbolic link")


def test_a_folder_that_is_not_a_campaign(tmp_path):
    with pytest.raises(CampaignFileError, match="not a campaign folder"):
        CampaignFolder(tmp_path / "nothing").open()
    (tmp_path / "empty").mkdir()
    with pytest.raises(CampaignFileError, match="campaign.toml.*is missing"):
        CampaignFolder(tmp_path / "empty").open()


def test_migrations_run_in_order_and_keep_the_old_files(campaign, monkeypatch):
    """An older format is migrated on load by the ordered migrations; the old files are
    kept aside and the files are rewritten in the current format."""
    old_state = campaign.campaign_file.read_text().replace(
        'name = "The Glass Door"', 'title = "The Glass Door"'
    )
    campaign.campaign_file.write_text(old_state)
    reseal(campaign.campaign_file)
    newer = CURRENT_VERSION + 1
    monkeypatch.setattr(migrations, "CURRENT_VERSION", newer)
    monkeypatch.setattr("strange_tui.storage.folder.CURRENT_VERSION", newer)
    monkeypatch.setattr("strange_tui.storage.snapshot.CURRENT_VERSION", newer)
    monkeypatch.setattr("strange_tui.storage.journal.CURRENT_VERSION", newer)

    def rename_title(state):
        state = dict(state)
        state["name"] = state.pop("title")
        return state

    monkeypatch.setitem(migrations.STATE_MIGRATIONS, CURRENT_VERSION, rename_title)
    monkeypatch.setitem(migrations.EVENT_MIGRATIONS, CURRENT_VERSION, lambda event: event)
    reopened = CampaignFolder(campaign.path)
    store = reopened.open()
    assert store.state.name == "The Glass Door" and store.state.seq == 4
    assert f"version = {newer}" in campaign.campaign_file.read_text()
    assert "title" in (campaign.path / f"before-format-{newer}" / "campaign.toml").read_text()
    assert CampaignFolder(campaign.path).open().state == store.state
