"""The GM asks for a roll and the player answers it at their seat, keys only where a person
acts: two windows on one copy of the demo (the GM's and Mara's), the difficulty kept from
Mara, her window opening the question by itself and the GM's seeing her die land; solo
play at 80x24, where the one window asks and answers with the odds and the cost on screen;
the GM answering at their own window for players with no window; and the key kept from a
player's seat."""

import time

from textual.widgets import Select

from strange_tui.campaign.commands.combat import AddNpcs, StartCombat
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import PromptClosed, PromptRaised, RollMade
from strange_tui.campaign.model.terms import Stat
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.combat.tracker import CombatScreen
from strange_tui.tui.home.home import HomeScreen
from strange_tui.tui.table.answer_roll import RollAnswer
from strange_tui.tui.table.ask_roll import AskRollDialog
from tests.tui.reach import screen_lines
from tests.tui.test_seats_prompts import (
    MARA,
    SIZE,
    acting,
    gm_app,
    notes,
    run,
    seat_app,
    text_of,
    wait_for,
)

JUN, TESS = "jun-okafor", "tess-harrow"


async def test_r_task_8_the_gm_asks_mara_for_a_secret_might_roll_and_sees_it_land(demo):
    """The GM's Home, Mara highlighted: y, the task typed, difficulty 4, the secret ticked,
    ctrl+o. Mara's window opens the question by itself: what her choices do, no target, no
    odds; she picks Trained and types 15. The GM's window tells the roll and its outcome
    within a second of her key; her log says no difficulty for the ask."""
    gm, mara = gm_app(demo), seat_app(demo, MARA)
    async with gm.run_test(size=SIZE) as p_gm, mara.run_test(size=SIZE) as p_mara:
        await p_gm.pause()
        assert isinstance(gm.screen, HomeScreen)
        await p_gm.press("y")
        await p_gm.pause()
        dialog = gm.screen
        assert isinstance(dialog, AskRollDialog)
        assert dialog.query_one("#who", Select).value == MARA  # The highlighted card.
        assert dialog.query_one("#stat", Select).value == Stat.MIGHT
        await p_gm.press(*"force the hatch", "enter")  # Enter: on to the difficulty.
        await p_gm.pause()
        assert gm.focused.id == "difficulty" and isinstance(gm.screen, AskRollDialog)
        await p_gm.press("enter", "down", "enter")  # 3 Demanding -> 4 Difficult.
        await p_gm.pause()
        assert dialog.query_one("#difficulty", Select).value == 4
        await p_gm.press("tab", "space")  # Keep the difficulty from the player.
        await p_gm.pause()
        assert dialog.query_one("#secret").value
        assert (
            "The GM asks Mara Quist for a Might roll: force the hatch"
            " (the GM keeps the difficulty)." in text_of(gm, "#preview")
        )
        await p_gm.press("ctrl+o")
        await p_gm.pause()
        assert isinstance(gm.screen, HomeScreen)
        raised = gm.session.journal()[-1]
        assert isinstance(raised, PromptRaised) and raised.prompt == "roll"
        assert (raised.difficulty, raised.secret, raised.stat) == (4, True, Stat.MIGHT)

        await wait_for(lambda: isinstance(mara.screen, RollAnswer))
        await p_mara.pause()
        seen = text_of(mara)
        assert "force the hatch (Might)" in seen and "kept by the GM" in seen
        assert "target" not in seen and "%" not in seen and "Difficult 4" not in seen
        assert "4" not in text_of(mara, "#difficulty")
        assert mara.focused.id == "skill"  # Not the die: a stray Enter rolls nothing.
        # Untrained -> her sheet's first training, Guns (R-TASK-9: the seat offers the sheet's).
        await p_mara.press("enter", "down", "enter")
        await p_mara.pause()
        assert "trained −1" in text_of(mara, "#preview")
        assert "eased 1 step" in text_of(mara, "#preview")
        assert "%" not in text_of(mara, "#preview")
        await p_mara.press("ctrl+f", "1", "5", "enter")
        rolled_at = time.perf_counter()
        await p_mara.pause()
        roll = [e for e in mara.session.journal() if isinstance(e, RollMade)][-1]
        assert (roll.die, roll.difficulty, roll.skill, roll.success) == (15, 4, "trained", True)
        assert roll.training == "Guns"
        assert isinstance(mara.session.journal()[-1], PromptClosed)
        assert "d20: 15" in text_of(mara, "#result") and "Success" in text_of(mara, "#result")

        told = ("Mara Quist rolled 15 for force the hatch (trained in Guns: eased one step;"
                " Demanding 3, target 9): success.")  # fmt: skip
        await wait_for(lambda: told in notes(gm))
        took = time.perf_counter() - rolled_at
        print(f"\nMara's roll reached the GM's window {took:.2f} s after her key")
        assert took < 1.0
        assert "Answered at Mara Quist's seat" in notes(gm)
        assert not gm.session.state.prompts

        await p_mara.press("enter")  # Done.
        await p_mara.pause()
        assert isinstance(mara.screen, SheetScreen)
        await p_mara.press("escape")  # Her Home's latest lines.
        await p_mara.pause()
        latest = text_of(mara, "#recent")
        assert "The GM asks Mara Quist for a Might roll: force the hatch (the GM keeps" in latest
        assert "difficulty 4" not in latest


