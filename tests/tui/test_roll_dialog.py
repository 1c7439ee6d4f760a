"""The roll dialog through the keys: a roll and a reroll are one command each, a typed d20
works for the reroll too, and the log tells both."""

from strange_tui.campaign.events import RollMade, RollRerolled, XpAwarded
from strange_tui.storage.folder import CampaignFolder
from strange_tui.tui.dialogs.roll import RollDialog
from strange_tui.tui.screens.log import LogScreen
from tests.tui.conftest import character_state

MARA = "mara-quist"


async def tab_to(pilot, widget_id: str) -> None:
    """Tab through the form until ``widget_id`` has the focus (keys only)."""
    for _ in range(30):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"#{widget_id} never took the focus")


def give_xp(demo, amount: int) -> None:
    CampaignFolder(demo).open().dispatch(XpAwarded(character=MARA, amount=amount))


async def test_r_xp_2_a_reroll_with_your_own_d20_is_one_step_and_logged(demo, demo_app):
    """Type 4 (a failure at difficulty 3), ctrl+r with 15 typed: 1 XP spent, the 15 stands,
    the reroll is one undo step and the log shows the first roll, the reroll and the result."""
    give_xp(demo, 1)
    async with demo_app.run_test(size=(100, 40)) as pilot:
        xp = character_state(demo_app, MARA).xp
        await pilot.press("r", *"Climb")
        await tab_to(pilot, "die")
        await pilot.press("4", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        first = demo_app.session.journal()[-1]
        assert isinstance(first, RollMade) and (first.die, first.success) == (4, False)
        await pilot.press("1", "5", "ctrl+r")
        await pilot.pause()
        reroll = demo_app.session.journal()[-1]
        assert isinstance(reroll, RollRerolled) and (reroll.die, reroll.success) == (15, True)
        assert character_state(demo_app, MARA).xp == xp - 1
        result = str(demo_app.screen.query_one("#result").render())
        assert "d20: 15" in result and "from 4" in result and "Success" in result
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert demo_app.session.journal()[-1] == first
        assert character_state(demo_app, MARA).xp == xp
        await pilot.press("ctrl+y", "l")
        await pilot.pause()
        assert isinstance(demo_app.screen, LogScreen)
        log = demo_app.screen.query_one("#events")
        newest = str(log.get_option_at_index(0).prompt)
        assert "reroll Climb: 4, then 15" in newest and "15 stands: success" in newest


async def test_r_task_6_the_app_marks_the_die_it_rolled(demo_app):
    async with demo_app.run_test(size=(100, 40)) as pilot:
        await pilot.press("r", *"Look around", "enter")
        await pilot.pause()
        assert "rolled by the app" in str(demo_app.screen.query_one("#result").render())


async def test_one_roll_is_one_undo_step_and_undo_says_what_it_undid(demo_app):
    async with demo_app.run_test(size=(100, 40)) as pilot:
        before = demo_app.session.state
        await pilot.press("r", *"Jump the gap")
        await tab_to(pilot, "die")
        await pilot.press("1", "2", "enter", "escape")
        await pilot.pause()
        messages = []
        demo_app.notify = lambda message, **_: messages.append(message)
        await pilot.press("ctrl+z")
        assert demo_app.session.state == before
        assert messages and messages[0].startswith("Undid: Mara Quist rolled 12 for Jump the gap")
