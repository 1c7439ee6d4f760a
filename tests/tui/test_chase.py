"""The chase tracker (R-CHASE-1), keys only, on the demo party: h on Home starts a chase
(runner, quarry, level) or opens the one running; r rolls the next Speed task in a dialog
(your die typed, enter rolls); the marks, the odds and the outcome line are what the player
reads; e calls the chase off after a y; a player's seat runs only its own chase."""

import asyncio
from pathlib import Path

import pytest

from strange_tui.campaign.commands.chase import EndChase, StartChase
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.chase.dialogs import ChaseRollDialog, EndChaseDialog, StartChaseDialog
from strange_tui.tui.chase.tracker import ChaseScreen
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.session import Session
from strange_tui.tui.home.home import HomeScreen
from tests.demo_copy import fresh_demo
from tests.tui.reach import rendered, screen_lines, tab_through

MARA = "mara-quist"


def text(app) -> str:
    return "\n".join(screen_lines(app))


def bar(app) -> set[str]:
    return set(app.screen.query_one(KeyBar).shown_keys())


async def start(pilot, quarry: str, level: str, flees: bool = False) -> None:
    """h on Home: the quarry typed, after (or from) it, its level; enter in the level."""
    await pilot.press("h")
    await pilot.pause()
    assert isinstance(pilot.app.screen, StartChaseDialog)
    await pilot.press(*quarry, "tab")
    if flees:
        await pilot.press("enter", "down", "enter")
    await pilot.press("tab", *level, "enter")
    await pilot.pause()


async def roll(pilot, die: str) -> None:
    """r, the die typed in "Your die" (it has the focus), enter."""
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ChaseRollDialog)
    await pilot.press(*die, "enter")
    await pilot.pause()


