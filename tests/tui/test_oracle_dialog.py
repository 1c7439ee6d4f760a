"""The oracle dialog (Home's a), keys only: the odds before asking, the answer big after,
one journal event and a log line per question; typing never asks; usable at 80x24 and
40x12 (R-ORC-1..3)."""

import io

from rich.console import Console
from textual.widgets import Input

from strange_tui.campaign.model.events import OracleAsked
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.solo.oracle import OracleDialog
from tests.tui.test_layout import screen_lines, tab_through, visible

QUESTION = "Is the door guarded?"
LIKELY = ["tab", "enter", "up", "enter"]  # From the question: the list, one up from "even".


def on_screen(app) -> str:
    return "\n".join(screen_lines(app))


def questions(app) -> list[OracleAsked]:
    return [e for e in app.session.journal() if isinstance(e, OracleAsked)]


async def test_r_orc_1_ask_a_likely_question_with_your_own_d20(demo_app):
    """Home, a, a question, 'likely': 65% yes in all (13 faces of 20, from 8); ctrl+f, 14,
    enter: 'Yes' big on screen, one event with the typed die, a log line, and the dialog
    ready for the next question."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = len(demo_app.session.journal())
        await pilot.press("a", *QUESTION, *LIKELY)
        await pilot.pause()
        assert isinstance(demo_app.screen, OracleDialog)
        screen = on_screen(demo_app)
        assert "Likely" in screen and "yes on 8+" in screen
        assert "Yes in all 65% 13 of 20" in screen
        assert "Yes        55% 8-18" in screen and "No, and     5% 1" in screen
        assert questions(demo_app) == []  # Nothing asked yet.

        await pilot.press("ctrl+f", "1", "4", "enter")
        await pilot.pause()
        journal = demo_app.session.journal()
        assert len(journal) == before + 1
        asked = journal[-1]
        assert isinstance(asked, OracleAsked)
        assert (asked.question, asked.likelihood, asked.die, asked.app_rolled) == (
            QUESTION,
            "likely",
            14,
            False,
        )
        screen = on_screen(demo_app)
        assert "  Yes  " in screen and f"“{QUESTION}” (likely)" in screen
        assert "d20: 14 (your die)" in screen
        assert demo_app.session.describe((asked,)) == (
            f'The oracle, asked "{QUESTION}" (likely), rolled 14: Yes.'
        )
        # The dialog stays, the question cleared and focused, the likelihood kept.
        assert isinstance(demo_app.screen, OracleDialog)
        assert demo_app.focused.id == "question" and demo_app.focused.value == ""
        assert "Likely" in on_screen(demo_app)

        await pilot.press(*"Does it hold?", "ctrl+s")  # ctrl+s asks too; the app rolls.
        await pilot.pause()
        second = questions(demo_app)[-1]
        assert (second.question, second.likelihood, second.app_rolled) == (
            "Does it hold?",
            "likely",
            True,
        )
        assert f"d20: {second.die} (the app's die)" in on_screen(demo_app)

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert len(demo_app.session.journal()) == before + 2


async def test_r_orc_2_the_twist_is_said_in_words(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *"Is anyone home?", "enter", "1", "enter")
        await pilot.pause()
        assert "No, and: a complication comes with it" in on_screen(demo_app)


async def test_typing_never_asks_and_enter_in_the_question_goes_to_the_die(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *"Should I run? yes, quickly", "enter")
        await pilot.pause()
        assert questions(demo_app) == []
        assert demo_app.focused.id == "die"
        await pilot.press("tab", "tab")  # Past Ask to Close: nothing asked on the way.
        assert questions(demo_app) == []
        await pilot.press("shift+tab", "shift+tab", "enter")  # Back to the die: Enter asks.
        await pilot.pause()
        assert len(questions(demo_app)) == 1


async def test_an_empty_question_is_refused_and_nothing_is_written(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.journal()
        await pilot.press("a", "ctrl+f", "7", "enter")
        await pilot.pause()
        assert demo_app.session.journal() == before
        assert isinstance(demo_app.screen, OracleDialog)
        assert demo_app.screen.query_one("#die", Input).value == "7"  # Kept to try again.
        await pilot.press("ctrl+s")  # Still nothing typed.
        await pilot.pause()
        assert demo_app.session.journal() == before


async def test_a_die_off_the_d20_is_refused(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *"Is it?", "ctrl+f", "2", "5", "enter")
        await pilot.pause()
        assert questions(demo_app) == []


async def test_a_players_seat_asks_too(demo):
    app = StrangeApp(campaign_path=demo, saves=demo.parent, seat="mara-quist")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")  # A player's seat opens on their sheet; Home is below.
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("a", *"Am I followed?", "ctrl+f", "9", "enter")
        await pilot.pause()
    asked = list(CampaignFolder(demo).events())[-1]
    assert isinstance(asked, OracleAsked) and asked.seat == "mara-quist"


async def test_the_whole_dialog_shows_at_80x24_with_an_answer(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *QUESTION, "ctrl+f", "2", "0", "enter")
        await pilot.pause()
        dialog = demo_app.screen
        for selector in ("#question", "#likelihood", "#answer", "#odds", "#die", "#ask"):
            assert visible(demo_app, dialog.query_one(selector)), selector
        assert "Yes, and: something big in your favour comes with it" in on_screen(demo_app)


async def test_every_field_and_button_comes_into_view_at_40x12(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert await tab_through(pilot) == []
        await pilot.press("ctrl+f", "5", "enter")  # Refused: no question yet.
        await pilot.press("shift+tab", "shift+tab", *"Is it?", "ctrl+s")
        await pilot.pause()
        assert len(questions(demo_app)) == 1
        assert await tab_through(pilot) == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)


async def test_help_explains_how_likely_maps_to_the_d20(demo_app):
    """? in the oracle dialog opens Help at the oracle's section, which gives the scale:
    each likelihood's lowest yes face and chance, and the special faces' twists."""
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("a", "f1")
        await pilot.pause()
        section = demo_app.screen.query_one(f"#section-{demo_app.screen.current}")
        out = io.StringIO()
        Console(file=out, width=200, color_system=None).print(section.content)
        text = " ".join(out.getvalue().split())
        assert "Oracle" in text and "likely 8+ (65%)" in text and "impossible 20+ (5%)" in text
        assert "a 1 is always no, and" in text
