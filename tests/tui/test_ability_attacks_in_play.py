"""R-ABL-2 by keys only: an ability whose text makes an attack is in the tracker's attack
list and hits as its text says (the melee pummel: the weapon's damage less 1, and a daze);
one whose text has no task is used at its cost with no roll, its minute shown."""

from strange_tui.tui.combat.attack import AttackDialog
from strange_tui.tui.rolls.roll import RollDialog
from tests.tui.test_abilities_in_play import FULL, mara
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app, shown


async def test_r_abl_2_bash_is_in_the_attack_list_and_hits_for_the_weapon_less_one(tmp_path):
    """Mara with a mace and Bash: `a` lists Bash with the mace (3) and bare hands (1);
    `b`, enter opens the attack with Bash and the mace; a 15 hits the thug (Armor 0) for
    3 and dazes it; one ctrl+z takes it all back."""
    app = party_app(tmp_path, abilities=("Bash",), equipment=("Mace",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        listed = [(w.name, w.damage) for w in app.screen.weapons]
        assert ("Bash (Mace)", 3) in listed and ("Bash (Unarmed)", 1) in listed
        await pilot.press("escape", "b")
        await pilot.pause()
        assert "An attack: enter opens it" in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert app.screen.weapon.name == "Bash (Mace)"
        assert "A hit    3 damage + dazed → Thug 6/9" in shown(app, "#preview")
        await pilot.press("ctrl+f", "1", "5", "enter")
        await pilot.pause()
        thug = app.session.state.encounter.combatants["thug"]
        assert (thug.health, [c.name for c in thug.conditions]) == (6, ["dazed"])
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        thug = app.session.state.encounter.combatants["thug"]
        assert (thug.health, thug.conditions) == (9, ())


async def test_r_abl_2_resonance_field_is_used_with_no_roll_and_its_minute_shows(tmp_path):
    """Resonance Field on Mara's turn: `b` says no roll; enter pays 1 Intellect, opens no
    roll dialog, and the tracker's Conditions column shows its ten rounds."""
    app = party_app(tmp_path, abilities=("Resonance Field",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "b")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Resonance Field: 1 Intellect" in preview
        assert "For 1 min, as its text says." in preview and "No roll: enter uses it." in preview
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, RollDialog)
        assert mara(app).pools.intellect.current == 7
        assert [a.name for a in mara(app).active] == ["Resonance Field"]
        table = app.screen.query_one("DataTable")
        assert "Resonance Field 10" in str(table.get_row("mara")[-1])
