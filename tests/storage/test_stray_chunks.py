"""A stray copy of a history chunk (a file manager's copy numbered past the end, or a
second file under a chunk's number): `check` and a backup's import refuse what every
writer would refuse, in one line naming the chunk, and accept what the writers accept."""

import hashlib
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from strange_tui.cli import main
from strange_tui.storage.archive import ArchiveError, export_campaign, import_campaign
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder

DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


@pytest.fixture
def demo(tmp_path) -> Path:
    """The demo (chunks 0001 to event 192, 0002 to 338), a copy of its own."""
    return Path(shutil.copytree(DEMO, tmp_path / "saves" / "demo"))


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def writer_refuses(folder: Path) -> bool:
    try:
        CampaignFolder(folder).open()
    except CampaignFileError:
        return True
    return False


@pytest.mark.parametrize(
    ("stray", "copy_of", "said"),
    [
        ("0003.toml", "0001.toml", "0003.toml: ends at event 192, before 0002.toml"),
        ("002.toml", "0001.toml", "is chunk 2, as"),
    ],
    ids=["older-chunk-numbered-past-the-end", "second-file-under-a-chunks-number"],
)
def test_check_refuses_a_stray_chunk_that_writers_would_refuse(
    demo, capsys, stray, copy_of, said
):
    shutil.copyfile(demo / "history" / copy_of, demo / "history" / stray)
    before = files_of(demo)
    with pytest.raises(CampaignFileError) as refused:
        CampaignFolder(demo).check()
    assert said in str(refused.value) and "\n" not in str(refused.value)
    assert main(["check", str(demo)]) != 0
    assert said in capsys.readouterr().err
    assert files_of(demo) == before


def test_the_writers_refuse_that_campaign_too(demo):
    """What `check` now refuses is what a writer refused all along ("history ends at
    event 192"): the two agree."""
    shutil.copyfile(demo / "history" / "0001.toml", demo / "history" / "0003.toml")
    assert writer_refuses(demo)
    (demo / "history" / "0003.toml").unlink()
    assert not writer_refuses(demo)


def test_a_copy_of_the_newest_chunk_past_the_end_still_checks(demo):
    """It ends where history ends: a writer takes it as the end and goes on (as after a
    checkpoint cut short, which seals some events twice)."""
    shutil.copyfile(demo / "history" / "0002.toml", demo / "history" / "0003.toml")
    CampaignFolder(demo).check()
    assert not writer_refuses(demo)


def test_importing_a_backup_holding_a_stray_chunk_is_refused(demo, tmp_path):
    backup = tmp_path / "demo.zip"
    export_campaign(demo, backup)
    chunk = (demo / "history" / "0001.toml").read_bytes()
    hostile = with_member(backup, tmp_path / "stray.zip", "history/0003.toml", chunk)
    other = tmp_path / "other"
    other.mkdir()
    with pytest.raises(ArchiveError) as refused:
        import_campaign(hostile, other)
    message = str(refused.value)
    assert "does not check" in message and "0003.toml: ends at event 192" in message
    assert "\n" not in message and list(other.iterdir()) == []


def with_member(source: Path, out: Path, name: str, data: bytes) -> Path:
    """The backup ``source`` again holding ``data`` as ``name`` too, its manifest saying so."""
    with zipfile.ZipFile(source) as zipped:
        members = {info.filename: zipped.read(info) for info in zipped.infolist()}
    manifest = json.loads(members.pop("manifest.json"))
    manifest["files"].append(
        {"name": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    )
    members |= {name: data, "manifest.json": json.dumps(manifest).encode()}
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
        for member, content in members.items():
            zipped.writestr(member, content)
    return out
