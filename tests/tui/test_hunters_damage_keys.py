"""The Hunters damage dialog, keys only (R-HUN-7): Enter in a field moves on and never
deals damage; only ctrl+s (or Apply) does. The preview counts the points by type."""

from strange_tui.campaign.model.events import HunterDamaged
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.hunters.damage import HunterDamageDialog
from strange_tui.tui.hunters.home import HuntersHomeScreen
from tests.tui.test_hunters_roll_words import hunt_app as one_hunter


def hunt_app(tmp_path) -> StrangeApp:
    return one_hunter(tmp_path, name="Sam", skills={}, vitals={"health": 10})


def damaged(app: StrangeApp) -> list[HunterDamaged]:
    return [e for e in app.session.journal() if isinstance(e, HunterDamaged)]


async def test_r_hun_7_enter_in_degrees_moves_on_and_only_ctrl_s_applies(tmp_path):
    app = hunt_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, HunterDamageDialog) and app.focused.id == "degrees"
        await pilot.press("enter")  # Enter in Degrees: on to the next field, nothing dealt.
        await pilot.pause()
        assert isinstance(app.screen, HunterDamageDialog) and not damaged(app)
        assert app.focused.id == "tool"
        await pilot.press("shift+tab", "backspace", *"10", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HunterDamageDialog) and not damaged(app)
        preview = str(app.screen.query_one("#preview").render())
        assert "bruising, wounding" not in preview  # counted by type, one space before →
        assert "1 bruising, 1 wounding, 1 traumatic, 1 crippling, 6 permanent → Health 0/10" in (
            preview
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen) and len(damaged(app)) == 1
