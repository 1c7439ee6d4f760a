"""Following a campaign folder: the system's watch (inotify) wakes a follower for another
window's append, undo and checkpoint, as the poll does; the poll is chosen on a network
folder, by the environment or the config; a watch never hangs and never leaks its fd."""

import os
import select
import subprocess
import sys
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import CharacterCreated, XpAwarded
from strange_tui.storage.config import checked
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.watching import (
    EVENT,
    IN_MODIFY,
    IN_Q_OVERFLOW,
    MAX_READS,
    FolderWatch,
    asked_mode,
    mount_type,
    open_watch,
    plan_for,
    watch_folder,
)
from tests.campaign.builders import character

REPO = Path(__file__).resolve().parents[2]
LOCAL_MOUNTS = "/dev/vda / ext4 rw,relatime 0 0\n"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify")


def new_campaign(tmp_path: Path) -> Path:
    folder = CampaignFolder.create(tmp_path / "saves", "Watched")
    folder.open().dispatch(CharacterCreated(character=character("mara")))
    return folder.path


def xp(reason: str = "") -> list[XpAwarded]:
    return [XpAwarded(character="mara", amount=1, reason=reason)]


class Follower:
    """A window following the folder as the app does: woken by the watch, or polling."""

    def __init__(self, path: Path, mode: str) -> None:
        self.path = path
        self.store = CampaignFolder(path).open()
        self.watch, self.plan = open_watch(path, mode, env={}, mounts=LOCAL_MOUNTS)
        assert (self.watch is not None) == (mode == "watch"), self.plan

    def catch_up(self) -> bool:
        if self.watch is not None:
            # A generous cap, not a timing: the event is already queued when this runs.
            ready, _, _ = select.select([self.watch.fd], [], [], 10)
            assert ready, "the watch never woke"
            assert self.watch.drain()
        return self.store.catch_up()

    def close(self) -> None:
        if self.watch is not None:
            self.watch.close()


@pytest.fixture(params=["watch", "poll"])
def follower(request, tmp_path):
    if request.param == "watch" and not sys.platform.startswith("linux"):
        pytest.skip("inotify is Linux's")
    following = Follower(new_campaign(tmp_path), request.param)
    yield following
    following.close()


def test_another_store_s_append_undo_and_checkpoint_reach_the_follower(follower):
    writer = CampaignFolder(follower.path).open(checkpoint_every=3, undo_depth=1)
    writer.apply(xp())
    assert follower.catch_up()
    assert follower.store.state.characters["mara"].xp == 1
    writer.undo()  # The journal replaced by a rename.
    assert follower.catch_up()
    assert follower.store.state.characters["mara"].xp == 0
    for _ in range(3):  # The third seals a checkpoint: campaign.toml and journal renamed in.
        writer.apply(xp())
    assert follower.catch_up()
    assert follower.store.state == writer.state
    assert follower.store.state.characters["mara"].xp == 3


def test_another_process_s_append_reaches_the_follower(follower):
    path = follower.path
    script = (
        "import sys; from pathlib import Path\n"
        "from strange_tui.storage.folder import CampaignFolder\n"
        "from strange_tui.campaign.model.events import XpAwarded\n"
        "store = CampaignFolder(Path(sys.argv[1])).open()\n"
        "store.apply([XpAwarded(character='mara', amount=2, reason='elsewhere')])\n"
    )
    subprocess.run([sys.executable, "-c", script, str(path)], check=True, cwd=REPO, timeout=60)
    assert follower.catch_up()
    assert follower.store.state.characters["mara"].xp == 2


@linux_only
def test_only_the_campaign_s_files_are_worth_a_look(tmp_path):
    path = new_campaign(tmp_path)
    with watch_folder(path)[0] as watch:
        (path / "notes.txt").write_text("not the campaign")
        assert not watch.drain()
        CampaignFolder(path).open().apply(xp())
        assert watch.drain()
        assert not watch.drain(), "drained: nothing is left"


def events_pipe(*records: tuple[int, bytes]) -> FolderWatch:
    """A watch reading inotify records from a pipe (the kernel's overflow is costly to
    provoke): each record a mask and a name."""
    read, write = os.pipe()
    os.set_blocking(read, False)
    for mask, name in records:
        padded = name + b"\0" * (-len(name) % 16) if name else b""
        os.write(write, EVENT.pack(1, mask, 0, len(padded)) + padded)
    os.close(write)
    return FolderWatch(read, names=frozenset({"journal.toml"}))


def test_an_overflowed_watch_says_look_and_drains_without_hanging():
    with events_pipe((IN_MODIFY, b"campaign.lock.owner"), (IN_Q_OVERFLOW, b"")) as watch:
        assert watch.drain(), "an overflow means: look"
        assert not watch.drain()
    with events_pipe((IN_MODIFY, b"campaign.lock.owner"), (IN_MODIFY, b"journal.toml")) as watch:
        assert watch.drain()
    with events_pipe((IN_MODIFY, b"campaign.lock.owner")) as watch:
        assert not watch.drain()


