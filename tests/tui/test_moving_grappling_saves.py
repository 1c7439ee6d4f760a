"""Moving in a fight (R-MOVE-2), grappling (R-GRAB-1) and a save (R-SAVE-1) in the combat
tracker, keys only: the action picker (c) offers them, each dialog shows the model's odds
and what the action does, a typed die commits with Enter, and each fits 80x24.

The fight of ``test_combat``: Mara (Might 2, Speed 10, Armor 1), Tess and Jun against a
level-3 thug (damage 3); Mara and Tess act before the thug, Jun after it."""

from textual.widgets import Button, DataTable

from strange_tui.campaign.model.events import MovedInFight
from strange_tui.tui.combat.grappling import GrappleDialog
from strange_tui.tui.combat.movement import MoveDialog
from strange_tui.tui.combat.saves import SaveDialog
from strange_tui.tui.combat.tracker import CombatScreen
from tests.tui.reach import tab_through, visible
from tests.tui.test_combat import THUG_AND_INITIATIVE, encounter, party_app, shown

# The picker on Mara's turn: covering fire, distract, draw, guard, wait, then these.
MOVE = ["c", *["down"] * 5, "enter"]
GRAB = ["c", *["down"] * 6, "enter"]
# On the thug's turn: take the attack, the thug grabs, a save.
THUG_GRABS = ["c", "down", "enter"]
SAVE = ["c", "down", "down", "enter"]


def flat(app, selector: str) -> str:
    return " ".join(shown(app, selector).split())


def cell(app, row: str, column: str) -> str:
    return str(app.screen.query_one(DataTable).get_cell(row, column))


def option_ids(app) -> list[str]:
    return [o.id for o in app.screen.query_one("#actions").options]


async def fits(pilot) -> None:
    """Every field is reached by Tab and in view at 80x24, and so is the button."""
    assert await tab_through(pilot) == []
    assert visible(pilot.app, pilot.app.screen.query_one("#go", Button))


async def test_r_move_2_the_picker_moves_mara_a_long_way_with_a_speed_task(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "c")
        await pilot.pause()
        assert option_ids(app)[5:] == ["move", "grab", "save"]
        await pilot.press(*["down"] * 5, "enter")
        await pilot.pause()
        assert isinstance(app.screen, MoveDialog)
        assert "Short distance: the whole action." in flat(app, "#preview")
        await fits(pilot)
        # Long (the distance's list: enter, down, enter); the GM's Speed task: 2.
        app.screen.query_one("#distance").focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        preview = flat(app, "#preview")
        assert "Standard 2" in preview and "target 6" in preview
        assert "A Speed task at 2 (the GM's)" in preview
        await pilot.press("ctrl+f", "1", "1", "enter")
        await pilot.pause()
        result = flat(app, "#result")
        assert "Mara rolled 11 for a long move" in result
        assert result.endswith("Mara moved a long distance: the whole action.")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert isinstance(app.session.journal()[-1], MovedInFight)


async def test_r_move_2_a_short_move_takes_no_die_and_logs_what_it_took(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, *MOVE)
        await pilot.pause()
        await pilot.press("ctrl+f", "9", "enter")  # A die for a short move: refused.
        await pilot.pause()
        assert isinstance(app.screen, MoveDialog)
        assert not isinstance(app.session.journal()[-1], MovedInFight)
        await pilot.press("backspace", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        journal = app.session.journal()
        assert app.session.describe(tuple(journal[-1:])) == (
            "Mara moved a short distance: the whole action."
        )


async def test_r_grab_1_mara_grabs_the_thug_then_it_grabs_her_and_she_breaks_free(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, *GRAB)
        await pilot.pause()
        assert isinstance(app.screen, GrappleDialog)
        preview = flat(app, "#preview")
        assert "A Might task at Thug's level 3." in preview and "Demanding 3" in preview
        await fits(pilot)
        await pilot.press("ctrl+f", "1", "5", "enter")
        await pilot.pause()
        assert "Thug is held by Mara (a grapple)" in flat(app, "#result")
        await pilot.press("enter")
        await pilot.pause()
        assert cell(app, "thug", "conditions") == "held ∞ (Mara)"
        # Let go: her turn's action is spent on the grab (R-CMB-8), so the picker offers no
        # other action, and the grapple offers only letting go, which takes none.
        await pilot.press("c")
        await pilot.pause()
        assert option_ids(app) == ["move", "grab", "save"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GrappleDialog) and app.screen.modes() == ["let_go"]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen) and cell(app, "thug", "conditions") == ""
        # The thug's turn: it grabs Mara, whose Might defense (a 2) fails.
        await pilot.press("n", "n", "c")
        await pilot.pause()
        assert option_ids(app) == ["take", "grab", "save"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert "A Might defense at Thug's level 3." in flat(app, "#preview")
        await pilot.press("ctrl+f", "2", "enter", "enter")
        await pilot.pause()
        assert cell(app, "mara", "conditions") == "held ∞ (Thug)"
        # Round 2, Mara's turn: she cannot move away; she breaks free (a 14).
        await pilot.press("n", "n", *MOVE)
        await pilot.pause()
        assert "Mara is held by Thug and cannot move away" in flat(app, "#preview")
        await pilot.press("escape", *GRAB)
        await pilot.pause()
        assert "On a success Mara is free" in flat(app, "#preview")
        await pilot.press("ctrl+f", "1", "4", "enter", "enter")
        await pilot.pause()
        assert cell(app, "mara", "conditions") == ""


async def test_r_save_1_mara_resists_the_thugs_venom_and_it_lands(tmp_path):
    """On the thug's turn Mara fails a Might save (level 3): 3 Might, no Armor, off her
    Might 2 (one spills to Speed): M0 S9 I8, impaired."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", *SAVE)
        await pilot.pause()
        assert isinstance(app.screen, SaveDialog)
        await fits(pilot)
        app.screen.query_one("#effect").focus()
        await pilot.press(*"venom", "tab", "3")
        await pilot.pause()
        preview = flat(app, "#preview")
        assert "A Might defense at level 3." in preview
        assert "On a failure: 3 Might damage, no Armor → M0 S9 I8, impaired." in preview
        await pilot.press("ctrl+f", "2", "enter")
        await pilot.pause()
        result = flat(app, "#result")
        assert result.startswith("Mara rolled 2 for Resist venom (Demanding 3, target 9)")
        assert result.endswith("Mara took 3 damage from venom: 2 Might, 1 Speed.")
        await pilot.press("enter")
        await pilot.pause()
        assert cell(app, "mara", "health").startswith("M0 S9 I8")
        assert encounter(app).active.id == "thug"
