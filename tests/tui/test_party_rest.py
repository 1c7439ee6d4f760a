"""The party acts together, keys only where a person acts: a party rest from Home moves
the clock once, by the longest rest (R-REC-4), or is asked at the seats and answered there;
"we sleep" is one key; a rest alone leaves the clock to the GM; a translation starts from
the last one's roles (a second one needs only the destination and the roll); the GM rolls
every missing initiative in one key."""

import asyncio
import io
import time
from pathlib import Path

from rich.console import Console
from textual._context import active_app
from textual.widgets import Button, Checkbox, Static

from strange_tui.campaign.commands.combat import AddNpcs, StartCombat
from strange_tui.campaign.commands.table.questions import AskInitiative
from strange_tui.campaign.model.events import (
    ClockAdvanced,
    InitiativeRolled,
    PromptClosed,
    RecoveryRolled,
    TranslationMade,
    batches,
)
from strange_tui.demo.build import build_demo
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.party_rest import PartyRestDialog
from strange_tui.tui.character.rest import RestDialog
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.table.questions import QuestionsDialog
from strange_tui.tui.table.rest_answer import RestAnswer

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
HOURS_10 = 36000
"""Mara's next rest in the demo is her fourth of the day: the longest."""


def run(app: StrangeApp, command) -> None:
    """A command the test sends from ``app``'s window (setting the table up)."""
    token = active_app.set(app)
    try:
        assert app.run_command(command)
    finally:
        active_app.reset(token)


def text_of(app: StrangeApp, selector: str = "Static") -> str:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for widget in app.screen.query(selector):
        if isinstance(widget, Static):
            console.print(widget.content)
    return " ".join(out.getvalue().split())


def last_command(app: StrangeApp) -> list:
    return batches(app.session.journal())[-1]


async def wait_for(condition, seconds: float = 5.0) -> None:
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the other window never caught up")


async def test_r_rec_4_a_party_rest_from_home_moves_the_clock_once(demo_app):
    """p on Home: Mara's d6 typed (3), Enter through Jun's and Tess's (the app's dice);
    Enter on the last rests them all: one step, one log line, the clock on by ten hours
    (Mara's fourth rest), not by the sum of the three rests. One ctrl+z takes it back."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(demo_app.screen, PartyRestDialog)
        shown = text_of(demo_app, "#preview")
        assert "The clock moves on 10 h, once (Mara Quist's rest, the longest)" in shown
        rest = demo_app.screen.query_one("#rest", Button)
        assert rest.region.bottom <= 24  # The button and the preview fit at 80x24.
        await pilot.press("3", "enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        state = demo_app.session.state
        assert state.clock.seconds == before.clock.seconds + HOURS_10
        command = last_command(demo_app)
        rolled = [e for e in command if isinstance(e, RecoveryRolled)]
        assert [e.character for e in rolled] == [MARA, JUN, TESS] and rolled[0].die == 3
        assert [e.seconds for e in command if isinstance(e, ClockAdvanced)] == [HOURS_10]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert demo_app.session.state.clock == before.clock
        assert demo_app.session.state.characters == before.characters


async def test_r_rec_2_we_sleep_is_one_key_from_home(demo_app):
    """b: the night passes to the next morning, a new day of recovery rolls for all."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        day = demo_app.session.state.clock.label().split(",")[0]
        await pilot.press("b")
        await pilot.pause()
        state = demo_app.session.state
        assert state.clock.label().endswith("08:00") and not state.clock.label().startswith(day)
        assert all(c.rests_today == 0 for c in state.characters.values())


