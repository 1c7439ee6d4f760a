"""The draw dialog's line chosen instead of the die (committed by "Take it" only), its
"Reroll" of one die right after a draw (once; the first draw stays in the log), and a
meaning or a random event drawn from it at any time (R-EVT-1)."""

from strange_tui.campaign.model.events import Drawn
from strange_tui.tui.solo.draw import DrawDialog
from tests.tui.test_layout import screen_lines


def journal_draws(app) -> list[Drawn]:
    return [event for event in app.session.journal() if isinstance(event, Drawn)]


def on_screen(app) -> str:
    return "\n".join(screen_lines(app))


async def test_a_creature_of_level_3_chosen_from_the_list_is_drawn_with_no_die(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        before = demo_app.session.state.seq
        await pilot.press("d", "tab", "3", "tab")  # Levels 3, then the list of choices.
        await pilot.pause()
        assert isinstance(demo_app.screen, DrawDialog) and demo_app.focused.id == "choose"
        await pilot.press("enter", "down", "enter")  # The first creature of level 3.
        await pilot.pause()
        first = demo_app.screen.choices[0]
        assert demo_app.screen.query_one("#choose").value == first[0]
        assert demo_app.session.state.seq == before, "choosing in the list draws nothing"
        await pilot.press("tab", "enter")  # Take it.
        await pilot.pause()
        (event,) = journal_draws(demo_app)
        assert (event.chosen, event.dice, event.level) == (True, (), 3)
        assert first[1] == f"{event.result} (level 3)"
        assert "Dice: chosen, not rolled" in on_screen(demo_app)
        assert not demo_app.screen.query_one("#again-row").has_class("-shown"), "no die"
        assert demo_app.session.describe((event,)).startswith("Chosen, not rolled, a")


async def test_one_die_of_a_draw_rolled_again_with_your_own_die_once(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "tab", "3", "ctrl+f", "2", "enter")
        await pilot.pause()
        (first,) = journal_draws(demo_app)
        dialog = demo_app.screen
        assert dialog.query_one("#again-row").has_class("-shown")
        assert "die 1: 2 (d34)" in on_screen(demo_app)
        await pilot.press("ctrl+f", "5")
        dialog.query_one("#reroll").focus()
        await pilot.press("enter")
        await pilot.pause()
        old, new = journal_draws(demo_app)
        assert old == first, "the first draw stays in the log"
        assert (new.dice, new.replaces, new.level) == ((5,), first.seq, 3)
        assert new.result in on_screen(demo_app) and "Dice: 5 (one rolled again)" in on_screen(
            demo_app
        )
        assert not dialog.query_one("#again-row").has_class("-shown"), "once per draw"


async def test_r_evt_1_a_meaning_is_drawn_from_the_dialog_at_any_time(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d", "enter", *["down"] * 4, "enter")
        await pilot.pause()
        assert demo_app.screen.query_one("#choose").disabled, "a meaning is never chosen"
        assert "actions and" in on_screen(demo_app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        (event,) = journal_draws(demo_app)
        assert event.table == "meaning" and " · " in event.result
        assert event.result in on_screen(demo_app)