def test_a_drain_reads_a_bounded_amount(monkeypatch):
    """A descriptor that never runs dry (here: one that always has more) is read at most
    MAX_READS times per drain: the rest waits for the next wake."""
    reads = []

    def endless(fd, size):
        reads.append(size)
        return EVENT.pack(1, IN_MODIFY, 0, 0)

    monkeypatch.setattr(os, "read", endless)
    watch = FolderWatch(99, names=None)
    assert watch.drain()
    watch.fd = -1  # No descriptor of this process's was ever its own.
    assert len(reads) == MAX_READS


@linux_only
def test_a_removed_folder_is_a_lost_watch(tmp_path):
    path = tmp_path / "gone"
    path.mkdir()
    watch, _ = watch_folder(path, names=None)
    path.rmdir()
    assert watch.drain()
    assert watch.lost
    watch.close()


def test_a_closed_watch_drains_nothing_and_closes_twice(tmp_path):
    read, write = os.pipe()
    os.close(write)
    watch = FolderWatch(read, names=None)
    watch.close()
    assert not watch.drain()
    watch.close()


@linux_only
def test_opening_and_closing_200_watches_leaks_no_descriptor(tmp_path):
    path = new_campaign(tmp_path)
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(200):
        watch, plan = open_watch(path, env={}, mounts=LOCAL_MOUNTS)
        assert watch is not None, plan
        watch.close()
    assert len(os.listdir("/proc/self/fd")) == before


def test_a_link_is_never_watched(tmp_path):
    path = new_campaign(tmp_path)
    link = tmp_path / "link"
    link.symlink_to(path, target_is_directory=True)
    watch, why = watch_folder(link)
    assert watch is None and why in ("the folder is a link", "no inotify here")


MOUNTS = """\
/dev/vda / ext4 rw,relatime 0 0
tmpfs /mnt/table/local tmpfs rw 0 0
server:/export /mnt/table nfs4 rw,relatime,vers=4.2 0 0
//nas/games /mnt/nas cifs rw 0 0
sshfs#me@host: /mnt/fuse\\040games fuse.sshfs rw 0 0
"""


@pytest.mark.parametrize(
    ("folder", "kind", "mode"),
    [
        ("/mnt/table/saves/demo", "nfs4", "poll"),
        ("/mnt/table", "nfs4", "poll"),
        ("/mnt/nas/x", "cifs", "poll"),
        ("/mnt/fuse games/demo", "fuse.sshfs", "poll"),
        ("/mnt/table/local/demo", "tmpfs", "watch"),  # The longest mount point wins.
        ("/mnt/tablecloth", "ext4", "watch"),  # A prefix of the name is no mount point.
        ("/home/me/saves", "ext4", "watch"),
    ],
)
def test_a_network_or_fuse_mount_means_poll(folder, kind, mode):
    assert mount_type(Path(folder), MOUNTS) == kind
    plan = plan_for(Path(folder), env={}, mounts=MOUNTS)
    assert plan.mode == mode
    if mode == "poll":
        assert plan.why == f"network folder ({kind})"
    assert plan_for(Path(folder), env={}, mounts="").mode == "watch"


def test_the_environment_wins_over_the_config():
    assert (
        asked_mode("watch", {"STRANGE_TUI_FOLLOW": "poll"}).why == "forced by $STRANGE_TUI_FOLLOW"
    )
    assert asked_mode("poll", {"STRANGE_TUI_FOLLOW": "watch"}).mode == "watch"
    assert asked_mode("poll", {}) == ("poll", "forced by config.toml")
    assert asked_mode("watch", {"STRANGE_TUI_FOLLOW": "sometimes"}).mode == "watch"


def test_a_forced_poll_opens_no_watch(tmp_path):
    path = new_campaign(tmp_path)
    assert open_watch(path, "watch", {"STRANGE_TUI_FOLLOW": "poll"}, LOCAL_MOUNTS)[0] is None
    assert open_watch(path, "poll", {}, LOCAL_MOUNTS)[0] is None
    assert (
        open_watch(
            path, "watch", {}, MOUNTS.replace(" / ", f" {path} ", 1).replace("ext4", "nfs", 1)
        )[0]
        is None
    )


def test_the_follow_key_is_checked():
    assert checked({"follow": "poll"}) == ({"follow": "poll"}, [])
    values, problems = checked({"follow": "sometimes", "dice": "own"})
    assert values == {"dice": "own"}
    assert problems == ["follow is 'watch' or 'poll', not 'sometimes' (ignored)"]
    assert checked({"follow": 3})[1] == ["follow must be a line of text (ignored)"]
