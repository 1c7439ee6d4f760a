"""Home at the table, keys only at 80x24: "Latest" shows what matters (no "Next
turn." lines), names NPCs, and "Where and when" shows a fight under way, after a reopen
too."""

from textual.widgets import Static

from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.home import HomeScreen
from tests.campaign.builders import character

# A level-3 thug, then initiative: Mara 15, Jun 5, Tess 9 (the demo's order).
THUG_AND_INITIATIVE = ["c", "tab", "3", "tab", *"Thug", "enter"]
THUG_AND_INITIATIVE += ["i", "1", "5", "tab", "5", "tab", "9", "enter"]


def panel(app: StrangeApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_home_latest_without_turn_noise_and_the_fight_shown_after_a_reopen(demo):
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE)
        await pilot.press("n", "n", "n", "n", "n")  # Round 1 (four turns), into round 2.
        await pilot.pause()
        encounter = app.session.state.encounter
        assert encounter is not None and encounter.round == 2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        latest = panel(app, "#recent")
        assert "Next turn." not in latest
        assert "Initiative: Mara Quist 15, Jun Okafor 5, Tess Harrow 9 — " in latest
        assert "Into the fight: Thug (level 3)." in latest
        assert "A fight began." in latest
        fight = f"A fight: round 2, {encounter.active.name}'s turn — c"
        assert fight in panel(app, "#where")
    # Closed and opened again: the fight is still under way, and Home says so.
    reopened = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with reopened.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(reopened.screen, HomeScreen)
        assert fight in panel(reopened, "#where")
        assert "Next turn." not in panel(reopened, "#recent")


async def test_where_and_when_counts_one_character_in_the_singular(tmp_path):
    """A campaign of one: Home's "Where and when" says '1 character', not '1 characters'."""
    folder = CampaignFolder.create(tmp_path / "saves", "Alone")
    folder.open().dispatch(CharacterCreated(character=character("mara")))
    app = StrangeApp(campaign_path=folder.path, saves=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert panel(app, "#where").rstrip().endswith("1 character")
        assert "event" not in panel(app, "#where")  # The journal's count means nothing here.
