"""The browsers' side of bench/serve.py (see its docstring): headless Chromium through
Playwright, a browser context per seat with the page timing script in it, the presses in
turn and at once, and each press's frames and CPU by part read back from the pages."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path

from serve_host import (
    COLS,
    KEY,
    PACE,
    QUIET,
    ROWS,
    SCREEN_SECONDS,
    TITLE,
    WARM_UP,
    BenchError,
    Presses,
    Served,
    cpu_ticks,
    descendants,
    memory_kib,
    program,
)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Eight windows at once: none is a background tab whose timers and frames are slowed.
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]  # fmt: skip
PHASE_SECONDS = 300
OPEN_TERMINAL = "this.terminal.open(e),"
"""Where textual-serve's script opens its xterm.js terminal: the bench hooks it there."""

INIT_SCRIPT = """(() => {
    const bench = window.__bench = {keys: [], sends: [], messages: [], renders: []};
    document.addEventListener("keydown", () => bench.keys.push(performance.now()), true);
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
        constructor(...args) {
            super(...args);
            // Added before the page's own listener, so it notes the arrival, not the draw.
            this.addEventListener("message", (event) => {
                if (typeof event.data !== "string") {
                    bench.messages.push([performance.now(), event.data.byteLength]);
                }
            });
        }
        send(data) {
            if (typeof data === "string" && data.startsWith('["stdin"')) {
                bench.sends.push(performance.now());
            }
            return super.send(data);
        }
    };
    window.__benchTerminal = (terminal) => {
        window.strangeTerminal = terminal;
        terminal.onRender(() => bench.renders.push(performance.now()));
    };
})();"""
SCREEN_JS = """() => {
    const terminal = window.strangeTerminal;
    if (!terminal) return "";
    const buffer = terminal.buffer.active, rows = [];
    for (let y = 0; y < terminal.rows; y++) {
        const line = buffer.getLine(buffer.viewportY + y);
        rows.push(line ? line.translateToString(true) : "");
    }
    return rows.join("\\n");
}"""
SIZE_JS = """() => {
    const t = window.strangeTerminal, screen = t.element.querySelector(".xterm-screen");
    return [t.cols, t.rows, screen.clientWidth / t.cols, screen.clientHeight / t.rows];
}"""


async def expose_terminal(route) -> None:
    """Serve textual-serve's script with its terminal handed to the bench's hook."""
    response = await route.fetch()
    script = await response.text()
    if script.count(OPEN_TERMINAL) != 1:
        raise BenchError("textual-serve's script changed: update OPEN_TERMINAL")
    patched = script.replace(
        OPEN_TERMINAL, OPEN_TERMINAL + "window.__benchTerminal(this.terminal),"
    )
    await route.fulfill(body=patched, content_type="application/javascript")


async def open_seat(browser, link: str, viewport: dict) -> tuple:
    context = await browser.new_context(viewport=viewport)
    await context.add_init_script(INIT_SCRIPT)
    page = await context.new_page()
    await page.route("**/static/js/textual.js", expose_terminal)
    await page.goto(link, timeout=SCREEN_SECONDS * 1000)
    await page.wait_for_function(
        f"(text) => ({SCREEN_JS})().includes(text)", arg=TITLE, timeout=SCREEN_SECONDS * 1000
    )
    return context, page


async def fit_viewport(browser, link: str) -> dict:
    """A window in which the terminal is 80x24 cells (the pty's size)."""
    viewport = {"width": 1000, "height": 700}
    context, page = await open_seat(browser, link, viewport)
    try:
        for _ in range(4):
            cols, rows, cell_w, cell_h = await page.evaluate(SIZE_JS)
            if (cols, rows) == (COLS, ROWS):
                return viewport
            viewport = {
                "width": int(viewport["width"] - (cols - COLS) * cell_w + cell_w / 2),
                "height": int(viewport["height"] - (rows - ROWS) * cell_h + cell_h / 2),
            }
            await page.set_viewport_size(viewport)
            await page.wait_for_timeout(500)
        raise BenchError(f"no window size gives an {COLS}x{ROWS} terminal (last {cols}x{rows})")
    finally:
        await context.close()


async def press_at(page, presses: int, start_after: float) -> None:
    await page.wait_for_timeout(start_after * 1000)
    for _ in range(presses):
        await page.keyboard.press(KEY)
        await page.wait_for_timeout(random.uniform(*PACE) * 1000)
    await page.wait_for_timeout(max(PACE) * 1000)


async def press_in_turn(pages: list, presses: int) -> None:
    """One key in flight at a time: each page in turn, at the pace, ``presses`` rounds."""
    for _ in range(presses):
        for page in pages:
            await page.keyboard.press(KEY)
            await page.wait_for_timeout(random.uniform(*PACE) * 1000)
    await page.wait_for_timeout(max(PACE) * 1000)


