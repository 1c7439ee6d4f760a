"""Keys that change the game by accident: in the dialogs, keys only, at 80x24.

Typing text never answers a dialog, a stray Tab or Enter never rolls for the player, Enter
does what each dialog's hint says, a dead PC never rolls recovery, and escape closes every
dialog without changing anything."""

import io

import pytest
from rich.console import Console
from textual.widgets import Input, Select, Static

from strange_tui.campaign.model.events import (
    CharacterCreated,
    CypherGained,
    InitiativeRolled,
    IntrusionAccepted,
    RecoveryDieShown,
    RecoveryRolled,
    RollMade,
)
from strange_tui.campaign.model.terms import DamageTrack
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.advance import AdvanceDialog
from strange_tui.tui.character.cyphers import GainCypherDialog
from strange_tui.tui.character.rest import RestDialog
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.combat.attack import AttackDialog, DefenseDialog
from strange_tui.tui.combat.npcs import ConditionDialog
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.common.dialog import CharacterDialog
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.rolls.intrusion import IntrusionDialog
from strange_tui.tui.rolls.roll import RollDialog
from tests.campaign.builders import character

MARA = "mara-quist"
# A level-3 thug, then initiative: Mara 15, Jun 5, Tess 9 (Mara, Tess, the thug, Jun).
THUG = ["c", "tab", "3", "tab", *"Thug", "enter"]
THUG_AND_INITIATIVE = [*THUG, "i", "1", "5", "tab", "5", "tab", "9", "enter"]


def focused_id(app) -> str | None:
    return app.focused.id if app.focused is not None else None


def shown(app, selector: str = "Static") -> str:
    """The text of the widgets ``selector`` matches on the screen, as a player reads it."""
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    for widget in app.screen.query(selector):
        if isinstance(widget, Static):
            console.print(widget.content)
    return " ".join(out.getvalue().split())


def rolls(app) -> list[RollMade]:
    return [e for e in app.session.journal() if isinstance(e, RollMade)]


async def shift_tab_to(pilot, widget_id: str) -> None:
    """Shift+Tab back through the form until ``widget_id`` has the focus (keys only)."""
    for _ in range(30):
        if focused_id(pilot.app) == widget_id:
            return
        await pilot.press("shift+tab")
    raise AssertionError(f"#{widget_id} never took the focus")


async def tab_order(pilot, until: str) -> list[str | None]:
    """The ids the focus visits, Tab by Tab, from where it is up to ``until``."""
    seen = [focused_id(pilot.app)]
    for _ in range(30):
        if seen[-1] == until:
            return seen
        await pilot.press("tab")
        seen.append(focused_id(pilot.app))
    raise AssertionError(f"#{until} never took the focus: {seen}")


