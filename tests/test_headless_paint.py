"""The tests' paint on demand (tests/headless_paint.py) hides nothing a frame would show:
what a test reads is drawn, and content that cannot be drawn still fails at its key."""

import pytest
from textual.app import App, ComposeResult
from textual.markup import MarkupError
from textual.widgets import OptionList, Select, Static

import tests.headless_paint


class Small(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Kit acclimates", id="said")
        yield OptionList("Ardeyn", id="places")
        yield Select([("Ruk", 1)], id="choice")


def screen_text(app: App) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


def test_the_tests_run_with_frames_unpainted():
    from textual.screen import Screen

    assert Screen._compositor_refresh is tests.headless_paint._refresh_unpainted


async def test_what_a_test_reads_is_drawn():
    app = Small()
    async with app.run_test(size=(40, 12)) as pilot:
        app.query_one("#said", Static).update("Kit is in Ardeyn")
        app.query_one("#places", OptionList).add_option("Ruk")
        await pilot.pause()
        shown = screen_text(app)
    assert "Kit is in Ardeyn" in shown
    assert "Ruk" in shown


@pytest.mark.parametrize("where", ["option", "select"])
async def test_markup_that_cannot_be_drawn_fails_at_its_key(where):
    app = Small()
    with pytest.raises(MarkupError):
        async with app.run_test(size=(40, 12)) as pilot:
            if where == "option":
                app.query_one("#places", OptionList).add_option("[/broken]")
            else:
                app.query_one("#choice", Select).set_options([("[/broken]", 2)])
                await pilot.press("tab", "enter")
            await pilot.pause()
