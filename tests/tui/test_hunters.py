"""A Hunters campaign, keys only: a hunter, a roll, a complex challenge, wounds that heal
as the clock advances; each action one undo step (R-HUN)."""

import pytest
from textual.widgets import OptionList

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.hunters import CreateHunter
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.hunters.damage import HunterDamageDialog
from strange_tui.tui.hunters.home import HuntersHomeScreen

HOUR, DAY = 3600, 86_400


def shown(app: StrangeApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


@pytest.mark.starts_first  # One of the longest: started first.
async def test_a_hunters_campaign_from_start_to_healing(tmp_path):
    app = StrangeApp(saves=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # A new Hunters campaign from the list.
        await pilot.press("h", *"Night Watch", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)
        assert app.session.state.ruleset == "hunters"
        # A hunter: Firearms 4, Keen eyes 2, Shotgun 3; vitals default to 10.
        await pilot.press("n", *"Rowan", "tab", *"Firearms 4, Dodge 2", "tab", *"Keen eyes 2")
        await pilot.press("tab", *"Shotgun 3", "enter")
        await pilot.pause()
        rowan = app.session.state.hunters["rowan"]
        assert rowan.skills == {"Firearms": 4, "Dodge": 2} and rowan.vitals["health"] == 10
        # A complex challenge: CR 8, threshold 10, rolls every 5 minutes.
        await pilot.press("h", *"Pick the vault", "tab", "backspace", "backspace", "8", "enter")
        await pilot.pause()
        assert app.session.state.challenges["pick-the-vault"].remaining == 10
        # A plain roll with your dice (no challenge): the odds first, then the result.
        await pilot.press("r")
        await pilot.pause()
        assert "2d6 +0 vs CR 10 (average): 17%" in shown(app, "#preview")
        await pilot.press("ctrl+f", *"6,5", "enter")
        await pilot.pause()
        assert app.session.journal()[-1].dice == (6, 5)
        assert "6 + 5 + 0 = 11: success, 1 degree" in shown(app, "#result")
        # Then one against the vault: 6 + 5 = 11 against CR 8 takes the remainder 3 off.
        # From the skill, past the trait, equipment, situation and target to the challenge.
        await pilot.press("escape", "r", *["tab"] * 5)
        await pilot.press("enter", "down", "enter")  # challenge: the vault
        await pilot.pause()
        assert "vs CR 8 (easy)" in shown(app, "#preview")
        await pilot.press(*["tab"] * 4)
        await pilot.press(*"6,5", "enter")
        await pilot.pause()
        vault = app.session.state.challenges["pick-the-vault"]
        assert (vault.remaining, vault.rolls) == (7, 1)
        assert "Threshold left: 7" in shown(app, "#result")
        await pilot.press("escape")
        # Wounding then traumatic damage to Health.
        # d, 1 point, tab to the type, choose it (the preview says what is left), Apply.
        for downs, kind, left in ((3, "wounding", 9), (4, "traumatic", 8)):
            await pilot.press("d", "backspace", "1", "tab", "tab", "tab", "enter")
            await pilot.press(*(["down"] * downs), "enter")
            await pilot.pause()
            assert f"1 {kind} → Health {left}/10" in shown(app, "#preview")
            await pilot.press("tab", "enter")
        await pilot.pause()
        now = app.session.state.clock.seconds
        rowan = app.session.state.hunters["rowan"]
        assert rowan.damage("health", now) == {"wounding": 1, "traumatic": 1}
        assert rowan.damage_flaws(now) == 1
        # One undo step takes back the trauma, and only it; redo brings it back.
        seq = app.session.state.seq
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.state.seq == seq - 1
        assert app.session.state.hunters["rowan"].damage("health", now) == {"wounding": 1}
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert app.session.state.seq == seq
        # A day passes: the wound heals; a week: the trauma too.
        await pilot.press("a", "backspace", "1", "tab", "enter", "down", "enter")
        await pilot.pause()
        assert "Until Day 2, 08:" in shown(app, "#preview")
        await pilot.press("tab", "enter")
        await pilot.pause()
        now = app.session.state.clock.seconds
        assert app.session.state.hunters["rowan"].damage("health", now) == {"traumatic": 1}
        await pilot.press(
            "a", "backspace", "1", "tab", "enter", "down", "down", "enter", "tab", "enter"
        )
        await pilot.pause()
        now = app.session.state.clock.seconds
        assert app.session.state.hunters["rowan"].damage("health", now) == {}


def hunt_app(tmp_path) -> StrangeApp:
    """A Hunters campaign with Rowan (Firearms 4, Dodge 2) and Bea (Health 3)."""
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Night Watch", ruleset="hunters")
    store = folder.open()
    for command in (
        CreateHunter(name="Rowan", skills={"Firearms": 4, "Dodge": 2}),
        CreateHunter(name="Bea", vitals={"health": 3}),
    ):
        store.apply(decide(store.state, command))
    return StrangeApp(campaign_path=folder.path, saves=saves)


def card(app: StrangeApp, hunter_id: str) -> str:
    """The lines of a hunter's card on the Hunters home, as the player reads them."""
    prompt = app.screen.query_one("#party", OptionList).get_option(hunter_id).prompt
    return "\n".join(str(line) for line in prompt.renderables)


def rolls(app: StrangeApp) -> int:
    return sum(isinstance(e, HunterRolled) for e in app.session.journal())


async def test_r_hun_3_r_hun_4_r_hun_7_the_roll_dialog_applies_defense_situation_and_raise(
    tmp_path,
):
    """Firearms 4, distracted -1, tools +2, the defender rushed (+1 for Rowan): +6; a
    standard defense (default 4, bonuses 2, skilled) and a raised type: CR 11. 6 + 6 + 6
    = 18: three degrees, a type higher. One roll per dialog."""
    app = hunt_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter", "down", "enter")  # skill: Firearms
        await pilot.press("tab", "tab", "tab", *"distracted, tools +2")
        await pilot.press("tab", "enter", "down", "down", "down", "enter")  # standard defense
        await pilot.press("tab", "backspace", "2", "tab", "backspace", "1", "tab", *"rushed")
        await pilot.press("tab", "tab", "backspace", "backspace", "4", "tab", "space")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "Bonus: Firearms +4, distracted -1, tools +2, defender rushed +1 = +6" in preview
        assert (
            "CR: default 4, defense bonuses +2, standard defense +3, type raised +2 = 11" in preview
        )
        assert "2d6 +6 vs CR 11 (average): 83%" in preview
        await pilot.press("tab", "tab", *"6,6", "enter")
        await pilot.pause()
        assert "6 + 6 + 6 = 18: success, 3 degrees (damage a type higher)" in shown(app, "#result")
        assert rolls(app) == 1
        # The form is spent: enter again closes the dialog, it does not roll again.
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen) and rolls(app) == 1
        # The damage follows that roll: Bea takes wounding, traumatic, crippling.
        await pilot.press("down", "d", "shift+tab", "shift+tab", "enter", "down", "enter")
        await pilot.pause()
        preview = shown(app, "#preview")
        assert "From Rowan's Firearms: 1 wounding, 1 traumatic, 1 crippling" in preview
        assert "Health 0/3  DISABLED" in preview and "Worsens each minute" in preview
        await pilot.press("tab", "tab", "enter")  # Enter in a field moves on: nothing dealt.
        await pilot.pause()
        assert isinstance(app.screen, HunterDamageDialog)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)
        dealt = app.session.journal()[-1]
        assert (dealt.attacker, dealt.kinds) == ("rowan", ("wounding", "traumatic", "crippling"))
        assert "DISABLED  worsening (s)" in card(app, "bea")


