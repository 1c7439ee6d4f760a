"""The oracle dialog (Home's a), keys only: the odds before asking, with the tension and the
event die's chance; the answer big after, with the complication, gift or random event drawn
in the same step; the answer chosen instead of rolled; one journal step and a log line per
question; typing never asks; usable at 80x24 and 40x12 (R-ORC-1..3, R-TEN-2, R-TEN-3)."""

import io
import shutil

from rich.console import Console
from textual.widgets import Input, Select

from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import Drawn, OracleAsked
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.common.session import Session
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

        await pilot.press("ctrl+f", "1", "4", "tab", "2", "0", "enter")  # No event on a 20.
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
        assert "d20: 14 (your die) · event die: 20 (yours)" in screen
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
        assert len(questions(demo_app)) == 2


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
        await pilot.press("tab", "tab", "tab")  # The event die, Ask, Close: nothing asked.
        assert questions(demo_app) == []
        await pilot.press("shift+tab", "shift+tab", "enter")  # The event die: Enter asks.
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


async def test_in_solo_play_a_players_seat_asks_too(demo):
    """The oracle is the GM's where there is one; in solo play any seat asks it."""
    Session.open(demo, demo.parent).run(ChangeSettings(solo=True))
    app = StrangeApp(campaign_path=demo, saves=demo.parent, seat="mara-quist")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")  # A player's seat opens on their sheet; Home is below.
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("a", *"Am I followed?", "ctrl+f", "9", "tab", "2", "0", "enter")
        await pilot.pause()
    asked = list(CampaignFolder(demo).events())[-1]
    assert isinstance(asked, OracleAsked) and asked.seat == "mara-quist"


async def test_the_whole_dialog_shows_at_80x24_with_an_answer(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *QUESTION, "ctrl+f", "2", "0", "tab", "2", "0", "enter")
        await pilot.pause()
        dialog = demo_app.screen
        for selector in ("#question", "#likelihood", "#answer", "#odds", "#die", "#ask"):
            assert visible(demo_app, dialog.query_one(selector)), selector
        assert "Yes, and: something big in your favour comes with it" in on_screen(demo_app)


async def test_the_dice_row_reads_as_two_fields_at_80x24(demo_app):
    """N7: each die's placeholder ends well before the second label (a gap of spaces)."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        (line,) = [line for line in screen_lines(demo_app) if "Event die" in line]
        assert "Your die ^f   blank: app rolls   " in line
        first, second = line.split("Event die")
        assert first.endswith("    ") and second.startswith(" blank: app rolls")


async def test_every_field_and_button_comes_into_view_at_40x12(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert await tab_through(pilot) == []
        # Refused: no question yet. The event die 20 brings no event (the keep row's own
        # test is the last of this file).
        await pilot.press("ctrl+f", "5", "tab", "2", "0", "enter")
        await pilot.press("ctrl+f", "shift+tab", "shift+tab", "shift+tab", *"Is it?", "ctrl+s")
        await pilot.pause()
        assert len(questions(demo_app)) == 1
        assert (questions(demo_app)[0].die, questions(demo_app)[0].event_die) == (5, 20)
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


def step_of(app, first: OracleAsked) -> list:
    """The events of the step ``first`` opened (the question and what came with it)."""
    journal = app.session.journal()
    return [e for e in journal if e.seq == first.seq or e.batch == first.seq]


async def test_r_ten_2_r_ten_3_the_odds_show_the_tension_and_the_event_chance(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert "yes on 11+ · tension 5 · event 1-2 (10%)" in on_screen(demo_app)


async def test_r_ten_3_r_evt_1_the_event_die_brings_a_random_event_shown_in_the_dialog(demo_app):
    """Your die 10, the event die 1: the random event is drawn in the same step (one undo
    takes back both) and shown with the answer, the dialog still open."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *"Is the dock quiet?", "ctrl+f", "1", "0", "tab", "1", "enter")
        await pilot.pause()
        asked = questions(demo_app)[-1]
        assert (asked.die, asked.event_die, asked.app_rolled) == (10, 1, False)
        drawn = demo_app.session.journal()[-1]
        assert isinstance(drawn, Drawn) and drawn.table == "event"
        assert step_of(demo_app, asked) == [asked, drawn]
        screen = " ".join(on_screen(demo_app).replace("█", " ").split())
        assert "event die: 1 (yours) — a random event" in screen
        assert "A random event: " + " ".join(drawn.result.split()[:3]) in screen
        assert isinstance(demo_app.screen, OracleDialog)


