"""The roll dialog's Against choice, keys only (R-NPC-1): in a fight with the AI Zombie,
a task against it is at the level its entry meets that task at (sneaking past it, its
perception as level 7), which follows the task typed, until the Difficulty is set by
hand."""

from textual.widgets import Select

from strange_tui.campaign.model.events import RollMade
from strange_tui.tui.rolls.roll import RollDialog

# From Home: a fight with the demo's AI Zombie (the tracker's add dialog, its search), then
# back to Home.
ZOMBIE_FIGHT = ["c", *"zomb", "ctrl+s", "escape"]
# In the roll dialog, from the task: past Kind, Stat and Difficulty to Against, its first NPC.
AGAINST_FIRST_NPC = ["tab", "tab", "tab", "tab", "enter", "down", "enter"]


def difficulty(app) -> object:
    return app.screen.query_one("#difficulty", Select).value


async def test_r_npc_1_sneaking_past_the_ai_zombie_is_against_its_perception_7(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*ZOMBIE_FIGHT, "r")
        await pilot.pause()
        assert isinstance(demo_app.screen, RollDialog)
        # Against the AI Zombie with no task yet: its own level, 3.
        await pilot.press(*AGAINST_FIRST_NPC)
        await pilot.pause()
        assert difficulty(demo_app) == 3
        # The task typed is Stealth: it meets the Zombie's perception, as level 7.
        await pilot.press("shift+tab", "shift+tab", "shift+tab", "shift+tab", *"Stealth")
        await pilot.pause()
        assert difficulty(demo_app) == 7
        assert demo_app.screen.against_preview().line == "AI Zombie: Perception as level 7"
        # Untrained and unhelped, 7 cannot be beaten: the dialog asks, the player rolls.
        await pilot.press("ctrl+f", "1", "5", "enter", "y")
        await pilot.pause()
        made = demo_app.session.journal()[-1]
        assert isinstance(made, RollMade)
        assert (made.label, made.difficulty, made.die) == ("Stealth", 7, 15)


async def test_r_npc_1_a_difficulty_set_by_hand_stays_the_table_s(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*ZOMBIE_FIGHT, "r", *"Stealth", *AGAINST_FIRST_NPC)
        await pilot.pause()
        assert difficulty(demo_app) == 7
        # The GM makes it 5 by hand: Against stays, the task's changes no longer move it.
        await pilot.press("shift+tab", "enter", "up", "up", "enter")
        await pilot.pause()
        assert difficulty(demo_app) == 5
        await pilot.press("shift+tab", "shift+tab", "shift+tab", "end", *" quietly")
        await pilot.pause()
        assert difficulty(demo_app) == 5
        assert demo_app.screen.against_preview().by_hand
        await pilot.press("ctrl+f", "1", "5", "enter")
        await pilot.pause()
        made = demo_app.session.journal()[-1]
        assert isinstance(made, RollMade) and made.difficulty == 5
