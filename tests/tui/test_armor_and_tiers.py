"""Armor worn, the advance dialog's rules and a new tier's abilities, keys only: what the
player sees on the sheet and in the dialogs (R-CMB-6, R-ADV-1)."""

import io

import pytest
from rich.console import Console

from strange_tui.campaign.model.creation import Draft
from strange_tui.campaign.model.events import ArmorChanged, CharacterCreated, ClockAdvanced
from strange_tui.rules.pools import Stat
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.advance import AdvanceDialog
from strange_tui.tui.character.armor import ArmorDialog
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.creation.wizard import CreationScreen
from tests.campaign.builders import character
from tests.tui.conftest import character_state


def shown(app, selector: str) -> str:
    """The text a widget shows now, as plain text."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.screen.query_one(selector).content)
    return console.export_text()


def app_with(tmp_path, *events, **mara) -> StrangeApp:
    """A campaign with Mara (a Tough Vector who Is Licensed to Carry: Armor 1, Speed 10,
    not practiced in armor) changed by ``mara``, then ``events``."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Armor")
    store = folder.open()
    store.dispatch(CharacterCreated(character=character("mara", **mara)))
    for event in events:
        store.dispatch(event)
    return StrangeApp(campaign_path=folder.path, saves=saves)


# R-CMB-6 on the sheet.


async def test_r_cmb_6_the_sheet_puts_armor_on_and_shows_what_counts(tmp_path):
    """Sheet, a (armor), ↓↓ medium armor: the preview says Armor 1 → 3 and Speed 10 → 7;
    enter: the sheet's Armor reads 3 with the medium armor's costs, Speed 7/7."""
    app = app_with(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "a")
        await pilot.pause()
        assert isinstance(app.screen, ArmorDialog)
        await pilot.press("down", "down")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Medium armor: Armor 1 → 3, Speed pool 10 → 7" in preview
        assert "Speed −3, 2 Might an hour" in preview
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        stats = shown(app, "#stats-body")
        worn = "3 (medium armor 2 + Tough 1; medium armor: Speed −3, 2 Might an hour)"
        assert "Armor" in stats and worn in stats
        assert "7/7" in stats
        mara = character_state(app, "mara")
        assert (mara.armor, mara.pools.speed.maximum) == (3, 7)
        await pilot.press("a", "home", "enter")  # No armor: the first entry.
        await pilot.pause()
        assert character_state(app, "mara").armor == 1
        assert "(medium armor" not in shown(app, "#stats-body")


async def test_r_cmb_6_taking_armor_off_first_pays_the_hours_worn(tmp_path):
    """Heavy armor for 2 h unpracticed: the dialog warns of 6 Might; enter pays them."""
    app = app_with(tmp_path, ArmorChanged(character="mara", armor="heavy"),
                   ClockAdvanced(seconds=2 * 3600 + 60))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "a", "home")  # The dialog opens on the armor worn.
        await pilot.pause()
        assert "First 6 Might for 2 h in armor so far." in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        mara = character_state(app, "mara")
        assert (mara.worn, mara.pools.might.current) == (None, 6)


async def test_r_cmb_6_a_rest_takes_the_might_the_hours_in_armor_cost(tmp_path):
    """Medium armor for 3 h: the rest's preview shows Might 12 → 6, and so it is."""
    app = app_with(tmp_path, ArmorChanged(character="mara", armor="medium"),
                   ClockAdvanced(seconds=3 * 3600))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "s", "4", "enter")
        await pilot.pause()
        assert "Might 12 → 6" in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert character_state(app, "mara").pools.might.current == 6


# R-ADV-1 in the advance dialog.


async def choose_step(pilot, downs: int) -> None:
    """From the XP field: tab to the step list (past the reason), open it, move down,
    choose."""
    await pilot.press("tab", "tab", "enter", *["down"] * downs, "enter")
    await pilot.pause()


