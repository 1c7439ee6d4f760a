"""The player's keymap (the config file's [keys]) moves an action to another key: the old
key no longer does it, the new one does, and the key bar, Help and the palette say so. A
remap that would share a key with another action of the screen is left out and said."""

from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.common.bindings import screen_bindings
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.home.help import SECTIONS, HelpScreen, section_rows
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.rolls.roll import RollDialog
from tests.config_file import config_file
from tests.tui.reach import screen_lines
from tests.tui.test_app_keys import notices


async def test_roll_remapped_to_ctrl_o_no_longer_rolls_on_r(demo):
    config_file().write_text('[keys]\nhome.roll = "ctrl+o"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen), "r still opened a dialog"
        bar = app.screen.query_one(KeyBar)
        assert "ctrl+o" in bar.shown_keys() and "r" not in bar.shown_keys()
        assert "^o Roll" in str(bar.render())
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)
        assert not notices(app)


async def test_help_and_the_palette_name_the_remapped_key(demo):
    config_file().write_text('[keys]\nhome.roll = "ctrl+o"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home = dict((what, keys) for keys, what in section_rows(
            next(section for section in SECTIONS if section.title == "Home")
        ))  # fmt: skip
        roll = next(what for what in home if what.startswith("Roll"))
        assert home[roll] == "ctrl+o"
        assert any(b.key == "ctrl+o" and b.action == "roll" for b in screen_bindings(HomeScreen))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        lines = screen_lines(app)
        assert any("ctrl+o" in line and "Roll" in line for line in lines), lines
    # Closed, the app leaves the defaults for what reads the keys next in this process.
    assert any(b.key == "r" and b.action == "roll" for b in screen_bindings(HomeScreen))


async def test_a_remap_onto_another_actions_key_is_left_out_and_said(demo):
    """n is New character on Home: Roll on n would hide one of the two. The remap is left
    out (r still rolls, n still makes a character) and the start says so, naming both."""
    config_file().write_text('[keys]\nhome.roll = "n"\nno.such = "x"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        said = "\n".join(notices(app))
        assert "home.roll = 'n' is also New" in said and "kept 'r'" in said
        assert "no binding is called 'no.such'" in said
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)


async def test_two_actions_swapping_keys_is_no_clash(demo):
    config_file().write_text('[keys]\nhome.roll = "l"\nhome.log = "r"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not notices(app)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)


async def test_a_remapped_key_keeps_its_place_on_the_key_bar(demo):
    """Textual lists a remapped binding last; the bar's order is the keys' importance,
    so Roll stays where the screen declares it."""
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        default = app.screen.query_one(KeyBar).shown_keys()
    config_file().write_text('[keys]\nhome.roll = "ctrl+o"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        moved = app.screen.query_one(KeyBar).shown_keys()
    assert moved == ["ctrl+o" if key == "r" else key for key in default]
