"""Nothing a closed screen registered outlives it: every screen and dialog opened and
closed again, 20 times over, and after a collection none is alive but the screens open
and those the app keeps between opens on purpose (Help, the log)."""

import asyncio
import gc
import heapq
import types

import pytest
from textual.screen import Screen

from tests.tui.reach import VISITS

ROUNDS = 20
MAIN = [["enter"], ["c"], ["l"], ["r"]]
"""The screens a session opens most (the sheet, the fight, the log, the roll), opened
``ROUNDS`` times; every screen and dialog of ``VISITS`` once more."""


def drop_cancelled_timers() -> None:
    """asyncio keeps a cancelled timer in its heap until the time it was due (it sweeps
    them only once they are half of a heap of a hundred), with the context it was made in,
    and Textual's context names the screen that was active then: a screen's timers,
    cancelled as it closed, kept it reachable for up to half a minute. Not the app's
    doing, and gone on its own; swept here so the count sees only what the app holds."""
    loop = asyncio.get_running_loop()
    live = [handle for handle in loop._scheduled if not handle.cancelled()]  # type: ignore[attr-defined]
    heapq.heapify(live)
    loop._scheduled[:] = live  # type: ignore[attr-defined]
    loop._timer_cancelled_count = 0  # type: ignore[attr-defined]


async def alive_screens(app) -> list[Screen]:
    """The screens alive after a collection, but those open and those the app keeps.
    First the loop runs what is due within a second (a closed screen's last callbacks,
    carrying the context they were made in, let go of it as they run), then the
    cancelled timers are swept."""
    await asyncio.sleep(SETTLE)
    drop_cancelled_timers()
    gc.collect()
    kept = {app.get_screen(name) for name in app._kept} | set(app.screen_stack)
    return [o for o in gc.get_objects() if isinstance(o, Screen) and o not in kept]


SETTLE = 1.0
"""Seconds the loop runs before the count: time for what was due, not a leak's excuse
(a screen held by the app's own lists stays held however long the loop runs)."""


def held_by(screen: Screen, leaked: list[Screen], depth: int = 5) -> str:
    """Who holds ``screen``: a chain of referrers' types, for the failure's message (the
    list of those leaked is not one)."""
    chain, here, seen = [], screen, {id(leaked)}
    for _ in range(depth):
        refs = [
            r
            for r in gc.get_referrers(here)
            if id(r) not in seen and not isinstance(r, types.FrameType)
        ]
        if not refs:
            break
        here = refs[0]
        seen.add(id(here))
        name = getattr(here, "__qualname__", "")
        keys = [k for k, v in here.items() if v is screen][:2] if isinstance(here, dict) else ""
        chain.append(f"{type(here).__name__} {name}{keys}".strip())
    return f"{type(screen).__name__} <- " + " <- ".join(chain)


async def close_to(pilot, home) -> None:
    for _ in range(6):
        if pilot.app.screen is home:
            return
        await pilot.press("y" if type(pilot.app.screen).__name__ == "AbandonDialog" else "escape")
        await pilot.pause()


@pytest.mark.starts_first  # One of the longest: started first.
async def test_no_closed_screen_stays_alive_after_20_rounds(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        home = demo_app.screen
        for round_ in range(ROUNDS):
            visits = MAIN if round_ else [*MAIN, *VISITS]
            for keys in visits:
                await pilot.press(*keys)
                await pilot.pause()
                await close_to(pilot, home)
            assert demo_app.screen is home
        leaked = await alive_screens(demo_app)
        assert leaked == [], [held_by(screen, leaked) for screen in leaked]