def frames(log: dict, into: Presses) -> None:
    """Each keydown's first and settled frame, from a page's log (see the docstring)."""
    keys, sends, messages, renders = log["keys"], log["sends"], log["messages"], log["renders"]
    for index, key in enumerate(keys):
        end = keys[index + 1] if index + 1 < len(keys) else float("inf")
        burst = [at for at, _ in messages if key <= at < end]
        if not burst:
            into.missed += 1
            continue
        last = burst[0]
        for at in burst[1:]:
            if at - last >= QUIET * 1000:
                break
            last = at
        first_draw = next((r for r in renders if r >= burst[0]), None)
        last_draw = next((r for r in renders if r >= last), None)
        sent = next((at for at in sends if key <= at < end), None)
        if first_draw is None or last_draw is None or sent is None:
            into.missed += 1
            continue
        into.first.append(first_draw - key)
        into.settled.append(last_draw - key)
        into.to_send.append(sent - key)
        into.to_output.append(burst[0] - sent)
        into.to_draw.append(first_draw - burst[0])


def cpu_by_part(served: Served) -> dict[str, int]:
    """CPU ticks so far of the seat apps, the server, and the browser (every Chromium
    process under the bench)."""
    browser = [pid for pid in descendants(os.getpid()) if b"chrom" in program(pid)]
    return {
        "seat apps": sum(cpu_ticks(pid) for pid in served.apps()),
        "serve": cpu_ticks(served.process.pid),
        "browser": sum(cpu_ticks(pid) for pid in browser),
    }


@dataclass
class Phase:
    name: str
    presses: Presses
    cpu_ms_per_press: dict[str, float]
    seconds: float


@dataclass
class Live:
    """Browsers live at once, and the modes their keys were pressed in."""

    count: int
    phases: list[Phase]
    app_memory: list[tuple[int, int]]
    """Each seat app's (RSS, Pss) in KiB, after the presses."""
    app_memory_at_start: list[tuple[int, int]]
    server_kib: int


async def timed(name: str, served: Served, pages: list, pressing) -> Phase:
    for page in pages:
        await page.evaluate("for (const v of Object.values(window.__bench)) v.length = 0")
    before, started = cpu_by_part(served), time.monotonic()
    await asyncio.wait_for(pressing, PHASE_SECONDS)
    after, seconds = cpu_by_part(served), time.monotonic() - started
    times = Presses()
    for page in pages:
        frames(await page.evaluate("window.__bench"), times)
    count = max(1, len(times.first) + times.missed)
    tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
    cpu = {part: (after[part] - before[part]) * tick_ms / count for part in after}
    return Phase(name, times, cpu, seconds)


def nice_browser() -> None:
    """Chromium at the lowest CPU priority: the host's part timed as if the browsers ran on
    the players' own machines (they share this one's CPU with the apps otherwise)."""
    for pid in descendants(os.getpid()):
        if b"chrom" in program(pid):
            with contextlib.suppress(OSError):
                os.setpriority(os.PRIO_PROCESS, pid, 19)


async def live(
    browser, served: Served, seats: list[str], viewport: dict, presses: int, nice: bool
) -> Live:
    """``seats`` (seat names, one per browser) open at once and all live; each presses,
    one key at a time round the table and then (with more than one) all at once."""
    opened = await asyncio.wait_for(
        asyncio.gather(*(open_seat(browser, served.links[name], viewport) for name in seats)),
        SCREEN_SECONDS + 30,
    )
    pages = [page for _, page in opened]
    try:
        served.wait_apps(len(seats))
        await asyncio.sleep(3.0)  # Let every app finish its start before keys are timed.
        for page in pages:
            await page.locator(".xterm-helper-textarea").focus()
        at_start = [memory_kib(pid) for pid in served.apps()]
        if nice:
            nice_browser()  # Every page's renderer has started by now.
        await asyncio.wait_for(
            asyncio.gather(*(press_at(page, WARM_UP, random.uniform(*PACE)) for page in pages)),
            PHASE_SECONDS,
        )
        await asyncio.sleep(1.0)
        n = len(seats)
        label = "1 seat" if n == 1 else f"{n} seats, in turn"
        phases = [await timed(label, served, pages, press_in_turn(pages, presses))]
        if n > 1:
            together = asyncio.gather(
                *(press_at(page, presses, random.uniform(*PACE)) for page in pages)
            )
            phases.append(await timed(f"{n} seats, at once", served, pages, together))
        memory = [memory_kib(pid) for pid in served.apps()]
        server = memory_kib(served.process.pid)[0]
    finally:
        for context, _ in opened:
            await context.close()
    served.wait_apps(0)  # Closed windows end their apps before the next phase starts.
    return Live(n, phases, memory, at_start, server)


async def browser_runs(
    campaign: Path, seat_count: int, presses: int, mixed: bool, nice: bool
) -> tuple[list[Live], str]:
    from playwright.async_api import async_playwright

    served = Served(campaign, seat_count)  # At the GM's seat all: that many windows.
    try:
        names = list(served.links) if mixed else ["gm"]  # The GM's and each character's.
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
            )
            try:
                viewport = await fit_viewport(browser, served.links[names[0]])
                served.wait_apps(0)
                runs = []
                for count in (1, seat_count):
                    # Round robin over the seats (--mixed: two browsers at each with 8).
                    seats = [names[i % len(names)] for i in range(count)]
                    runs.append(await live(browser, served, seats, viewport, presses, nice))
                where = f"window {viewport['width']}x{viewport['height']}, seats {seats}"
                return runs, where
            finally:
                await browser.close()
    finally:
        served.stop()
