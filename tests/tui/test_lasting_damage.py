"""Lasting damage as the table meets it, keys only (R-DMG-6): the GM marks a hit lasting
in the damage dialog, the sheet shows it beside the pool, and a day of full rest passed
with w heals a point, as the preview said."""

from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.character.points import DamageDialog
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.table.pass_time import PassTimeDialog
from tests.campaign.builders import character
from tests.tui.conftest import character_state
from tests.tui.test_combat import shown
from tests.tui.test_roll_dialog import tab_to
from tests.tui.test_sheet_dialogs import app_with, preview_text


async def test_r_dmg_6_a_lasting_hit_stays_past_recovery_and_a_day_of_rest_heals_a_point(
    tmp_path,
):
    app = app_with(tmp_path, character("mara"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "d", "5")
        assert isinstance(app.screen, DamageDialog)
        await tab_to(pilot, "lasting")
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert "Lasting: recovery rolls will not restore it" in preview_text(app)
        await tab_to(pilot, "amount")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        mara = character_state(app, "mara")
        assert mara.scars.lasting == {Stat.MIGHT: 4}  # 5 less Armor 1
        assert "Lasting 4 Might" in shown(app, "#stats-body")
        await pilot.press("escape", "w")
        assert isinstance(app.screen, PassTimeDialog)
        await tab_to(pilot, "unit")
        await pilot.press("enter", "down", "enter")  # hours → days
        await tab_to(pilot, "full-rest")
        await pilot.press("space")
        await pilot.pause()
        assert "Lasting damage heals: Mara: 1 Might" in preview_text(app)
        await tab_to(pilot, "amount")
        await pilot.press("enter")
        await pilot.pause()
        mara = character_state(app, "mara")
        assert mara.scars.lasting == {Stat.MIGHT: 3} and mara.pools.might.current == 9
