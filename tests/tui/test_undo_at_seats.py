"""A die once seen stays seen, with the GM's window and Mara's on one copy of the demo, keys
only where a person acts (commands set the fight up): Mara defends with Effort and rolls a
9; her ctrl+z refuses in one line and changes nothing; the GM's ctrl+z takes the roll back,
her window is told, and the log of both windows says that the GM took it back."""

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from textual._context import active_app
from textual.widgets import OptionList

from strange_tui.campaign.commands.combat import AddNpcs, NextTurn, RollInitiative, StartCombat
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import RollMade, StepTakenBack
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.log import LogScreen
from strange_tui.tui.table.answer import DefenseAnswer
from tests.demo_copy import fresh_demo

MARA = "mara-quist"
SIZE = (100, 30)
TAKEN_BACK = "The GM took back Mara Quist's defense roll (die 9)."


@pytest.fixture
def demo(tmp_path) -> Path:
    return fresh_demo(tmp_path)


@contextmanager
def acting(app: StrangeApp) -> Iterator[None]:
    token = active_app.set(app)
    try:
        yield
    finally:
        active_app.reset(token)


def run(app: StrangeApp, command) -> None:
    """A command the test sends from ``app``'s window (setting the table up)."""
    with acting(app):
        assert app.run_command(command)


async def wait_for(condition, seconds: float = 5.0) -> None:
    """Poll until ``condition()`` holds (the other window follows every 0.3 s)."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the other window never caught up")


def notes(app: StrangeApp) -> list[str]:
    return [f"{n.title}: {n.message}" for n in app._notifications]


def log_lines(app: StrangeApp) -> list[str]:
    events = app.screen.query_one("#events", OptionList)
    return [str(events.get_option_at_index(i).prompt) for i in range(events.option_count)]


async def test_a_players_undo_of_a_seen_die_is_refused_and_the_gms_is_logged(demo):
    gm = StrangeApp(campaign_path=demo, saves=demo.parent)
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with gm.run_test(size=SIZE) as p_gm, mara.run_test(size=SIZE) as p_mara:
        run(gm, StartCombat())
        run(gm, AddNpcs(name="Thug", level=3))
        run(gm, RollInitiative(dice={MARA: 15, "jun-okafor": 5, "tess-harrow": 9}))
        run(gm, NextTurn())
        run(gm, NextTurn())
        run(gm, AskDefense(character=MARA, npc="thug"))
        asked = gm.session.state

        # Mara's window opens the defense: Effort 1, her die 9, Done.
        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))
        await p_mara.pause()
        await p_mara.press("tab", "enter", "down", "enter")  # Effort: 1
        await p_mara.press("ctrl+f", "9", "enter")
        await p_mara.pause()
        made = [e for e in mara.session.journal() if isinstance(e, RollMade)][-1]
        assert (made.die, made.effort) == (9, 1)
        await p_mara.press("enter")  # Done.
        await p_mara.pause()
        assert isinstance(mara.screen, SheetScreen)

        # Her ctrl+z: one clear line, nothing changes.
        rolled, journal = mara.session.state, mara.session.journal()
        mara.clear_notifications()
        await p_mara.press("ctrl+z")
        await p_mara.pause()
        assert notes(mara) == [": Only the GM can take back a roll once its die is seen."]
        assert mara.session.state == rolled and mara.session.journal() == journal
        assert isinstance(mara.screen, SheetScreen)

        # The GM's ctrl+z (on Home) takes it back: the question is open again.
        await wait_for(lambda: gm.session.state.seq == rolled.seq)
        assert isinstance(gm.screen, HomeScreen)
        await p_gm.press("ctrl+z")
        await p_gm.pause()
        assert [p.id for p in gm.session.state.prompts] == [p.id for p in asked.prompts]
        assert gm.session.state.characters[MARA] == asked.characters[MARA]
        trace = gm.session.journal()[-1]
        assert isinstance(trace, StepTakenBack) and trace.what == "defense roll (die 9)"

        # Mara's window is told, and her question comes back to her.
        await wait_for(lambda: any("took back your defense roll" in n for n in notes(mara)))
        assert mara.session.state.characters[MARA] == asked.characters[MARA]
        await wait_for(lambda: isinstance(mara.screen, DefenseAnswer))
        await p_mara.pause()
        await p_mara.press("escape", "escape", "l")  # Later; off the sheet; the log.
        await p_mara.pause()
        await p_gm.press("l")
        await p_gm.pause()
        for app in (gm, mara):
            assert isinstance(app.screen, LogScreen)
            # The newest line, under the fight's heading (the log groups a fight).
            assert TAKEN_BACK in log_lines(app)[1] and "Fight:" in log_lines(app)[0]