async def test_r_hun_8_a_disabled_hunter_worsens_with_the_clock_until_stabilised(tmp_path):
    app = hunt_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        # Bea takes three wounds by hand: disabled, worsening.
        await pilot.press("down", "d", "backspace", "3", "tab", "tab", "tab", "enter")
        await pilot.press("down", "down", "down", "enter", "tab", "enter")
        await pilot.pause()
        assert "0/3   wounding 3  DISABLED  worsening (s)" in card(app, "bea")
        # Two minutes pass: the preview says what worsens; the card shows it.
        await pilot.press("a", "backspace", "2", "tab", "enter", "up", "enter")
        await pilot.pause()
        assert (
            "Worsens: Bea, health: 2 step(s) by Day 1, 08:02"
            " (wounding → traumatic ×2); disabled" in shown(app, "#preview")
        )
        await pilot.press("tab", "enter")
        await pilot.pause()
        assert "wounding 1 traumatic 2" in card(app, "bea")
        # A medic stabilises her: she stops worsening.
        await pilot.press("s", *"Dr Vance")
        await pilot.pause()
        assert "Stops worsening" in shown(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert "stabilised" in card(app, "bea") and "worsening" not in card(app, "bea")
        await pilot.press("a")
        await pilot.pause()
        assert "Worsens" not in shown(app, "#preview")


async def test_r_hun_7_the_home_shows_each_point_healing_in_turn(tmp_path):
    """Two bruises on Rowan: the next heals at 09:00, the last at 10:00; after an hour, one
    is left."""
    app = hunt_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("d", "backspace", "2", "tab", "tab", "tab", "enter")
        await pilot.press("down", "down", "enter", "tab", "enter")
        await pilot.pause()
        side = shown(app, "#side")
        assert "health bruising 2: next heals Day 1, 09:00, the last Day 1, 10:00" in side
        await pilot.press("a", "enter")  # an hour
        await pilot.pause()
        side = shown(app, "#side")
        assert "health bruising 1: heals Day 1, 10:00" in side
        assert "9/10  bruising 1" in card(app, "rowan")
