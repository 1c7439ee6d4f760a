"""The cheat sheet in the combat tracker, keys only (R-ACT-1, R-ACT-2, R-HAZ-1, R-HAZ-2):
the action picker (c) and its dialogs, surprise (u), hazards (z, in the tracker and at
Home) and objects (o); checked on the numbers the player sees and on the state.

The fight of ``test_combat``: Mara (Might 2, Armor 1), Tess and Jun against a level-3
thug (damage 3); Mara and Tess act before the thug, Jun after it."""

from textual.widgets import DataTable

from strange_tui.demo.build import build_demo
from strange_tui.tui.combat.actions import ActionPicker
from strange_tui.tui.combat.defense import DefenseDialog
from strange_tui.tui.combat.hazard import HazardDialog
from strange_tui.tui.combat.tracker import CombatScreen
from tests.tui.test_combat import THUG_AND_INITIATIVE, encounter, party_app, shown
from tests.tui.test_seat_screens import (
    MARA,
    gm_session,
    player,
    press_changes_nothing,
    start_fight,
)

# The picker on Mara's turn: covering fire, distract, draw the attack, guard, wait.
GUARD = ["c", "down", "down", "down", "enter"]
WAIT = ["c", "down", "down", "down", "down", "enter"]


def cell(app, row: str, column: str) -> str:
    return str(app.screen.query_one(DataTable).get_cell(row, column))


def flat(app, selector: str) -> str:
    """What a widget shows, its wrapped lines joined (and the table's columns)."""
    return " ".join(shown(app, selector).split())


def names(app, who: str) -> list[str]:
    return [c.name for c in encounter(app).combatants[who].conditions]


async def test_r_act_1_a_guard_defends_a_step_easier_in_the_defense_dialog(tmp_path):
    """Mara guards the door; on the thug's turn her defense reads Standard 2 (target 6)
    where Tess's, unguarded, reads Demanding 3 (target 9)."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, *GUARD)
        await pilot.pause()
        assert "Say what is guarded." in shown(app, "#preview")
        # Enter in the text goes to the button (a word typed never acts); enter presses it.
        await pilot.press(*"the door", "enter")
        await pilot.pause()
        assert names(app, "mara") == []
        assert "a step easier" in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert cell(app, "mara", "conditions") == "guarding 1 (the door)"
        await pilot.press("n", "n", "d")  # Tess, then the thug attacks: Mara defends.
        await pilot.pause()
        assert isinstance(app.screen, DefenseDialog)
        assert "Demanding 3 → Standard 2" in shown(app, "#preview")
        assert "target 6" in shown(app, "#preview")
        await pilot.press("enter", "down", "down", "enter")  # The defender: Tess.
        await pilot.pause()
        assert "Demanding 3 " in shown(app, "#preview") and "target 9" in shown(app, "#preview")


async def test_r_haz_1_a_fire_burns_each_of_its_holders_turns_until_taken_off(tmp_path):
    """A minor fire on Tess (highlighted, z, ctrl+s): 3 at once, 3 more as each of her
    turns begins (Might 12, 9, 6, 3); taken off with k and ctrl+r, it burns no more."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "down", "z")
        await pilot.pause()
        assert isinstance(app.screen, HazardDialog)
        preview = shown(app, "#preview")
        assert "Tess 3 ambient → M9 S10 I8, hale" in preview and "Armor does not" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert cell(app, "tess", "health") == "M9 S10 I8"
        assert cell(app, "tess", "conditions") == "minor fire ∞ (3/round)"
        await pilot.press("n")  # Tess's turn begins in the fire.
        await pilot.pause()
        assert cell(app, "tess", "health") == "M6 S10 I8"
        await pilot.press("n", "n")  # The thug, Jun: Tess's pools stay.
        await pilot.pause()
        assert cell(app, "tess", "health") == "M6 S10 I8"
        await pilot.press("n", "n")  # Round 2: Mara, then Tess burns again.
        await pilot.pause()
        assert cell(app, "tess", "health") == "M3 S10 I8"
        journal = app.session.journal()
        assert app.session.describe(tuple(journal[-2:])) == (
            "Next turn. Minor fire burns Tess: 3 (ambient), 3 Might."
        )
        await pilot.press("k", "ctrl+r")  # The condition dialog opens on the fire.
        await pilot.pause()
        assert names(app, "tess") == [] and cell(app, "tess", "conditions") == ""
        await pilot.press("n", "n", "n", "n")  # Round 3, Tess's turn: no more burning.
        await pilot.pause()
        assert encounter(app).active.id == "tess"
        assert cell(app, "tess", "health") == "M3 S10 I8"


async def test_r_act_1_covering_fire_with_the_players_die_pins_the_thug(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "c")
        await pilot.pause()
        assert isinstance(app.screen, ActionPicker)
        await pilot.press("enter")  # Covering fire, on the thug.
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Standard 2" in preview and "No damage" in preview
        await pilot.press("ctrl+f", "1", "4", "enter")
        await pilot.pause()
        assert "Thug is pinned down by Mara's covering fire" in shown(app, "#result")
        await pilot.press("enter")
        await pilot.pause()
        assert cell(app, "thug", "conditions") == "pinned down 1 (Mara)"
        assert encounter(app).combatants["thug"].health == 9


