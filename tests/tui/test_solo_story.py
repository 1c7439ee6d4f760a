"""The story in solo play, keys only: e starts a scene with the player's own die (R-SCN-1:
the odds first, then the result in the dialog), k adds a thread, Home's Story panel shows
tension, the scene and the thread; e again ends the scene badly and tension rises to 6
(R-SCN-2). Tension is set from the same dialog (R-TEN-1). A campaign with a GM shows no
Story panel."""

from textual.widgets import Input, Select, Static

from strange_tui.campaign.model.events import Listed, SceneEnded, SceneStarted, TensionSet
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.solo.lists import ListsDialog
from strange_tui.tui.solo.scenes import ScenesDialog
from strange_tui.tui.solo.story_panel import StoryPanel
from tests.tui.test_combat import party_app
from tests.tui.test_layout import screen_lines
from tests.tui.test_solo_play import solo_app

SIZE = (80, 24)


def shown(app) -> str:
    return "\n".join(screen_lines(app))


async def test_r_scn_1_r_scn_2_a_scene_a_thread_and_tension_on_home(tmp_path):
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(StoryPanel)
        assert panel.display and "Tension 5/9" in shown(app)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ScenesDialog)
        # Letters that are keys elsewhere (k, e, q) only type; the odds show before the die.
        await pilot.press(*"The keeper lets us in quietly")
        await pilot.pause()
        odds = str(app.screen.query_one("#odds", Static).render())
        assert "As expected  75%  on 6-20" in odds and "Altered" in odds
        assert "Interrupted  10%  on 2, 4" in odds
        assert app.session.journal()[-1].__class__.__name__ == "SettingsChanged"
        await pilot.press("enter", *"12", "enter")  # To the die; the die starts it.
        await pilot.pause()
        started = app.session.journal()[-1]
        assert isinstance(started, SceneStarted)
        assert (started.die, started.app_rolled) == (12, False)
        result = str(app.screen.query_one("#result", Static).render())
        assert "As expected" in result and "d20: 12 (your die) against tension 5" in result
        assert app.screen.query_one("#end-form").display  # Now: how did it go?
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, ListsDialog)
        await pilot.press(*"The missing courier", "enter", *"last seen at the docks", "enter")
        await pilot.pause()
        listed = app.session.journal()[-1]
        assert isinstance(listed, Listed) and listed.item.name == "The missing courier"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        story = str(app.screen.query_one(StoryPanel).render())
        assert "Tension 5/9" in story
        assert "Scene 1: The keeper lets us in quietly" in story
        assert "Threads: The missing courier" in story
        await pilot.press("e")
        await pilot.pause()
        assert app.screen.query_one("#went", Select).value == "mixed"
        await pilot.press("enter", "down", "enter")  # Open the choices; mixed, then badly.
        await pilot.pause()
        assert app.screen.query_one("#went", Select).value == "badly"
        await pilot.press("ctrl+s")
        await pilot.pause()
        ended, moved = app.session.journal()[-2:]
        assert isinstance(ended, SceneEnded) and ended.went == "badly"
        assert isinstance(moved, TensionSet) and (moved.tension, moved.was) == (6, 5)
        assert app.screen.query_one("#start-form").display  # Ready for the next scene.
        await pilot.press("escape")
        await pilot.pause()
        story = str(app.screen.query_one(StoryPanel).render())
        assert "Tension 6/9" in story and "No scene under way" in story
        assert "Tension 6/9" in shown(app)


async def test_r_ten_1_tension_is_set_in_the_scene_dialog(tmp_path):
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await pilot.pause()
        app.screen.query_one("#tension", Select).value = 8
        await pilot.click("#set")
        await pilot.pause()
        moved = app.session.journal()[-1]
        assert isinstance(moved, TensionSet) and (moved.tension, moved.was) == (8, 5)
        assert "Tension 8/9" in str(app.screen.query_one("#odds", Static).render())
        assert isinstance(app.screen.query_one("#expected", Input), Input)


async def test_a_campaign_with_a_gm_shows_no_story_panel(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query_one(StoryPanel).display
        assert "Tension" not in shown(app)


async def test_r_evt_1_a_person_is_met_then_leaves_the_story_by_a_deliberate_key(tmp_path):
    """k; the form adds to the list chosen; in a list, letters do nothing and ctrl+r closes
    the highlighted entry (one step, in the log)."""
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("k")
        await pilot.pause()
        app.screen.query_one("#which", Select).value = "people"
        app.screen.query_one("#name", Input).focus()
        for name in ("Alys", "The keeper"):
            await pilot.press(*name, "enter", "enter")
            await pilot.pause()
        assert [p.name for p in app.session.state.story.people] == ["Alys", "The keeper"]
        app.screen.query_one("#people").focus()
        await pilot.press("up", *"qx")  # Alys highlighted; letters change nothing.
        await pilot.pause()
        assert len(app.session.state.story.people) == 2
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert [p.name for p in app.session.state.story.people] == ["The keeper"]
        closed = app.session.journal()[-1]
        assert type(closed).__name__ == "Unlisted" and closed.id == "alys"