async def test_r_chase_1_a_level_2_chase_won_with_two_typed_dice(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await start(pilot, "the courier", "2")
        assert isinstance(demo_app.screen, ChaseScreen)
        shown = text(demo_app)
        for line in (
            "Mara Quist runs after the courier (level 2)",
            "Successes ○ ○  0 of 2",
            "Failures  none",
            "75%  target 6",
            "Cost       0 Speed",
            "A success: 1 of 2 · a failure loses it",
        ):
            assert line in shown, line
        assert {"r", "e"} <= bar(demo_app)

        await roll(pilot, "15")
        assert isinstance(demo_app.screen, ChaseScreen)
        shown = text(demo_app)
        assert "Successes ● ○  1 of 2" in shown
        assert "A success wins the chase · a failure: 1 failure against 1 success" in shown

        await roll(pilot, "6")
        shown = text(demo_app)
        assert "Successes ● ●  2 of 2" in shown
        assert "Mara Quist wins the chase." in shown
        assert "Next roll" not in shown and not {"r", "e"} & bar(demo_app)
        chase = demo_app.session.state.chase
        assert (chase.successes, chase.failures, chase.outcome) == (2, 0, "won")

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        latest = " ".join(str(demo_app.screen.query_one("#recent").render()).split())
        assert "Chase: success 2 of 2. Mara Quist wins the chase." in latest
        assert "Mara Quist runs after the courier (level 2): needs 2 successes." in latest


async def test_r_chase_1_a_chase_lost_on_a_first_failure(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await start(pilot, "the hounds", "3", flees=True)
        shown = text(demo_app)
        assert "Mara Quist runs from the hounds (level 3)" in shown
        assert "a failure before the first success loses it" in " ".join(shown.split())
        await roll(pilot, "2")  # Target 9.
        shown = text(demo_app)
        assert "Failures  ✗  1" in shown
        assert "Mara Quist loses the chase." in shown
        assert demo_app.session.state.chase.outcome == "lost"
        # Over: h on Home starts another (the GM may restart it).
        await pilot.press("escape", "h")
        await pilot.pause()
        assert isinstance(demo_app.screen, StartChaseDialog)


async def test_r_chase_1_effort_in_the_roll_dialog_moves_the_odds_and_the_cost(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await start(pilot, "the courier", "4")
        await pilot.press("r")
        await pilot.pause()
        preview = rendered(demo_app.screen.query_one("#preview"))
        assert "Difficult 4" in preview and "Cost 0 Speed" in preview
        assert "0 of 4 successes, 0 failures" in preview
        await pilot.press("shift+tab", "enter", "down", "enter")  # Effort 1.
        await pilot.pause()
        preview = rendered(demo_app.screen.query_one("#preview"))
        assert "Difficult 4 → Demanding 3" in preview and "Cost 2 Speed" in preview
        speed = demo_app.session.state.characters[MARA].pools.speed.current
        await pilot.press("ctrl+f", "1", "2", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, ChaseScreen)
        assert demo_app.session.state.characters[MARA].pools.speed.current == speed - 2
        assert "Successes ● ○ ○ ○  1 of 4" in text(demo_app)


async def test_r_chase_1_typing_never_starts_and_e_calls_off_after_y(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        seq = demo_app.session.state.seq
        await pilot.press("h", *"a courier", "enter")  # Enter in the name: the next field.
        await pilot.pause()
        assert isinstance(demo_app.screen, StartChaseDialog)
        assert demo_app.session.state.seq == seq
        assert demo_app.focused.id == "flees"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(demo_app.screen, ChaseScreen)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(demo_app.screen, EndChaseDialog)
        assert "Call off the chase after a courier (0 of 3 successes so far)?" in text(demo_app)
        await pilot.press("n")
        await pilot.pause()
        assert demo_app.session.state.chase.outcome == ""
        await pilot.press("e", "y")
        await pilot.pause()
        assert isinstance(demo_app.screen, ChaseScreen)
        assert "The chase is called off." in text(demo_app)
        assert demo_app.session.state.chase.outcome == "abandoned"


async def test_r_chase_1_h_opens_the_running_chase(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await start(pilot, "the courier", "2")
        await pilot.press("escape", "h")
        await pilot.pause()
        assert isinstance(demo_app.screen, ChaseScreen)


async def test_the_chase_tracker_and_its_dialogs_are_reachable_at_40x12(demo_app):
    hidden = []
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press("h")
        await pilot.pause()
        hidden += await tab_through(pilot)
        await pilot.press("ctrl+s")  # Still no quarry: refused, the dialog stays.
        await pilot.pause()
        assert isinstance(demo_app.screen, StartChaseDialog)
        await pilot.press("escape")
        await pilot.pause()
        await start(pilot, "the courier", "5")
        hidden += await tab_through(pilot)
        await pilot.press("r")
        await pilot.pause()
        hidden += await tab_through(pilot)
        await pilot.press("escape", "e")
        await pilot.pause()
        hidden += await tab_through(pilot)
    assert not hidden, "\n".join(hidden)


# A player's seat.


@pytest.fixture
def seats_demo(tmp_path) -> Path:
    return fresh_demo(tmp_path)


async def caught_up(app: StrangeApp, pilot, seq: int) -> None:
    for _ in range(60):
        app.follow_campaign()
        await pilot.pause()
        if app.campaign is not None and app.campaign.seq >= seq:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the player's window never caught up")


async def test_r_chase_1_a_players_seat_watches_another_pcs_chase_and_runs_its_own(seats_demo):
    gm = Session.open(seats_demo, seats_demo.parent)
    gm.run(StartChase(character=MARA, quarry="the courier", level=2))
    app = StrangeApp(campaign_path=seats_demo, saves=seats_demo.parent, seat="jun-okafor")
    async with app.run_test(size=(80, 24)) as pilot:
        await caught_up(app, pilot, gm.state.seq)
        await pilot.press("escape", "h")  # From Jun's sheet to Home, then the chase.
        await pilot.pause()
        assert isinstance(app.screen, ChaseScreen)
        assert "Mara Quist runs after the courier (level 2)" in text(app)
        assert not {"r", "e"} & bar(app)  # Mara's chase: Jun's seat watches.
        seq = app.session.state.seq
        await pilot.press("r", "e")
        await pilot.pause()
        assert isinstance(app.screen, ChaseScreen) and app.session.state.seq == seq
        await pilot.press("escape")
        await pilot.pause()
        gm.run(EndChase(character=MARA))
        await caught_up(app, pilot, gm.state.seq)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, StartChaseDialog)
        assert app.screen.query_one("#runner").disabled  # Jun's seat runs Jun.
        await pilot.press(*"a drone", "tab", "tab", "1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChaseScreen)
        assert "Jun Okafor runs after a drone (level 1)" in text(app)
        assert {"r", "e"} <= bar(app)
        await roll(pilot, "10")
        assert "Jun Okafor wins the chase." in text(app)
        assert app.session.journal()[-3].seat == "jun-okafor"  # The roll: its first event.
    gm.close()
