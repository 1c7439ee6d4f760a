"""N4: after a scene starts, focus goes where the player goes next (the event's name to
keep, when a random event offers one; else the outcome's list, never the End button): a
second Enter does not end the scene just begun. N3: the Scenes dialog's key hint fits
whole at 80x24."""

from strange_tui.campaign.model.events import SceneEnded, SceneStarted
from strange_tui.tui.solo.scenes import ScenesDialog
from tests.tui.test_layout import screen_lines
from tests.tui.test_solo_keep import one_event_app
from tests.tui.test_solo_play import SIZE, journal, solo_app


async def test_an_interrupted_scene_puts_focus_on_the_events_name_to_keep(tmp_path):
    app = one_event_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", *"We reach the docks", "enter", "2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScenesDialog)
        assert any(isinstance(e, SceneStarted) for e in journal(app))
        assert app.focused.id == "keep-name"
        await pilot.press(*"The harbour master")
        assert app.focused.value == "The harbour master"


async def test_a_second_enter_after_a_scene_starts_does_not_end_it(tmp_path):
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", *"The keeper lets us in", "enter", "12", "enter")
        await pilot.pause()
        assert app.focused.id != "end"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not any(isinstance(e, SceneEnded) for e in journal(app))
        assert app.session.state.story.scene


def hint_shown(app) -> str:
    """The dialog's key hint, asserted whole on the screen (not cut with an ellipsis)."""
    hint = app.screen.query_one(".dialog").border_subtitle
    assert hint in "\n".join(screen_lines(app)), hint
    return hint


async def test_the_scenes_key_hint_fits_whole_at_80x24(tmp_path):
    """Starting: the die, start, escape; a scene interrupted: end, keep; kept: end."""
    app = one_event_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ScenesDialog)
        assert hint_shown(app) == "ctrl+f your die · ctrl+s starts · escape closes"
        await pilot.press(*"We reach the docks", "enter", "2", "enter")
        await pilot.pause()
        assert hint_shown(app) == "ctrl+s ends · ctrl+k keeps · escape closes"
        await pilot.press(*"The harbour master", "ctrl+k")
        await pilot.pause()
        assert hint_shown(app) == "ctrl+s ends · escape closes"
