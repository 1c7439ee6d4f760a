"""No fight starts or ends by accident, keys only where the GM acts (a session sets a fight
up): c then escape on Home starts nothing; e with an NPC still standing asks first
(escape keeps the fight, y ends it), and with every NPC down ends at once; a fight ended
at another window takes this window's tracker back to Home, saying so."""

import asyncio
import time

from textual.widgets import Static

from strange_tui.campaign.commands.combat import AddNpcs, DamageNpcs, RollInitiative, StartCombat
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.combat.start_end import ENDED_ELSEWHERE, EndFightDialog, StartFightDialog
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.session import Session
from strange_tui.tui.home.home import HomeScreen

SIZE = (80, 24)


def gm_app(demo) -> StrangeApp:
    return StrangeApp(campaign_path=demo, saves=demo.parent)


def thugs(demo, hurt: int = 0) -> Session:
    """Two level-3 thugs (9 health each) in a fight; ``hurt``: damage to each."""
    gm = Session.open(demo, demo.parent)
    gm.run(StartCombat())
    gm.run(AddNpcs(name="Thug", level=3, count=2))
    if hurt:
        gm.run(DamageNpcs(targets=("thug", "thug-2"), amount=hurt))
    return gm


def panel(app: StrangeApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def notes(app: StrangeApp) -> str:
    return " ".join(n.message for n in app._notifications)


def dialog_text(app: StrangeApp) -> str:
    return " ".join(str(s.render()) for s in app.screen.query(Static))


async def test_c_then_escape_on_home_starts_no_fight_and_writes_nothing(demo):
    app = gm_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        journal, latest = len(app.session.journal()), panel(app, "#recent")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, StartFightDialog)
        assert app.session.state.encounter is None  # Not begun while the GM chooses.
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert app.session.state.encounter is None
        assert len(app.session.journal()) == journal
        assert panel(app, "#recent") == latest and "A fight began." not in latest
        assert "A fight" not in panel(app, "#where")


async def test_the_fight_begins_with_its_npcs_as_one_step(demo):
    """Adding the NPCs starts the fight: one command, one line, one undo."""
    app = gm_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        journal = len(app.session.journal())
        await pilot.press("c", "tab", "3", "tab", *"Thug", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert [c.name for c in app.session.state.encounter.npcs()] == ["Thug"]
        assert len(app.session.journal()) == journal + 2  # Its start and its NPC, one step.
        turn = str(app.screen.detail(app.session.state))
        assert "Roll initiative (i), or add more NPCs (+)." in turn, turn
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state.encounter is None
        assert "Undid: A fight began. Into the fight: Thug (level 3)." in notes(app)
        assert isinstance(app.screen, HomeScreen)  # The tracker follows the fight away.


async def test_e_with_npcs_standing_asks_first_naming_them(demo):
    thugs(demo, hurt=4)
    app = gm_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "e")
        await pilot.pause()
        assert isinstance(app.screen, EndFightDialog)
        assert "Still standing: Thug 1 (5/9), Thug 2 (5/9)" in dialog_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert app.session.state.encounter is not None  # Escape keeps the fight.
        await pilot.press("e", "y")
        await pilot.pause()
        assert app.session.state.encounter is None
        assert isinstance(app.screen, HomeScreen)
        assert "Fight over after 0 rounds." in notes(app)
        assert ENDED_ELSEWHERE not in notes(app)  # Ended here, not at another window.


async def test_e_with_every_npc_down_ends_the_fight_at_once(demo):
    thugs(demo, hurt=9)
    app = gm_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "e")
        await pilot.pause()
        assert app.session.state.encounter is None
        assert isinstance(app.screen, HomeScreen)
        assert "Fight over" in notes(app)


async def test_a_fight_of_one_round_ends_saying_1_round(demo):
    """Initiative rolled (round 1), every thug down: the notice counts in the singular."""
    gm = thugs(demo)
    gm.run(RollInitiative())
    gm.run(DamageNpcs(targets=("thug", "thug-2"), amount=9))
    app = gm_app(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c", "e")
        await pilot.pause()
        assert app.session.state.encounter is None
        assert "Fight over after 1 round." in notes(app)


async def test_a_fight_ended_at_another_window_takes_this_tracker_back_to_home(demo):
    thugs(demo, hurt=9)
    one, two = gm_app(demo), gm_app(demo)
    async with one.run_test(size=SIZE) as pilot_one, two.run_test(size=SIZE) as pilot_two:
        await pilot_one.press("c")
        await pilot_one.pause()
        assert isinstance(one.screen, CombatScreen)
        await pilot_two.press("c", "e")  # The second window ends it.
        await pilot_two.pause()
        assert two.session.state.encounter is None
        start = time.perf_counter()
        while not isinstance(one.screen, HomeScreen) and time.perf_counter() - start < 3:
            await pilot_one.pause()
            await asyncio.sleep(0.02)
        assert isinstance(one.screen, HomeScreen)
        assert ENDED_ELSEWHERE in notes(one)
        assert "A fight" not in panel(one, "#where")
