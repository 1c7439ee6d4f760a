"""Character creation as a new player reads it (play-test findings N1-N15): what each
step shows of the entry under the cursor, what the hint says, and where the keys go."""

from msgspec.structs import replace

from strange_tui.tui.creation.wizard import CreationScreen
from tests.tui.reach import screen_lines
from tests.tui.test_layout import draft_at


async def open_step(pilot, step: int, **changes) -> None:
    await pilot.app.push_screen(CreationScreen(replace(draft_at(step), **changes)))
    await pilot.pause()


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def hint(app) -> str:
    return str(app.screen.query_one("#hint").render())


async def test_step_8_shows_the_highlighted_weapon_whole_and_the_picks_so_far(demo_app):
    """The rows are cut with '…': the side panel shows the weapon under the cursor whole
    (damage, range, examples), and the weapons ticked and the armor picked."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 7)
        await pilot.press("down", "down", "down")  # Medium ranged weapon
        await pilot.pause()
        text = screen_text(demo_app)
        print(text)
        assert "│ Medium ranged weapon         │" in text
        assert "4 damage · long range" in text and "For example: bow, crossbow" in text
        assert "Chosen: Heavy ranged" in text
        await pilot.press("enter")  # ticked: it is among the picks
        await pilot.pause()
        assert "Chosen: Heavy ranged weapon, Medium ranged weapon" in " ".join(
            line.split("││")[-1].strip(" │") for line in screen_lines(demo_app)
        )


async def test_step_8_enter_on_the_armor_picks_it_and_ctrl_n_goes_on(demo_app):
    """Enter on the armor list picks it and stays on step 8 (the hint says the pick and
    ctrl+n); ctrl+n then goes on to the attacks."""
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await open_step(pilot, 7, armor="")
        assert "tab, then enter picks the armor; ctrl+n goes on." in hint(demo_app)
        await pilot.press("tab", *"light", "enter")
        await pilot.pause()
        assert demo_app.screen.draft.step == 7 and demo_app.screen.draft.armor == "light"
        assert hint(demo_app) == "Light armor chosen: ctrl+n goes on."
        assert "armor: Light armor" in screen_text(demo_app)
        await pilot.press("ctrl+n")
        assert demo_app.screen.draft.step == 8


async def test_step_8_reads_at_40x12(demo_app):
    async with demo_app.run_test(size=(40, 12)) as pilot:
        await open_step(pilot, 7)
        await pilot.press("down")
        await pilot.pause()
        print(screen_text(demo_app))
