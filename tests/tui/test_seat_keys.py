"""Keys a seat may not use are not shown at that seat: at Mara's seat, Home's key bar,
Help and the palette leave out the GM's keys (translating the party, passing time, the
settings, an intrusion, a new character, another campaign), Help leaves out the tracker's
GM keys even with no tracker open, and the tracker offers no ability on another's turn.
Each is the command layer's answer for that seat; pressing such a key changes nothing and
says nothing."""

import io

from rich.console import Console
from textual.widgets import Static

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import AddNpcs, NextTurn, RollInitiative, StartCombat
from strange_tui.campaign.commands.translation import Translate
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.session import Session
from strange_tui.tui.home.help import SECTIONS, HelpScreen
from strange_tui.tui.home.home import HomeScreen

MARA, JUN, TESS = "mara-quist", "jun-okafor", "tess-harrow"
SIZE = (80, 24)
# Home's keys for the GM's part, by key and by the words the key bar, Help and the
# palette use for them.
GM_HOME = {
    "t": "Translate",
    "w": "Wait",
    "g": "GM",
    "i": "Intrusion",
    "n": "New",
    "o": "Campaigns",
    "z": "Hazard",
}
GM_COMBAT = ("NPC attacks", "+NPCs", "Initiative", "Condition", "Dmg/heal", "Hazard")


def player(demo) -> StrangeApp:
    return StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)


def bar_keys(app: StrangeApp) -> set[str]:
    return set(app.screen.query_one(KeyBar).shown_keys())


def help_section(app: StrangeApp, title: str) -> str:
    """A section of the open Help, as the player reads it."""
    index = next(i for i, section in enumerate(SECTIONS) if section.title == title)
    out = io.StringIO()
    section = app.screen.query_one(f"#section-{index}", Static)
    Console(file=out, width=200, color_system=None).print(section.content)
    return out.getvalue()


def help_words(section: str) -> set[str]:
    """What each line of a Help section does (the binding's description, up to ':')."""
    lines = [line.split(None, 1) for line in section.splitlines()[1:] if line.strip()]
    return {parts[1].split(":")[0].strip() for parts in lines if len(parts) == 2}


async def test_a_players_home_shows_none_of_the_gms_keys_and_they_do_nothing(demo):
    app = player(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert not bar_keys(app) & set(GM_HOME)
        assert {"r", "s", "l"} <= bar_keys(app)
        # The palette offers none of them either.
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert not titles & set(GM_HOME.values())
        assert "Roll" in titles
        # Pressed anyway: no screen, no event, no word.
        screen, seq, told = app.screen, app.session.state.seq, len(app._notifications)
        for key in GM_HOME:
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen, key
        assert app.session.state.seq == seq
        assert len(app._notifications) == told


async def test_help_at_a_players_seat_lists_none_of_the_gms_keys(demo):
    """Help from Home: Home's section has her keys, not the GM's; the tracker's section,
    though no tracker is open, has the turn's keys and none of the GM's."""
    app = player(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        home = help_words(help_section(app, "Home"))
        assert {"Roll", "Rest", "Log"} <= home
        assert not home & set(GM_HOME.values())
        combat = help_words(help_section(app, "Combat"))
        assert {"Attack", "Next", "Action"} <= combat
        assert not combat & {*GM_COMBAT, "End", "Surprise", "Object"}
    gm = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with gm.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert set(GM_HOME.values()) <= help_words(help_section(gm, "Home"))
        assert {*GM_COMBAT, "End"} <= help_words(help_section(gm, "Combat"))


async def test_the_tracker_offers_no_ability_on_another_pcs_turn(demo):
    """b (an ability) is the active PC's: on Tess's turn Mara's tracker neither shows it
    nor answers it (it told her to wait for a PC's turn and "n moves on")."""
    gm = Session.open(demo, demo.parent)
    gm.run(StartCombat())
    gm.run(AddNpcs(name="Thug", level=3))
    gm.run(RollInitiative(dice={MARA: 20, JUN: 2, TESS: 15}))  # Mara, Tess, the thug, Jun.
    app = player(demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert {"a", "b", "n"} <= bar_keys(app)  # Her turn.
        gm.run(NextTurn())
        app.follow_campaign()
        await pilot.pause()
        assert app.session.state.encounter.active.id == TESS
        assert not bar_keys(app) & {"a", "b", "n"}
        told = len(app._notifications)
        await pilot.press("b", "a", "n")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert len(app._notifications) == told
        assert app.session.state.encounter.active.id == TESS


def test_a_translation_taking_others_is_the_gms_from_a_players_seat(demo):
    """The command layer: a player's seat translates its own character alone; one that
    takes others along (their roles, their foci) is the GM's to run."""
    state = Session.open(demo, demo.parent).state
    alone = Translate(destination="ruk", recursion_difficulty=3, initiator=MARA, by=MARA)
    party = Translate(
        destination="ruk", recursion_difficulty=3, initiator=MARA, helpers=(JUN,), by=MARA
    )
    assert isinstance(alone, Command) and alone.seat_may(state) is None
    assert party.seat_may(state) == "Only the GM may translate the party."
    assert Translate(destination="ruk", recursion_difficulty=3, initiator=MARA, helpers=(JUN,)
                     ).seat_may(state) is None  # fmt: skip
