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


def held_by(screen: Screen, leaked: list[Screen], depth: int = 6) -> str:
    """Who holds ``screen``, for the failure's message: each referrer up to ``depth``
    levels (the list of those leaked is not one), by type, with a function's or a
    cell's owner named."""
    lines, here, seen = [], [screen], {id(leaked)}
    for level in range(depth):
        above = []
        for obj in here:
            for ref in gc.get_referrers(obj):
                if id(ref) in seen or isinstance(ref, types.FrameType) or ref is here:
                    continue
                seen.add(id(ref))
                above.append(ref)
        if not above:
            break
        lines.append(f"{level + 1}: " + ", ".join(describe(ref) for ref in above[:6]))
        here = above[:6]
    return f"{type(screen).__name__} held by " + " | ".join(lines)


def context_holders(leaked: list[Screen]) -> list[str]:
    """The tasks and timers whose context (copied when each was made) holds a leaked
    screen in one of its variables, for the failure's message."""
    loop = asyncio.get_running_loop()
    handles = [*loop._scheduled, *loop._ready]  # type: ignore[attr-defined]
    holders = [(t.get_name(), t._context) for t in asyncio.all_tasks()]  # type: ignore[attr-defined]
    holders += [(repr(h)[:120], h._context) for h in handles]
    found = []
    for name, context in holders:
        for variable, value in context.items():
            values = value if isinstance(value, (list, tuple)) else [value]
            if any(v is screen for v in values for screen in leaked):
                found.append(f"{name}: context variable {variable.name}")
    return found


def describe(ref: object) -> str:
    if isinstance(ref, types.FunctionType):
        return f"function {ref.__qualname__}"
    if isinstance(ref, types.MethodType):
        return f"method {ref.__func__.__qualname__}"
    if isinstance(ref, types.CellType):
        return "cell"
    if isinstance(ref, dict):
        return f"dict({list(ref)[:4]})"
    if isinstance(ref, (list, tuple)):
        return f"{type(ref).__name__}[{len(ref)}]({[type(x).__name__ for x in ref[:3]]})"
    return type(ref).__name__


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
        assert leaked == [], context_holders(leaked) or [held_by(s, leaked) for s in leaked]
