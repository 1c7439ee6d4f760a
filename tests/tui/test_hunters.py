"""A Hunters campaign, keys only: a hunter, a roll, a complex challenge, wounds that heal
as the clock advances (R-HUN)."""

from strange_tui.tui.app import StrangeApp
from strange_tui.tui.screens.hunters_home import HuntersHomeScreen

HOUR, DAY = 3600, 86_400


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
        # A plain roll with your dice (no challenge), then one against the vault:
        # 6 + 5 = 11 against CR 8 takes the remainder 3 off the threshold.
        await pilot.press("r", *"6,5", "enter")
        await pilot.pause()
        assert app.session.journal()[-1].dice == (6, 5)
        await pilot.press("escape", "r", "shift+tab", "shift+tab", "shift+tab")
        await pilot.press("enter", "down", "enter")  # challenge: the vault
        await pilot.press("tab", "tab", "tab")
        await pilot.press(*"6,5", "enter")
        await pilot.pause()
        vault = app.session.state.challenges["pick-the-vault"]
        assert (vault.remaining, vault.rolls) == (7, 1)
        await pilot.press("escape")
        # Wounding then traumatic damage to Health.
        # d, 1 point, tab to the type, choose it, tab to Apply.
        for downs in (3, 4):  # wounding, traumatic
            await pilot.press("d", "backspace", "1", "tab", "tab", "tab", "enter")
            await pilot.press(*(["down"] * downs), "enter", "tab", "enter")
        await pilot.pause()
        now = app.session.state.clock.seconds
        rowan = app.session.state.hunters["rowan"]
        assert rowan.damage("health", now) == {"wounding": 1, "traumatic": 1}
        assert rowan.damage_flaws(now) == 1
        # A day passes: the wound heals; a week: the trauma too.
        await pilot.press("a", "backspace", "1", "tab", "enter", "down", "enter", "tab", "enter")
        await pilot.pause()
        now = app.session.state.clock.seconds
        assert app.session.state.hunters["rowan"].damage("health", now) == {"traumatic": 1}
        await pilot.press(
            "a", "backspace", "1", "tab", "enter", "down", "down", "enter", "tab", "enter"
        )
        await pilot.pause()
        now = app.session.state.clock.seconds
        assert app.session.state.hunters["rowan"].damage("health", now) == {}
