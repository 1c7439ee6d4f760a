"""Browser seats measured: key-to-frame at a seat of `strange-tui serve` with 1 and then 8
browsers live, against the same key in a terminal, and the host memory of each seat's app
process against a bare Textual app (targets: p95 within 50 ms with 8 seats live; memory
per seat within 1.2x of the bare app).

    python bench/serve.py [--presses N] [--seats 8]

The run: the demo is built in a temp saves folder, `strange-tui serve` starts on it on a
free localhost port, and headless Chromium (/usr/bin/chromium, driven by Playwright) opens
seat links, each in a browser context of its own (a player's own browser), its window sized
so the terminal is 80x24 cells, as the terminal app's pty is. All the browsers sit at the GM's seat
(serve lets as many windows share a seat as --apps-per-seat says: the bench gives it the
number of browsers), so every seat's app does the same work per key and the terminal at the
GM's seat is their baseline; with --mixed they sit round the table instead, two to a seat
with 8 (the GM and the demo's three characters: serve's default limit, two windows per
seat), where Help costs the players' apps more (see TERMINAL_SEATS).

The key is `?`: it opens Help, and pressed again it closes it (Help takes `?` as close), so
every press changes the whole screen and none changes the game. Escape would close it too,
but a lone escape waits out Textual's escape delay in both drivers, which measures a timer.
Each seat first presses it WARM_UP times untimed (an app's first Help costs it half a
second of imports, once), then ``--presses`` times at human pace (0.35 to 0.65 s apart, at
random). With 8 browsers live the keys go twice: in turn round the table (one key in flight:
what 8 live apps cost a press by being there), then all at once, each seat on its own pace
(keys overlap, about 13 a second in all: the host's load with the whole table busy).

What is timed in the browser is what the player sees: an init script notes (on the page's
clock, performance.now) the keydown in the page, every binary websocket message (the app's
output) as it arrives, and every time xterm.js has drawn rows on its canvas (its onRender
event, fired from the animation frame that paints them). A press's *first frame* is the
first draw after the first output message after the key; its *settled frame* is the first
draw after the last message of that burst (messages less than 100 ms apart). The terminal
side is the same app on the same demo under a pty (TERM=xterm-256color, 80x24 via
TIOCSWINSZ): from the write of the key to the first output bytes, and to the last bytes of
the burst (no output for 100 ms). A terminal draws bytes as they come, so the comparable
pair is first frame against first bytes; settled against settled is printed too. The
browser side holds more than the terminal's: Chromium's key dispatch, the websocket, the
server's relay of the app's output, xterm.js's parse and draw; 8 browsers on one host also
share its CPU with the 8 apps, as real players' browsers on their own machines would not.
So the bench also prints where a browser press's first frame goes: keydown to the websocket
send, the send to the first output message (the host's part: server, app and relay), that
message to the draw (the browser's part); and the CPU per press of the seat apps, of serve
and of Chromium: a missed target says whose it is.

Memory: for each app process the server started (its children), VmRSS (the pages it holds,
shared libraries counted in full, as a host that ran only it would pay) and, from
smaps_rollup, Pss (shared pages split among the processes sharing them). The target is on
RSS, the same measure on both sides: the bare app (a Textual App with a Header and a Footer)
runs under a pty to its first frame in the same run, then its RSS and Pss are read. Our app
in the terminal is read the same way, which tells the web seat's cost from the app's own.

Every process started is in a process group of its own and is killed on the way out, the
temp folder removed; each wait has a time limit. Missing Chromium or Playwright: one line,
exit 1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))  # bench/ is no package.

from serve_browser import CHROMIUM, Live, browser_runs  # noqa: E402
from serve_host import (  # noqa: E402
    COLS,
    KEY,
    ROWS,
    STARTED,
    BenchError,
    Presses,
    bare_memory,
    kill_group,
    terminal_presses,
)

TERMINAL_SEATS = ("gm", "mara")
"""The terminal is timed at the GM's seat (the browsers' baseline) and at a player's: Help
at a player's seat is made anew on every open (it lists that seat's keys), at the GM's it
is kept, so the same key costs the app about ten times more there."""
TARGET_MS = 50.0
MEMORY_TARGET = 1.2


# Report ----------------------------------------------------------------------------------


def p95(values: list[float]) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def summary(values: list[float]) -> tuple[float, float]:
    return (statistics.median(values) if values else float("nan")), p95(values)


def report(
    terminals: dict[str, tuple[Presses, float, tuple[int, int]]], runs: list[Live],
    bare: tuple[int, int],
) -> None:  # fmt: skip
    terminal, _, ours_term = terminals["gm"]
    term_first, term_settled = summary(terminal.first), summary(terminal.settled)
    print(f"key {KEY!r} (Help opens, then closes), {COLS}x{ROWS}; ms, median / p95")
    print(
        f"  {'':<20} {'first frame':>17} {'settled frame':>17} {'n':>4} {'miss':>4}"
        "  p95 vs terminal at gm: first, settled"
    )
    rows = [(f"terminal, {seat}", times) for seat, (times, _, _) in terminals.items()]
    rows += [(p.name, p.presses) for run in runs for p in run.phases]
    for name, times in rows:
        first, settled = summary(times.first), summary(times.settled)
        print(
            f"  {name:<20} {first[0]:7.1f} / {first[1]:7.1f} {settled[0]:7.1f} / {settled[1]:7.1f}"
            f" {len(times.first):>4} {times.missed:>4}"
            f"  {first[1] / term_first[1]:6.1f}x {settled[1] / term_settled[1]:6.1f}x"
        )
    print("where a browser press's first frame goes, ms median / p95:")
    print(f"  {'':<20} {'key to send':>15} {'send to output':>17} {'output to draw':>17}")
    for run in runs:
        for phase in run.phases:
            t = phase.presses
            parts = [summary(t.to_send), summary(t.to_output), summary(t.to_draw)]
            print(f"  {phase.name:<20}" + "".join(f" {a:7.1f} / {b:7.1f}" for a, b in parts))
    print("CPU per press, ms (all processes of each part, over the timed presses):")
    for seat, (_, cpu_ms, _) in terminals.items():
        print(f"  {f'terminal, {seat}':<20} app  {cpu_ms:6.1f}")
    for run in runs:
        for phase in run.phases:
            cpu = phase.cpu_ms_per_press
            rate = (len(phase.presses.first) + phase.presses.missed) / phase.seconds
            print(
                f"  {phase.name:<20} apps {cpu['seat apps']:6.1f}  serve {cpu['serve']:5.1f}"
                f"  browser {cpu['browser']:6.1f}   ({rate:.1f} presses/s)"
            )
    last = runs[-1].phases[-1]
    worst = summary(last.presses.first)[1]
    print(
        f"target: p95 within {TARGET_MS:.0f} ms with {runs[-1].count} seats live"
        f" ({last.name}): first frame {worst:.1f} ms {'MET' if worst <= TARGET_MS else 'MISSED'}"
    )
    print()
    mib = 1024
    print("memory per app process, MiB: RSS / Pss (median over the seats)")
    print(
        f"  {'bare Textual app, pty, first frame':<38} {bare[0] / mib:6.1f} / {bare[1] / mib:6.1f}"
    )
    print(
        f"  {'strange-tui in the terminal, after keys':<38} {ours_term[0] / mib:6.1f} /"
        f" {ours_term[1] / mib:6.1f}   {ours_term[0] / bare[0]:.2f}x RSS"
    )
    for run in runs:
        for label, memory in (("at start", run.app_memory_at_start),
                              ("after keys", run.app_memory)):  # fmt: skip
            rss = statistics.median(m[0] for m in memory)
            pss = statistics.median(m[1] for m in memory)
            name = f"seat app, {run.count} live, {label}"
            print(
                f"  {name:<38} {rss / mib:6.1f} / {pss / mib:6.1f}"
                f"   {rss / bare[0]:.2f}x RSS, {pss / bare[1]:.2f}x Pss ({len(memory)} apps)"
            )
        print(f"  {f'serve itself, {run.count} live':<38} {run.server_kib / mib:6.1f} RSS")
    rss = statistics.median(m[0] for m in runs[-1].app_memory)
    print(
        f"target: a seat's app within {MEMORY_TARGET}x the bare app's RSS with"
        f" {runs[-1].count} live: {rss / bare[0]:.2f}x"
        f" {'MET' if rss / bare[0] <= MEMORY_TARGET else 'MISSED'}"
    )


def interrupted(*_: object) -> None:
    raise KeyboardInterrupt


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=40, help="key presses per seat")
    parser.add_argument("--seats", type=int, default=8, help="browsers live at once")
    parser.add_argument(
        "--mixed",
        action="store_true",
        help="browsers round the table's seats (two at each with 8), not all at the GM's",
    )
    parser.add_argument(
        "--nice-browser",
        action="store_true",
        help="run Chromium at the lowest CPU priority: the host's part, as if each browser"
        " were on its player's machine",
    )
    args = parser.parse_args()
    if not CHROMIUM.exists():
        print(f"bench/serve.py needs Chromium at {CHROMIUM}: apt-get install chromium")
        return 1
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        print("bench/serve.py needs Playwright: pip install playwright")
        return 1
    # A TERM sent to the bench ends it through its finally blocks, like Ctrl+C.
    signal.signal(signal.SIGTERM, interrupted)
    from strange_tui.demo.build import build_demo

    folder = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    try:
        saves = folder / "saves"
        saves.mkdir()
        build_demo(saves)
        campaign = saves / "demo"
        print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
        terminals = {
            seat: terminal_presses(campaign, args.presses, seat) for seat in TERMINAL_SEATS
        }
        bare = bare_memory(folder)
        runs, where = asyncio.run(
            browser_runs(campaign, args.seats, args.presses, args.mixed, args.nice_browser)
        )
        print(f"browsers: {where} ({COLS}x{ROWS})")
        report(terminals, runs, bare)
        print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")
        return 0
    except BenchError as error:
        print(f"bench/serve.py: {error}")
        return 1
    finally:
        for process in STARTED:
            kill_group(process)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
