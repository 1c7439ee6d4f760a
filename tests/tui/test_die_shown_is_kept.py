"""A die shown is a die kept, at the seats (R-REC-1), keys only: at Mara's seat the rest
dialog's d6 is on record once it shows; escape and reopen, and the same die is there (no
fresh roll), and the rest uses it. At the GM's seat the same dialog shows Mara's die and
ctrl+t takes it back; Mara's open dialog says so and rolls anew."""

import asyncio
import io
import time

from rich.console import Console
from textual.widgets import Input, Static

from strange_tui.campaign.model.events import (
    RecoveryDieShown,
    RecoveryDieTakenBack,
    RecoveryRolled,
)
from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.character.rest import RestDialog

MARA = "mara-quist"


def rolled_line(app: StrangeApp) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(
        app.screen.query_one("#rolled", Static).content
    )
    return " ".join(out.getvalue().split())


def shown(app: StrangeApp) -> list[RecoveryDieShown]:
    return [e for e in app.session.journal() if isinstance(e, RecoveryDieShown)]


async def wait_for(condition, seconds: float = 5.0) -> None:
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the other window never caught up")


async def test_r_rec_1_at_a_seat_escape_and_reopen_shows_the_same_die(demo):
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with mara.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(mara.screen, RestDialog)
        await pilot.press("enter")  # Blank: the app rolls, and the die is on record.
        await pilot.pause()
        (first,) = shown(mara)
        assert (first.character, first.seat, first.app_rolled) == (MARA, MARA, True)
        assert rolled_line(mara).startswith(f"d6 shows {first.die}:")
        for _ in range(3):  # Escape and reopen: never a fresh die.
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(mara.screen, RestDialog)
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(mara.screen, RestDialog)
            assert rolled_line(mara).startswith(f"d6 shows {first.die}:")
            field = mara.screen.query_one("#die", Input)
            assert field.disabled and field.value == str(first.die)
        assert shown(mara) == [first]
        await pilot.press("enter")  # Enter in the division: the rest, with that die.
        await pilot.pause()
        assert not isinstance(mara.screen, RestDialog)
        rest = mara.session.journal()[-1]
        assert isinstance(rest, RecoveryRolled) and (rest.die, rest.seat) == (first.die, MARA)
        assert mara.session.state.characters[MARA].recovery_die is None


async def test_r_rec_1_the_gm_takes_back_the_die_a_seat_was_shown(demo):
    """Mara's die shows at her seat; the GM opens her rest (the same die), ctrl+t takes it
    back: the log says so, and Mara's dialog, still open, asks for a new roll."""
    gm = StrangeApp(campaign_path=demo, saves=demo.parent)
    mara = StrangeApp(campaign_path=demo, saves=demo.parent, seat=MARA)
    async with gm.run_test(size=(80, 24)) as p_gm, mara.run_test(size=(80, 24)) as p_mara:
        await p_mara.pause()
        await p_mara.press("s", "3", "enter")  # Her own die, typed: on record too.
        await p_mara.pause()
        assert [(e.die, e.app_rolled) for e in shown(mara)] == [(3, False)]
        await wait_for(lambda: gm.session.state.characters[MARA].recovery_die == 3)
        await p_gm.press("s")  # Home's first PC: Mara.
        await p_gm.pause()
        assert isinstance(gm.screen, RestDialog) and gm.screen.character_id == MARA
        assert rolled_line(gm).startswith("d6 shows 3:")
        await p_gm.press("ctrl+t")
        await p_gm.pause()
        taken = gm.session.journal()[-1]
        assert isinstance(taken, RecoveryDieTakenBack) and taken.die == 3
        assert not gm.screen.query_one("#die", Input).disabled
        await wait_for(lambda: mara.session.state.characters[MARA].recovery_die is None)
        await p_mara.pause()
        assert isinstance(mara.screen, RestDialog)
        assert rolled_line(mara) == "The GM took back the die (3): roll again."
        assert not mara.screen.query_one("#die", Input).disabled
