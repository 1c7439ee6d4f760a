"""The combat tracker's Turn panel at 40x12, keys only (R-NPC-2): on the Abomination's turn
it says the turn, then what the creature's entry gives and, at the GM's seat, its
intrusion: more lines than a 12-row terminal leaves it, so it scrolls, and Tab then End
bring its last line on screen."""

from textual.containers import VerticalScroll

from tests.tui.test_creatures_in_play import ABOMINATION


async def test_r_npc_2_the_turn_panel_scrolls_to_the_creature_s_intrusion_at_40x12(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press(*ABOMINATION, "n")
        await pilot.pause()
        turn = demo_app.screen.query_one("#turn", VerticalScroll)
        assert turn.max_scroll_y > 0  # Its intrusion is below the panel's last row.
        await pilot.press("tab")
        assert demo_app.focused is turn
        await pilot.press("end")
        await pilot.pause()
        assert turn.scroll_y == turn.max_scroll_y
        detail = demo_app.screen.query_one("#detail")
        bottom = detail.region.bottom  # The panel's last row, its border, on screen.
        assert turn.region.y < bottom <= turn.region.bottom
        assert turn.region.bottom <= demo_app.screen.size.height - 2  # Above the key bar.
