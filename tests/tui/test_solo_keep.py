"""Keeping a thread or a person on the story's lists where the player meets it, keys only
(R-EVT-1 picks from these lists): the oracle's question as a thread, a random event that
names nothing on a list under a name the player types, the journal's first line; each in
a step of its own, and Home's Story panel shows it."""

from textual.widgets import Button

from strange_tui.campaign.model.events import Listed, OracleAsked, SceneWritten
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.solo.keep import cut
from strange_tui.tui.solo.oracle import OracleDialog
from strange_tui.tui.solo.scene import SceneDialog
from strange_tui.tui.solo.scenes import ScenesDialog
from strange_tui.tui.solo.story_panel import StoryPanel
from tests.tui.test_layout import screen_lines
from tests.tui.test_solo_play import SIZE, journal, solo_app

QUESTION = "Is the keeper of the lighthouse hiding something?"

ONE_EVENT_PACK = """
[[event_foci]]
id = "acts"
name = "A person acts"
text = "Someone already met does something of their own."
picks = "person"

[[meanings]]
id = "a"
name = "betray"
table = "action"

[[meanings]]
id = "s"
name = "the old ledger"
table = "subject"
"""
"""One focus and one word of each meaning: the event's words known, no die to choose."""


def one_event_app(tmp_path):
    app = solo_app(tmp_path)
    (tmp_path / "saves" / "packs").mkdir()
    (tmp_path / "saves" / "packs" / "solo.toml").write_text(ONE_EVENT_PACK)
    return app


def listed(app) -> list[Listed]:
    return [e for e in journal(app) if isinstance(e, Listed)]


def story_shown(app) -> str:
    return str(app.screen.query_one(StoryPanel).render())


def test_r_evt_1_a_name_is_cut_at_a_word_to_eighty():
    long = "Who " + "keeps the lamp burning " * 5
    kept = cut(long)
    assert len(kept) <= 80 and kept.endswith("…")
    assert kept[:-1] == kept[:-1].rstrip() and long.startswith(kept[:-1])
    assert long[len(kept) - 1] == " "  # Cut where a word ends.
    assert cut("\n  First line  \nsecond") == "First line"
    assert cut("Short") == "Short"


async def test_r_evt_1_the_oracle_keeps_the_question_as_a_thread_in_its_own_step(tmp_path):
    """ctrl+k before any answer keeps nothing; after one, the question becomes a thread
    with its answer as the note, one step of its own; a second ctrl+k keeps nothing more;
    Home's Story panel shows the thread."""
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *QUESTION)
        await pilot.pause()
        assert isinstance(app.screen, OracleDialog)
        assert app.screen.query_one("#keep", Button).disabled
        await pilot.press("ctrl+k")  # Nothing answered yet.
        await pilot.pause()
        assert listed(app) == []
        assert app.screen.query_one("#question").value == QUESTION  # Its own ctrl+k not run.

        await pilot.press("ctrl+f", "1", "4", "tab", "2", "0", "enter")  # Yes; no event.
        await pilot.pause()
        asked = journal(app)[-1]
        assert isinstance(asked, OracleAsked)
        await pilot.press("ctrl+k")
        await pilot.pause()
        kept = journal(app)[-1]
        assert isinstance(kept, Listed) and kept.list == "threads"
        assert (kept.item.name, kept.item.note) == (QUESTION, "Yes")
        assert journal(app)[-2] is asked  # Not part of the question's step: one of its own.
        assert app.session.undo().startswith("Undid: ")
        assert app.session.state.story.threads == () and journal(app)[-1] == asked
        app.session.redo()
        assert [t.name for t in app.session.state.story.threads] == [QUESTION]
        assert app.screen.query_one("#keep", Button).disabled

        await pilot.press("ctrl+k")  # Kept once for that answer.
        await pilot.pause()
        assert len(listed(app)) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert QUESTION[:20] in story_shown(app)


async def test_r_evt_1_the_oracles_random_event_keeps_someone_new_as_a_person(tmp_path):
    """An event die of 1 brings 'A person acts' with nobody met yet: a name typed in its
    row, Enter, and that person is met, the event's meaning as the note."""
    app = one_event_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a", *"Is anyone watching?", "ctrl+f", "1", "0", "tab", "1", "enter")
        await pilot.pause()
        assert "someone new" in "\n".join(screen_lines(app))
        assert app.screen.query_one("#keep-event").display
        await pilot.press("tab", "tab", "tab")  # How likely, the answer, then the event's row.
        assert app.focused.id == "keep-name"
        await pilot.press(*"Ilse the ferrywoman", "enter")
        await pilot.pause()
        kept = journal(app)[-1]
        assert isinstance(kept, Listed) and kept.list == "people"
        assert (kept.item.name, kept.item.note) == (
            "Ilse the ferrywoman",
            "betray · the old ledger",
        )
        assert not app.screen.query_one("#keep-event").display  # Kept once.
        assert isinstance(app.screen, OracleDialog)


async def test_r_evt_1_an_interrupted_scene_keeps_its_event_with_ctrl_k(tmp_path):
    """Tension 5, die 2: the scene is interrupted by the event; a name, ctrl+k."""
    app = one_event_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e", *"We reach the docks", "enter", "2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScenesDialog)
        assert app.screen.query_one("#keep-event").display
        app.screen.query_one("#keep-name").focus()
        await pilot.press(*"The harbour master", "ctrl+k")
        await pilot.pause()
        kept = journal(app)[-1]
        assert isinstance(kept, Listed) and kept.item.name == "The harbour master"


async def test_r_evt_1_the_journal_keeps_its_first_line_as_a_thread_unwritten(tmp_path):
    """ctrl+k in the journal: the note's first line a thread, the note not written (it
    stays to finish); Home's Story panel then shows the thread."""
    app = solo_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, SceneDialog)
        await pilot.press("ctrl+k")  # Empty: nothing kept.
        await pilot.pause()
        assert listed(app) == []
        await pilot.press(*"The missing courier", "enter", *"Mara asks at the gate.")
        await pilot.press("ctrl+k")
        await pilot.pause()
        kept = journal(app)[-1]
        assert isinstance(kept, Listed) and kept.list == "threads"
        assert kept.item.name == "The missing courier"
        assert not any(isinstance(e, SceneWritten) for e in journal(app))
        assert isinstance(app.screen, SceneDialog)
        assert app.screen.query_one("#scene").text.endswith("gate.")  # Nothing deleted.
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "The missing courier" in story_shown(app)
