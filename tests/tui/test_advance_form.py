"""The XP dialog by keys only (R-ADV-1, R-XP-1): an award empties its number, so an Enter
pressed again in its fields awards nothing twice; at 80x24 the step's preview is in view
when the buy button has the focus, the new tier's questions open above it."""

from textual.widgets import Button

from strange_tui.tui.character.advance import AdvanceDialog
from tests.tui.conftest import character_state
from tests.tui.reach import rendered, screen_lines
from tests.tui.test_armor_and_tiers import app_with
from tests.tui.test_tier_picker import TIER_TWO, open_dialog, to_the_list


async def test_r_xp_1_an_award_empties_the_amount_and_enter_again_awards_nothing(tmp_path):
    """4 XP for the vault, Enter: Mara has 8. Enter again in 'For', then in 'Award XP'
    (a GM moving back through the form): still 8, and the dialog asks how many."""
    app = app_with(tmp_path, xp=4)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await pilot.press("backspace", "4", "tab", *"the vault", "enter")
        await pilot.pause()
        assert character_state(app, "mara").xp == 8
        await pilot.press("enter", "shift+tab", "enter")
        await pilot.pause()
        assert character_state(app, "mara").xp == 8
        assert (dialog.query_one("#xp").value, dialog.query_one("#why").value) == ("", "")
        said = [n.message for n in app._notifications]
        assert said.count("How many XP? Type a whole number in Award XP.") == 2
        await pilot.press("2", "enter")  # A number typed: awarded once.
        await pilot.pause()
        assert character_state(app, "mara").xp == 10


async def test_r_adv_1_the_preview_is_in_view_when_the_buy_button_has_the_focus(tmp_path):
    """Tier 2 to 3 at 80x24: three abilities and Trained Gunner ticked, its question
    answered; Tab on to 'Buy step': 'For 4 XP: ...' is on screen, all of it (seen at
    80x24: the preview below the window, or its first two rows only)."""
    app = app_with(tmp_path, **TIER_TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await to_the_list(pilot)
        await pilot.press("enter", "down", "enter", "down", "down", "enter")  # Three ticked.
        await pilot.press("tab", "enter")  # The focus's first: Trained Gunner.
        await pilot.press("tab", "enter", "down", "enter")  # Its question: guns.
        await pilot.pause()
        buy = dialog.query_one("#buy", Button)
        for _ in range(20):
            if app.focused is buy:
                break
            await pilot.press("tab")
        await pilot.pause()
        await pilot.pause()
        assert app.focused is buy
        preview = dialog.query_one("#preview")
        assert rendered(preview).startswith("For 4 XP:")
        region, clip = app.screen._compositor.visible_widgets[preview]
        assert region.intersection(clip) == region  # The whole preview, borders and all.
        screen = " ".join(" ".join(screen_lines(app)).split())
        assert "For 4 XP: Intellect Edge 0 → 1" in screen and "Still open this tier" in screen
        assert isinstance(app.screen, AdvanceDialog)


async def test_r_adv_1_the_picker_says_one_ability_in_the_singular(tmp_path):
    """A Paradox reaching tier 2 chooses one ability: 'choose 1 Paradox ability', and
    'Still to choose: 1 more Paradox ability' (seen: '1 Paradox abilities')."""
    app = app_with(tmp_path, type="Paradox", xp=4, advancements=("pools", "edge", "effort"))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await to_the_list(pilot)
        head = rendered(dialog.query_one("#tier-head"))
        assert "Tier 2: choose 1 Paradox ability (enter ticks" in head
        left = rendered(dialog.query_one("#tier-left"))
        assert "Still to choose: 1 more Paradox ability." in left
