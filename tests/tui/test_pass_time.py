"""Passing time from Home, keys only: w opens the dialog, its preview says what a night
does (R-REC-2), which effects end and the 24-hour translation penalty now and then (R-TR-3);
Advance moves the clock as one undo step, and the next rest is the day's first again."""

from textual.widgets import Static

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.character import Rest
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.rules.pools import Stat
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.table.pass_time import PassTimeDialog
from tests.campaign.builders import character, with_pool


def rested_and_translated(tmp_path) -> StrangeApp:
    """Mara has rested twice today; Mara and Jun translated to Ruk at 08:00 (a 20: focus
    tasks eased for a day); the clock is at Day 1, 12:00."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Night")
    store = folder.open()
    for id_ in ("mara", "jun"):
        who = with_pool(character(id_), Stat.MIGHT, 2)
        store.dispatch(CharacterCreated(character=who))
    for command in (
        Rest(character="mara", die=1, advance_clock=False),
        Rest(character="mara", die=1, advance_clock=False),
        Translate(destination="ruk", recursion_difficulty=5, initiator="mara",
                  helpers=("jun",), die=20),
    ):  # fmt: skip
        store.apply(decide(store.state, command))
    return StrangeApp(campaign_path=folder.path, saves=saves)


def screen_text(app: StrangeApp) -> str:
    return "\n".join(str(static.render()) for static in app.screen.query(Static))


async def test_r_rec_2_r_tr_3_w_passes_the_night_from_home(tmp_path):
    app = rested_and_translated(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        state = app.session.state
        assert state.characters["mara"].rests_today == 2
        effects = [e.label for e in state.active_effects() if e.until]
        assert effects and state.clock.label() == "Day 1, 12:00"
        where = str(app.screen.query_one("#where", Static).render())
        assert all(label in where for label in effects)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, PassTimeDialog)
        preview = str(app.screen.query_one("#preview", Static).render())
        assert preview.startswith("Until Day 1, 13:00 (1 h)")
        assert "A night passes" not in preview
        # To the next morning: a night, Mara's rests start again, and the translation that
        # began at 08:00 leaves the 24-hour window; the day's ease (until 12:00) runs on.
        await pilot.press("tab", "enter", "down", "down", "down", "enter")
        await pilot.pause()
        preview = str(app.screen.query_one("#preview", Static).render())
        assert preview.startswith("Until Day 2, 08:00 (20 h)")
        assert "A night passes: a new day of recovery rolls (Mara rest again" in preview
        assert "Translating too often (24 h): +2 now, +0 then" in preview
        assert "Ends:" not in preview
        # A whole day (two up from the morning): the ease ends too.
        await pilot.press("enter", "up", "up", "enter")
        await pilot.pause()
        preview = str(app.screen.query_one("#preview", Static).render())
        assert preview.startswith("Until Day 2, 12:00 (1 d)")
        for label in effects:
            assert f"Ends: {label} (until Day 2, 12:00)" in preview
        seq = app.session.state.seq
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        state = app.session.state
        assert state.seq == seq + 1 and state.characters["mara"].rests_today == 0
        where = str(app.screen.query_one("#where", Static).render())
        assert "Day 2, 12:00" in where
        assert not any(label in where for label in effects)
        # The next rest is the day's first again.
        await pilot.press("s")
        await pilot.pause()
        assert "Rest 1 of 4 today" in screen_text(app)
        # One undo step takes the night back.
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert app.session.state.characters["mara"].rests_today == 2
        assert app.session.state.clock.label() == "Day 1, 12:00"


async def test_pass_time_is_in_the_palette_and_help(tmp_path):
    from strange_tui.tui.app.app import screen_bindings
    from strange_tui.tui.home.help import SECTIONS, section_rows

    home = dict(section_rows(next(s for s in SECTIONS if s.title == "Home")))
    assert "w" in home
    assert any(b.action == "pass_time" for b in screen_bindings(HomeScreen))
