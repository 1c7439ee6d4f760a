"""First aid from the Hunters home when no hunter can give it, keys only (R-HUN-9, the
project's own): one refusal line, nothing opened or written; the aider list offers only
hunters who can act, no blank entry."""

from textual.widgets import Select

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.hunters import CreateHunter, DamageHunter
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.hunters.first_aid import FirstAidDialog
from strange_tui.tui.hunters.home import HuntersHomeScreen
from tests.tui.reach import screen_lines


def hunt_app(tmp_path, *commands) -> StrangeApp:
    saves = tmp_path / "saves"
    folder = CampaignFolder.create(saves, "Night Watch", ruleset="hunters")
    store = folder.open()
    for command in commands:
        store.apply(decide(store.state, command))
    return StrangeApp(campaign_path=folder.path, saves=saves)


def notices(app: StrangeApp) -> str:
    return "\n".join(notice.message for notice in app._notifications)


async def test_r_hun_9_first_aid_when_the_only_other_hunter_is_disabled_is_refused(tmp_path):
    """Bea and Sam both at 0 Health, wounded (worsening): nobody can tend Sam."""
    app = hunt_app(
        tmp_path,
        CreateHunter(name="Bea", vitals={"health": 3}),
        CreateHunter(name="Sam", vitals={"health": 3}),
        DamageHunter(hunter="bea", kind="wounding", degrees=3),
        DamageHunter(hunter="sam", kind="wounding", degrees=3),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seq = app.session.state.seq
        await pilot.press("down", "f")
        await pilot.pause()
        assert isinstance(app.screen, HuntersHomeScreen)
        assert notices(app) == (
            "No hunter can give Sam first aid: Bea is disabled (0 health) and cannot act."
        )
        assert app.session.state.seq == seq


async def test_r_hun_9_the_aider_list_offers_only_hunters_who_can_act(tmp_path):
    """Rowan can act, Bea is worsening: the aider list holds Rowan alone, no blank."""
    app = hunt_app(
        tmp_path,
        CreateHunter(name="Rowan", skills={"Medicine": 3}),
        CreateHunter(name="Bea", vitals={"health": 3}),
        DamageHunter(hunter="bea", kind="wounding", degrees=3),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "f")
        await pilot.pause()
        assert isinstance(app.screen, FirstAidDialog)
        aider = app.screen.query_one("#aider", Select)
        assert aider.value == "rowan"
        await pilot.press("shift+tab", "enter")  # The aider's list, open.
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        assert "Rowan" in shown and "no one can" not in shown
        assert [str(label) for label, _ in aider._options] == ["Rowan"]
