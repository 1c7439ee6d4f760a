"""The log reaches all of history, a few pages at a time: it opens at the newest entry,
`end` shows the oldest, `home` the newest again, and moving through it crosses the pages'
edges with every command shown once, in order."""

import pytest
from rich.console import Console
from rich.segment import Segment
from textual import events
from textual.widgets import OptionList, Select

from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import batches
from strange_tui.campaign.narrate.log import command_sentence, names_of
from strange_tui.storage import history
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home import log, log_pages
from strange_tui.tui.home.log import LogScreen
from strange_tui.tui.home.log_lines import TimedLine
from tests.storage.test_history_pages import chunked, counting


def expected(folder) -> list[str]:
    """Every command's sentence, newest first, as `strange-tui log` has them reversed."""
    events = list(folder.events())
    names = names_of(folder.check(), events)
    return [command_sentence(command, names) for command in reversed(batches(events))]


def sentences(app: StrangeApp) -> list[str]:
    view = app.screen.query_one("#events", OptionList)
    prompts = [view.get_option_at_index(i).prompt for i in range(view.option_count)]
    return [str(p.sentence) for p in prompts if isinstance(p, TimedLine)]


def highlighted(app: StrangeApp) -> str:
    view = app.screen.query_one("#events", OptionList)
    assert view.highlighted is not None
    return str(view.get_option_at_index(view.highlighted).prompt.sentence)


async def open_log(app: StrangeApp, pilot) -> None:
    await pilot.pause()
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(app.screen, LogScreen)


async def test_the_log_opens_at_the_newest_and_reaches_the_oldest_and_back(tmp_path):
    folder = chunked(tmp_path)
    lines = expected(folder)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        assert sentences(app)[0] == lines[0]
        assert lines[-1] not in sentences(app)  # Not all of history is loaded.
        assert "of " in app.screen.query_one("#events", OptionList).border_title
        await pilot.press("end")
        await pilot.pause()
        assert sentences(app)[-1] == lines[-1] and highlighted(app) == lines[-1]
        await pilot.press("home")
        await pilot.pause()
        assert sentences(app)[0] == lines[0] and highlighted(app) == lines[0]


@pytest.mark.parametrize("shown", [log.SLICE, 20])
async def test_moving_through_the_pages_shows_every_command_once_in_order(
    tmp_path, monkeypatch, shown
):
    """Across the edges of what is shown (a slice of the window's parts) and of the
    window's pages, down to the oldest and back up."""
    monkeypatch.setattr(log, "SLICE", shown)
    folder = chunked(tmp_path, rolls=60)  # Nine chunks: three windows of pages and more.
    lines = expected(folder)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        await pilot.press("home")
        await pilot.pause()
        seen = [highlighted(app)]
        for _ in range(len(lines) + 5):
            await pilot.press("down")
            await pilot.pause()
            if highlighted(app) != seen[-1]:
                seen.append(highlighted(app))
        assert seen == lines
        back = [highlighted(app)]
        for _ in range(len(lines) + 5):
            await pilot.press("up")
            await pilot.pause()
            if highlighted(app) != back[-1]:
                back.append(highlighted(app))
        assert back == lines[::-1]


async def test_the_filter_filters_each_page(tmp_path):
    folder = chunked(tmp_path)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        await pilot.press("f", "enter")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.query_one(Select).value == "mara"
        assert sentences(app) and all("Mara" in line for line in sentences(app))
        app.screen.query_one("#events", OptionList).focus()
        await pilot.press("end")
        await pilot.pause()
        oldest = sentences(app)
        assert oldest and all("Mara" in line for line in oldest)
        assert oldest[-1] == expected(folder)[-1]  # Mara's creation, the first command.


