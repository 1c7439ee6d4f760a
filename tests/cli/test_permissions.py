"""Folders and files the user cannot read or write give one clear line, never a
traceback. (The tests run as root, whom permission bits do not stop, so the operating
system's refusal is simulated where the app asks for the file.)"""

import errno
import os
import shutil
from pathlib import Path

import pytest

from strange_tui.cli import main
from strange_tui.tui.home.campaigns import campaign_folders

DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"
NEW_ARGS = [
    "--name", "Rook Vance", "--descriptor", "Tough", "--type", "Vector",
    "--focus", "Is Licensed to Carry", "--pools", "3,3,0", "--edge", "speed",
    "--abilities", "Bash,Combat Prowess (ranged),Practiced in Armor,Improved Edge (intellect)",
    "--weapons", "heavy-ranged", "--armor", "medium",
]  # fmt: skip


@pytest.fixture
def demo(tmp_path) -> Path:
    return Path(shutil.copytree(DEMO, tmp_path / "saves" / "demo"))


def refuse_under(monkeypatch, folder: Path, *, writing: bool = False) -> None:
    """os.open refuses files under ``folder`` (EACCES): every opening, or for writing."""
    real = os.open

    def guarded(path, flags, *args, **kwargs):
        wants_write = flags & (os.O_WRONLY | os.O_RDWR)
        if str(path).startswith(str(folder)) and (wants_write or not writing):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)


@pytest.mark.parametrize(
    "command",
    [["check"], ["sheet"], ["log"], ["new", *NEW_ARGS]],
)
def test_an_unreadable_campaign_folder_is_one_line(demo, monkeypatch, capsys, command):
    refuse_under(monkeypatch, demo)
    assert main([command[0], str(demo), *command[1:]]) in (1, 2)
    err = capsys.readouterr().err
    assert "permission denied" in err.lower() and "Traceback" not in err
    assert err.count("\n") == 1


def test_a_read_only_journal_refuses_new_with_one_line(demo, monkeypatch, capsys):
    refuse_under(monkeypatch, demo / "journal.toml", writing=True)
    args = ["new", str(demo), *NEW_ARGS]
    before = (demo / "journal.toml").read_bytes()
    status = main(args)
    err = capsys.readouterr().err
    assert status != 0 and "permission denied" in err.lower() and "Traceback" not in err
    assert err.count("\n") == 1
    assert (demo / "journal.toml").read_bytes() == before


def test_an_unreadable_folder_in_the_saves_does_not_break_the_list(demo, monkeypatch):
    real = Path.is_file

    def is_file(self):
        if self.parent.name == "locked":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self)

    (demo.parent / "locked").mkdir()
    monkeypatch.setattr(Path, "is_file", is_file)
    assert [p.name for p in campaign_folders(demo.parent)] == ["demo", "locked"]
