"""The campaign list (open, create), bad campaigns, and theme files."""

from textual.widgets import Input

from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.campaigns import CampaignsScreen
from strange_tui.tui.home.home import HomeScreen
from tests.config_file import config_file


async def test_without_a_campaign_the_list_opens_the_demo(demo):
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, CampaignsScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.session.state.name == "Demo: The Glass Door"


async def test_a_new_campaign_from_the_list(tmp_path):
    app = StrangeApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n", *"Ardeyn Nights", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert (tmp_path / "ardeyn-nights" / "campaign.toml").is_file()
        assert app.session.state.name == "Ardeyn Nights"


async def test_the_new_campaign_field_names_the_game_without_a_doubled_article(tmp_path):
    """n asks for 'a new campaign (The Strange)', never 'a new The Strange campaign'."""
    app = StrangeApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        field = app.screen.query_one("#new", Input)
        assert field.placeholder == "Name of a new campaign (The Strange), then enter"


async def test_a_broken_campaign_is_reported_and_the_list_shown(demo):
    (demo / "campaign.toml").write_text("not = = toml")
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignsScreen)
        assert any("campaign.toml, line 1" in n.message for n in app._notifications)
    assert (demo / "campaign.toml").read_text() == "not = = toml"


async def test_themes_are_registered_and_a_broken_one_is_skipped(demo):
    themes = demo.parent / "themes"
    themes.mkdir()
    (themes / "broken.toml").write_text('name = "broken"\nprimary = "red"\n')
    (themes / "mine.toml").write_text('name = "mine"\nprimary = "#123456"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert {"earth", "ardeyn", "ruk", "daylight", "mine"} <= set(app.available_themes)
        assert "broken" not in app.available_themes
        assert app.theme == "earth"
        assert any("broken.toml" in n.message for n in app._notifications)


async def test_the_theme_follows_the_recursion_setting_from_the_palette(demo):
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.session.state.settings.theme_follows_recursion
        app.action_toggle_theme_follows()
        await pilot.pause()
        assert not app.session.state.settings.theme_follows_recursion
        await pilot.press("ctrl+z")
        assert app.session.state.settings.theme_follows_recursion


async def test_the_theme_kept_from_last_time_colours_the_first_frame(demo):
    """A dark theme is set before the app runs without Textual's second parse of
    the stylesheet; the first frame must still be drawn in its colours (a light one goes
    the usual way). Checked on the campaign list (a campaign's recursion may choose its
    own theme) and on the screen's background, which the stylesheet sets."""
    from textual.color import Color

    for name, dark in (("ruk", True), ("daylight", False)):
        config_file().write_text(f'theme = "{name}"\n')
        app = StrangeApp(saves=demo.parent)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, CampaignsScreen)
            theme = app.get_theme(name)
            assert app.theme == name and theme.dark is dark
            assert app.has_class(f"-theme-{name}") and app.has_class("-dark-mode") is dark
            assert not app.has_class("-theme-earth")
            assert app.screen.styles.background == Color.parse(theme.background)


async def test_a_campaign_that_follows_its_recursion_starts_in_its_theme_parsed_once(
    demo, monkeypatch
):
    """The theme kept from last time (ruk) gives way to the demo's recursion's (earth) as
    the campaign opens, before the stylesheet is first read: no second parse of it."""
    from textual.color import Color
    from textual.css.stylesheet import Stylesheet

    reparsed: list[bool] = []
    original = Stylesheet.reparse

    def reparse(self) -> None:
        reparsed.append(True)
        original(self)

    monkeypatch.setattr(Stylesheet, "reparse", reparse)
    config_file().write_text('theme = "ruk"\n')
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.session.state.settings.theme_follows_recursion
        assert app.theme == "earth"
        assert app.has_class("-theme-earth") and not app.has_class("-theme-ruk")
        earth = app.get_theme("earth")
        assert app.screen.styles.background == Color.parse(earth.background)
        assert reparsed == []
    # The recursion's theme is the app's choice, not the player's: ruk is still kept.
    assert config_file().read_text() == 'theme = "ruk"\n'


async def test_a_config_the_app_could_not_read_is_left_alone_and_said_once(demo):
    """A config file that is not UTF-8 is never rewritten by a theme change (it would
    lose everything the app could not read); the player is told why once, not at every
    theme they try."""
    data = b'theme = "ruk"\n# caf\xe9\n'
    config_file().write_bytes(data)
    app = StrangeApp(saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.theme = "ardeyn"
        app.theme = "daylight"
        await pilot.pause()
        kept = [n.message for n in app._notifications if "could not be kept" in n.message]
    assert config_file().read_bytes() == data
    assert len(kept) == 1 and "UTF-8" in kept[0]
