"""A campaign's files going bad while the app has it open: the app stays up, says which
file and what is wrong, writes nothing more (every command, undo and redo refused in those
words), keeps showing the last good state, quits cleanly, and F5 reopens the campaign
once the file is mended. Keys only; the files are damaged on disk as the app runs."""

import asyncio
import errno
import hashlib
import os
import re
import time
from pathlib import Path

import pytest

from strange_tui.campaign.model.events import RecoveryDieShown, RecoveryRolled
from strange_tui.storage.journal import JournalWriter
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.home.home import HomeScreen

MARA = "mara-quist"
GONE_BAD = "Not saving this campaign"
"""The title of the notification that says a file went bad."""


def insert_a_byte_mid_journal(campaign: Path) -> None:
    journal = campaign / "journal.toml"
    data = journal.read_bytes()
    middle = len(data) // 2
    journal.write_bytes(data[:middle] + b"x" + data[middle:])


def newer_version(file: Path) -> None:
    """The header's format version made 99, as a newer strange-tui would write it."""
    file.write_text(re.sub(r"(?m)^version = \d+$", "version = 99", file.read_text(), count=1))


def newer_journal(campaign: Path) -> None:
    newer_version(campaign / "journal.toml")


def newer_snapshot(campaign: Path) -> None:
    newer_version(campaign / "campaign.toml")


def garbage_snapshot(campaign: Path) -> None:
    (campaign / "campaign.toml").write_bytes(b"\x00\xffnot = = toml ]]\n")


def journal_made_a_link(campaign: Path) -> None:
    journal = campaign / "journal.toml"
    outside = campaign.parent / "elsewhere.toml"
    outside.write_bytes(journal.read_bytes())
    journal.unlink()
    os.symlink(outside, journal)


DAMAGE = {
    "a byte inserted mid-journal": (insert_a_byte_mid_journal, "journal.toml, line"),
    "a version 99 journal": (newer_journal, "journal.toml: version: "),
    "a version 99 snapshot": (newer_snapshot, "campaign.toml: version: "),
    "a garbage snapshot": (garbage_snapshot, "campaign.toml"),
    "the journal replaced by a link": (journal_made_a_link, "journal.toml: is a symbolic link"),
}


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file of the campaign (lock and owner note included) by its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def notices(app: StrangeApp, title: str) -> list[str]:
    return [notice.message for notice in app._notifications if notice.title == title]


async def wait_for(condition, seconds: float = 5.0) -> None:
    """Poll until ``condition()`` holds (the app looks at its files every 0.3 s)."""
    deadline = time.perf_counter() + seconds
    while not condition():
        if time.perf_counter() > deadline:
            raise AssertionError("the condition never held")
        await asyncio.sleep(0.02)


def rested(app: StrangeApp, seq: int) -> bool:
    """A rest of the keys ``s``, a die, enter, enter is saved after ``seq``: two steps, the
    recovery die recorded when shown, then the rest that spends it (R-REC-1, R-REC-4)."""
    shown, rest = app.session.journal()[-2:]
    return (
        app.session.state.seq == seq + 2
        and isinstance(shown, RecoveryDieShown)
        and isinstance(rest, RecoveryRolled)
    )


async def told_gone_bad(app: StrangeApp, count: int = 1) -> str:
    """The app's ``count``-th word that a file went bad, waited for."""
    await wait_for(lambda: len(notices(app, GONE_BAD)) >= count)
    return notices(app, GONE_BAD)[count - 1]


async def refuses_by_keys(pilot, app: StrangeApp, campaign: Path, names: str) -> None:
    """A rest (s, a die of 4, enter, enter), undo and redo are each refused, in words
    naming the file, and no file of the campaign changes; the screen keeps its state."""
    before, shown, screen = fingerprint(campaign), app.campaign, type(app.screen)
    for keys in (("s", "4", "enter", "enter"), ("ctrl+z",), ("ctrl+y",)):
        refusals = len(notices(app, "Not saved"))
        await pilot.press(*keys)
        await wait_for(lambda seen=refusals: len(notices(app, "Not saved")) > seen)
        said = notices(app, "Not saved")[-1]
        assert names in said and "Nothing was saved" in said and "F5" in said, said
        assert "Errno" not in said and "Traceback" not in said
        if type(app.screen) is not screen:
            await pilot.press("escape")  # The rest dialog stays open on a refusal.
            await wait_for(lambda: type(app.screen) is screen)
    await pilot.pause()
    assert fingerprint(campaign) == before
    assert app.campaign is shown and app.session.state is shown
    assert type(app.screen) is screen