async def test_r_act_1_take_the_attack_on_the_thugs_turn(tmp_path):
    """On the thug's turn Tess takes its attack on Mara: a Speed task (her 15); the hit,
    3 + 1 less Armor 1, comes off Tess's Might (12 → 9)."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "c")
        await pilot.pause()
        assert [o.id for o in app.screen.query_one("#actions").options] == ["take", "grab", "save"]
        await pilot.press("enter")
        await pilot.pause()
        # Who takes it: Tess (the list: Mara, Jun, Tess). Meant for: Mara (from Jun).
        await pilot.press("enter", "down", "down", "enter", "tab", "enter", "up", "enter")
        await pilot.pause()
        assert "3 + 1 = 4 damage − Armor 1 = 3" in flat(app, "#preview")
        await pilot.press("ctrl+f", "1", "5", "enter", "enter")
        await pilot.pause()
        assert cell(app, "tess", "health") == "M9 S10 I8"
        assert cell(app, "mara", "health") == "M2 S10 I8"


async def test_r_act_1_a_wait_and_acting_when_its_trigger_comes(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, *WAIT, *"the thug moves", "enter", "enter")
        await pilot.pause()
        assert cell(app, "mara", "conditions") == "waiting ∞ (the thug moves)"
        await pilot.press("n", "n", "c")  # The thug's turn: Mara's trigger comes.
        await pilot.pause()
        options = [o.id for o in app.screen.query_one("#actions").options]
        assert options == ["take", "act", "grab", "save"]
        await pilot.press("down", "enter", "ctrl+s")
        await pilot.pause()
        fight = encounter(app)
        assert fight.active.id == "mara" and fight.order == ("tess", "thug", "mara", "jun")
        assert cell(app, "mara", "conditions") == ""
        assert "Your turn" not in shown(app, "#detail") and "Mara's turn" in shown(app, "#detail")


async def test_r_act_2_surprise_from_the_tracker(tmp_path):
    """Before initiative the GM marks Jun and the thug (space) and surprises them (u,
    ctrl+s): the tracker says Jun cannot use Effort to defend, and that the GM may adjust;
    Mara's attack on the thug is a step easier."""
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c", "tab", "3", "tab", *"Thug", "enter")
        await pilot.pause()
        # Before initiative the order is the party's, then the NPCs: Mara, Jun, Tess, Thug.
        await pilot.press("down", "space", "down", "down", "space", "u")
        await pilot.pause()
        assert "Jun: no Effort on defense rolls" in flat(app, "#preview")
        assert "the GM may adjust" in flat(app, "#preview")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert (names(app, "jun"), names(app, "thug")) == (["surprised"], ["surprised"])
        await pilot.press("i", "1", "5", "tab", "5", "tab", "9", "enter")
        await pilot.pause()
        detail = flat(app, "#detail")
        assert "Jun is surprised: no Effort to defend (the GM may adjust" in detail
        await pilot.press("a")
        await pilot.pause()
        preview = flat(app, "#preview")
        assert "Simple 1" in preview and "target 3" in preview
        assert "−1 light weapon −1 surprised foe" in preview


async def test_r_haz_2_an_object_joins_and_is_skipped_in_the_turns(tmp_path):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "o", *"Steel door", "enter", "backspace", "5")
        await pilot.press("enter", "enter", "down", "enter")  # Hardness: very hard.
        await pilot.pause()
        assert "Steel door: level 5, Armor 2, health 15" in flat(app, "#preview")
        await pilot.press("ctrl+s")
        await pilot.pause()
        door = encounter(app).combatants["steel-door"]
        assert (door.level, door.armor, door.health, door.inanimate) == (5, 2, 15, True)
        assert "(object)" in cell(app, "steel-door", "name")
        turns = []
        for _ in range(5):
            await pilot.press("n")
            await pilot.pause()
            turns.append(encounter(app).active.id)
        assert turns == ["tess", "thug", "jun", "mara", "tess"]


async def test_r_haz_1_a_hazard_at_home_out_of_a_fight(demo_app):
    """Home, z: the highlighted character ticked; a fall of 20 feet, 2 ambient damage."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state.characters["mara-quist"].pools.might.current
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(demo_app.screen, HazardDialog)
        await pilot.press("enter", "end", "up", "up", "enter")  # Falling.
        await pilot.pause()
        await pilot.press("tab", "tab", "2", "0")
        await pilot.pause()
        assert "2 ambient" in shown(demo_app, "#preview")
        await pilot.press("ctrl+s")
        await pilot.pause()
        after = demo_app.session.state.characters["mara-quist"].pools.might.current
        assert after == before - 2
        last = demo_app.session.describe(tuple(demo_app.session.journal()[-1:]))
        assert last.startswith("Mara Quist fell 20 feet: 2 (ambient)")


async def test_at_a_players_seat_the_actions_are_the_pcs_own_and_the_rest_the_gms(tmp_path):
    """Mara's seat, on her turn: c lists her own actions; hazards, surprise and objects
    (z, u, o) are the GM's: not offered, and pressing them changes nothing."""
    demo = build_demo(tmp_path).path
    start_fight(gm_session(demo))
    app = player(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        screen = app.screen
        assert screen.check_action("actions", ())
        assert not any(screen.check_action(a, ()) for a in ("hazard", "surprise", "add_object"))
        await press_changes_nothing(app, pilot, ["z", "u", "o"])
        await pilot.press("c")
        await pilot.pause()
        options = [o.id for o in app.screen.query_one("#actions").options]
        assert options == ["covering", "distract", "draw", "guard", "wait", "move", "grab", "save"]
        await pilot.press("down", "down", "down", "enter", *"Jun", "enter", "enter")
        await pilot.pause()
        guard = app.session.state.encounter.combatants[MARA].conditions
        assert [(c.name, c.note) for c in guard] == [("guarding", "Jun")]
