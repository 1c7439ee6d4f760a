"""Pilot flows, keys only, asserting on the campaign's state."""

from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.rolls.roll import RollDialog
from tests.tui.conftest import character_state

MARA = "mara-quist"


async def test_home_shows_the_party(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        party = demo_app.screen.query_one("#party")
        assert party.option_count == 3 and party.highlighted_id == MARA


async def test_r_dmg_2_damage_spills_and_moves_the_track_then_undo_redo(demo_app):
    """Sheet, d, 25 damage: Armor 2, Might 11 → 0, Speed 11 → 0, Intellect 5 → 4:
    two pools emptied, hale → debilitated. ctrl+z restores it all, ctrl+y again."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = character_state(demo_app, MARA)
        await pilot.press("enter")
        assert isinstance(demo_app.screen, SheetScreen)
        await pilot.press("d", "2", "5", "enter")
        await pilot.pause()
        after = character_state(demo_app, MARA)
        assert (after.pools.might.current, after.pools.speed.current) == (0, 0)
        assert after.pools.intellect.current == before.pools.intellect.current - 1
        assert after.track is DamageTrack.DEBILITATED
        await pilot.press("ctrl+z")
        assert character_state(demo_app, MARA) == before
        await pilot.press("ctrl+y")
        assert character_state(demo_app, MARA) == after


async def roll_with_effort(pilot, die: str) -> None:
    """r, one level of Effort (8 tabs from the task field), then ctrl+f and the die."""
    await pilot.press("r")
    assert isinstance(pilot.app.screen, RollDialog)
    await pilot.press("tab", "tab", "tab", "tab", "tab", "tab", "tab", "tab")
    await pilot.press("enter", "down", "enter")  # Effort: 0 → 1
    await pilot.press("ctrl+f", *die, "enter")
    await pilot.pause()


async def test_r_eff_3_a_roll_with_effort_and_edge_pays_the_right_cost(demo_app):
    """One level of Effort (3) less Might Edge 1: the roll costs Mara 2 Might."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = character_state(demo_app, MARA).pools.might.current
        await roll_with_effort(pilot, "10")
        event = demo_app.session.journal()[-1]
        assert (event.effort, event.die, event.cost) == (1, 10, 2)
        assert character_state(demo_app, MARA).pools.might.current == before - 2
        await pilot.press("escape", "ctrl+z")
        assert character_state(demo_app, MARA).pools.might.current == before
        await pilot.press("ctrl+y")
        assert character_state(demo_app, MARA).pools.might.current == before - 2


async def test_r_spec_4_a_natural_twenty_refunds_the_cost(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = character_state(demo_app, MARA).pools.might.current
        await roll_with_effort(pilot, "20")
        event = demo_app.session.journal()[-1]
        assert (event.die, event.success, event.cost) == (20, True, 0)
        assert character_state(demo_app, MARA).pools.might.current == before
        assert "points spent come back" in str(pilot.app.screen.query_one("#result").render())


async def test_r_xp_1_refusing_an_intrusion_at_zero_xp_is_impossible(fresh_app):
    async with fresh_app.run_test(size=(80, 24)) as pilot:
        before = fresh_app.session.state
        await pilot.press("i")
        assert fresh_app.screen.query_one("#refuse").disabled
        await pilot.press("ctrl+r")  # The refuse key: the store says no.
        await pilot.pause()
        assert fresh_app.session.state == before
        assert any("no XP" in n.message for n in fresh_app._notifications)


async def test_r_xp_1_accepting_an_intrusion_gives_one_xp_to_a_friend(fresh_app):
    async with fresh_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i", "ctrl+s")
        await pilot.pause()
        state = fresh_app.session.state
        assert (state.characters["mara"].xp, state.characters["jun"].xp) == (1, 1)
        await pilot.press("ctrl+z")
        assert fresh_app.session.state.characters["jun"].xp == 0


async def test_r_rec_2_a_full_rest_cycle(fresh_app):
    """Four rests: one action, ten minutes, one hour, ten hours; then a new day. (Jun is
    in the party too: the GM ticks "Advance the clock" for a rest alone.)"""
    async with fresh_app.run_test(size=(80, 24)) as pilot:
        start = fresh_app.session.state.clock.seconds
        seen = []
        for die in "3456":
            # Roll; from Might past Speed and Intellect to the clock's box; tick; rest.
            await pilot.press("s", die, "enter", "tab", "tab", "tab", "space")
            await pilot.press("shift+tab", "enter")
            await pilot.pause()
            seen.append(character_state(fresh_app, "mara").rests_today)
        assert seen == [1, 2, 3, 0]
        assert fresh_app.session.state.clock.seconds - start == 6 + 600 + 3600 + 36000
        await pilot.press("ctrl+z")
        assert character_state(fresh_app, "mara").rests_today == 3


async def test_r_rec_1_a_rest_restores_the_points_it_rolled(demo_app):
    """Tess (Might 3/9) rests: d6 4 + 1 = 5 points go to Might first."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "s", "4", "enter", "enter")
        await pilot.pause()
        tess = character_state(demo_app, "tess-harrow")
        assert tess.pools.might.current == 8
        event = demo_app.session.journal()[-1]
        assert (event.die, event.bonus, event.allocation) == (4, 1, {Stat.MIGHT: 5})


async def test_r_adv_1_buying_an_advancement(fresh_app):
    """x, award 4 XP (enter), choose +1 Effort, ctrl+b: 4 XP paid, Effort 2."""
    async with fresh_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x", "backspace", "4", "enter")
        await pilot.pause()
        assert character_state(fresh_app, "mara").xp == 4
        step = fresh_app.screen.query_one("#step")
        step.focus()
        await pilot.press("enter", "down", "down", "down", "enter", "ctrl+b")
        await pilot.pause()
        mara = character_state(fresh_app, "mara")
        assert (mara.xp, mara.effort, mara.advancements) == (0, 2, ("effort",))
        await pilot.press("escape", "ctrl+z")  # Undo on Home (a dialog's ctrl+z is its own)
        assert character_state(fresh_app, "mara").effort == 1


async def test_bad_damage_input_changes_nothing(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        await pilot.press("enter", "d", "x", "y", "enter")
        await pilot.pause()
        assert demo_app.session.state == before


async def test_quit_and_reopen_finds_everything_as_left(demo, demo_app):
    from strange_tui.tui.app.app import StrangeApp

    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "d", "3", "enter")
        await pilot.pause()
        left = demo_app.session.state
        await pilot.press("escape", "q")
    again = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with again.run_test(size=(80, 24)):
        assert again.session.state == left


async def test_r_xp_3_the_gm_forces_a_roll_on_an_automatic_success(demo_app):
    """Difficulty 1, trained: automatic; ctrl+g turns it into a roll at difficulty 1."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "tab", "tab", "tab", "enter", "up", "up", "enter")  # difficulty 1
        await pilot.press("tab", "enter", "down", "enter")  # trained
        await pilot.press("ctrl+g")
        await pilot.pause()
        dialog = pilot.app.screen
        assert dialog.forced  # The preview and the roll use the difficulty before easing.
        await pilot.press("shift+tab", "shift+tab", "shift+tab", "shift+tab")  # to the task
        await pilot.press("enter", "enter")  # Enter goes to the die; there, the app rolls.
        await pilot.pause()
        event = demo_app.session.journal()[-1]
        assert event.die is not None and event.difficulty == 1 and "forced roll" in event.label


async def test_r_adv_1_a_boon_step_puts_a_contact_on_the_sheet(fresh_app):
    """x, award 4 XP, choose "A boon: a contact", name her, ctrl+b: the sheet lists her."""
    async with fresh_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x", "backspace", "4", "enter")
        await pilot.pause()
        fresh_app.screen.query_one("#step").focus()
        await pilot.press("enter", *["down"] * 9, "enter")
        await pilot.pause()
        assert fresh_app.screen.query_one("#step").value == "contact"
        fresh_app.screen.query_one("#boon").focus()
        await pilot.press(*"Ilse at the Estate", "ctrl+b")
        await pilot.pause()
        mara = character_state(fresh_app, "mara")
        assert (mara.boons, mara.xp) == (("Contact: Ilse at the Estate",), 0)