async def test_typing_a_gm_intrusion_never_accepts_or_refuses_it(demo_app):
    """The focus starts in the text field: "The fire escape collapses" (an `a`, an `f`,
    spaces) is typed, not taken as keys; Enter there answers nothing; ctrl+s accepts."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state
        await pilot.press("i")
        assert isinstance(demo_app.screen, IntrusionDialog)
        assert focused_id(demo_app) == "what"
        await pilot.press(*"The fire escape collapses", "enter")
        await pilot.pause()
        assert demo_app.session.state == before
        assert demo_app.screen.query_one("#what", Input).value == "The fire escape collapses"
        await pilot.press("ctrl+s")
        await pilot.pause()
        accepted = demo_app.session.journal()[-1]
        assert isinstance(accepted, IntrusionAccepted)
        assert accepted.what == "The fire escape collapses"
        assert isinstance(demo_app.screen, HomeScreen)


@pytest.mark.starts_first  # One of the longest: started first.
async def test_a_wrong_tab_or_enter_never_rolls_and_ctrl_f_is_your_die(demo_app):
    """Roll dialog: Enter in the task goes to "Your die" (no roll); from any field Tab
    reaches the die before the Roll button; ctrl+f jumps to the die from anywhere. A typed
    die is the player's; Enter on a blank die is the app's, and the roll says so. The
    attack and defense dialogs: the same die, the same key, no roll on the way."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        made = len(rolls(demo_app))
        await pilot.press("r", *"Climb the fence", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        assert len(rolls(demo_app)) == made and focused_id(demo_app) == "die"
        await shift_tab_to(pilot, "effort")
        order = await tab_order(pilot, "roll")
        assert "die" in order and order.index("die") == len(order) - 2, order
        await shift_tab_to(pilot, "bonus")
        await pilot.press("ctrl+f", "7", "enter")
        await pilot.pause()
        typed = demo_app.session.journal()[-1]
        assert isinstance(typed, RollMade) and typed.label == "Climb the fence"
        assert typed.die == 7 and not typed.app_rolled
        await pilot.press("escape", "r", "enter", "enter")  # To the die; blank: the app rolls.
        await pilot.pause()
        by_app = demo_app.session.journal()[-1]
        assert isinstance(by_app, RollMade) and by_app.die is not None and by_app.app_rolled
        assert "rolled by the app" in str(demo_app.screen.query_one("#result").render())
        await pilot.press("escape")

        # Initiative: Enter after one PC's die goes to the next; the last one rolls.
        await pilot.press(*THUG, "i", "1", "5", "enter")
        await pilot.pause()
        assert demo_app.session.state.encounter.round == 0
        assert focused_id(demo_app) != "die-mara-quist"
        await pilot.press("5", "enter", "9", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, CombatScreen)
        rolled = demo_app.session.journal()[-1]
        assert isinstance(rolled, InitiativeRolled) and rolled.dice["tess-harrow"] == 9
        made = len(rolls(demo_app))
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(demo_app.screen, AttackDialog) and focused_id(demo_app) != "die"
        order = await tab_order(pilot, "go")
        assert order.index("die") == len(order) - 2, order
        await pilot.press("shift+tab", "shift+tab", "ctrl+f")
        assert focused_id(demo_app) == "die" and len(rolls(demo_app)) == made
        await pilot.press("1", "2", "enter")
        await pilot.pause()
        attack = rolls(demo_app)[-1]
        assert len(rolls(demo_app)) == made + 1 and attack.die == 12 and not attack.app_rolled
        await pilot.press("enter", "n", "n", "d")  # Done; Tess's turn; the thug attacks.
        await pilot.pause()
        assert isinstance(demo_app.screen, DefenseDialog) and focused_id(demo_app) == "pc"
        order = await tab_order(pilot, "go")
        assert order.index("die") == len(order) - 2, order
        await pilot.press("shift+tab", "shift+tab", "ctrl+f", "1", "5", "enter")
        await pilot.pause()
        defense = rolls(demo_app)[-1]
        assert defense.label.startswith("Defend") and defense.die == 15
        assert not defense.app_rolled


async def test_enter_on_the_condition_list_opens_it_and_only_ctrl_s_adds(demo_app):
    """R-CMB-4: on the tracker's condition dialog, Enter on the condition's drop-down opens
    the list (Enter picks in it), Enter in a field goes on; ctrl+s adds, as the hint says."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "down", "down", "k")
        await pilot.pause()
        assert isinstance(demo_app.screen, ConditionDialog)
        assert "ctrl+s adds" in shown(demo_app)
        assert focused_id(demo_app) == "name"
        await pilot.press("enter")
        await pilot.pause()
        picker = demo_app.screen.query_one("#name", Select)
        assert isinstance(demo_app.screen, ConditionDialog) and picker.expanded
        thug = demo_app.session.state.encounter.combatants["thug"]
        assert thug.conditions == ()
        await pilot.press("down", "enter", "tab", "tab", "enter")  # Dazed; past the rounds.
        await pilot.pause()
        assert isinstance(demo_app.screen, ConditionDialog) and not picker.expanded
        assert demo_app.session.state.encounter.combatants["thug"].conditions == ()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(demo_app.screen, CombatScreen)
        thug = demo_app.session.state.encounter.combatants["thug"]
        assert [c.name for c in thug.conditions] == ["dazed"]


async def test_the_xp_dialog_splits_pool_points_below_the_step_and_enter_gains_a_cypher(
    demo_app,
):
    """XP: "+4 pool points (split them below)" is chosen above the fields it is split in.
    Gain a cypher: Enter in the level field gains it, as in the rest of the form."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(demo_app.screen, AdvanceDialog)
        step = demo_app.screen.query_one("#step", Select)
        labels = [label for label, _ in step._options if "pool points" in str(label)]
        assert labels and "below" in str(labels[0])
        split = demo_app.screen.query_one("#pool-might", Input)
        assert step.region.y < split.region.y
        await pilot.press("escape", "enter", "g")
        await pilot.pause()
        assert isinstance(demo_app.screen, GainCypherDialog)
        await pilot.press("tab", *"Glowbug", "tab", "3", "enter")
        await pilot.pause()
        # Mara already carries two, her limit: a third makes one vanish at once (R-CYP-1).
        *_, gained, vanished = demo_app.session.journal()
        assert isinstance(gained, CypherGained) and gained.cypher.name == "Glowbug"
        assert vanished.vanished
        assert isinstance(demo_app.screen, SheetScreen)


async def test_the_sheet_says_an_occultic_cypher_counts_as_two(demo_app):
    """Jun carries two cyphers, one occultic: the load reads 3 of 3, and says why."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "enter")
        await pilot.pause()
        stats = shown(demo_app, "#stats-body")
        assert "3 of 3 (2 cyphers; an occultic one counts as 2)" in stats


async def test_a_dead_pc_never_rolls_recovery(tmp_path):
    """The rest dialog says why there is no rest, offers no die, and no key rolls one."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Grim")
    folder.open().dispatch(CharacterCreated(character=character("mara", track=DamageTrack.DEAD)))
    app = StrangeApp(campaign_path=folder.path, saves=saves)
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.session.state
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, RestDialog)
        assert not app.screen.query("#die") and not app.screen.query("#next")
        await pilot.press("4", "enter")
        await pilot.pause()
        assert app.session.state == before  # No die shown, no rest.
        assert not any(isinstance(e, RecoveryRolled | RecoveryDieShown)
                       for e in app.session.journal())  # fmt: skip
        assert any("dead is dead" in n.message for n in app._notifications)


