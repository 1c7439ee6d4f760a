"""SVG snapshots of the main screens at 80x24, on a copy of the demo."""

from textual.widgets import Input

from strange_tui.campaign.commands.combat import (
    AddNpcs,
    DamageNpcs,
    RollInitiative,
    StartCombat,
)
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.common.session import Session


class TestMainScreens:
    def test_home(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24))

    def test_sheet(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24), press=["enter"])

    def test_roll_dialog(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24), press=["r", *"Climb the wall"])

    def test_rest_dialog(self, demo_app, snap_compare):
        assert snap_compare(
            demo_app, terminal_size=(80, 24), press=["down", "down", "s", "4", "enter"]
        )

    def test_log(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24), press=["l"])

    def test_help(self, demo_app, snap_compare):
        assert snap_compare(demo_app, terminal_size=(80, 24), press=["question_mark"])


async def test_text_cursors_do_not_blink_in_tests(demo_app):
    """The fixture that keeps snapshots stable really reaches the app's inputs."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        focused = demo_app.focused
        assert isinstance(focused, Input)
        assert focused.cursor_blink is False


class TestPlayerSeatScreens:
    """A player's window (Mara's seat): her sheet first; the tracker with the NPCs'
    health in words, on Mara's turn (her keys only)."""

    def test_players_sheet(self, demo, snap_compare):
        app = StrangeApp(campaign_path=demo, saves=demo.parent, seat="mara-quist")
        assert snap_compare(app, terminal_size=(80, 24))

    def test_players_combat(self, demo, snap_compare):
        gm = Session.open(demo, demo.parent)  # The GM's window sets the fight up.
        gm.run(StartCombat())
        gm.run(AddNpcs(name="Thug", level=3, count=2))
        dice = {"mara-quist": 20, "jun-okafor": 2, "tess-harrow": 15}
        gm.run(RollInitiative(dice=dice))
        gm.run(DamageNpcs(targets=("thug",), amount=4))
        gm.run(DamageNpcs(targets=("thug-2",), amount=7))
        app = StrangeApp(campaign_path=demo, saves=demo.parent, seat="mara-quist")
        assert snap_compare(app, terminal_size=(80, 24), press=["escape", "c"])
