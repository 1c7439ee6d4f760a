"""Every dialog that shows a difficulty moving ('Standard 2 → Simple 1') says each step
that moves it, with its reason, from the command's preview (R-TASK-3)."""

from __future__ import annotations

from strange_tui.tui.combat.defense import DefenseDialog
from strange_tui.tui.combat.tracker import CombatScreen
from tests.tui.test_combat import THUG_AND_INITIATIVE, encounter, party_app, shown
from tests.tui.test_combat_actions import GUARD

# On Mara's row: the condition dialog, its list opened, "pinned down" picked (sixth), added.
PINNED = ["k", "down", *["down"] * 5, "enter", "ctrl+s"]


async def test_r_task_3_a_pinned_guard_defends_with_each_step_named(tmp_path):
    """Mara, trained in Speed defense, guards the door and is pinned down: her defense
    against the thug (level 3) reads Demanding 3 → Standard 2, and its Steps line names
    the training, the guard and the pin, each with its steps."""
    app = party_app(tmp_path, skills={"Speed defense": "trained"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, *GUARD, *"the door", "enter", "enter")
        await pilot.pause()
        await pilot.press(*PINNED)
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        held = [c.name for c in encounter(app).combatants["mara"].conditions]
        assert sorted(held) == ["guarding", "pinned down"]
        await pilot.press("n", "n", "d")  # Tess, then the thug attacks: Mara defends.
        await pilot.pause()
        assert isinstance(app.screen, DefenseDialog)
        preview = " ".join(shown(app, "#preview").split())
        assert "Demanding 3 → Standard 2" in preview
        assert "Steps −1 trained (Speed defense) · −1 guarding · +1 pinned down" in preview