async def test_a_rest_alone_leaves_the_clock_to_the_gm(demo_app):
    """With others in the party, the rest dialog's "Advance the clock" starts unticked."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(demo_app.screen, RestDialog)
        assert demo_app.screen.query_one("#clock", Checkbox).value is False
        before = demo_app.session.state.clock
        await pilot.press("4", "enter", "enter")
        await pilot.pause()
        assert demo_app.session.state.clock == before


async def test_a_players_seat_is_not_offered_the_clock(demo):
    """At Mara's seat, her rest dialog (s on her sheet) has no clock box: the GM's."""
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with mara.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(mara.screen, RestDialog) and not mara.screen.query("#clock")
        before = mara.session.state.clock
        await pilot.press("4", "enter", "enter")
        await pilot.pause()
        assert mara.session.journal()[-1].seat == MARA
        assert mara.session.state.clock == before


async def test_the_translation_wizard_remembers_the_roles(demo_app):
    """Mara initiates with Jun helping; the next translation starts from those roles: it
    needs only the destination and the roll (ctrl+n through the roles and the foci, enter
    on the failure and on the die). A role is one key (right: Jun stays behind)."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t", *"ardeyn", "enter")
        await pilot.press("enter", "down", "enter")  # Mara: initiator.
        await pilot.press("tab", "enter", *["down"] * 4, "enter")  # Jun: helper.
        await pilot.press("ctrl+n", "ctrl+n", *"no translation", "enter")
        await pilot.press("2", "0", "enter", "enter")
        await pilot.pause()
        first = [e for e in demo_app.session.journal() if isinstance(e, TranslationMade)][-1]
        assert (first.initiator, first.helpers) == (MARA, (JUN,))
        # The second: the destination and the roll, nothing else.
        await pilot.press("t", *"earth", "enter", "ctrl+n", "ctrl+n", "enter", "2", "0")
        await pilot.press("enter", "enter")
        await pilot.pause()
        second = [e for e in demo_app.session.journal() if isinstance(e, TranslationMade)][-1]
        assert second is not first
        assert (second.initiator, second.helpers) == (MARA, (JUN,))
        assert demo_app.session.state.recursion == "earth"
        # A third, with Jun staying behind: one key on his role.
        await pilot.press("t", *"ardeyn", "enter", "tab", "right")
        await pilot.pause()
        assert demo_app.screen.roles == {MARA: "initiator", JUN: "", TESS: ""}


async def test_r_cmb_1_the_gm_rolls_every_missing_initiative_in_one_key(demo_app):
    """Initiative asked at the seats, no player there: ! lists the questions, r rolls the
    rest (the app's dice): one step, the order set, every question closed."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        run(demo_app, StartCombat())
        run(demo_app, AddNpcs(name="Thug", level=3))
        run(demo_app, AskInitiative())
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert isinstance(demo_app.screen, QuestionsDialog)
        await pilot.press("r")
        await pilot.pause()
        command = last_command(demo_app)
        rolled = [e for e in command if isinstance(e, InitiativeRolled)]
        assert len(rolled) == 1 and set(rolled[0].app_rolled) == {MARA, JUN, TESS}
        state = demo_app.session.state
        assert state.prompts == () and state.encounter.round == 1


async def test_r_rec_4_the_party_rest_travels_to_a_seat(tmp_path: Path):
    """The GM asks each seat (p, ctrl+o); Mara's window opens her part of the rest: her d6
    (4) and the division, Enter. The clock waits for the others; the GM rests them (p,
    ctrl+s: the app's dice), and the clock moves once, by the longest rest."""
    demo = build_demo(tmp_path).path
    gm = StrangeApp(campaign_path=demo, saves=demo.parent)
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with gm.run_test(size=(80, 24)) as p_gm, mara.run_test(size=(80, 24)) as p_mara:
        start = gm.session.state.clock.seconds
        await p_gm.press("p")
        await p_gm.pause()
        await p_gm.press("ctrl+o")
        await p_gm.pause()
        assert len(gm.session.state.prompts) == 3
        await wait_for(lambda: isinstance(mara.screen, RestAnswer))
        await p_mara.pause()
        assert not mara.screen.query("#clock")  # The clock is the GM's.
        await p_mara.press("4", "enter")
        await p_mara.pause()
        await p_mara.press("enter")
        await p_mara.pause()
        assert not isinstance(mara.screen, RestAnswer)
        mine = [e for e in mara.session.journal() if isinstance(e, RecoveryRolled)][-1]
        assert (mine.character, mine.die, mine.seat) == (MARA, 4, MARA)
        assert mara.session.state.clock.seconds == start
        await wait_for(lambda: len(gm.session.state.prompts) == 2)
        await p_gm.press("p")
        await p_gm.pause()
        assert isinstance(gm.screen, PartyRestDialog) and gm.screen.asking
        await p_gm.press("ctrl+s")
        await p_gm.pause()
        command = last_command(gm)
        assert [e.character for e in command if isinstance(e, RecoveryRolled)] == [JUN, TESS]
        assert sum(isinstance(e, PromptClosed) for e in command) == 2
        assert gm.session.state.clock.seconds == start + HOURS_10
        await wait_for(lambda: mara.session.state.clock.seconds == start + HOURS_10)