async def test_a_damaged_old_chunk_gives_one_notice_and_the_newer_entries_show(tmp_path):
    folder = chunked(tmp_path)
    lines = expected(folder)
    oldest = history.chunk_paths(folder.history_dir)[0]
    oldest.write_bytes(oldest.read_bytes().replace(b"Task", b"Tusk"))
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        assert sentences(app)[0] == lines[0]
        for key in ("end", "home", "end"):
            await pilot.press(key)
            await pilot.pause()
        notices = [n.message for n in app._notifications if "could not be read" in n.message]
        assert len(notices) == 1 and oldest.name in notices[0]
        shown = sentences(app)
        assert shown and lines[-1] not in shown  # The damaged chunk's events are not there.
        assert all(line in lines for line in shown)


async def test_the_wheel_scrolls_on_into_older_pages(tmp_path):
    folder = chunked(tmp_path)
    lines = expected(folder)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        view = app.screen.query_one("#events", OptionList)
        for _ in range(3 * len(lines)):
            view.post_message(events.MouseScrollDown(view, 1, 1, 0, 1, 0, False, False, False))
            await pilot.pause()
            if lines[-1] in sentences(app):
                break
        assert lines[-1] in sentences(app)  # The wheel reached the oldest page.


async def test_a_jump_reads_no_more_pages_than_hold_enough_events(tmp_path, monkeypatch):
    """A jump takes the pages that hold ``ENOUGH`` events (one page here), the window
    growing again as the cursor moves on: from the oldest up to the newest, every command
    shown once, in order."""
    monkeypatch.setattr(log_pages, "ENOUGH", 1)
    folder = chunked(tmp_path, rolls=60)
    lines = expected(folder)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        window = app.screen.window
        assert window.low == window.high == window.journal_page  # The journal alone.
        await pilot.press("end")
        await pilot.pause()
        assert (window.low, window.high) == (0, 0)
        seen = [highlighted(app)]
        for _ in range(len(lines) + 5):
            await pilot.press("up")
            await pilot.pause()
            if highlighted(app) != seen[-1]:
                seen.append(highlighted(app))
        assert seen == lines[::-1]


async def test_the_oldest_page_is_read_ahead_and_end_reads_none(tmp_path, monkeypatch):
    folder = chunked(tmp_path)
    read = counting(monkeypatch)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        assert "0001.toml" in read  # Read once the newest were shown, before `end`.
        before = len(read)
        await pilot.press("end")
        await pilot.pause()
        assert len(read) == before and highlighted(app) == expected(folder)[-1]


async def test_a_window_built_before_shows_what_the_campaign_holds_now(tmp_path):
    """The windows built are kept while the campaign stays as it was; a command played
    since is in the log when it is back at the newest."""
    folder = chunked(tmp_path)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_log(app, pilot)
        for key in ("end", "home", "end"):
            await pilot.press(key)
            await pilot.pause()
        app.session.run(Roll(character="mara", difficulty=2, die=10, label="Played since"))
        await pilot.pause()
        await pilot.press("home")
        await pilot.pause()
        assert "Played since" in highlighted(app)


def test_a_timed_line_is_laid_out_once_for_each_width(monkeypatch):
    """Measured, then drawn, at one width: laid out once; at another width, anew, as a
    line never drawn before is."""
    console = Console(width=120)
    sentence = "Mara Quist rolled Might against difficulty 4 and beat it. " * 3
    line = TimedLine(3600, sentence)
    grids = []
    grid = TimedLine.grid
    monkeypatch.setattr(TimedLine, "grid", lambda self: grids.append(1) or grid(self))

    def drawn(timed: TimedLine, width: int) -> list[list[Segment]]:
        return console.render_lines(timed, console.options.update_width(width))

    narrow = drawn(line, 40)
    assert drawn(line, 40) == narrow and len(grids) == 1
    wide = drawn(line, 100)
    assert len(grids) == 2 and len(wide) < len(narrow)
    assert wide == drawn(TimedLine(3600, sentence), 100)
    assert narrow == drawn(TimedLine(3600, sentence), 40)