async def test_solo_the_one_window_asks_and_answers_with_the_odds_on_screen_at_80x24(demo):
    """Solo play, 80x24: y on Home, ctrl+o; the question opens in the same window (every
    seat), its difficulty, odds and cost all on screen with the die and the buttons, no
    scrolling; the die rolls it and closes the question."""
    gm = gm_app(demo)
    async with gm.run_test(size=(80, 24)) as pilot:
        run(gm, ChangeSettings(solo=True))
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(gm.screen, AskRollDialog)
        assert not gm.screen.query("#here")  # Solo: the window is every seat already.
        await pilot.press(*"climb the cliff", "ctrl+o")
        await wait_for(lambda: isinstance(gm.screen, RollAnswer))
        await pilot.pause()
        box = gm.screen.query_one(".dialog")
        assert box.max_scroll_y == 0  # All of it fits: nothing below the fold.
        lines = "\n".join(screen_lines(gm))
        for shown in ("Demanding 3", "Odds", "%", "target 9", "Cost", "Your die", "Roll", "Close"):
            assert shown in lines, shown
        preview = gm.screen.query_one("#preview")
        assert preview.region.bottom <= 24
        assert "escape: later" in box.border_subtitle
        await pilot.press("ctrl+f", "4", "enter")
        await pilot.pause()
        assert "Failure" in text_of(gm, "#result")
        # Answered: no "later" any more, the keys that close it instead.
        assert box.border_subtitle == "enter: done · escape closes"
        # (The app may propose an intrusion after it, as after any roll in solo play.)
        assert not [p for p in gm.session.state.prompts if p.kind == "roll"]


async def test_the_gm_answers_at_their_own_window_for_players_with_no_window(demo):
    """The combat tracker, the party chosen: y, ctrl+r ("Answer here"): each PC's answer
    opens at the GM's window in turn (the difficulty shown: the GM set it)."""
    gm = gm_app(demo)
    async with gm.run_test(size=SIZE) as pilot:
        run(gm, StartCombat())
        run(gm, AddNpcs(name="Thug", level=3))
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(gm.screen, CombatScreen)
        await pilot.press("y")
        await pilot.pause()
        dialog = gm.screen
        assert isinstance(dialog, AskRollDialog)
        assert dialog.query_one("#who", Select).value == MARA  # The highlighted PC.
        await pilot.press("shift+tab", "shift+tab", "enter", "home", "enter")
        await pilot.pause()
        assert dialog.query_one("#who", Select).value == ""  # The whole party.
        assert "Mara Quist, Jun Okafor and Tess Harrow" in text_of(gm, "#preview")
        await pilot.press("ctrl+r")
        for _ in range(3):
            await wait_for(lambda: isinstance(gm.screen, RollAnswer))
            await pilot.pause()
            assert "Demanding 3" in text_of(gm, "#difficulty")
            await pilot.press("ctrl+f", "1", "2", "enter")
            await pilot.pause()
            await pilot.press("enter")  # Done: the next one opens.
            await pilot.pause()
        assert not gm.session.state.prompts
        rolls = [e for e in gm.session.journal() if isinstance(e, RollMade)][-3:]
        assert {r.character for r in rolls} == {MARA, JUN, TESS}


async def test_a_players_seat_is_not_offered_the_ask(demo):
    """Mara's seat: no y on her sheet, Home, the combat tracker or the palette; the GM's
    Home offers it."""
    gm, mara = gm_app(demo), seat_app(demo, MARA)
    async with gm.run_test(size=SIZE) as p_gm, mara.run_test(size=SIZE) as p_mara:
        run(gm, StartCombat())
        run(gm, AddNpcs(name="Thug", level=3))
        await p_mara.pause()
        assert isinstance(mara.screen, SheetScreen)
        for screen in (SheetScreen, HomeScreen, CombatScreen):
            if screen is CombatScreen:
                await wait_for(lambda: mara.session.state.encounter is not None)
                await p_mara.press("c")
                await p_mara.pause()
            assert isinstance(mara.screen, screen)
            with acting(mara):
                assert mara.screen.check_action("ask_roll", ()) is False
                titles = {c.title for c in mara.get_system_commands(mara.screen)}
            assert "Ask for a roll" not in titles
            await p_mara.press("y")
            await p_mara.pause()
            assert isinstance(mara.screen, screen)  # Nothing opened.
            if screen is SheetScreen:
                await p_mara.press("escape")  # From her sheet to Home.
                await p_mara.pause()
        await p_gm.pause()
        with acting(gm):
            titles = {c.title for c in gm.get_system_commands(gm.screen)}
        assert "Ask for a roll" in titles


async def test_an_ask_with_no_words_reads_as_the_stat_s_task(demo):
    """The GM asks for a roll without words: the question's task reads 'a Might task (the
    GM gave no words)', not a parenthesis and then the stat in another."""
    gm = gm_app(demo)
    async with gm.run_test(size=(80, 24)) as pilot:
        run(gm, ChangeSettings(solo=True))
        await pilot.pause()
        await pilot.press("y", "ctrl+o")
        await wait_for(lambda: isinstance(gm.screen, RollAnswer))
        await pilot.pause()
        assert text_of(gm, "#task") == "a Might task (the GM gave no words)"
