"""One seat in two windows (a player with the table open on a laptop and a phone): a
question answered in one window closes its open dialog in the other, which says it was
answered in another window, instead of staying open to be refused, or worse, to roll the
defense a second time. Keys only where a person acts; commands set the table up, on a copy
of the demo."""

from pathlib import Path

import pytest

from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import RollMade
from strange_tui.tui.character.sheet import SheetScreen
from strange_tui.tui.table.answer import DefenseAnswer
from tests.demo_copy import fresh_demo
from tests.tui.test_seats_prompts import (
    MARA,
    SIZE,
    gm_app,
    notes,
    run,
    seat_app,
    set_up_fight,
    wait_for,
)

ELSEWHERE = "Mara Quist's defense was answered in another window."


@pytest.fixture
def demo(tmp_path) -> Path:
    return fresh_demo(tmp_path)


def defenses(app) -> list[RollMade]:
    return [e for e in app.session.journal() if isinstance(e, RollMade) and e.seat == MARA]


async def test_a_defense_answered_in_one_window_closes_in_the_other_window_of_the_seat(demo):
    """Mara's seat is open in two windows; both bring her defense. She rolls in the first:
    the second's dialog closes and says the defense was answered in another window (not
    that the GM answered it)."""
    gm, first, second = gm_app(demo), seat_app(demo, MARA), seat_app(demo, MARA)
    async with (
        gm.run_test(size=SIZE),
        first.run_test(size=SIZE) as p_first,
        second.run_test(size=SIZE),
    ):
        set_up_fight(gm, initiative=True)
        run(gm, AskDefense(character=MARA, npc="thug"))
        await wait_for(lambda: isinstance(first.screen, DefenseAnswer))
        await wait_for(lambda: isinstance(second.screen, DefenseAnswer))
        await p_first.pause()
        await p_first.press("ctrl+f", "1", "8", "enter")
        await p_first.pause()
        assert not first.session.state.prompts
        await wait_for(lambda: isinstance(second.screen, SheetScreen))
        await wait_for(lambda: ELSEWHERE in notes(second))
        assert "The GM answered" not in notes(second)
        assert ELSEWHERE not in notes(first)  # Its own answer is no news to it.


async def test_an_answer_sent_before_the_other_windows_answer_arrived_is_refused_and_closes(
    demo,
):
    """The second window has not yet taken in the first one's answer (a slow network
    folder, say) when Mara rolls there too: her command takes it in first, the dialog
    closes with the line, and the model refuses the second defense: one roll, one hit."""
    gm, first, second = gm_app(demo), seat_app(demo, MARA), seat_app(demo, MARA)
    async with (
        gm.run_test(size=SIZE),
        first.run_test(size=SIZE) as p_first,
        second.run_test(size=SIZE) as p_second,
    ):
        set_up_fight(gm, initiative=True)
        run(gm, AskDefense(character=MARA, npc="thug"))
        await wait_for(lambda: isinstance(first.screen, DefenseAnswer))
        await wait_for(lambda: isinstance(second.screen, DefenseAnswer))
        second.following.stop()  # It learns of other windows' steps only as it writes.
        await p_first.pause()
        await p_first.press("ctrl+f", "1", "8", "enter")
        await p_first.pause()
        await p_second.pause()
        assert isinstance(second.screen, DefenseAnswer)  # Not told yet.
        await p_second.press("ctrl+f", "3", "enter")
        await p_second.pause()
        assert isinstance(second.screen, SheetScreen)
        assert ELSEWHERE in notes(second)
        assert [d.die for d in defenses(second)] == [18]