@pytest.mark.parametrize("damage", sorted(DAMAGE))
async def test_a_file_gone_bad_is_named_and_nothing_more_is_written(demo, damage):
    """The GM's window: told in one line naming the file, every change refused in those
    words with no file touched, the last good state still shown, q quits with status 0."""
    spoil, names = DAMAGE[damage]
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        spoil(demo)
        said = await told_gone_bad(app)
        assert said.startswith(names) and "F5 reopens" in said, said
        assert "\n" not in said and str(demo) not in said  # One line, the file by its name.
        assert app.sub_title.endswith("not saving (F5 reopens)")
        assert app.is_running
        await refuses_by_keys(pilot, app, demo, names)
        await pilot.press("q")  # Quitting writes nothing (no checkpoint) and raises nothing.
        await pilot.pause()
    assert app.return_code == 0


async def test_a_players_seat_refuses_too_and_quits_cleanly(demo):
    """A player's window, on the sheet it opens at, behaves as the GM's does."""
    app = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(lambda: isinstance(app.screen, SheetScreen))
        newer_journal(demo)
        said = await told_gone_bad(app)
        assert said.startswith("journal.toml: version: ")
        await refuses_by_keys(pilot, app, demo, "journal.toml")
        await pilot.press("escape", "q")  # From the sheet back to Home, and quit.
        await pilot.pause()
    assert app.return_code == 0


async def test_a_second_window_on_the_campaign_says_so_and_refuses_too(demo):
    """Two windows (the GM's, a player's) on one campaign whose journal goes bad: each
    says so and refuses on its own, and both quit with status 0."""
    one = StrangeApp(campaign_path=demo, saves=demo.parent)
    two = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with one.run_test(size=(100, 30)) as pilot_one, two.run_test(size=(100, 30)) as pilot:
        await wait_for(lambda: isinstance(two.screen, SheetScreen))
        insert_a_byte_mid_journal(demo)
        for app in (one, two):
            assert (await told_gone_bad(app)).startswith("journal.toml, line")
        await refuses_by_keys(pilot, two, demo, "journal.toml, line")
        await refuses_by_keys(pilot_one, one, demo, "journal.toml, line")
        await pilot.press("escape", "q")
        await pilot_one.press("q")
        await pilot.pause()
    assert one.return_code == two.return_code == 0


async def test_f5_says_the_damage_again_until_mended_then_saves_again(demo):
    """F5 on a journal still damaged says the same line again and writing stays off;
    once the file is put back, F5 reopens it: Home, the title plain, a rest saved."""
    journal = demo / "journal.toml"
    good = journal.read_bytes()
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(100, 30)) as pilot:
        insert_a_byte_mid_journal(demo)
        first = await told_gone_bad(app)
        await pilot.press("f5")  # Still damaged: the same words, still refusing.
        assert await told_gone_bad(app, 2) == first
        await refuses_by_keys(pilot, app, demo, "journal.toml, line")
        journal.write_bytes(good)  # Mended.
        await pilot.press("l", "f5")  # Over the log, a kept screen: let go on reopening.
        await wait_for(lambda: notices(app, "Reopened"))
        assert isinstance(app.screen, HomeScreen) and app.session.damage is None
        assert not app.sub_title.endswith("not saving (F5 reopens)")
        seq, refusals = app.session.state.seq, len(notices(app, "Not saved"))
        await pilot.press("s", "4", "enter", "enter")  # Saved again: in the journal.
        await wait_for(lambda: rested(app, seq))
        assert journal.read_bytes().startswith(good) and len(journal.read_bytes()) > len(good)
        assert len(notices(app, "Not saved")) == refusals
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_undo_and_redo_on_a_full_disk_say_so_in_words(demo_app, monkeypatch):
    """ENOSPC while undoing or redoing: one plain sentence (no "[Errno 28]"), nothing
    changed, and the campaign still saves once the disk has room."""

    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    said = "Could not save: No space left on device. Nothing changed."

    def last_said() -> str:
        return (notices(demo_app, "") or [""])[-1]

    async with demo_app.run_test(size=(100, 30)) as pilot:
        seq = demo_app.session.state.seq
        await pilot.press("s", "4", "enter", "enter")  # A rest: this window's to undo.
        await wait_for(lambda: rested(demo_app, seq))
        journal = demo_app.session.path / "journal.toml"
        before, state = journal.read_bytes(), demo_app.session.state
        with monkeypatch.context() as patched:
            patched.setattr(JournalWriter, "drop_last", full_disk)
            await pilot.press("ctrl+z")
            await wait_for(lambda: last_said().startswith("Could not"))
        assert last_said() == said
        assert journal.read_bytes() == before and demo_app.session.state is state
        await pilot.press("ctrl+z")  # The disk has room again: undo works.
        await wait_for(lambda: last_said().startswith("Undid: "))
        undone = journal.read_bytes()
        with monkeypatch.context() as patched:
            patched.setattr(JournalWriter, "append", full_disk)
            await pilot.press("ctrl+y")
            await wait_for(lambda: last_said().startswith("Could not"))
        assert last_said() == said
        assert journal.read_bytes() == undone
        assert demo_app.session.damage is None  # A full disk is no damage: still writable.
