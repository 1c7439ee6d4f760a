"""R-WEAK-1 through the keys: the sheet's w takes a weakness for an Edge in one step, the
sheet shows it, and the roll dialog's cost counts it."""

from rich.console import Console

from strange_tui.tui.character.sheet_view import stats_block
from strange_tui.tui.character.weakness import WeaknessDialog
from tests.tui.conftest import character_state

MARA = "mara-quist"


async def test_r_weak_1_take_a_weakness_and_see_it_cost(demo_app):
    async with demo_app.run_test(size=(100, 30)) as pilot:
        before = character_state(demo_app, MARA)
        assert before.pools.intellect.edge == 0
        await pilot.press("enter", "w")
        await pilot.pause()
        assert isinstance(demo_app.screen, WeaknessDialog)
        shown = str(demo_app.screen.query_one("#preview").render())
        assert "Intellect: Edge 0 → 0, weakness 0 → 1" in shown
        await pilot.press("ctrl+s")
        await pilot.pause()
        after = character_state(demo_app, MARA)
        assert after.pools.intellect.weakness == 1
        assert after.pools.might.edge == before.pools.might.edge + 1
        console = Console(width=100, color_system=None)
        with console.capture() as sheet:
            console.print(stats_block(after))  # What the sheet's left column shows.
        assert "W1" in sheet.get()
        await pilot.press("ctrl+z")
        assert character_state(demo_app, MARA) == before
