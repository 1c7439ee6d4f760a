"""The Hunters roll dialog after a roll, keys only (R-HUN-1): the result says when the app
rolled the dice, with even spacing; the form is spent, so Enter closes the dialog, as the
Strange's roll dialog does ("Done")."""

import re

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.hunters import CreateHunter
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.hunters.home import HuntersHomeScreen
from strange_tui.tui.hunters.roll import HunterRollDialog


def hunt_app(tmp_path, **hunter) -> StrangeApp:
    """A Hunters campaign of one hunter (Bea, Firearms 4, unless ``hunter`` says)."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Night Watch", ruleset="hunters")
    store = folder.open()
    made = {"name": "Bea", "skills": {"Firearms": 4}} | hunter
    store.apply(decide(store.state, CreateHunter(**made)))
    return StrangeApp(campaign_path=folder.path, saves=saves)


def shown(app: StrangeApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def rolls(app: StrangeApp) -> int:
    return sum(isinstance(e, HunterRolled) for e in app.session.journal())


async def test_r_hun_1_the_app_rolled_dice_are_marked_and_spaced_then_enter_closes(tmp_path):
    app = hunt_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "enter", "down", "enter")  # skill: Firearms
        await pilot.press("ctrl+f", "enter")  # blank dice: the app rolls
        await pilot.pause()
        assert rolls(app) == 1
        result = shown(app, "#result")
        assert re.search(r"^\d \+ \d \(the app's dice\) \+ 4 = \d+: ", result), result
        await pilot.press("ctrl+f", "enter")  # The form is spent: Enter closes it.
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen) and rolls(app) == 1


async def test_r_hun_1_your_own_dice_are_not_marked_and_a_negative_bonus_is_spaced(tmp_path):
    app = hunt_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "tab", "tab", "tab", *"distracted", "enter")
        await pilot.press(*"3,5", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HunterRollDialog)
        assert shown(app, "#result").startswith("3 + 5 - 1 = 7: failure")
