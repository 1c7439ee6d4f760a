"""Your turn, at a player's seat: a GM's app and Mara's app on one copy of the demo, keys
only where a person acts (a session sets the fight up). When the GM moves the turn to
Mara, her window says so on whatever screen it shows (a banner, and a notice over a
dialog); the key the banner names opens the tracker; she passes with n and the banner
goes. The GM's seat has no banner."""

import asyncio
import time

from strange_tui.campaign.commands.combat import AddNpcs, NextTurn, RollInitiative, StartCombat
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.session import Session
from strange_tui.tui.common.turn_banner import TurnBanner
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.log import LogScreen

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
# Mara 20 and Tess 15 beat the thug's level 3, Jun's 2 does not: Mara, Tess, the thug, Jun.
DICE = {MARA: 20, JUN: 2, TESS: 15}
SIZE = (80, 24)


def fight_on_juns_turn(demo) -> Session:
    """A thug and initiative, then on to Jun's turn, the last of round 1 (the GM's window,
    as a second process would hold it)."""
    gm = Session.open(demo, demo.parent)
    gm.run(StartCombat())
    gm.run(AddNpcs(name="Thug", level=3))
    gm.run(RollInitiative(dice=DICE))
    for _ in range(3):
        gm.run(NextTurn())
    assert gm.state.encounter.active.id == JUN
    return gm


async def wait_for(condition, pilot, seconds: float = 3.0) -> float:
    """Poll until ``condition()`` holds (a window follows the journal every 0.3 s)."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        await pilot.pause()
        if condition():
            return time.perf_counter() - start
        await asyncio.sleep(0.02)
    raise AssertionError("the window never showed it")


def banner(app: StrangeApp) -> str:
    """The turn banner on the screen on top, as shown ('' when hidden or absent)."""
    shown = [b for b in app.screen.query(TurnBanner) if b.has_class("-your-turn")]
    return " ".join(str(b.render()) for b in shown)


def notes(app: StrangeApp) -> str:
    return " ".join(f"{n.title}: {n.message}" for n in app._notifications)


async def test_the_gm_moves_the_turn_to_mara_and_her_sheet_says_so_within_a_second(demo):
    fight_on_juns_turn(demo)
    gm = StrangeApp(campaign_path=demo, saves=demo.parent)
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with gm.run_test(size=SIZE) as gm_pilot, mara.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(mara.screen, SheetScreen) and banner(mara) == ""
        await gm_pilot.press("c", "n")  # The GM's tracker: Jun's turn ends, round 2.
        await gm_pilot.pause()
        assert gm.session.state.encounter.active.id == MARA
        took = await wait_for(lambda: "Your turn, Mara Quist" in banner(mara), pilot)
        assert took < 1.0
        assert "(round 2)" in banner(mara) and "c: the combat tracker" in banner(mara)
        assert "Your turn" in notes(mara)
        assert banner(gm) == "" and not gm.screen.query(TurnBanner)  # The GM's: none.
        # The key the banner names opens the tracker, whose banner names the turn's keys.
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(mara.screen, CombatScreen)
        assert "a attack · b ability · c action · n pass" in banner(mara)
        # She passes: the turn is Tess's, and the banner goes, here and on her sheet.
        await pilot.press("n")
        await pilot.pause()
        assert mara.session.state.encounter.active.id == TESS
        assert banner(mara) == ""
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(mara.screen, SheetScreen) and banner(mara) == ""
        # The GM's window takes her pass in; still no banner there.
        await wait_for(lambda: gm.session.state.encounter.active.id == TESS, gm_pilot)
        assert banner(gm) == ""


async def test_the_banner_shows_on_home_and_the_log_and_goes_when_the_gm_moves_on(demo):
    gm = fight_on_juns_turn(demo)
    gm.run(NextTurn())  # Round 2: Mara's turn, before her window opens.
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with mara.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(mara.screen, HomeScreen)
        assert "Your turn, Mara Quist" in banner(mara)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(mara.screen, LogScreen) and "c: the combat tracker" in banner(mara)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(mara.screen, CombatScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        gm.run(NextTurn())  # The GM ends her turn for her: the banner goes.
        await wait_for(lambda: banner(mara) == "", pilot)
        assert isinstance(mara.screen, HomeScreen)
        # Not her turn: c on Home opens the fight still (watching), the app's c nothing.
        await pilot.press("l", "c")
        await pilot.pause()
        assert isinstance(mara.screen, LogScreen)


async def test_over_a_dialog_the_turn_comes_as_a_notice(demo):
    """Mara is in her roll dialog when the GM moves the turn to her: a notice says so (the
    dialog's letters stay hers: c types nothing away); closed, the sheet's banner is up."""
    gm = fight_on_juns_turn(demo)
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with mara.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        dialog = mara.screen
        assert type(dialog).__name__ == "RollDialog"
        gm.run(NextTurn())
        await wait_for(lambda: "close this, then c opens the tracker" in notes(mara), pilot)
        await pilot.press("c")
        await pilot.pause()
        assert mara.screen is dialog  # No tracker over a dialog.
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(mara.screen, SheetScreen)
        assert "Your turn, Mara Quist" in banner(mara)


async def test_no_banner_at_the_gms_seat_or_in_solo_play(demo):
    """The GM's window (and solo play's, the GM's seat being every seat) shows whose turn it
    is in the tracker, with no banner on any screen."""
    gm = fight_on_juns_turn(demo)
    gm.run(NextTurn())
    gm.run(ChangeSettings(solo=True))
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=SIZE) as pilot:
        assert app.session.state.encounter.active.id == MARA
        for keys in ([], ["enter"], ["escape", "c"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert not app.screen.query(TurnBanner), type(app.screen).__name__
        assert isinstance(app.screen, CombatScreen)
