"""An import killed midway (SIGKILL: no cleanup of its own runs) leaves its hidden folder in
the saves directory; the next import, or opening a campaign there, clears it. A live
import's folder, beside, is never touched, nor anything that is not an import's."""

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from strange_tui.storage import staging
from strange_tui.storage.archive import export_campaign, import_campaign
from strange_tui.storage.folder import CampaignFolder

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "saves" / "demo"


@pytest.fixture(scope="module")
def backup(tmp_path_factory) -> Path:
    source = Path(shutil.copytree(DEMO, tmp_path_factory.mktemp("source") / "demo"))
    out = tmp_path_factory.mktemp("out") / "demo.zip"
    export_campaign(source, out)
    return out


@pytest.fixture
def saves(tmp_path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


def hidden(saves: Path) -> list[str]:
    return sorted(path.name for path in saves.iterdir() if path.name.startswith("."))


def stalled_import(backup: Path, saves: Path) -> subprocess.Popen[str]:
    """An import stopped once its hidden folder holds a file, still alive."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.stalled_import", str(backup), str(saves)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = child.stdout.readline()
    assert line == "unpacking\n", child.stderr.read()
    return child


def kill_9(child: subprocess.Popen[str]) -> None:
    os.kill(child.pid, signal.SIGKILL)
    child.communicate()
    assert child.returncode == -signal.SIGKILL


def test_a_killed_imports_folder_is_cleared_by_the_next_import(backup, saves):
    kill_9(stalled_import(backup, saves))
    (first,) = hidden(saves)
    assert first.startswith(".import-demo-")
    kill_9(stalled_import(backup, saves))  # This one cleared the first before it was killed.
    assert len(hidden(saves)) == 1 and hidden(saves) != [first]
    import_campaign(backup, saves)
    assert hidden(saves) == [] and sorted(p.name for p in saves.iterdir()) == ["demo"]


def test_a_killed_imports_folder_is_cleared_by_opening_a_campaign_beside_it(backup, saves):
    import_campaign(backup, saves, "first")
    kill_9(stalled_import(backup, saves))
    assert len(hidden(saves)) == 1
    CampaignFolder(saves / "first").open()
    assert hidden(saves) == []


def test_a_live_import_is_never_cleared_and_finishes(backup, saves):
    live = stalled_import(backup, saves)
    try:
        (building,) = hidden(saves)
        import_campaign(backup, saves, "second")  # Another import at the same time.
        CampaignFolder(saves / "second").open()
        assert hidden(saves) == [building]
        out, err = live.communicate("")  # Let it go on.
    finally:
        if live.poll() is None:
            kill_9(live)
    assert live.returncode == 0, err
    assert out.splitlines()[-1].startswith("Imported") and hidden(saves) == []
    assert sorted(p.name for p in saves.iterdir()) == ["demo", "second"]


def test_only_an_imports_own_files_are_cleared(saves, tmp_path):
    """A folder named like one but holding something else (or a link out) stays."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    odd = saves / ".import-mine-abcdefgh"
    odd.mkdir()
    (odd / "notes.txt").write_text("mine")
    linked = saves / ".import-link-abcdefgh"
    linked.mkdir()
    (linked / "history").symlink_to(outside)
    (saves / ".import-outside-abcdefgh").symlink_to(outside)
    dead = saves / ".import-dead-abcdefgh"
    (dead / "history").mkdir(parents=True)
    (dead / "campaign.toml").write_text("half")
    (dead / "history" / "0001.toml").write_text("half")
    assert staging.clear_leftovers(saves) == [dead.name]
    assert hidden(saves) == sorted(
        [".import-link-abcdefgh", ".import-mine-abcdefgh", ".import-outside-abcdefgh"]
    )
    assert (outside / "keep.txt").read_text() == "mine"
