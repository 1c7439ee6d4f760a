from strange_tui.campaign.model.creation import Draft
from strange_tui.rules.pools import Stat
from strange_tui.tui.creation.wizard import CreationScreen
from tests.tui.reach import screen_lines
from tests.tui.test_armor_and_tiers import app_with, choose_step

async def test_peek(demo_app):
    draft = Draft(step=6, descriptor="strong", type="spinner", focus="leads",
                  bonus={Stat.SPEED: 2, Stat.INTELLECT: 4},
                  abilities=("anecdote", "babel", "interaction-skills", "encouragement"))
    for size in ((40, 12),):
        async with demo_app.run_test(size=size) as pilot:
            await demo_app.push_screen(CreationScreen(draft))
            await pilot.pause()
            print("\n".join(screen_lines(demo_app)))
            await pilot.press("tab")
            await pilot.pause()
            print("\n".join(screen_lines(demo_app)))

async def test_peek_adv(tmp_path):
    app = app_with(tmp_path, tier=2, xp=4, advancements=("pools", "edge", "effort"),
                   abilities=("Bash", "Combat Prowess (melee)"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "x")
        await pilot.pause()
        await choose_step(pilot, 4)
        await pilot.press(*["tab"] * 5, *"Guns")
        await pilot.press("tab", "tab", "enter", "down", "enter", "down", "enter")
        await pilot.press("tab", "enter", "down", "down", "enter")
        await pilot.pause(); await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        print("\n".join(screen_lines(app)))
