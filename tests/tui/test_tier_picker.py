"""The tier-up picker, keys only (R-ADV-1): it reads like creation's ability step (a list
tall enough to use, each ability's summary and cost beside it, the ones chosen and what
is still to choose), every choice an ability asks is asked (Trained Gunner's guns, or
Spray) and lands on the sheet, the XP stay in sight, and quick keys are all kept."""


from strange_tui.campaign.model.abilities import skills_now
from strange_tui.tui.character.advance import AdvanceDialog
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.character.tier_picker import TierPicker
from strange_tui.tui.common.questions import QuestionsForm
from tests.tui.conftest import character_state
from tests.tui.reach import rendered, screen_lines, tab_through, visible
from tests.tui.test_armor_and_tiers import app_with, choose_step

TIER_TWO = dict(tier=2, xp=4, advancements=("pools", "edge", "effort"), skills={},
                abilities=("Bash", "Combat Prowess (melee)"))  # fmt: skip
"""Mara three steps into tier 2, trained in nothing: the next step reaches tier 3."""


async def open_dialog(pilot) -> AdvanceDialog:
    await pilot.press("enter", "x")
    await pilot.pause()
    assert isinstance(pilot.app.screen, AdvanceDialog)
    return pilot.app.screen


async def to_the_list(pilot, skill: str = "Stealth") -> None:
    """Choose "Train a skill", name ``skill``, and tab on to the new tier's list."""
    await choose_step(pilot, 4)
    await pilot.press(*["tab"] * 5, *skill, "tab", "tab")
    await pilot.pause()


async def test_r_adv_1_a_tier_up_asks_trained_gunner_s_choice_and_the_sheet_shows_guns(tmp_path):
    """Tier 2 to 3: three Vector abilities ticked, the focus's Trained Gunner picked; the
    dialog asks "trained with guns, or Spray"; guns chosen, ctrl+b: the sheet lists
    Trained Gunner (guns) and guns among the skills."""
    app = app_with(tmp_path, **TIER_TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await to_the_list(pilot)
        await pilot.press("enter", "down", "enter", "down", "down", "enter")  # Three ticked.
        await pilot.press("tab", "enter")  # The focus's first: Trained Gunner.
        await pilot.pause()
        (question,) = app.screen.query_one(QuestionsForm).questions
        assert "trained with guns, or Spray" in question.label
        assert "Trained Gunner: choose guns, or Spray" in rendered(app.screen.query_one("#preview"))
        await pilot.press("tab", "enter", "down", "enter")  # The pick's list: Guns.
        await pilot.pause()
        assert "New ability: Trained Gunner (guns)" in rendered(app.screen.query_one("#preview"))
        await pilot.press("ctrl+b")
        await pilot.pause()
        mara = character_state(app, "mara")
        assert mara.tier == 3 and "Trained Gunner (guns)" in mara.abilities
        assert skills_now(mara)["guns"] == "trained"
        await pilot.press("escape", "enter")  # Home, then Mara's sheet.
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "• guns (trained)" in "\n".join(screen_lines(app))
        assert "• Trained Gunner (guns)" in rendered(app.screen.query_one("#lists-body"))


async def test_r_adv_1_the_picker_shows_a_tall_list_with_each_ability_s_summary_and_cost(
    tmp_path,
):
    """At 80x24 the list shows ten abilities and more at once; the one under the cursor is
    described beside it (its cost, the pack's summary); ticks are counted, and what is
    still to choose is said."""
    app = app_with(tmp_path, **TIER_TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await to_the_list(pilot)
        picker = app.screen.query_one(TierPicker)
        costs = ("Might", "Speed", "Intelle", "enabler")
        rows = [line for line in screen_lines(app) if any(c in line[:40] for c in costs)]
        assert len(rows) >= 10, rows
        detail = rendered(picker.query_one("#tier-detail-body"))
        assert detail.startswith("Control the Field 1 Might Melee attack")
        await pilot.press("down")
        await pilot.pause()
        assert "Raise one of your Edges" in rendered(picker.query_one("#tier-detail-body"))
        await pilot.press("enter")
        await pilot.pause()
        left = rendered(picker.query_one("#tier-left"))
        assert "Chosen (1/3): Improved Edge (Intellect)" in left
        assert "Still to choose: 2 more Vector abilities, one of Is Licensed to Carry's" in left
        assert visible(app, picker.query_one("#tier-left"))


async def test_r_adv_1_quick_keys_after_a_tick_that_asks_land_in_its_question(tmp_path):
    """Keys pressed with no pause (a player typing ahead): ticking Physical Skills brings
    its question into the form; the tab and the ticks right after it land there."""
    app = app_with(tmp_path, xp=4, advancements=("pools", "edge", "effort"),
                   abilities=("Bash", "Combat Prowess (melee)"))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await to_the_list(pilot, "Guns")
        await pilot.press("enter", *["down"] * 4)
        # The tick that asks, and the tab right behind it, both waiting in the app's queue
        # before the first is handled: the tab comes while the form is being rebuilt (keys
        # 0.12 s apart were seen to pass the form by), whatever the machine's load.
        app.simulate_key("enter")
        app.simulate_key("tab")
        await pilot.pause()
        await pilot.press("enter", "down", "down", "enter")
        await pilot.pause()
        form = app.screen.query_one(QuestionsForm)
        assert form.answers() == {"Physical Skills": ("balancing", "jumping")}


async def test_r_adv_1_the_xp_stay_in_sight_after_tab_and_an_award_says_so(tmp_path):
    """At 80x24, tabbed down to the bottom of the form, the status line still says the
    tier and XP; an award updates it and a notice confirms it."""
    app = app_with(tmp_path, **TIER_TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_dialog(pilot)
        await pilot.press("backspace", "4", "tab", *"the vault")
        await pilot.press(*["tab"] * 10)
        await pilot.pause()
        status = dialog.query_one("#status")
        assert visible(app, status) and "Mara: tier 2, 4 XP." in rendered(status)
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "Mara: tier 2, 8 XP." in rendered(status) and visible(app, status)
        said = [n.message for n in app._notifications]
        assert "Mara earned 4 XP: 8 XP now." in said


async def test_r_adv_1_the_picker_is_reachable_at_40x12(tmp_path):
    """Every field, the new tier's lists among them, comes into view by tab at 40x12."""
    app = app_with(tmp_path, **TIER_TWO)
    async with app.run_test(size=(40, 12)) as pilot:
        await open_dialog(pilot)
        assert app.screen.query_one(TierPicker).display
        assert await tab_through(pilot) == []


async def test_r_adv_1_a_new_offer_shows_its_whole_list_not_the_last_filter(tmp_path):
    """Seen at 80x24: 'crush' typed to find Crushing Blow at tier 2 was still in the filter
    when the dialog next showed tier 3's offer, and its list stood empty. The dialog
    closed and opened again shows the offer's every ability, the filter empty."""
    app = app_with(tmp_path, **TIER_TWO)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await to_the_list(pilot)
        await pilot.press(*"lunge")
        await pilot.pause()
        abilities = app.screen.query_one("#tier-abilities")
        assert len(abilities.visible()) == 1
        await pilot.press("escape", "x")
        await pilot.pause()
        picker = app.screen.query_one(TierPicker)
        abilities = picker.query_one("#tier-abilities")
        assert abilities.query_one("Input").value == ""
        assert len(abilities.visible()) == len(picker.offer.options) > 10
