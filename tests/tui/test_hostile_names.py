"""Names as hostile as a player can type them (markup, links, actions, right-to-left and
zero-width text, the longest name kept): every screen opens, at the largest size the app
is checked at, nothing crashes, nothing runs, and the name shows as the player typed it."""

import pytest
from msgspec.structs import replace
from rich.console import Console

from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import (
    CharacterCreated,
    CombatStarted,
    ConditionAdded,
    CypherGained,
    NotesEdited,
    NpcsAdded,
)
from strange_tui.campaign.model.state import Cypher
from strange_tui.campaign.model.terms import Condition
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.creation.wizard import AbandonDialog
from strange_tui.tui.home.campaigns import CampaignsScreen
from strange_tui.tui.home.home import HomeScreen
from tests.campaign.builders import character
from tests.tui.reach import VISITS

NAMES = [
    "[/]",
    "[link=file:///etc/passwd]Mara[/link]",
    "[bold red]Red[/] Mara",
    "[@click=app.quit]Quit[/]",
    "مارا \u200fكويست",
    "Ma\u200bra\u200d",
    "W" * 80,
]
PARTY_VISITS = [keys for keys in VISITS if keys[0] != "enter"]
"""Screens that show the whole party (every hostile name at once), from Home."""
SHEET_VISITS = [keys[1:] for keys in VISITS if keys[0] == "enter"]
"""Each dialog a PC's sheet opens (the sheet itself: enter from Home)."""
HALVES = {"party and the first sheets": range(-1, 3), "the last sheets": range(3, len(NAMES))}
"""The test in two app sessions, so that two workers share it (-1: the demo's first PC)."""
SIZE = (200, 60)
"""The largest size every screen is opened at (the smallest: ``test_layout``'s reach test)."""


def hostile_demo(demo):
    """The demo with one more PC named with each hostile name (pc0, pc1...), each carrying
    a cypher of that name and notes of it."""
    store = CampaignFolder(demo).open()
    for index, name in enumerate(NAMES):
        cid = f"pc{index}"
        store.dispatch(CharacterCreated(character=replace(character(cid), name=name)))
        store.dispatch(CypherGained(character=cid, cypher=Cypher(name=name, effect=name)))
        store.dispatch(NotesEdited(character=cid, notes=name * 3))
    return store.state


async def back_home(pilot, keys) -> None:
    app = pilot.app
    for _ in range(5):
        if isinstance(app.screen, HomeScreen):
            break
        closing = app.screen
        await pilot.press("y" if isinstance(closing, AbandonDialog) else "escape")
        await pilot.pause()
        if isinstance(closing, CampaignsScreen):
            break
    assert isinstance(app.screen, HomeScreen), keys
    assert app.return_code is None, keys  # A name never quits the app.


@pytest.mark.parametrize("half", list(HALVES))
@pytest.mark.starts_first  # One of the longest: started first.
async def test_every_screen_opens_at_200x60_and_shows_a_hostile_name_as_typed(demo, half):
    """Every screen and dialog of ``VISITS`` opens at 200x60 on the demo with the hostile
    names among its PCs: nothing crashes, nothing runs, nothing quits, and each name shows
    as the player typed it."""
    state = hostile_demo(demo)
    order = list(state.characters)
    app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        party = app.screen.query_one("#party")
        console = Console(width=200, color_system=None)
        for index, name in enumerate(NAMES):
            with console.capture() as shown:
                console.print(party.get_option_at_index(order.index(f"pc{index}")).prompt)
            assert name in shown.get()  # As typed: not read as markup, nothing dropped.
        if -1 in HALVES[half]:
            for keys in PARTY_VISITS:
                await pilot.press(*keys)
                await pilot.pause()
                assert not isinstance(app.screen, HomeScreen), keys
                await back_home(pilot, keys)
        for index in HALVES[half]:
            who = order[0] if index < 0 else f"pc{index}"
            app.screen.query_one("#party").highlighted = order.index(who)
            await pilot.press("enter")
            await pilot.pause()
            sheet = app.screen
            assert isinstance(sheet, SheetScreen) and sheet.character_id == who
            for keys in SHEET_VISITS:  # Each dialog over the sheet, closed back to it.
                await pilot.press(*keys)
                await pilot.pause()
                assert app.screen is not sheet, [who, *keys]  # The dialog opened.
                for _ in range(5):
                    if app.screen is sheet:
                        break
                    await pilot.press("escape")
                    await pilot.pause()
                assert app.screen is sheet and app.return_code is None, [who, *keys]
            await back_home(pilot, [who])


@pytest.mark.parametrize("name", NAMES, ids=range(len(NAMES)))
async def test_a_hostile_npc_and_condition_in_the_tracker(tmp_path, name):
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Hostile NPC", slug="hostile")
    store = folder.open()
    for cid in ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(cid)))
    store.dispatch(CombatStarted(pcs=("mara", "jun")))
    thug = Combatant(id="thug", name=name, level=2, health=6, max_health=6, damage=2)
    store.dispatch(NpcsAdded(npcs=(thug,)))
    store.dispatch(ConditionAdded(targets=("thug",), condition=Condition(name=name[:40], rounds=2)))
    app = StrangeApp(campaign_path=folder.path, saves=saves)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        for keys in (["down", "space", "h"], ["k"], ["d"], ["a"]):  # Dialogs about the NPC.
            await pilot.press(*keys)
            await pilot.pause()
            if app.screen is not app.screen_stack[1]:
                await pilot.press("escape")
                await pilot.pause()
        await pilot.press("escape", "l")
        await pilot.pause()
        assert app.return_code is None