@pytest.mark.starts_first  # One of the longest: started first.
async def test_escape_closes_every_dialog_and_changes_nothing(demo_app):
    """Each dialog from Home, the sheet and the fight: some text typed, then escape."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state

        async def escape_from(*keys: str, back: type) -> None:
            await pilot.press(*keys)
            await pilot.pause()
            dialog = demo_app.screen
            assert dialog is not None and not isinstance(dialog, back), keys
            await pilot.press("2", "escape")
            await pilot.pause()
            assert isinstance(demo_app.screen, back), (keys, dialog)

        for key in ("r", "s", "x", "i", "w", "g"):
            await escape_from(key, back=HomeScreen)
        assert demo_app.session.state == before
        await pilot.press("enter")
        for key in ("d", "p", "h", "g", "u", "a", "w", "r", "s", "x"):
            await escape_from(key, back=SheetScreen)
        await escape_from("e", back=SheetScreen)  # Notes: a text area.
        assert demo_app.session.state == before
        await pilot.press("escape", *THUG_AND_INITIATIVE)
        await pilot.pause()
        fight = demo_app.session.state
        for key in ("plus", "i", "a", "k"):
            await escape_from(key, back=CombatScreen)
        await escape_from("down", "down", "h", back=CombatScreen)  # The thug's health.
        await pilot.press("n", "n")
        fight = demo_app.session.state
        await escape_from("d", back=CombatScreen)
        assert demo_app.session.state == fight
        assert not isinstance(demo_app.screen, CharacterDialog)


async def test_a_stray_enter_in_the_armor_dialog_keeps_the_armor_worn(demo_app):
    """The armor dialog opens on what is worn (Mara's light armor), so an enter typed by
    mistake (the end of a sentence meant for another dialog) takes nothing off."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Mara's sheet.
        await pilot.pause()
        worn = demo_app.session.state.characters["mara-quist"].worn
        assert worn is not None
        seq = demo_app.session.state.seq
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert demo_app.session.state.characters["mara-quist"].worn == worn
        assert demo_app.session.state.seq == seq
