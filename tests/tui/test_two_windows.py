"""Two app windows on one campaign: what one does shows in the other, and both windows'
changes count (the issue's repro, through the apps)."""

import asyncio

from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.tui.app.app import FOLLOW_EVERY, StrangeApp

MARA = "mara-quist"


async def wait_for(condition, seconds: float = 3.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the other window never caught up")


async def test_a_change_in_one_window_shows_in_the_other_within_a_second(demo):
    one = StrangeApp(campaign_path=demo, saves=demo.parent)
    two = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with one.run_test(size=(100, 30)) as pilot_one, two.run_test(size=(100, 30)):
        might = one.session.state.characters[MARA].pools.might.current
        one.run_command(Roll(character=MARA, difficulty=3, effort=1, die=12))
        await wait_for(lambda: two.campaign.seq == one.campaign.seq, FOLLOW_EVERY * 3)
        assert two.campaign.characters[MARA].pools.might.current == might - 2
        await pilot_one.pause()


async def test_both_windows_changes_all_count(demo):
    """Damage from both windows, in turn, without either looking first: all applied."""
    one = StrangeApp(campaign_path=demo, saves=demo.parent)
    two = StrangeApp(campaign_path=demo, saves=demo.parent)
    async with one.run_test(size=(100, 30)), two.run_test(size=(100, 30)):
        start = one.session.state.seq
        for app, die in ((one, 5), (two, 6), (one, 7)):
            assert app.run_command(Roll(character=MARA, difficulty=2, die=die))
        await wait_for(lambda: one.campaign.seq == two.campaign.seq == start + 3)
        assert one.campaign == two.campaign
        dice = [e.die for e in one.session.journal()[-3:]]
        assert dice == [5, 6, 7]
