"""Help opens at the section of the screen it was called from (scrolled there, highlighted),
and its keys are the screens' bindings, as the palette's are."""

from textual.containers import VerticalScroll

from strange_tui.tui.app.app import screen_bindings
from strange_tui.tui.home.help import SECTIONS, HelpScreen, section_rows


def index_of(title: str) -> int:
    return next(i for i, section in enumerate(SECTIONS) if section.title == title)


def shown_section(app) -> str:
    """The title of the highlighted section, after checking it is scrolled into view."""
    assert isinstance(app.screen, HelpScreen)
    current = list(app.screen.query(".help-section.-current"))
    assert len(current) == 1
    box = app.screen.query_one("#help", VerticalScroll)
    section = current[0]
    top = section.virtual_region.y
    assert box.scroll_y <= top < box.scroll_y + box.scrollable_content_region.height
    return SECTIONS[int(section.id.removeprefix("section-"))].title


async def test_help_opens_at_the_screen_it_was_called_from(demo_app):
    """? on Home, the combat tracker (a dialog over it falls back to it), a roll dialog
    (F1, its own section) and the wizard: each opens Help at its own section, scrolled
    there and highlighted."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert shown_section(demo_app) == "Home"
        await pilot.press("escape", "r", "f1")
        await pilot.pause()
        assert shown_section(demo_app) == "Roll dialog"
        await pilot.press("escape", "escape", "l", "question_mark")
        await pilot.pause()
        assert shown_section(demo_app) == "Log"
        await pilot.press("escape", "escape", "n", "f1")  # A filter field has the focus.
        await pilot.pause()
        assert shown_section(demo_app) == "Character creation"
        await pilot.press("escape", "escape", "y", "c", "f1")  # The add-NPCs dialog is up.
        await pilot.pause()
        assert shown_section(demo_app) == "Combat"


async def test_help_and_the_palette_read_the_bindings(demo_app):
    """Every binding of a screen is a line of its Help section (its description, and its
    tooltip when it has one), and the palette on that screen offers it by the same name."""
    from strange_tui.tui.home.home import HomeScreen

    rows = dict(section_rows(SECTIONS[index_of("Home")]))
    for binding in screen_bindings(HomeScreen):
        assert any(what.startswith(binding.description) for what in rows.values())
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = {command.title for command in demo_app.get_system_commands(demo_app.screen)}
        assert {b.description for b in screen_bindings(HomeScreen)} <= titles
        assert "Undo" in titles
        await pilot.press("n")
        await pilot.pause()
        titles = {command.title for command in demo_app.get_system_commands(demo_app.screen)}
        assert "Undo" not in titles  # The wizard's ctrl+z is not the campaign's.
    assert ("ctrl+z", "Undo") in section_rows(SECTIONS[index_of("Everywhere")])
