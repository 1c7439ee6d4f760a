"""Every file the app reads, replaced by what is not a plain TOML file (a FIFO, a link, a
folder, an empty file, CRLF text): one clear line through the CLI and through open(), no
hang, no traceback, and no file changed."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from strange_tui.content.loader import Content
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import DRAFT_FILE, CampaignFolder
from strange_tui.tui.app.themes import load_themes

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "saves" / "demo"
CAMPAIGN_FILES = ["campaign.toml", "journal.toml", "history/0001.toml"]
KINDS = ["fifo", "symlink", "folder", "empty"]


def make(path: Path, kind: str) -> None:
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink":
        path.symlink_to(DEMO / "campaign.toml")
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"")


def snapshot_of(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and not p.is_symlink() and not p.name.startswith("campaign.lock")
    }


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", CAMPAIGN_FILES)
def test_a_campaign_file_that_is_not_a_plain_file(tmp_path, name, kind):
    demo = Path(shutil.copytree(DEMO, tmp_path / "demo"))
    make(demo / name, kind)
    before = snapshot_of(demo)
    with pytest.raises(CampaignFileError):
        CampaignFolder(demo).check()
        list(CampaignFolder(demo).events())
    done = subprocess.run(
        [sys.executable, "-m", "strange_tui", "check", str(demo)],
        capture_output=True,
        text=True,
        timeout=20,  # A FIFO must never hang the reader.
        cwd=ROOT,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    if name.startswith("history"):
        # Playing needs no history; the log says it cannot read it.
        CampaignFolder(demo).open()
        with pytest.raises(CampaignFileError):
            CampaignFolder(demo).sealed_events(1000)
    elif name != "journal.toml" or kind != "empty":
        with pytest.raises(CampaignFileError):
            CampaignFolder(demo).open()
        assert snapshot_of(demo) == before


@pytest.mark.parametrize("kind", KINDS)
def test_a_draft_that_is_not_a_plain_file_is_set_aside(tmp_path, kind):
    demo = Path(shutil.copytree(DEMO, tmp_path / "demo"))
    draft = demo / DRAFT_FILE
    draft.write_text("")
    make(draft, kind)
    folder = CampaignFolder(demo)
    assert folder.load_draft() is None
    assert folder.notices


@pytest.mark.parametrize("kind", KINDS)
def test_a_pack_or_theme_that_is_not_a_plain_file_is_reported(tmp_path, kind):
    for name in ("packs/mine.toml", "themes/mine.toml"):
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text("")
        make(path, kind)
    content = Content([tmp_path / "packs" / "mine.toml"]).load_all()
    assert kind == "empty" or any("mine.toml" in p for p in content.problems)
    themes, problems = load_themes([tmp_path / "themes"])
    assert any("mine.toml" in p for p in problems)
