"""One campaign, many windows: every command is serialised by the campaign's lock, each
writer catches up before it decides, and nothing is lost or numbered twice."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import DamageTaken, XpAwarded, XpSpent
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.locking import CampaignBusy
from tests.storage.table_writer import state_hash
from tests.storage.test_folder import new_campaign

ROOT = Path(__file__).resolve().parents[2]
WRITERS = 6
COMMANDS = 200
HOST = socket.gethostname()


def might(store, who="mara") -> int:
    return store.state.characters[who].pools.might.current


def test_two_windows_damage_one_character_and_every_hit_lands(tmp_path):
    """The issue's repro: in A damage 1, in B damage 2, in A damage 3 — all three count,
    in both windows and on disk, with dense event numbers."""
    path = new_campaign(tmp_path).path
    a, b = CampaignFolder(path).open(), CampaignFolder(path).open()
    start = might(a)
    a.apply([DamageTaken(character="mara", amount=1)])
    b.apply([DamageTaken(character="mara", amount=2)])
    a.apply([DamageTaken(character="mara", amount=3)])
    b.catch_up()
    opened = CampaignFolder(path)
    on_disk = opened.open()
    assert might(a) == might(b) == might(on_disk) == start - 6
    assert a.state == b.state == on_disk.state
    assert [e.seq for e in opened.events()] == list(range(1, a.state.seq + 1))


def test_a_command_is_checked_against_what_others_wrote(tmp_path):
    """B decided on a stale state: the rules see the fresh one and refuse with a reason."""
    path = new_campaign(tmp_path).path
    a, b = CampaignFolder(path).open(), CampaignFolder(path).open()
    a.apply([XpAwarded(character="mara", amount=2)])
    b.catch_up()
    a.apply([XpSpent(character="mara", amount=2)])
    assert b.state.characters["mara"].xp == 2  # B has not looked yet...
    with pytest.raises(RuleViolation, match="XP"):
        b.apply([XpSpent(character="mara", amount=2)])  # ...but its command sees A's.
    assert b.state == a.state


def test_undo_never_takes_back_another_windows_command(tmp_path):
    path = new_campaign(tmp_path).path
    mine = CampaignFolder(path).open(origin=f"{HOST}:{os.getpid()}")
    theirs = CampaignFolder(path).open(origin=f"{HOST}:1")  # pid 1 is always running
    mine.apply([XpAwarded(character="mara", amount=1)])
    theirs.apply([XpAwarded(character="jun", amount=1)])
    with pytest.raises(RuleViolation, match="another window .*process 1"):
        mine.undo()
    theirs.undo()
    mine.undo()
    theirs.catch_up()
    assert mine.state == theirs.state == CampaignFolder(path).open().state
    assert mine.state.characters["mara"].xp == 0


def test_a_checkpoint_by_one_window_is_followed_by_the_other(tmp_path):
    path = new_campaign(tmp_path).path
    a = CampaignFolder(path).open(checkpoint_every=8, undo_depth=2)
    b = CampaignFolder(path).open()
    for _ in range(20):
        a.apply([XpAwarded(character="mara", amount=1)])
    assert b.catch_up() and b.state == a.state
    b.apply([XpAwarded(character="jun", amount=1)])
    a.catch_up()
    assert a.state == b.state == CampaignFolder(path).open().state


def test_following_a_quiet_campaign_takes_no_lock_and_still_sees_every_change(tmp_path):
    """A window follows its campaign several times a second: while nobody else
    writes, that is a look at the journal, not the lock and its owner note; an append, an
    undo and a checkpoint by another window are each still taken in."""
    from strange_tui.storage.locking import OWNER_FILE

    path = new_campaign(tmp_path).path
    a = CampaignFolder(path).open(checkpoint_every=4, undo_depth=1)
    b = CampaignFolder(path).open()
    (path / OWNER_FILE).unlink()
    assert not any(b.catch_up() for _ in range(5))
    assert not (path / OWNER_FILE).exists()  # No lock was taken to look.
    a.apply([XpAwarded(character="mara", amount=1)])
    assert b.catch_up() and b.state == a.state
    a.undo()
    assert b.catch_up() and b.state == a.state
    for _ in range(5):  # A checkpoint: the journal is another file of another length.
        a.apply([XpAwarded(character="jun", amount=1)])
    assert b.catch_up() and b.state == a.state
    assert not b.catch_up()


def run_writers(path: Path, total: int) -> list[subprocess.Popen]:
    return [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.storage.table_writer",
                str(path),
                str(COMMANDS),
                str(total),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(WRITERS)
    ]


@pytest.mark.starts_first  # One of the longest: started first.
def test_six_writer_processes_lose_nothing(tmp_path):
    """6 processes x 200 commands, as fast as they can, while this process follows:
    1,200 commands on disk, none lost or twice, check passes, every process ends in the
    state a fresh open gives."""
    path = new_campaign(tmp_path).path
    follower = CampaignFolder(path).open()
    first = follower.state.seq
    total = first + WRITERS * COMMANDS
    writers = run_writers(path, total)
    seen = []
    while any(w.poll() is None for w in writers):
        follower.catch_up()
        seen.append(follower.state.seq)
        time.sleep(0.02)
    outputs = [w.communicate() for w in writers]
    assert all(w.returncode == 0 for w in writers), [err for _, err in outputs]
    follower.catch_up()
    fresh = CampaignFolder(path)
    state = fresh.open().state
    events = list(fresh.events())
    assert [e.seq for e in events] == list(range(1, total + 1))
    assert state.characters["mara"].xp == WRITERS * COMMANDS
    assert CampaignFolder(path).check() == state
    assert {out.split()[1] for out, _ in outputs} == {state_hash(state)}
    assert follower.state == state
    assert seen == sorted(seen)  # The follower only ever moved forward.


def test_a_writer_killed_while_holding_the_lock_frees_it(tmp_path):
    path = new_campaign(tmp_path).path
    holder = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.table_writer", str(path), "--hold"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline().strip() == "holding"
    folder = CampaignFolder(path)
    folder.lock.wait = 0.2
    waiting = folder.open()  # Opening to show the campaign takes no lock...
    with pytest.raises(CampaignBusy, match=f"pid {holder.pid}"):
        waiting.apply([XpAwarded(character="mara", amount=1)])  # ...a command waits for it.
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    holder.stdout.close()
    started = time.monotonic()
    store = CampaignFolder(path).open()
    store.apply([XpAwarded(character="mara", amount=1)])
    assert time.monotonic() - started < 1.0
