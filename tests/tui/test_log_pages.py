"""The log reaches all of history, a few pages at a time: it opens at the newest entry,
`end` shows the oldest, `home` the newest again, and moving through it crosses the pages'
edges with every command shown once, in order."""

import pytest
from textual import events
from textual.widgets import OptionList, Select

from strange_tui.campaign.model.events import batches
from strange_tui.campaign.narrate.log import command_sentence, names_of
from strange_tui.storage import history
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home import log
from strange_tui.tui.home.log import LogScreen, TimedLine
from tests.storage.test_history_pages import chunked


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
