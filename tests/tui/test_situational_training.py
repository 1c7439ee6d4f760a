"""R-ABL-1, by keys only: a training that holds only in some situation is on the app's
sheet beside the skills, marked with its situation, and is not one of them."""

from tests.tui.test_combat import party_app, shown


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
