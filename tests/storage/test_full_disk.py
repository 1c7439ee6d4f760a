"""A full disk in the middle of a write loses nothing acknowledged: the journal is cut back
to its last good byte, the command is refused, and once there is room again the next
command lands where it should."""

import errno
import os

import pytest

from strange_tui.campaign.model.events import XpAwarded
from strange_tui.storage import journal
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import batch_bytes
from tests.storage.test_folder import new_campaign

COMMAND = [XpAwarded(character="mara", amount=3, reason="a long reason " * 8)]


def disk_full_after(limit: int):
    """An os.pwrite that writes ``limit`` more bytes, then finds the disk full."""
    real = os.pwrite
    room = [limit]

    def pwrite(fd, data, offset):
        if room[0] <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        written = real(fd, bytes(data[: room[0]]), offset)
        room[0] -= written
        return written

    return pwrite


def test_a_full_disk_at_every_byte_of_a_batch_loses_nothing(tmp_path, monkeypatch):
    folder = new_campaign(tmp_path, durable=False)
    store = folder.open()
    size = len(batch_bytes(store.apply(COMMAND)))  # One like it, for its size.
    for cut in range(size):
        before, on_disk = store.state, folder.journal_file.read_bytes()
        monkeypatch.setattr(journal.os, "pwrite", disk_full_after(cut))
        with pytest.raises(OSError):
            store.apply(COMMAND)
        monkeypatch.undo()
        assert store.state == before
        assert folder.journal_file.read_bytes() == on_disk, f"cut at {cut}"
    acknowledged = store.apply(COMMAND)  # Room again: the next command lands.
    reopened = CampaignFolder(folder.path)
    state = reopened.open().state
    assert state == store.state and state.seq == acknowledged[-1].seq
    assert reopened.notices == []


def test_a_full_disk_is_a_message_not_a_traceback(demo_session_path, monkeypatch):
    from strange_tui.campaign.commands.rolls.roll import Roll
    from strange_tui.tui.common.session import Refused, Session

    session = Session.open(demo_session_path)
    monkeypatch.setattr(journal.os, "pwrite", disk_full_after(0))
    with pytest.raises(Refused, match="No space left on device.*Nothing changed"):
        session.run(Roll(character="mara-quist", difficulty=2, die=10))


@pytest.fixture
def demo_session_path(tmp_path):
    import shutil
    from pathlib import Path

    demo = Path(__file__).resolve().parents[2] / "saves" / "demo"
    return Path(shutil.copytree(demo, tmp_path / "demo"))


@pytest.fixture
def small_disk(tmp_path):
    """A 256 KiB tmpfs of our own, where the machine lets us mount one (root on Linux)."""
    import subprocess

    mount = tmp_path / "small"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(mount)],
        capture_output=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small filesystem here: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def test_a_real_full_disk_loses_nothing(small_disk):
    folder = new_campaign(small_disk)
    store = folder.open(checkpoint_every=10_000)
    filler = small_disk / "filler"
    with open(filler, "wb", buffering=0) as fill:
        try:
            while True:
                fill.write(b"x" * 4096)
                fill.flush()
        except OSError:
            pass
    acknowledged = store.state
    refused = 0
    for _ in range(50):
        try:
            store.apply(COMMAND)
            acknowledged = store.state
        except OSError:
            refused += 1
    assert refused, "the disk never filled up"
    filler.unlink()
    store.apply(COMMAND)
    reopened = CampaignFolder(folder.path)
    state = reopened.open().state
    assert state == store.state and state.seq == acknowledged.seq + 1
    assert reopened.notices == []
