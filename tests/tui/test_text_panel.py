"""A text panel whose height follows its text lays the screen out again only when its
number of lines changes, and then it does: the panel grows and shrinks."""

from rich.text import Text
from textual.app import App, ComposeResult

from strange_tui.tui.common.text_panel import TextPanel


class PanelApp(App[None]):
    CSS = "TextPanel { height: auto; }"

    def compose(self) -> ComposeResult:
        yield TextPanel(id="panel")


async def test_an_auto_height_panel_follows_its_lines():
    app = PanelApp()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one(TextPanel)
        panel.show(Text("one line"))
        await pilot.pause()
        assert panel.region.height == 1
        panel.show(Text("first\nsecond\nthird"))
        await pilot.pause()
        assert panel.region.height == 3
        panel.show(Text("still\nthree\nlines"))  # Same height: repainted, not laid out.
        await pilot.pause()
        assert panel.region.height == 3
        panel.show(Text("a long line that wraps past forty columns of the screen " * 2))
        await pilot.pause()
        assert panel.region.height == 3
        panel.show(Text("short"))
        await pilot.pause()
        assert panel.region.height == 1
