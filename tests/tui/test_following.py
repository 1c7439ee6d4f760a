"""The app follows its campaign through the system's watch where it can (another window's
change shows though no timer fires), through the 0.3 s poll where it is told to; the watch
moves with the campaign opened, and is let go on damage and on exit. `--where` says which."""

import asyncio
import sys

import pytest

from strange_tui.cli import main
from strange_tui.storage import watching
from strange_tui.storage.config import read_config
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.watching import ENV_FOLLOW
from strange_tui.tui.app import following
from strange_tui.tui.app.app import FOLLOW_EVERY, StrangeApp
from strange_tui.tui.app.following import WATCHED_WORDS

MARA = "mara-quist"
NEVER = 3600.0
"""A timer interval no test outlives: what arrives came by the watch."""
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify")


async def arrives(pilot, condition) -> None:
    for _ in range(200):  # A cap on a wait, not a timing: the change is on disk already.
        if condition():
            return
        await asyncio.sleep(0.05)
        await pilot.pause()
    raise AssertionError("the change never reached the window")


async def started(pilot, app) -> None:
    """Following begins just after the first frame."""
    await arrives(pilot, lambda: app.following.mode != "")


def write_xp(path, amount: int = 1) -> int:
    """Another window's command: XP for Mara, through a store of its own. Its new XP."""
    from strange_tui.campaign.model.events import XpAwarded

    store = CampaignFolder(path).open()
    store.apply([XpAwarded(character=MARA, amount=amount, reason="elsewhere")])
    return store.state.characters[MARA].xp


@pytest.fixture
def no_timers(monkeypatch):
    """Neither the poll nor the safety net fires during a test."""
    monkeypatch.delenv(ENV_FOLLOW, raising=False)
    monkeypatch.setattr(following, "FOLLOW_EVERY", NEVER)
    monkeypatch.setattr(following, "SAFETY_EVERY", NEVER)


@linux_only
async def test_another_window_s_change_shows_with_no_timer_firing(demo, no_timers):
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot, app)
        assert app.following.mode == "watch", app.following.plan
        assert app.following.every == NEVER
        xp = write_xp(demo, 2)
        await arrives(pilot, lambda: app.campaign.characters[MARA].xp == xp)
        app.session.undo()  # This window's own undo, by a rename: the other store follows.
        xp = write_xp(demo, 3)
        await arrives(pilot, lambda: app.campaign.characters[MARA].xp == xp)


@pytest.mark.parametrize("forced", ["env", "config"])
async def test_a_forced_poll_follows_by_the_interval_timer(
    demo, tmp_path, monkeypatch, no_timers, forced
):
    monkeypatch.setattr(following, "FOLLOW_EVERY", 0.05)
    if forced == "env":
        monkeypatch.setenv(ENV_FOLLOW, "poll")
        config = None
    else:
        (tmp_path / "config.toml").write_text('follow = "poll"\n')
        config = read_config(tmp_path / "config.toml")
        assert config[1] == []
    app = StrangeApp(campaign_path=demo, saves=demo.parent, config=config)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot, app)
        assert app.following.mode == "poll"
        assert app.following.watch is None
        assert app.following.every == 0.05
        assert app.following.plan.why.startswith("forced by")
        xp = write_xp(demo)
        await arrives(pilot, lambda: app.campaign.characters[MARA].xp == xp)


async def test_the_poll_keeps_its_interval(demo, monkeypatch):
    monkeypatch.setenv(ENV_FOLLOW, "poll")
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot, app)
        assert app.following.every == FOLLOW_EVERY == 0.3


@linux_only
async def test_the_watch_moves_to_the_campaign_opened_and_goes_on_exit(demo, no_timers):
    other = CampaignFolder.create(demo.parent, "Another")
    other.open()
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot, app)
        first = app.following.watch
        assert first is not None
        assert app.open_campaign(other.path)
        await pilot.pause()
        assert first.fd == -1, "the first campaign's watch is closed"
        second = app.following.watch
        assert second is not None and second is not first
        write_xp(demo)  # The campaign no longer open: nothing of it reaches this window.
        assert app.session.path == other.path
    assert second.fd == -1, "closed with the app"
    assert app.following.mode == ""


@linux_only
async def test_damage_stops_the_following(demo, no_timers):
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot, app)
        watch = app.following.watch
        assert watch is not None
        app.session.give_up(OSError(5, "Input/output error"))
        await pilot.pause()
        assert watch.fd == -1
        assert app.following.mode == ""


def where_follows(capsys, *argv: str) -> str:
    assert main(["--where", *argv]) == 0
    lines = capsys.readouterr().out.splitlines()
    return next(line.split(":", 1)[1].strip() for line in lines if line.startswith("following:"))


@linux_only
def test_where_says_how_a_window_follows(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(ENV_FOLLOW, raising=False)
    saves = tmp_path / "saves"
    saves.mkdir()
    assert where_follows(capsys, "--saves", str(saves)) == WATCHED_WORDS
    monkeypatch.setenv(ENV_FOLLOW, "poll")
    said = where_follows(capsys, "--saves", str(saves))
    assert said == "polling every 0.3 s (forced by $STRANGE_TUI_FOLLOW)"
    monkeypatch.delenv(ENV_FOLLOW)
    (tmp_path / "config.toml").write_text('follow = "poll"\n')
    said = where_follows(capsys, "--config", str(tmp_path / "config.toml"), "--saves", str(saves))
    assert said == "polling every 0.3 s (forced by config.toml)"


def test_where_says_a_network_folder_is_polled(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv(ENV_FOLLOW, raising=False)
    saves = tmp_path / "saves"
    saves.mkdir()
    mounts = f"/dev/vda / ext4 rw 0 0\nserver:/x {tmp_path} nfs4 rw 0 0\n"
    monkeypatch.setattr(watching, "read_mounts", lambda: mounts)
    said = where_follows(capsys, "--saves", str(saves))
    assert said == "polling every 0.3 s (network folder (nfs4))"
