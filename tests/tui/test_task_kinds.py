"""The roll dialog asks which kind of task it is (R-ABL-1), keys only at 80x24: a task
whose words name no kind gets an ability's help once the player picks its kind, and the
preview says what the ability brings and why."""

from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import RollMade
from strange_tui.tui.rolls.roll import RollDialog
from strange_tui.tui.table.answer_roll import RollAnswer
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


async def test_r_abl_1_the_asked_roll_takes_the_kind_too(tmp_path):
    """Solo play at 80x24: y asks Mara to 'cross the gorge'; in the answer, the Kind
    (after Inability) picked as swimming brings Stalker's asset, with why."""
    app = party_app(tmp_path, abilities=("Stalker",), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        app.session.run(ChangeSettings(solo=True))
        await pilot.press("y")
        await pilot.pause()
        await pilot.press(*"cross the gorge", "ctrl+o")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, RollAnswer):
                break
        assert isinstance(app.screen, RollAnswer)
        assert "Stalker" not in shown(app, "#preview")
        await pilot.press(*["tab"] * 5)
        assert app.focused is not None and app.focused.id == "kind"
        await pilot.press("enter", *"sw", "enter")
        await pilot.pause()
        preview = " ".join(shown(app, "#preview").split())
        assert "Abilities Stalker: an asset (movement: swimming)" in preview
        assert app.screen.query_one("#preview").region.bottom <= 24
