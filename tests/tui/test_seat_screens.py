"""A player's screens, keys only: their own sheet first, the party with them marked, the
fight with NPC health in words (numbers once the GM shows them), and no key for the GM's
part or for another character's sheet. The GM's side of a fight is played by a second
window on the same campaign (a Session, or the GM's app)."""

import asyncio
import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import Checkbox, DataTable, Static

from strange_tui.campaign.commands.combat import (
    AddNpcs,
    DamageNpcs,
    EndCombat,
    NextTurn,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.keybar import KeyBar
from strange_tui.tui.common.session import Session
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.home.party import PartyList
from strange_tui.tui.table.settings import SettingsDialog
from tests.demo_copy import fresh_demo
from tests.tui.test_layout import tab_through

MARA, JUN = "mara-quist", "jun-okafor"
# What only the GM may do, by key: Home (intrusion, new character, settings, pass time,
# another campaign) and the tracker (NPC attacks, +NPCs, initiative, conditions, NPC
# damage/heal, end the fight, back a turn).
GM_HOME_KEYS = {"i", "n", "g", "w", "o"}
STORY_KEYS = {"a", "d", "e", "k", "f"}
"""The story's tools on Home (oracle, draw, scenes and tension, threads and people, an NPC's
reaction): the GM's in a campaign with a GM, every seat's in solo play."""
GM_COMBAT_KEYS = {"d", "plus", "i", "k", "h", "e", "p"}
SHEET_ACTION_KEYS = {"d", "p", "h", "g", "u", "e", "r", "s", "x", "a", "w"}
HIDDEN_ALWAYS = {"w"}  # Weakness: a key off the bar (Help and the palette list it).
# Mara 20 and Tess 15 beat the thugs' level 3; Jun's 2 does not: Mara acts first.
DICE = {MARA: 20, JUN: 2, "tess-harrow": 15}


@pytest.fixture
def demo(tmp_path) -> Path:
    return fresh_demo(tmp_path)


def player(demo: Path, seat: str = MARA) -> StrangeApp:
    return StrangeApp(campaign_path=demo, saves=demo.parent, seat=seat)


def gm_session(demo: Path) -> Session:
    """The GM's window, as a second process would hold it."""
    return Session.open(demo, demo.parent)


def start_fight(gm: Session) -> None:
    """Two level-3 thugs (9 health each); Thug 1 hurt (5 left), round 1: Mara's turn."""
    gm.run(StartCombat())
    gm.run(AddNpcs(name="Thug", level=3, count=2))
    gm.run(RollInitiative(dice=DICE))
    gm.run(DamageNpcs(targets=("thug",), amount=4))


def bar_keys(app: StrangeApp) -> set[str]:
    return set(app.screen.query_one(KeyBar).shown_keys())


def screen_text(app: StrangeApp) -> str:
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(segment.text for segment in strip) for strip in strips)


async def caught_up(app: StrangeApp, pilot, seq: int) -> None:
    """The player's window takes in what the GM's wrote (it looks every 0.3 s)."""
    for _ in range(60):
        app.follow_campaign()
        await pilot.pause()
        if app.campaign is not None and app.campaign.seq >= seq:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the player's window never caught up")


async def press_changes_nothing(app: StrangeApp, pilot, keys) -> None:
    """Each key, pressed where the bar does not offer it: no dialog, no screen, no event."""
    screen, seq = app.screen, app.session.state.seq
    for key in keys:
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen, key
        assert app.session.state.seq == seq, key


async def test_a_players_window_opens_on_their_sheet_with_its_actions(demo):
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.character_id == MARA
        text = screen_text(app)
        for shown in ("Mara Quist", "11/14", "11/12", "5/8", "Mara Quist's seat"):
            assert shown in text, shown
        assert SHEET_ACTION_KEYS - HIDDEN_ALWAYS <= bar_keys(app)
        assert app.screen.check_action("weakness", ())


async def test_home_at_a_players_seat_marks_them_and_offers_no_gm_key(demo):
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "Mara Quist  (you)" in screen_text(app)
        assert app.screen.query_one(PartyList).highlighted_id == MARA
        shown = bar_keys(app)
        assert {"r", "s", "l"} <= shown
        assert not shown & (GM_HOME_KEYS | STORY_KEYS | {"c"})  # No fight: the GM starts one.
        await press_changes_nothing(app, pilot, [*GM_HOME_KEYS, *sorted(STORY_KEYS), "c"])
        # The player's roll is their own, whichever card is highlighted.
        await pilot.press("down", "r")
        await pilot.pause()
        assert app.screen.character.id == MARA


async def test_in_solo_play_a_players_home_offers_the_storys_tools(demo):
    """No GM at the table: the app sits in the chair, and Mara's Home offers the oracle,
    the draws, the scenes, the lists and the reactions; e opens the scenes."""
    gm = gm_session(demo)
    gm.run(ChangeSettings(solo=True))
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert all(app.screen.check_action(a, ()) for a in ("oracle", "draw", "scene"))
        seq = app.session.state.seq
        await pilot.press("e")
        await pilot.pause()
        assert not isinstance(app.screen, HomeScreen) and app.session.state.seq == seq


async def test_another_characters_sheet_is_read_only(demo):
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.character_id == JUN
        assert "Jun Okafor" in screen_text(app)
        assert not bar_keys(app) & SHEET_ACTION_KEYS
        await press_changes_nothing(app, pilot, sorted(SHEET_ACTION_KEYS))


