"""The draw dialog (Home's d), keys only: the table and the levels, the preview of how many
entries and which dice, the draw with its dice on screen and one event in the journal;
typing never draws; a creature drawn in a fight joins it from the GM's seat; 40x12."""

from strange_tui.campaign.commands.combat.setup import StartCombat
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import Drawn
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.common.session import Session
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.solo.draw import DrawDialog
from tests.tui.test_layout import screen_lines, tab_through


def journal_draws(app) -> list[Drawn]:
    return [event for event in app.session.journal() if isinstance(event, Drawn)]


def on_screen(app) -> str:
    return "\n".join(screen_lines(app))


async def test_home_d_draws_a_creature_of_level_3_with_its_die_on_screen(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state.seq
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(demo_app.screen, DrawDialog)
        # The table starts on creatures; Tab to the levels, 3, Enter goes to the dice.
        await pilot.press("tab", "3", "enter")
        await pilot.pause()
        assert "Among 34 creatures and NPCs of level 3" in on_screen(demo_app)
        assert demo_app.session.state.seq == before, "Enter in the levels does not draw"
        await pilot.press("enter")  # Blank dice: the app rolls.
        await pilot.pause()
        (event,) = journal_draws(demo_app)
        assert demo_app.session.state.seq == before + 1
        assert event.level == 3 and len(event.dice) == 1 and 1 <= event.dice[0] <= 34
        shown = on_screen(demo_app)
        assert event.result in shown and f"Dice: {event.dice[0]}" in shown
        assert "health " in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)


async def test_a_scene_prompt_chosen_in_the_list_and_drawn_with_ctrl_s(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "enter", "down", "down", "down", "enter")
        await pilot.pause()
        assert demo_app.screen.query_one("#levels").disabled
        assert "Among 58 scene prompts (37 for any recursion, 21 of Earth)" in on_screen(demo_app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        (event,) = journal_draws(demo_app)
        assert event.table == "scene" and event.result.split(" — ")[0] in on_screen(demo_app)


async def test_your_own_die_and_a_level_with_nothing_to_draw(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "tab", "0")
        await pilot.pause()
        assert "No creature or NPC of level 0 in the packs." in on_screen(demo_app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert journal_draws(demo_app) == []
        # Level 3, then ctrl+f to the dice: the player's d34 shows 2.
        await pilot.press("backspace", "3", "ctrl+f", "2", "enter")
        await pilot.pause()
        (event,) = journal_draws(demo_app)
        assert event.dice == (2,) and event.level == 3


async def test_a_creature_drawn_in_a_fight_joins_it_from_the_gm_seat(demo):
    # A fight under way, with no NPC yet (c then escape starts none: the fight begins with
    # its NPCs, tests/tui/test_no_accidental_fights.py).
    Session.open(demo, demo.parent).run(StartCombat())
    demo_app = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert demo_app.session.state.encounter is not None
        await pilot.press("d", "tab", "5")
        await pilot.pause()
        join = demo_app.screen.query_one("#join")
        assert not join.display, "nothing drawn yet"
        await pilot.press("enter", "enter")
        await pilot.pause()
        (event,) = journal_draws(demo_app)
        assert join.display
        join.focus()
        await pilot.press("enter")
        await pilot.pause()
        npcs = demo_app.session.state.encounter.npcs()
        assert [npc.name for npc in npcs] == [event.result]
        assert not join.display


async def test_in_solo_play_a_player_s_seat_draws_but_brings_no_one_into_a_fight(demo):
    """The draws are the GM's where there is one; in solo play any seat's."""
    gm = Session.open(demo, demo.parent)
    gm.run(ChangeSettings(solo=True))
    gm.run(StartCombat())  # The GM's window starts a fight.
    app = StrangeApp(campaign_path=demo, saves=demo.parent, seat="mara-quist")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")  # A player's window opens on their sheet.
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("d", "ctrl+s")
        await pilot.pause()
        (event,) = journal_draws(app)
        assert event.seat == "mara-quist" and app.session.state.encounter is not None
        assert not app.screen.query_one("#join").display


async def test_the_dialog_is_usable_at_40x12_before_and_after_a_draw(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press("d")
        hidden = await tab_through(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(journal_draws(demo_app)) == 1
        hidden += await tab_through(pilot)
        assert not hidden, "\n".join(hidden)
