"""R-ABL-1, by keys only: a training that holds only in some situation is on the app's
sheet beside the skills, marked with its situation, and is not one of them."""

from tests.campaign.builders import character
from tests.tui.test_combat import THUG_AND_INITIATIVE, party_app, shown

FULL = character("mara").pools
"""Mara's pools untouched (the fights' default leaves her Might at 2)."""


async def test_r_abl_1_the_sheet_lists_a_situational_training_with_its_situation(tmp_path):
    """Targeting Eye ('trained in physical ranged attacks from abilities or devices'):
    Mara's sheet lists it under Skills with its situation, beside her Guns."""
    app = party_app(tmp_path, abilities=("Targeting Eye",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Mara's sheet, from Home.
        await pilot.pause()
        listed = " ".join(shown(app, "#lists-body").split())
        skills = listed.split("Attacks")[0]
        assert "• Guns (trained)" in skills
        assert "• ranged attacks (trained: physical ranged attacks from abilities or" in skills


async def test_r_abl_1_the_defense_dialog_notes_a_situational_training_beside_the_odds(tmp_path):
    """Weapon Defense ('trained in Speed defense while holding your chosen weapon'): the
    defense dialog lists it under Abilities and the defense stays untrained."""
    app = party_app(tmp_path, abilities=("Weapon Defense",))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "n", "n", "d")
        await pilot.pause()
        preview = " ".join(shown(app, "#preview").split())
        assert "Abilities Weapon Defense: trained in Speed defense, while holding" in preview
        assert app.screen.query_one("#skill").selection == ""  # Not added: untrained.


async def test_r_abl_1_the_attack_dialog_notes_targeting_eye_on_onslaught_s_force_ray(tmp_path):
    """Onslaught's force ray is a physical ranged attack from an ability: Targeting Eye is
    listed under Abilities for the table to judge, the odds without it (Demanding 3)."""
    app = party_app(tmp_path, abilities=("Onslaught", "Targeting Eye"), pools=FULL)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*THUG_AND_INITIATIVE, "b", "enter")
        await pilot.pause()
        preview = " ".join(shown(app, "#preview").split())
        assert "Abilities Targeting Eye: trained in ranged attacks, physical ranged" in preview
        assert "Odds Demanding 3" in preview