async def test_r_orc_2_and_3_the_complication_and_the_gift_show_in_the_dialog(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *"Is it quiet?", "ctrl+f", "1", "tab", "2", "0", "enter")
        await pilot.pause()
        complication = demo_app.session.journal()[-1]
        assert isinstance(complication, Drawn) and complication.table == "complication"
        screen = " ".join(on_screen(demo_app).replace("█", " ").split())
        assert "A complication: " + complication.result.split(" — ")[0] in screen
        await pilot.press(*"Is help near?", "ctrl+f", "2", "0", "tab", "2", "0", "enter")
        await pilot.pause()
        gift = demo_app.session.journal()[-1]
        assert isinstance(gift, Drawn) and gift.table == "gift"
        screen = " ".join(on_screen(demo_app).replace("█", " ").split())
        assert "A gift: " + gift.result.split(" — ")[0] in screen


LONG_PACK = """
[[complications]]
id = "long"
name = "The floor gives way"
text = "Old boards crack under the weight and drop you a storey into the cellar's dark."

[[event_foci]]
id = "thread"
name = "A thread draws closer"
text = "An open matter takes a step toward its end."
picks = "thread"

[[meanings]]
id = "a"
name = "overwhelm all"
table = "action"

[[meanings]]
id = "s"
name = "the old ledger"
table = "subject"
"""


async def test_the_answer_with_a_complication_and_an_event_fits_80x24(demo):
    """The longest answer a built-in line gives: a complication of two lines and a random
    event of two, with the odds, the dice and the buttons, all on screen at 80x24 (a pack
    of one line each: no dice to roll for them, so the test knows every word)."""
    (demo.parent / "packs").mkdir()
    (demo.parent / "packs" / "solo.toml").write_text(LONG_PACK)
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a", *"Is the stair safe?", "ctrl+f", "1", "tab", "2", "enter")
        await pilot.pause()
        dialog = app.screen
        for selector in ("#question", "#likelihood", "#chosen", "#answer", "#odds", "#die",
                         "#event-die", "#ask"):  # fmt: skip
            assert visible(app, dialog.query_one(selector)), selector
        screen = " ".join(on_screen(app).replace("█", " ").split())
        assert "A complication: The floor gives way — Old boards crack" in screen
        assert "A random event: A thread draws closer (none is open: a new one begins);" in screen
        assert "its meaning: overwhelm all · the old ledger" in screen
        assert "ctrl+s asks" in screen


async def test_choose_the_answer_instead_of_rolling(demo_app):
    """The Answer list (Tab from How likely), not a letter typed: 'Yes' chosen, ctrl+s: the
    question recorded with no die, no event die, nothing drawn; the dice fields off while
    an answer is chosen; the list back on 'Roll the dice' for the next question."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = len(demo_app.session.journal())
        await pilot.press("a", *"Yes, and no?")  # Typing the answers' words chooses nothing.
        await pilot.pause()
        assert dialog_chosen(demo_app) == "roll"
        await pilot.press("tab", "tab", "enter", "down", "down", "enter")
        await pilot.pause()
        assert dialog_chosen(demo_app) == "Yes"
        assert demo_app.screen.query_one("#die", Input).disabled
        assert questions(demo_app) == []  # Choosing is not asking.
        await pilot.press("ctrl+s")
        await pilot.pause()
        journal = demo_app.session.journal()
        assert len(journal) == before + 1
        asked = journal[-1]
        assert isinstance(asked, OracleAsked)
        assert (asked.chosen, asked.die, asked.event_die) == ("Yes", None, None)
        assert "Yes (your choice)" in on_screen(demo_app)
        assert dialog_chosen(demo_app) == "roll"
        assert not demo_app.screen.query_one("#die", Input).disabled


def dialog_chosen(app) -> str:
    return str(app.screen.query_one("#chosen", Select).value)


async def test_a_random_event_s_keep_row_fits_80x24_and_40x12_under_the_event(demo):
    """The row that keeps a random event (a name, the list, Keep) sits under the event:
    at 80x24 it shows with every field and button; at 40x12 it stacks, each part in
    view when Tab reaches it, and its name and Keep keep the event as one step."""
    (demo.parent / "packs").mkdir()
    (demo.parent / "packs" / "solo.toml").write_text(LONG_PACK)
    for size in ((80, 24), (40, 12)):
        fresh = demo.parent / f"demo-{size[0]}"  # No thread open yet: the event offers.
        shutil.copytree(demo, fresh)
        app = StrangeApp(campaign_path=fresh, saves=demo.parent)
        async with app.run_test(size=size) as pilot:
            await pilot.press("a", *"Is it safe?", "ctrl+f", "1", "0", "tab", "1", "enter")
            await pilot.pause()
            dialog = app.screen
            keeper = dialog.query_one("#keep-event")
            assert keeper.display and keeper.region.width <= size[0] - 4
            parts = ("#keep-name", "#keep-list", "#keep-event-button")
            if size == (80, 24):
                for selector in ("#question", "#answer", "#odds", "#die", "#ask", *parts):
                    assert visible(app, dialog.query_one(selector)), selector
            assert await tab_through(pilot) == []
            dialog.query_one("#keep-name", Input).focus()
            await pilot.press(*"The ledger", "enter")
            await pilot.pause()
            assert [t.name for t in app.session.state.story.threads][-1] == "The ledger"
