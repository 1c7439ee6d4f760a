"""Crashes of a real writer process.

Kill -9 in the middle of a stream of events, many times: every open succeeds, no
acknowledged event is missing, and the folder is left consistent. (SIGKILL lets the kernel
finish the small write() of an entry, so these kills do not tear the journal's tail in
practice; the torn tail is made for real below, by a writer that loses power mid-entry,
and at every byte in test_torn_tail.py.)
"""

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import DamageTaken
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import ENTRY_MARK, read_journal
from tests.storage.test_folder import new_campaign

ROOT = Path(__file__).resolve().parents[2]
KILLS = 25


def start_writer(folder: Path, *options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.crash_writer", str(folder), *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def kill_9(writer: subprocess.Popen[str]) -> None:
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait()
    writer.stdout.close()
    writer.stderr.close()
    assert writer.returncode == -signal.SIGKILL


def run_and_kill(folder: Path, acks_before_kill: int) -> int:
    """Start the writer, wait for some acknowledged events, SIGKILL it; the last ack."""
    writer = start_writer(folder)
    last = 0
    try:
        for _ in range(acks_before_kill):
            line = writer.stdout.readline()
            assert line, writer.stderr.read()
            last = int(line)
    finally:
        kill_9(writer)
    return last


@pytest.mark.starts_first  # One of the longest: started first.
def test_kill_9_never_loses_an_acknowledged_event(tmp_path):
    folder = new_campaign(tmp_path).path
    rng = random.Random(7)
    for _ in range(KILLS):
        acked = run_and_kill(folder, rng.randint(1, 40))
        opened = CampaignFolder(folder)
        state = opened.open().state
        assert state.seq >= acked
        assert [e.seq for e in opened.events()] == list(range(1, state.seq + 1))
        # What open left behind checks clean (no torn tail, every file readable) and
        # makes the very state that open gave.
        assert CampaignFolder(folder).check() == state


def test_a_writer_killed_mid_entry_loses_nothing_acknowledged(tmp_path):
    """DESIGN: power lost halfway through an append (half the entry on disk, fsynced) then
    the process killed: the open keeps every acknowledged event, moves the half entry to
    journal.toml.torn and says so; the campaign then goes on."""
    folder = new_campaign(tmp_path).path
    writer = start_writer(folder, "--tear", "--acks", "5")
    acked: list[int] = []
    try:
        while (line := writer.stdout.readline()) and not line.startswith("torn"):
            acked.append(int(line))
        assert line.startswith("torn "), writer.stderr.read()
    finally:
        kill_9(writer)
    half = bytes.fromhex(line.split()[1])
    assert acked == [3, 4, 5, 6, 7]  # new_campaign made 1 and 2
    assert half.startswith(ENTRY_MARK) and len(half) > len(ENTRY_MARK)
    journal = folder / "journal.toml"
    on_disk = journal.read_bytes()
    assert on_disk.endswith(half)  # the half entry really is on disk
    assert read_journal(journal).torn == half

    opened = CampaignFolder(folder)
    store = opened.open()
    assert [e.seq for e in opened.events()] == list(range(1, acked[-1] + 1))
    assert store.state.seq == acked[-1]
    assert len(opened.notices) == 1
    assert "was moved to journal.toml.torn" in opened.notices[0]
    assert (folder / "journal.toml.torn").read_bytes() == half
    assert journal.read_bytes() == on_disk[: -len(half)]
    assert CampaignFolder(folder).check() == store.state

    store.dispatch(DamageTaken(character="mara", amount=1))
    again = CampaignFolder(folder)
    state = again.open().state
    assert again.notices == []
    assert [e.seq for e in again.events()] == list(range(1, acked[-1] + 2))
    assert state == store.state and state.seq == acked[-1] + 1
    assert CampaignFolder(folder).check() == state
    assert sorted(p.name for p in folder.glob("journal.toml*")) == [
        "journal.toml",
        "journal.toml.torn",
    ]
