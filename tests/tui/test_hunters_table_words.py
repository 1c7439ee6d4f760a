"""What the Hunters home and its dialogs say and where their keys go, at 80x24, keys only:
the flaws with their sources, why there is nothing to stabilise, first aid (R-HUN-9, the
project's own), and the roll dialogs that start on the first choice and keep the dice for
last (ctrl+f), Enter elsewhere never rolling."""

from textual.widgets import OptionList

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.hunters import CreateHunter, DamageHunter
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.hunters.first_aid import FirstAidDialog
from strange_tui.tui.hunters.home import HuntersHomeScreen
from strange_tui.tui.hunters.roll import HunterRollDialog


def hunt_app(tmp_path, *damage: DamageHunter) -> StrangeApp:
    """Rowan (Firearms 4, First Aid 3) and Bea (Health 3), after ``damage``."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Night Watch", ruleset="hunters")
    store = folder.open()
    for command in (
        CreateHunter(name="Rowan", skills={"Firearms": 4, "First Aid": 3}),
        CreateHunter(name="Bea", vitals={"health": 3}),
        *damage,
    ):
        store.apply(decide(store.state, command))
    return StrangeApp(campaign_path=folder.path, saves=saves)


def shown(app: StrangeApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def card(app: StrangeApp, hunter_id: str) -> str:
    prompt = app.screen.query_one("#party", OptionList).get_option(hunter_id).prompt
    return "\n".join(str(line) for line in prompt.renderables)


def notices(app: StrangeApp) -> str:
    return "\n".join(notice.message for notice in app._notifications)


def rolls(app: StrangeApp) -> int:
    return sum(isinstance(e, HunterRolled) for e in app.session.journal())


async def test_r_hun_7_the_card_says_where_its_flaws_come_from(tmp_path):
    """Two traumas on Health (1 each) and a crippling point on Resolve (2): flaws -4."""
    app = hunt_app(
        tmp_path,
        DamageHunter(hunter="rowan", kind="traumatic", degrees=2),
        DamageHunter(hunter="rowan", vital="resolve", kind="crippling", degrees=1),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)
        assert "Flaws -4 from: 2 traumatic (health) -2, 1 crippling (resolve) -2" in card(
            app, "rowan"
        )


async def test_r_hun_8_stabilise_on_bruising_says_it_does_not_worsen_and_how_it_heals(tmp_path):
    app = hunt_app(tmp_path, DamageHunter(hunter="bea", kind="bruising", degrees=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "s")
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)
        said = notices(app)
        assert "Bea is disabled (Health 0/3) but not worsening" in said
        assert "time heals bruising, a point an hour; Health is back to 1 at" in said
        await pilot.press("f")  # First aid says the same.
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)


async def test_r_hun_9_first_aid_stabilises_bea_in_one_undo_step(tmp_path):
    """Rowan's First Aid 3 against CR 10: 7 or more on 2d6 (21 of 36); 4 + 4 + 3 = 11."""
    app = hunt_app(tmp_path, DamageHunter(hunter="bea", kind="wounding", degrees=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "f")
        await pilot.pause()
        assert isinstance(app.screen, FirstAidDialog)
        assert app.focused.id == "skill"
        await pilot.press("enter", "down", "down", "enter")  # skill: First Aid
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Bea's health worsens each minute (wounding first)" in preview
        assert "2d6 +3 vs CR 10 (average): 58%" in preview
        seq = app.session.state.seq
        await pilot.press("ctrl+f", *"4,4", "enter")
        await pilot.pause()
        assert "stabilised" in shown(app, "#result")
        assert app.session.state.seq == seq + 2  # the roll and the stabilising
        await pilot.press("enter")  # The form is spent: enter closes it.
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)
        assert "stabilised" in card(app, "bea") and rolls(app) == 1
        await pilot.press("ctrl+z")  # One step takes back the roll and its stabilising.
        await pilot.pause()
        assert app.session.state.seq == seq and "worsening" in card(app, "bea")


async def test_r_hun_1_the_roll_dialog_starts_on_the_skill_and_keeps_the_dice_for_last(tmp_path):
    app = hunt_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, HunterRollDialog)
        assert app.focused.id == "skill"
        await pilot.press("enter", "down", "enter")  # skill: Firearms
        await pilot.press("tab", "tab", "tab", *"distracted", "enter")
        await pilot.pause()
        # Enter in the situation goes to the dice; nothing rolled.
        assert rolls(app) == 0 and app.focused.id == "values"
        assert "Bonus: Firearms +4, distracted -1 = +3" in shown(app, "#preview")
        await pilot.press("shift+tab", "shift+tab", "ctrl+f")  # ctrl+f: the dice, from anywhere
        assert app.focused.id == "values"
        await pilot.press(*"5,5", "enter")
        await pilot.pause()
        assert rolls(app) == 1 and app.session.journal()[-1].dice == (5, 5)
