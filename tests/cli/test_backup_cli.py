"""`strange-tui export CAMPAIGN --to FILE.zip` and `import FILE.zip [--as NAME]`: exit
status and the one line each prints (the archive's checks: tests/storage/test_archive.py)."""

import shutil
import zipfile
from pathlib import Path

import pytest

from strange_tui.cli import main
from strange_tui.storage.folder import CampaignFolder

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


@pytest.fixture
def saves(tmp_path) -> Path:
    """A saves directory holding a copy of the demo (tests never write into saves/)."""
    shutil.copytree(REPO_DEMO, tmp_path / "saves" / "demo")
    return tmp_path / "saves"


def export(saves: Path, to: Path, capsys) -> tuple[int, str, str]:
    status = main(["export", "demo", "--to", str(to), "--saves", str(saves)])
    out, err = capsys.readouterr()
    return status, out, err


def test_export_prints_one_line_and_makes_the_zip(saves, tmp_path, capsys):
    status, out, err = export(saves, tmp_path / "demo.zip", capsys)
    assert status == 0 and err == ""
    assert out.startswith("Backed up Demo: The Glass Door (") and out.count("\n") == 1
    assert str(tmp_path / "demo.zip") in out
    with zipfile.ZipFile(tmp_path / "demo.zip") as zipped:
        assert "manifest.json" in zipped.namelist()


def test_export_over_an_existing_file_exits_1_and_keeps_it(saves, tmp_path, capsys):
    (tmp_path / "demo.zip").write_bytes(b"mine")
    status, out, err = export(saves, tmp_path / "demo.zip", capsys)
    assert status == 1 and out == ""
    assert err.startswith("strange-tui: ") and "exists already" in err and err.count("\n") == 1
    assert (tmp_path / "demo.zip").read_bytes() == b"mine"


def test_export_of_a_damaged_campaign_exits_1(saves, tmp_path, capsys):
    (saves / "demo" / "journal.toml").write_text("[[[")
    status, _, err = export(saves, tmp_path / "demo.zip", capsys)
    assert status == 1 and "does not check" in err and err.count("\n") == 1
    assert not (tmp_path / "demo.zip").exists()


def test_export_into_a_missing_folder_exits_1(saves, tmp_path, capsys):
    status, _, err = export(saves, tmp_path / "nowhere" / "demo.zip", capsys)
    assert status == 1 and "is not a folder" in err
    assert not (tmp_path / "nowhere").exists()


def test_import_makes_the_campaign_and_prints_one_line(saves, tmp_path, capsys):
    export(saves, tmp_path / "demo.zip", capsys)
    other = tmp_path / "other"
    assert main(["import", str(tmp_path / "demo.zip"), "--saves", str(other)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Imported Demo: The Glass Door as demo/ (3 characters, ")
    assert out.endswith(" events).\n") and out.count("\n") == 1
    assert err == ""
    assert CampaignFolder(other / "demo").check() == CampaignFolder(saves / "demo").check()
    assert main(["check", "demo", "--saves", str(other)]) == 0


def test_import_over_a_campaign_exits_1_and_suggests_as(saves, tmp_path, capsys):
    export(saves, tmp_path / "demo.zip", capsys)
    before = sorted(p.name for p in saves.iterdir())
    assert main(["import", str(tmp_path / "demo.zip"), "--saves", str(saves)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "--as NAME" in err and err.count("\n") == 1
    assert sorted(p.name for p in saves.iterdir()) == before


def test_import_as_another_name(saves, tmp_path, capsys):
    export(saves, tmp_path / "demo.zip", capsys)
    args = ["import", str(tmp_path / "demo.zip"), "--as", "Glass Door Copy", "--saves", str(saves)]
    assert main(args) == 0
    assert "as glass-door-copy/" in capsys.readouterr().out
    assert (saves / "glass-door-copy" / "campaign.toml").is_file()


def test_import_of_a_hostile_zip_exits_1_in_one_line(saves, tmp_path, capsys):
    with zipfile.ZipFile(tmp_path / "evil.zip", "w") as zipped:
        zipped.writestr("../../evil.toml", b"x")
    before = sorted(p.name for p in saves.iterdir())
    assert main(["import", str(tmp_path / "evil.zip"), "--saves", str(saves)]) == 1
    err = capsys.readouterr().err
    assert "climbs out" in err and err.count("\n") == 1 and "Traceback" not in err
    assert sorted(p.name for p in saves.iterdir()) == before
    assert not (tmp_path / "evil.toml").exists()


def test_import_of_a_missing_file_exits_1(tmp_path, capsys):
    assert main(["import", str(tmp_path / "none.zip"), "--saves", str(tmp_path)]) == 1
    assert "no such file" in capsys.readouterr().err


def test_export_to_a_file_that_is_no_zip_is_a_usage_error(saves, tmp_path, capsys):
    assert main(["export", "demo", "--to", str(tmp_path / "x.tar"), "--saves", str(saves)]) == 2
    assert not (tmp_path / "x.tar").exists()