async def test_r_adv_1_the_dialog_says_what_is_still_open_and_refuses_a_second_other_option(
    tmp_path,
):
    """Recovery bought (an other option): choosing armor is refused with the reason, and
    the preview lists what this tier still allows."""
    app = app_with(tmp_path, xp=8, advancements=("recovery",), recovery_bonus=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "x")
        await pilot.pause()
        assert isinstance(app.screen, AdvanceDialog)
        preview = shown(app, "#preview")
        assert "Still open this tier: +4 pool points, +1 Edge, +1 Effort, a skill." in preview
        await choose_step(pilot, 5)  # Less cost for armor
        preview = shown(app, "#preview")
        assert "already took an other option this tier (recovery)" in preview
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert character_state(app, "mara").xp == 8  # Nothing bought.


async def test_r_adv_1_reaching_a_tier_offers_its_abilities_in_the_same_step(tmp_path):
    """Three steps bought: the dialog lists the Vector's abilities for tier 2 and says the
    focus adds Careful Shot. Skill step, tick Control the Field and Improved Edge
    (Intellect), ctrl+b: tier 2 with all three, Intellect Edge 1, in one step."""
    app = app_with(tmp_path, xp=4, advancements=("pools", "edge", "effort"),
                   abilities=("Bash", "Combat Prowess (melee)"))  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "x")
        await pilot.pause()
        head = shown(app, "#tier-head")
        assert "Tier 2: choose 2 Vector abilities" in head
        assert "Is Licensed to Carry adds Careful Shot" in head
        await choose_step(pilot, 4)  # Train a skill
        assert "Reaching tier 2: choose 2 Vector abilities (0 chosen)" in shown(app, "#preview")
        await pilot.press(*["tab"] * 5, *"Guns")  # The skill to train, below the step.
        await pilot.press("tab", "tab", "enter", "down", "enter")  # Tick the first two.
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Intellect Edge 0 → 1" in preview and "New ability: Careful Shot" in preview
        await pilot.press("ctrl+b")
        await pilot.pause()
        mara = character_state(app, "mara")
        assert (mara.tier, mara.xp, mara.pools.intellect.edge) == (2, 0, 1)
        assert mara.abilities[-3:] == (
            "Control the Field", "Improved Edge (Intellect)", "Careful Shot",
        )  # fmt: skip
        assert mara.skills["Guns"] == "specialized"
        await pilot.press("escape", "ctrl+z")  # One step: all of it undone at once.
        assert character_state(app, "mara").tier == 1


# Creation: what the wizard refuses and offers.


ROOK = Draft(step=7, descriptor="tough", type="vector", focus="is-licensed-to-carry",
             bonus={Stat.MIGHT: 3, Stat.SPEED: 3}, edge_choice=1,
             abilities=("bash", "combat-prowess:melee", "improved-edge:might",
                        "practiced-in-armor"), name="Rook Vance")  # fmt: skip


async def test_tough_s_extra_weapon_must_be_light_in_the_wizard(demo_app):
    """Step 8: a third medium or heavy weapon for a Tough Vector is refused at the tick,
    saying why; the two already chosen stay."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(CreationScreen(ROOK))
        await pilot.pause()
        before = demo_app.screen.draft.weapons
        await pilot.press("down", "down", "enter", "down", "enter", "down", "enter")
        await pilot.pause()
        draft = demo_app.screen.draft
        assert draft.step == 7 and len(draft.weapons) <= 2 and len(before) <= 2
        said = [n.message for n in demo_app._notifications]
        assert any("Tough's extra weapon must be light" in m for m in said), said


@pytest.mark.parametrize(("armor", "rating"), [("light", 2), ("heavy", 4)])
async def test_r_cmb_6_practiced_in_armor_offers_armor_in_the_wizard(demo_app, armor, rating):
    """Step 8 lists the armor; the side panel's Armor counts it (Tough 1 + the armor)."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(CreationScreen(ROOK))
        await pilot.pause()
        await pilot.press("tab", *armor, "enter")
        await pilot.pause()
        assert (demo_app.screen.draft.armor, demo_app.screen.draft.step) == (armor, 7)
        await pilot.press("ctrl+n")  # Enter picked it on the step; ctrl+n goes on.
        await pilot.pause()
        draft = demo_app.screen.draft
        assert (draft.armor, draft.step) == (armor, 8)
        assert f"Armor {rating}" in shown(demo_app, "#preview-body")
