"""SVG snapshots of the main screens at 80x24, on a copy of the demo."""

from textual.widgets import Input


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
