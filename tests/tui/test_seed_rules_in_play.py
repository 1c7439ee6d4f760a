"""The seeds' sentences as a player meets them, keys only: a natural 20 that still fails
gives its points back and the dialog says so (R-SPEC-4); the GM sends an NPC's attack at
Intellect, which Armor does not stop (R-DMG-1)."""

from strange_tui.campaign.model.events import RollMade
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.rolls.roll import RollDialog
from tests.tui.conftest import character_state
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app, shown
from tests.tui.test_roll_dialog import tab_to

MARA = "mara-quist"


async def test_r_spec_4_a_natural_20_that_fails_still_refunds_and_the_dialog_says_so(demo_app):
    """Difficulty 8 with one level of Effort: even a 20 fails, and its 2 points (3 less
    Edge 1) come back, as the dialog now says."""
    async with demo_app.run_test(size=(100, 40)) as pilot:
        might = character_state(demo_app, MARA).pools.might.current
        await pilot.press("r", *"Lift the gate")
        await tab_to(pilot, "difficulty")
        await pilot.press("enter", *["down"] * 5, "enter")  # Demanding 3 → 8.
        await tab_to(pilot, "effort")
        await pilot.press("enter", "down", "enter")
        await tab_to(pilot, "die")
        await pilot.press("2", "0", "enter", "y")  # It cannot succeed: asked, rolled anyway.
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        made = demo_app.session.journal()[-1]
        assert (made.difficulty, made.effort, made.die, made.success, made.cost) == (
            8, 1, 20, False, 0)  # fmt: skip
        result = str(demo_app.screen.query_one("#result").render())
        assert "A natural 20: the points spent come back." in result
        assert character_state(demo_app, MARA).pools.might.current == might


async def test_r_dmg_1_the_gm_sends_an_attack_at_intellect_and_armor_does_not_stop_it(
    tmp_path,
):
    """On the thug's turn: "Damage to" Intellect; a failure takes all 3 from Intellect."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        assert "On a failure 3 damage − Armor 1 = 2" in shown(app, "#preview")
        await tab_to(pilot, "pool")
        await pilot.press("enter", "down", "down", "enter")
        await pilot.pause()
        assert app.screen.query_one("#pool").selection is Stat.INTELLECT
        assert "On a failure 3 Intellect damage, no Armor: 3" in shown(app, "#preview")
        await pilot.press("ctrl+f", "2", "enter")
        await pilot.pause()
        mara = app.session.state.characters["mara"]
        assert (mara.pools.might.current, mara.pools.intellect.current) == (2, 5)


async def test_r_cir_3_the_third_to_attack_a_foe_in_melee_sees_and_gets_the_1(tmp_path):
    """Mara and Tess strike the thug barehanded; on Jun's turn the attack dialog shows the
    three attackers' +1 and the roll carries it; the log says so."""
    from tests.tui.test_combat import encounter

    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE)  # Order: Mara, Tess, the thug, Jun.
        for _ in ("mara", "tess"):
            await pilot.press("a", "ctrl+f", "3", "enter", "escape", "n")
            await pilot.pause()
        await pilot.press("n")  # The thug's turn passes.
        await pilot.pause()
        assert encounter(app).active.id == "jun"
        await pilot.press("a")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "three attack it in melee" in preview and "+1" in preview
        await pilot.press("ctrl+f", "3", "enter")
        await pilot.pause()
        made = [e for e in app.session.journal() if isinstance(e, RollMade)][-1]
        assert (made.character, made.bonus) == ("jun", 1)
        assert any("three attack it in melee" in c for c in made.circumstances)


async def test_r_dmg_3_the_sheet_moves_a_pc_down_the_track_in_one_step(tmp_path):
    """t on Mara's sheet, the first choice (one step down), a reason typed: hale →
    impaired, her pools untouched; one ctrl+z takes it back."""
    from strange_tui.rules.track import DamageTrack
    from strange_tui.tui.character.track import TrackDialog

    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("enter", "t")
        await pilot.pause()
        assert isinstance(app.screen, TrackDialog)
        assert "Mara: hale → impaired." in shown(app, "#preview")
        await pilot.press("tab", *"poison", "enter")
        await pilot.pause()
        mara = app.session.state.characters["mara"]
        assert mara.track is DamageTrack.IMPAIRED and mara.pools == before.characters["mara"].pools
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state == before


async def test_r_task_2_a_contest_from_home_shows_the_odds_then_the_winner(tmp_path):
    """v on Home: Mara against Jun, Mara with an advantage; both dice typed; the winner
    stays shown (Roll rolls no more); one ctrl+z takes the contest back."""
    from strange_tui.campaign.model.events import ContestRolled
    from strange_tui.tui.rolls.contest import ContestDialog

    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ContestDialog)
        assert "Mara wins 50%, Jun 50%" in shown(app, "#preview")
        await tab_to(pilot, "label")
        await pilot.press(*"a race", "tab", "enter", "down", "enter")
        await pilot.pause()
        assert "Mara wins 6" in shown(app, "#preview")
        await pilot.press("tab", "1", "0", "tab", "1", "2", "enter")
        await pilot.pause()
        rolled = app.session.journal()[-1]
        assert isinstance(rolled, ContestRolled) and rolled.winner == "mara"
        assert "Mara won." in str(app.screen.query_one("#result").render())
        await pilot.press("enter")  # The die once seen stays: nothing is rolled again.
        await pilot.pause()
        assert app.session.journal()[-1] == rolled
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert app.session.state == before