async def test_a_player_sees_the_fight_with_npc_health_in_words(demo):
    gm = gm_session(demo)
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        start_fight(gm)
        await caught_up(app, pilot, gm.state.seq)
        await pilot.press("escape")
        await pilot.pause()
        where = str(app.screen.query_one("#where", Static).content)
        assert "Thug 1: hurt · Thug 2: unhurt" in where
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        table = app.screen.query_one(DataTable)
        health = {key.value: str(table.get_cell(key.value, "health")) for key in table.rows}
        assert (health["thug"], health["thug-2"]) == ("hurt", "unhurt")
        text = screen_text(app)
        assert "5/9" not in text and "9/9" not in text
        assert "Your turn" in text
        # Mara's turn: her attack and her end of turn; nothing of the GM's.
        shown = bar_keys(app)
        assert {"a", "n", "space"} <= shown
        assert not shown & GM_COMBAT_KEYS
        await press_changes_nothing(app, pilot, sorted(GM_COMBAT_KEYS))
        # Tess's turn (the GM moves it on): not Mara's to attack or end.
        gm.run(NextTurn())
        await caught_up(app, pilot, gm.state.seq)
        shown = bar_keys(app)
        assert not shown & {"a", "n"}
        await press_changes_nothing(app, pilot, ["a", "n"])
        assert "Waiting for Tess Harrow" in screen_text(app)
        # The GM ends the fight: the player is back on Home, with no c to start another.
        gm.run(EndCombat())
        await caught_up(app, pilot, gm.state.seq)
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "c" not in bar_keys(app)


async def test_the_gms_tracker_keeps_every_key_and_the_numbers(demo):
    gm = gm_session(demo)
    start_fight(gm)
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert str(table.get_cell("thug", "health")).endswith("5/9")
        assert {"a", "d", "n", "p", "plus", "i", "space", "k", "h", "e"} <= bar_keys(app)


async def test_numbers_once_the_gm_shows_them(demo):
    """The GM ticks "Players see NPCs' health as numbers" (keys, in the GM's settings);
    the player's tracker shows the numbers."""
    start_fight(gm_session(demo))
    gm = StrangeApp(campaign_path=demo, saves=demo.parent)
    app = player(demo)
    async with gm.run_test(size=(80, 24)) as gm_pilot, app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape", "c")
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert str(table.get_cell("thug", "health")) == "hurt"
        await gm_pilot.press("g")
        await gm_pilot.pause()
        assert isinstance(gm.screen, SettingsDialog)
        for _ in range(20):  # Tab to the box.
            if getattr(gm.focused, "id", None) == "npc-health":
                break
            await gm_pilot.press("tab")
        assert isinstance(gm.focused, Checkbox) and gm.focused.id == "npc-health"
        await gm_pilot.press("space", "ctrl+s")
        await gm_pilot.pause()
        assert gm.session.state.settings.npc_health_shown
        await caught_up(app, pilot, gm.session.state.seq)
        assert str(table.get_cell("thug", "health")).endswith("5/9")


async def test_a_players_screens_stay_usable_at_40x12(demo):
    """The sheet, Home and the tracker at 40x12: Help on the key bar, every focusable
    widget comes into view by Tab, and the NPCs' health words are there."""
    start_fight(gm_session(demo))
    app = player(demo)
    hidden = []
    async with app.run_test(size=(40, 12)) as pilot:
        for keys, screen in (([], SheetScreen), (["escape"], HomeScreen), (["c"], CombatScreen)):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, screen)
            assert "question_mark" in bar_keys(app)
            hidden += await tab_through(pilot)
        table = app.screen.query_one(DataTable)
        assert str(table.get_cell("thug", "health")) == "hurt"
    assert not hidden, "\n".join(hidden)


async def test_a_players_xp_dialog_buys_steps_but_awards_nothing(demo):
    """Awarding XP is the GM's: at Mara's seat the XP dialog has no award form, and its
    key (ctrl+t) changes nothing; buying a step stays hers."""
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x")
        await pilot.pause()
        assert type(app.screen).__name__ == "AdvanceDialog"
        assert not any(part.display for part in app.screen.query("#award"))
        seq = app.session.state.seq
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.session.state.seq == seq
        assert "awards XP" not in str(app.screen.query_one("VerticalScroll").border_subtitle)


async def test_the_palette_at_a_players_seat_offers_only_what_the_seat_may_do(demo):
    """ctrl+p finds actions by name: at Mara's seat, the GM's actions are not among them
    (the same check as the key bar), while the GM's palette has them."""
    gm = gm_session(demo)
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        start_fight(gm)
        await caught_up(app, pilot, gm.state.seq)
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Attack", "Next"} <= titles
        assert not titles & {"NPC attacks", "+NPCs", "Initiative", "Dmg/heal", "End"}
    gm_app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with gm_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        titles = {command.title for command in gm_app.get_system_commands(gm_app.screen)}
        assert {"NPC attacks", "+NPCs", "Dmg/heal", "End"} <= titles


def help_section(app: StrangeApp) -> str:
    """The Help section Help opened at, as a player reads it."""
    out = io.StringIO()
    section = app.screen.query_one(f"#section-{app.screen.current}", Static)
    Console(file=out, width=120, color_system=None).print(section.content)
    return out.getvalue()


async def test_help_at_a_players_seat_leaves_out_the_gms_keys(demo):
    """Help opens at the screen's keys: at Mara's seat, Home's section has her keys and not
    the GM's (the key bar's check); at the GM's, every key."""
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape", "question_mark")
        await pilot.pause()
        home = help_section(app)
        assert "Roll" in home and "Intrusion" not in home and "New" not in home
    gm_app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with gm_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        home = help_section(gm_app)
        assert "Roll" in home and "Intrusion" in home
