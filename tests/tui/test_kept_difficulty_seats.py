"""R-TASK-8 at the seats, keys only where a person acts: the GM asks the party for a roll
and keeps its difficulty (a GM's window, as another process holds it, or the GM's app);
Mara rolls first at her window. Until every seat asked has rolled, Jun's Home, his log
and Mara's own answer say her die, never the difficulty, the target or the outcome; once
the last has rolled, or the GM reveals it (v in the questions, !), every seat reads it
whole, and Jun's question, still open, shows the difficulty."""

from pathlib import Path

import pytest
from textual.widgets import OptionList

from strange_tui.campaign.commands.table.asking import AnswerRoll, AskRoll
from strange_tui.campaign.model.events import DifficultyRevealed
from strange_tui.rules.pools import Stat
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.common.session import Session
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.log import LogScreen
from strange_tui.tui.table.answer_roll import RollAnswer
from strange_tui.tui.table.questions import QuestionsDialog
from tests.demo_copy import fresh_demo
from tests.tui.test_seats_prompts import SIZE, text_of, wait_for

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
KEPT = "Mara Quist rolled 15 for Spot the watcher (the GM keeps the difficulty)."
WHOLE = "Mara Quist rolled 15 for Spot the watcher (Challenging 5, target 15): success."


@pytest.fixture
def demo(tmp_path) -> Path:
    return fresh_demo(tmp_path)


def seat_app(demo: Path, seat: str) -> StrangeApp:
    return StrangeApp(campaign_path=demo, saves=demo.parent, seat=seat)


def ask_the_party(gm: Session) -> None:
    gm.run(AskRoll(stat=Stat.INTELLECT, label="Spot the watcher", difficulty=5, secret=True))


def log_text(app: StrangeApp) -> str:
    listing = app.screen.query_one("#events", OptionList)
    return " ".join(str(listing.get_option_at_index(n).prompt) for n in range(listing.option_count))


async def to_home(app: StrangeApp, pilot) -> None:
    """From the seat's dialog (escape: later) and its sheet to Home."""
    while not isinstance(app.screen, HomeScreen):
        await pilot.press("escape")
        await pilot.pause()


async def test_r_task_8_jun_reads_maras_kept_roll_without_difficulty_until_the_last_rolls(demo):
    gm = Session.open(demo, demo.parent)
    mara, jun = seat_app(demo, MARA), seat_app(demo, JUN)
    async with mara.run_test(size=SIZE) as p_mara, jun.run_test(size=SIZE) as p_jun:
        ask_the_party(gm)
        await wait_for(lambda: isinstance(mara.screen, RollAnswer))
        await wait_for(lambda: isinstance(jun.screen, RollAnswer))
        await p_mara.pause()
        await p_mara.press("ctrl+f", "1", "5", "enter")
        await p_mara.pause()
        result = text_of(mara, "#result")
        assert "d20: 15" in result and "keeps the difficulty" in result
        assert "Success" not in result and "Failure" not in result

        await to_home(jun, p_jun)
        await wait_for(lambda: KEPT in text_of(jun, "#recent"))
        recent = text_of(jun, "#recent")
        assert "watcher (Challenging" not in recent
        await p_jun.press("l")  # The log screen reads it as Home does.
        await p_jun.pause()
        assert isinstance(jun.screen, LogScreen)
        assert KEPT in log_text(jun) and "watcher (Challenging" not in log_text(jun)
        await p_jun.press("escape")
        await p_jun.pause()

        await p_jun.press("exclamation_mark")  # His own question, reopened: he rolls.
        await wait_for(lambda: isinstance(jun.screen, RollAnswer))
        await p_jun.pause()
        await p_jun.press("ctrl+f", "3", "enter")
        await p_jun.pause()
        assert "keeps the difficulty" in text_of(jun, "#result")  # Tess is still to roll.
        await p_jun.press("enter")  # Done.
        await to_home(jun, p_jun)
        assert KEPT in text_of(jun, "#recent")

        gm.run(AnswerRoll(character=TESS, die=10))  # The GM answers for Tess: the last.
        await wait_for(lambda: WHOLE in text_of(jun, "#recent"))
        assert "Jun Okafor rolled 3 for Spot the watcher (Challenging 5, target 15): failure." \
            in text_of(jun, "#recent")  # fmt: skip
        await wait_for(lambda: "Success" in text_of(mara, "#result"))  # Her dialog, too.


async def test_r_task_8_the_gms_reveal_shows_the_difficulty_at_every_seat(demo):
    """Mara rolled (at her seat, as a command here); the GM's window: !, Jun's question
    highlighted, v. Jun's Home reads Mara's roll whole and the reveal's own line; his open
    question shows the difficulty now."""
    ask_the_party(Session.open(demo, demo.parent))
    Session.open(demo, demo.parent, seat=MARA).run(AnswerRoll(character=MARA, die=15))
    gm, jun = StrangeApp(campaign_path=demo, saves=demo.parent), seat_app(demo, JUN)
    async with gm.run_test(size=SIZE) as p_gm, jun.run_test(size=SIZE) as p_jun:
        await wait_for(lambda: isinstance(jun.screen, RollAnswer))
        await p_jun.pause()
        assert "kept by the GM" in text_of(jun, "#difficulty")
        await p_jun.press("escape", "escape")
        await p_jun.pause()
        assert isinstance(jun.screen, HomeScreen) and KEPT in text_of(jun, "#recent")

        await p_gm.pause()
        await p_gm.press("exclamation_mark")
        await p_gm.pause()
        assert isinstance(gm.screen, QuestionsDialog)
        assert "v reveals a kept difficulty" in text_of(gm)
        await p_gm.press("v")
        await p_gm.pause()
        assert isinstance(gm.session.journal()[-1], DifficultyRevealed)

        revealed = "The GM reveals the difficulty of Spot the watcher: Challenging 5, target 15."
        await wait_for(lambda: revealed in text_of(jun, "#recent"))
        assert WHOLE in text_of(jun, "#recent") and KEPT not in text_of(jun, "#recent")
        await p_jun.press("exclamation_mark")
        await wait_for(lambda: isinstance(jun.screen, RollAnswer))
        await p_jun.pause()
        assert "Challenging 5" in text_of(jun, "#difficulty")
        assert "target 15" in text_of(jun, "#preview")
