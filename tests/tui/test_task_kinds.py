"""The roll dialog asks which kind of task it is (R-ABL-1), keys only at 80x24: a task
whose words name no kind gets an ability's help once the player picks its kind, and the
preview says what the ability brings and why."""

from strange_tui.campaign.model.events import RollMade
from strange_tui.tui.rolls.roll import RollDialog
from tests.campaign.builders import character
from tests.tui.test_combat import party_app, shown

FULL = character("mara").pools


async def test_r_abl_1_the_kind_picked_in_the_roll_dialog_brings_stalkers_asset(tmp_path):
    """Mara with Stalker: 'Cross the gorge' names no kind (no asset, Demanding 3); picked
    as swimming (Tab from the task, Enter, type 'sw', Enter), the preview shows Stalker's
    asset and why, the task is Standard 2, and the roll records the asset; the dialog
    opened again for a new task asks the kind anew."""
    app = party_app(tmp_path, abilities=("Stalker",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", *"Cross the gorge")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)
        assert "Stalker" not in shown(app, "#preview")
        await pilot.press("tab")
        assert app.focused is not None and app.focused.id == "kind"
        await pilot.press("enter", *"sw", "enter")
        await pilot.pause()
        assert app.screen.query_one("#kind").value == "swimming"
        preview = " ".join(shown(app, "#preview").split())
        assert "Abilities Stalker: an asset (movement: swimming)" in preview
        assert "Demanding 3 → Standard 2" in preview
        await pilot.press("ctrl+f", "1", "0", "enter")
        await pilot.pause()
        made = app.session.journal()[-1]
        assert isinstance(made, RollMade) and (made.label, made.assets) == ("Cross the gorge", 1)
        await pilot.press("escape", "r")
        await pilot.pause()
        assert app.screen.query_one("#kind").value == ""
