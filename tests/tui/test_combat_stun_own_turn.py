"""R-CMB-4 in the tracker: a stun the GM gives a foe during its own turn costs it its
next turn, not the one it is taking."""

from strange_tui.tui.combat.defense import DefenseDialog
from strange_tui.tui.combat.npcs import ConditionDialog
from strange_tui.tui.combat.tracker import CombatScreen
from tests.tui.test_combat import THUG_AND_INITIATIVE, encounter, party_app, shown


async def test_r_cmb_4_a_stun_on_the_thugs_own_turn_lets_it_attack_now_and_costs_the_next(
    tmp_path,
):
    app = party_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "k")  # Mara, Tess, the thug.
        await pilot.pause()
        assert isinstance(app.screen, ConditionDialog) and app.screen.targets == ("thug",)
        await pilot.press("ctrl+s")  # Stunned for 1 round.
        await pilot.pause()
        assert [c.name for c in encounter(app).combatants["thug"].conditions] == ["stunned"]
        assert "loses its action" not in shown(app, "#detail")
        await pilot.press("d")  # It still attacks on this turn: Mara defends.
        await pilot.pause()
        assert isinstance(app.screen, DefenseDialog)
        await pilot.press("escape", "n", "n", "n", "n")  # Jun; round 2: Mara, Tess, thug.
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert (encounter(app).round, encounter(app).active.id) == (2, "thug")
        assert "Stunned: loses its action" in shown(app, "#detail")
        await pilot.press("d")
        await pilot.pause()
        assert not isinstance(app.screen, DefenseDialog)
