"""R-CMB-2: the attack dialog's Gun box starts from the weapon chosen (its pack entry, or
the sheet's word for it) and follows it; Gunner's +1 shows with no box to tick."""

from textual.widgets import Checkbox

from strange_tui.tui.combat.attack import AttackDialog
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app, shown

GENERIC = "Medium ranged weapon"


def gun_box(app) -> Checkbox:
    return app.screen.query_one("#gun", Checkbox)


async def test_r_cmb_2_a_gun_on_the_sheet_starts_the_attack_ticked_with_gunners_plus_1(tmp_path):
    """Mara (Gunner) carries a generic medium ranged weapon the sheet knows as a gun, and
    a crossbow: the dialog opens on the gun with Gun ticked and Gunner's +1 in the hit;
    on the crossbow the box clears and the +1 goes; back on the gun, both return."""
    app = party_app(tmp_path, abilities=("Gunner",), equipment=(GENERIC, "Crossbow"),
                    guns=(GENERIC,))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert gun_box(app).value and "Gunner" in shown(app, "#preview")
        await pilot.press("tab", "enter", "down", "enter")  # Weapon: the crossbow.
        await pilot.pause()
        assert app.screen.weapon.name == "Crossbow"
        assert not gun_box(app).value and "Gunner" not in shown(app, "#preview")
        await pilot.press("enter", "up", "enter")
        await pilot.pause()
        assert gun_box(app).value and "Gunner" in shown(app, "#preview")


async def test_r_cmb_2_the_gun_box_ticked_once_is_remembered_for_the_next_attack(tmp_path):
    """The generic weapon, not yet a gun on the sheet: Gun unticked, no +1. Ticked (space)
    for one attack, the next attack's dialog starts ticked, Gunner's +1 shown."""
    app = party_app(tmp_path, abilities=("Gunner",), equipment=(GENERIC,))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "a")
        await pilot.pause()
        assert not gun_box(app).value and "Gunner" not in shown(app, "#preview")
        for _ in range(30):
            if app.focused is gun_box(app):
                break
            await pilot.press("tab")
        await pilot.press("space")
        await pilot.pause()
        assert gun_box(app).value and "Gunner" in shown(app, "#preview")
        await pilot.press("ctrl+f", "1", "2", "enter")
        await pilot.pause()
        assert app.session.state.characters["mara"].guns == (GENERIC,)
        # Done; the GM grants her another action (R-CMB-8: the first attack was the turn's).
        await pilot.press("enter", "g", "a")  # She attacks again.
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert gun_box(app).value and "Gunner" in shown(app, "#preview")
