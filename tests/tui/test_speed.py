"""Work the screens must not repeat (tui/common/speed.py): restyling a whole screen when
it comes back on top with nothing changed, or when its first Resize sets breakpoint
classes it could have had from the start."""

from textual.screen import Screen

from strange_tui.tui.home.home import HomeScreen


def count_restyles(monkeypatch) -> list[str]:
    """The screens whose every widget is styled again, one entry per time."""
    restyled: list[str] = []
    original = Screen.update_node_styles

    def update_node_styles(self, animate: bool = True) -> None:
        restyled.append(type(self).__name__)
        original(self, animate=animate)

    monkeypatch.setattr(Screen, "update_node_styles", update_node_styles)
    return restyled


async def test_home_starts_with_its_breakpoints_and_is_not_restyled(demo_app, monkeypatch):
    restyled = count_restyles(monkeypatch)
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert {"-roomy", "-tall"} <= demo_app.screen.classes
        assert restyled == []


async def test_a_dialog_is_styled_as_it_mounts_and_not_again_as_it_comes_on_top(
    demo_app, monkeypatch
):
    """Textual calls the resume handler of every class of a screen's MRO: the one that
    skips the restyle must stop Screen's own from doing it anyway."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        restyled = count_restyles(monkeypatch)
        await pilot.press("r")  # The roll dialog over Home, then closed again.
        await pilot.pause()
        assert type(demo_app.screen).__name__ == "RollDialog"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert restyled == []
        # A theme chosen while a dialog is open still reaches Home once it is back on top.
        await pilot.press("r")
        await pilot.pause()
        demo_app.theme = "ruk"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        theme = demo_app.get_theme("ruk")
        assert demo_app.screen.styles.background.hex.lower() == theme.background.lower()


async def test_home_is_laid_out_once_its_key_bar_knowing_its_lines_as_it_mounts(
    demo_app, monkeypatch
):
    """Home's bar needs two lines at 80 columns. Guessing one before the first layout
    laid the whole screen out and drew it again once the bar knew its width."""
    from strange_tui.tui.common.keybar import KeyBar

    heights: list[int] = []
    original = KeyBar.on_resize

    def on_resize(self) -> None:
        heights.append(self.size.height)
        original(self)

    monkeypatch.setattr(KeyBar, "on_resize", on_resize)
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert demo_app.screen.query_one(KeyBar).size.height == 2
        assert heights and set(heights) == {2}


async def test_the_key_bar_redraws_only_when_its_keys_change(demo_app, monkeypatch):
    from strange_tui.tui.common.keybar import KeyBar

    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = demo_app.screen.query_one(KeyBar)
        redraws: list[str] = []
        original = KeyBar.refresh

        def refresh(self, *args, **kwargs):
            redraws.append(type(self).__name__)
            return original(self, *args, **kwargs)

        monkeypatch.setattr(KeyBar, "refresh", refresh)
        demo_app.screen.refresh_bindings()  # Focus moving, say: the same keys.
        await pilot.pause()
        assert redraws == []
        shown = bar.shown_keys()
        await pilot.resize_terminal(50, 24)  # Fewer keys fit: drawn again.
        await pilot.pause()
        assert redraws
        assert bar.shown_keys() != shown


async def test_the_key_bar_takes_a_new_themes_colours(demo_app):
    from strange_tui.tui.common.keybar import KeyBar

    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = demo_app.screen.query_one(KeyBar)
        demo_app.theme = "nerdinary" if demo_app.theme == "ruk" else "ruk"
        await pilot.pause()
        key_style = bar.get_component_rich_style("keybar--key")
        assert bar.render().spans[0].style == key_style
