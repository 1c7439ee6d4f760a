"""The config's ``dice = "own"``: the player rolls every die, so a blank "Your die" is a
die not yet typed: the roll waits for it and the app never rolls (R-TASK-5: the roll is
made when the die lands; here that is the player's die only)."""

from textual.widgets import Input

from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.rolls.roll import RollDialog
from tests.config_file import config_file
from tests.tui.test_app_keys import notices


async def test_r_task_5_own_dice_a_blank_die_is_refused_and_nothing_rolls(demo):
    config_file().write_text('dice = "own"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seq = app.session.state.seq
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)
        die = app.screen.query_one("#die", Input)
        assert "app rolls" not in die.placeholder
        await pilot.press("ctrl+f", "enter")
        await pilot.pause()
        assert app.session.state.seq == seq
        assert any("Type what your d20 shows" in line for line in notices(app))
        await pilot.press("1", "4", "enter")
        await pilot.pause()
        assert app.session.state.seq > seq


async def test_r_task_5_the_apps_dice_by_default_a_blank_die_rolls(demo):
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seq = app.session.state.seq
        await pilot.press("r")
        await pilot.pause()
        assert "app rolls" in app.screen.query_one("#die", Input).placeholder
        await pilot.press("ctrl+f", "enter")
        await pilot.pause()
        assert app.session.state.seq > seq
