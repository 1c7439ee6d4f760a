"""Damage `check` used to miss: the snapshot and each history chunk carry a seal and the
range of events they hold, and the history, the snapshot and the journal must join with no
event missing. Each edit below reads as a valid campaign; each is now refused, by `check`
and by opening, naming the file, and no file changes."""

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.migrations import CURRENT_VERSION
from tests.storage.sealing import reseal

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "saves" / "demo"
FIXTURES = ROOT / "tests" / "fixtures"


@pytest.fixture
def demo(tmp_path) -> Path:
    return Path(shutil.copytree(DEMO, tmp_path / "demo"))


def fingerprint(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith("campaign.lock")
    }


def edit(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text()
    edited = re.sub(pattern, replacement, text, count=1, flags=re.MULTILINE)
    assert edited != text, f"{pattern!r} not in {path.name}"
    path.write_text(edited)


def refused(folder: Path, match: str) -> None:
    before = fingerprint(folder)
    with pytest.raises(CampaignFileError, match=match):
        CampaignFolder(folder).check()
    with pytest.raises(CampaignFileError, match=match):
        CampaignFolder(folder).open()
    assert fingerprint(folder) == before


def test_a_history_seq_edited_from_5_to_5000_is_caught_by_the_chunk_seal(demo):
    edit(demo / "history" / "0001.toml", r"^seq = 5$", "seq = 5000")
    with pytest.raises(CampaignFileError, match=r"0001.toml.*(follows|match its check)"):
        CampaignFolder(demo).check()
    with pytest.raises(CampaignFileError, match="0001.toml"):
        list(CampaignFolder(demo).events())


def test_a_deleted_first_history_chunk_is_a_gap(demo):
    (demo / "history" / "0001.toml").unlink()
    with pytest.raises(CampaignFileError, match=r"0002.toml: starts at event \d+: events 1 to"):
        CampaignFolder(demo).check()


def test_a_deleted_last_history_chunk_leaves_the_snapshot_unreached(demo):
    (demo / "history" / "0002.toml").unlink()
    refused(demo, r"history: ends at event \d+, but the snapshot is after event 338")


def test_a_snapshot_seq_moved_from_338_to_350_is_caught_by_its_seal(demo):
    edit(demo / "campaign.toml", r"^seq = 338$", "seq = 350")
    edit(demo / "campaign.toml", r"^seq = 338$", "seq = 350")  # The state's own seq too.
    refused(demo, r"campaign.toml, line 3: does not match its check")


def test_an_edited_xp_in_the_snapshot_is_caught_by_its_seal(demo):
    edit(demo / "campaign.toml", r"^xp = (\d+)$", "xp = 99")
    refused(demo, r"campaign.toml, line 3: does not match its check")


def test_a_journal_base_of_999_is_a_gap(demo):
    edit(demo / "journal.toml", r"^base = 338$", "base = 999")
    refused(demo, r"journal.toml: base: base 999 is past the snapshot's event 338")


def test_a_chunk_that_says_another_range_than_it_holds(demo):
    chunk = demo / "history" / "0002.toml"
    edit(chunk, r"^last = (\d+)$", "last = 9999")
    reseal(chunk)  # A chunk sealed as it is: its range, not its seal, is wrong.
    with pytest.raises(CampaignFileError, match=r"0002.toml: says events \d+ to 9999, holds"):
        CampaignFolder(demo).check()


def test_the_demo_and_a_new_campaign_are_sealed_and_pass(demo, tmp_path):
    assert CampaignFolder(demo).check().seq == 402
    assert 'check = "crc32:' in (demo / "history" / "0001.toml").read_text()
    assert f"version = {CURRENT_VERSION}" in (demo / "campaign.toml").read_text()


def test_an_old_campaign_upgrades_to_sealed_files_and_keeps_the_old_ones(tmp_path):
    old = Path(shutil.copytree(FIXTURES / "campaign-v1", tmp_path / "old"))
    originals = {p.name: p.read_bytes() for p in (old / "history").glob("*.toml")}
    store = CampaignFolder(old).open()
    assert CampaignFolder(old).check() == store.state
    backup = old / f"before-format-{CURRENT_VERSION}"
    for name, data in originals.items():
        assert (backup / "history" / name).read_bytes() == data
        assert 'check = "crc32:' in (old / "history" / name).read_text()
    assert 'check = "crc32:' in (old / "campaign.toml").read_text()
