"""The log screen reads as a story: scenes and fights as headings, the turns passing folded
into the fight's heading (no bare "Next turn." lines), newest first, filtered by `f`."""

from textual.widgets import OptionList, Select

from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.log import LogScreen
from tests.campaign.test_story_log import play
from tests.tui.reach import screen_lines


def shown(app: StrangeApp) -> list[str]:
    events = app.screen.query_one("#events", OptionList)
    return [str(events.get_option_at_index(i).prompt) for i in range(events.option_count)]


async def test_the_log_screen_shows_scenes_and_fights_with_the_turns_folded(tmp_path):
    folder = play(tmp_path)
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        lines = shown(app)
        assert lines[0] == "■ Scene 2: Dawn at the lighthouse settings"  # Newest first.
        assert "■ Scene 1: Night on the coast road" in lines
        fight = next(line for line in lines if line.startswith("▸ Fight: Thug — "))
        assert "round" in fight
        assert lines.index("■ Scene 1: Night on the coast road") < lines.index(fight)
        assert not any("Next turn." in line for line in lines)
        # The filter by character keeps the headings of what is left.
        await pilot.press("f", "enter")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.query_one(Select).value == "mara"
        filtered = shown(app)
        assert any("Fix the van" in line for line in filtered)
        assert "■ Scene 2: Dawn at the lighthouse settings" not in filtered
        assert not any("Next turn." in line for line in filtered)


async def test_a_long_log_line_wraps_under_its_sentence_not_under_its_time(demo_app):
    """The demo's log at 80x24: a sentence too long for a line goes on under itself, so
    the time column stays clear and each entry starts with its time."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        lines = screen_lines(demo_app)
        first = next(n for n, line in enumerate(lines) if "Tess Harrow rolled 1" in line)
        start = lines[first].index("Tess Harrow")
        wrapped = lines[first + 1]
        assert wrapped[:start].strip("│ ") == "" and wrapped[start] != " "
        assert "thug (Challenging 5, target 15)" in wrapped
