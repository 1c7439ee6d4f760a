"""A Hunters campaign, keys only: a hunter, a roll, a complex challenge, wounds that heal
as the clock advances; each action one undo step (R-HUN)."""

from strange_tui.tui.app import StrangeApp
from strange_tui.tui.screens.hunters_home import HuntersHomeScreen

HOUR, DAY = 3600, 86_400


def shown(app: StrangeApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


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
        await pilot.press(*"6,5", "enter")
        await pilot.pause()
        assert app.session.journal()[-1].dice == (6, 5)
        assert "6 + 5 +0 = 11: success, 1 degree(s)" in shown(app, "#result")
        # Then one against the vault: 6 + 5 = 11 against CR 8 takes the remainder 3 off.
        await pilot.press("escape", "r", "shift+tab", "shift+tab", "shift+tab")
        await pilot.press("enter", "down", "enter")  # challenge: the vault
        await pilot.pause()
        assert "vs CR 8 (easy)" in shown(app, "#preview")
        await pilot.press("tab", "tab", "tab")
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
            assert f"{kind}  → Health {left}/10" in shown(app, "#preview")
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
