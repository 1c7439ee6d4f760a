"""Every screen opens without an exception at 200x60 (and at 40x12: the reach test of
``test_layout`` opens each of these visits at that size, with the same checks)."""

import pytest

from strange_tui.tui.creation.wizard import AbandonDialog
from strange_tui.tui.home.campaigns import CampaignsScreen
from strange_tui.tui.home.home import HomeScreen

# Each opens a screen or dialog from Home, and the keys after it close it again.
VISITS = [
    # t before c: a fight in progress (c starts one) holds translation back.
    ["r"], ["s"], ["x"], ["i"], ["l"], ["question_mark"], ["f1"], ["n"], ["t"], ["c"], ["o"],
    ["g"], ["n", *"tough", "enter", *"vector", "enter", *"licensed", "enter"],
    ["enter", "d"], ["enter", "p"], ["enter", "h"], ["enter", "g"], ["enter", "u"],
    ["enter", "e"], ["enter", "r"], ["enter", "s"], ["enter", "x"],
]  # fmt: skip


@pytest.mark.parametrize("size", [(200, 60)])
@pytest.mark.starts_first  # One of the longest: started first.
async def test_every_screen_opens_at_small_and_large_sizes(demo_app, size):
    async with demo_app.run_test(size=size) as pilot:
        for keys in VISITS:
            await pilot.press(*keys)
            await pilot.pause()
            assert not isinstance(pilot.app.screen, HomeScreen), keys
            while not isinstance(pilot.app.screen, HomeScreen):
                closing = pilot.app.screen
                await pilot.press("y" if isinstance(closing, AbandonDialog) else "escape")
                await pilot.pause()
                if isinstance(closing, CampaignsScreen):
                    assert isinstance(pilot.app.screen, HomeScreen)
        assert pilot.app.return_code is None
