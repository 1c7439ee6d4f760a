"""Crafting from Home (R-CRAFT-1), keys only, on the demo party (Day 6, 09:21): m opens the
dialog; the level from the ladder, the die typed, enter crafts; the clock on Home shows the
time passed, the item is on the sheet, the log has the line."""

from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.crafting.craft import CraftDialog
from strange_tui.tui.home.home import HomeScreen
from tests.tui.reach import rendered, screen_lines, tab_through

MARA = "mara-quist"


def text(app) -> str:
    return "\n".join(screen_lines(app))


def preview(app) -> str:
    return rendered(app.screen.query_one("#preview"))


def where(app) -> str:
    return str(app.screen.query_one("#where").render())


async def pick_level(pilot, level: int, now: int = 1) -> None:
    """The level list has the focus: open it, move to ``level`` (from ``now``), choose."""
    moves = ["down"] * (level - now) if level >= now else ["up"] * (now - level)
    await pilot.press("enter", *moves, "enter")
    await pilot.pause()


async def test_r_craft_1_a_radio_crafted_passes_a_month_on_the_clock(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Day 6, 09:21" in where(demo_app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(demo_app.screen, CraftDialog)
        await pilot.press(*"Radio", "tab")
        await pick_level(pilot, 6)
        shown = preview(demo_app)
        for line in (
            "Materials level 6, 5, 4, 3, 2 and 1 materials",
            "Time a month: the clock goes to Day 36, 09:21",
            "A night passes: a new day of recovery rolls",
            "Intimidating 6",
            "15% target 18",
            "Cost 0 Intellect",
        ):
            assert line in shown, line
        await pilot.press("ctrl+f", "1", "9", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert "Day 36, 09:21" in where(demo_app)
        latest = " ".join(str(demo_app.screen.query_one("#recent").render()).split())
        assert (
            "Mara Quist crafts a radio (level 6, Intellect 18+): rolled 19, success; a month"
            " passes." in latest
        )
        await pilot.press("enter")  # Mara's sheet.
        await pilot.pause()
        assert isinstance(demo_app.screen, SheetScreen)
        # The gear panel scrolls: the radio is in its list, past the attacks.
        assert "• Radio" in rendered(demo_app.screen.query_one("#lists-body"))
        assert demo_app.session.state.characters[MARA].equipment[-1] == "Radio"


async def test_r_craft_1_level_4_one_day_or_two_chosen_in_the_dialog(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", *"Sword", "tab")
        await pick_level(pilot, 4)
        assert "one day: the clock goes to Day 7, 09:21" in preview(demo_app)
        await pilot.press("tab", "tab", "tab", "tab")  # Skill, Inability, Training, Time.
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert "two days: the clock goes to Day 8, 09:21" in preview(demo_app)
        await pilot.press("ctrl+f", "2", "enter")  # Target 12: a failure, two days all the same.
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert "Day 8, 09:21" in where(demo_app)
        assert "Sword" not in demo_app.session.state.characters[MARA].equipment


async def test_r_craft_1_training_to_the_time_and_many_years(demo_app):
    """Jun (trained in deduction, not in crafting: the skill is the player's word) spends
    his training on the time: a level 3 bow in an hour, the task unchanged; then a level 9
    machine: the roll is made and the clock stays."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "m", *"Bow", "tab")
        await pick_level(pilot, 3)
        await pilot.press("tab", "enter", "down", "enter")  # Skill: trained.
        await pilot.pause()
        assert "Demanding 3 → Standard 2" in preview(demo_app)
        await pilot.press("tab", "tab", "enter", "down", "enter")  # Training: the time.
        await pilot.pause()
        shown = preview(demo_app)
        assert "an hour: the clock goes to Day 6, 10:21" in shown
        assert "training shortens the time" in shown and "Demanding 3 →" not in shown
        await pilot.press("ctrl+f", "9", "enter")
        await pilot.pause()
        assert "Day 6, 10:21" in where(demo_app)
        assert "Bow" in demo_app.session.state.characters["jun-okafor"].equipment

        await pilot.press("m", *"Starship", "tab")
        await pick_level(pilot, 9)
        assert "many years: more than play passes; the clock stays" in preview(demo_app)
        await pilot.press("ctrl+f", "2", "0", "enter")
        await pilot.pause()
        assert "Day 6, 10:21" in where(demo_app)
        latest = " ".join(str(demo_app.screen.query_one("#recent").render()).split())
        assert "it takes many years: the clock stays." in latest


async def test_r_craft_1_typing_never_crafts(demo_app):
    """Enter in the item's name goes to the die; letters type; escape leaves no trace."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        seq = demo_app.session.state.seq
        await pilot.press("m", *"Torch", "enter")
        await pilot.pause()
        assert isinstance(demo_app.screen, CraftDialog)
        assert demo_app.focused.id == "die"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(demo_app.screen, HomeScreen)
        assert demo_app.session.state.seq == seq


async def test_the_craft_dialog_is_reachable_at_40x12(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await pilot.press("m", *"Sword", "tab")
        await pick_level(pilot, 4)  # The time field is on: one day or two.
        hidden = await tab_through(pilot)
    assert not hidden, "\n".join(hidden)
