"""The app's first screen: it opens, shows the licence notice, and quits on `q`."""

from strange_tui import legal
from strange_tui.tui.app import StrangeApp


async def test_app_opens_with_the_notice_and_quits_on_q():
    app = StrangeApp(campaign="demo")
    async with app.run_test(size=(80, 24)) as pilot:
        welcome = app.query_one("#welcome")
        text = str(welcome.render())
        assert "demo" in text and legal.COMPATIBILITY in text
        await pilot.press("q")
        assert app.return_code == 0
    assert not app.is_running


async def test_campaign_name_with_markup_is_shown_literally():
    """A hostile name cannot break the screen's markup."""
    app = StrangeApp(campaign="[b]oops[/i]")
    async with app.run_test(size=(80, 24)):
        assert "[b]oops[/i]" in str(app.query_one("#welcome").render())


async def test_app_survives_a_tiny_terminal():
    """DESIGN.md: down to 40x12 without a crash."""
    app = StrangeApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        assert app.screen is not None


class TestSnapshots:
    def test_welcome_80x24(self, snap_compare):
        assert snap_compare(StrangeApp(campaign="demo"), terminal_size=(80, 24))
