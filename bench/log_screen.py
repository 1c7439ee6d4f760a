"""The log screen over a long history: the time from the log's key on Home to its newest
entry shown, then from ``end`` to the oldest entry shown, then from ``home`` back to the
newest, on a 1,000,000-event campaign against the same on a 100-event one, and against
the target: ``end`` and ``home`` within 50 ms (three frames at 60 per second).

The campaigns are built as bench/open_campaign.py builds them (``--large`` and
``--small`` take ones built before instead). Each step is timed from the key sent to the
frame that shows the screen as it stays: the frames the app hands its terminal
(``App._display``: a headless app composes them as any does, then writes nothing) are
drawn into a grid of cells here, as a terminal would show them, and the step's time is
that of the first frame after which the cells no longer change (a later frame that only
repaints what is there, the list's scrollbar, changes none). Pilot's ``press`` and
``pause`` wait for the app to be idle, both sides the same, but that wait ends in idle
windows of 20 ms or more that are not the app's work: they are not counted. CPU is the
process's time from the key to idle, less this bench's drawing of the frames. Each figure
is the median of ``--runs`` (the log screen is kept between visits, as the app keeps it:
later runs find their windows built), and ``first`` is the first run's: the log opened
anew, ``end`` reaching the oldest page read and built ahead, its lines not drawn yet.

    python bench/log_screen.py [--events N] [--runs N] [--large PATH --small PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from rich.segment import ControlType
from textual.widgets import OptionList

from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.log import LogScreen

sys.path.insert(0, str(Path(__file__).parent))
from open_campaign import build  # noqa: E402 - the bench folder's own module

FRAME = 1 / 60
TARGET = 0.050
"""``end`` and ``home`` on a million events: the key to the page shown."""
SIZE = (80, 24)
STEPS = ("open", "end", "home")
KEYS = ("l", "end", "home")


class Terminal:
    """The cells a terminal shows, each a character and its style, as frames are drawn."""

    def __init__(self, width: int, height: int) -> None:
        self.cells = [[("", None)] * width for _ in range(height)]

    def draw(self, frame, console: Console) -> tuple:  # noqa: ANN001 - a compositor update
        """Draw ``frame`` (its cursor moves and segments); the cells as they now are."""
        x = y = 0
        for segment in frame.__rich_console__(console, console.options):
            for code in segment.control or ():
                if code[0] == ControlType.CURSOR_MOVE_TO:
                    x, y = code[1] - 1, code[2] - 1
            if segment.control or segment.text == "\n":
                continue
            row = self.cells[y]
            for character in segment.text:
                if x < len(row):
                    row[x] = (character, segment.style)
                x += cell_len(character)
        return tuple(tuple(row) for row in self.cells)


@dataclass
class Step:
    shown: list[float]
    """Seconds from the key to the screen shown as it stays, each run."""
    cpu: list[float]
    frames: list[int]

    def median(self) -> float:
        return statistics.median(self.shown)


async def time_steps(path: Path, runs: int) -> dict[str, Step]:
    app = StrangeApp(campaign_path=path, saves=path.parent)
    terminal = Terminal(*SIZE)
    frames: list[tuple[float, tuple]] = []
    """This step's frames: when each was handed over, and the cells after it."""
    drawing = [0.0]
    """CPU spent drawing the frames here (not the app's)."""
    display = app._display

    def timed_display(screen, renderable) -> None:  # noqa: ANN001 - App._display's own
        if renderable is not None:
            at, cpu = time.perf_counter(), time.process_time()
            frames.append((at, terminal.draw(renderable, app.console)))
            drawing[0] += time.process_time() - cpu
        display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    steps = {step: Step([], [], []) for step in STEPS}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(runs):
            for step, key in zip(STEPS, KEYS, strict=True):
                before = tuple(tuple(row) for row in terminal.cells)
                frames.clear()
                drawing[0] = 0.0
                start, cpu = time.perf_counter(), time.process_time()
                await pilot.press(key)
                await pilot.pause()
                steps[step].cpu.append(time.process_time() - cpu - drawing[0])
                steps[step].shown.append(settled(frames, before) - start)
                steps[step].frames.append(len(frames))
                check(app, step)
            await pilot.press("escape")
            await pilot.pause()
    return steps


def settled(frames: list[tuple[float, tuple]], before: tuple) -> float:
    """When the first frame was handed over after which the cells stay as they end."""
    assert frames and frames[-1][1] != before, "the key changed nothing on the screen"
    last = frames[-1][1]
    at = frames[-1][0]
    for when, cells in reversed(frames):
        if cells != last:
            break
        at = when
    return at


def check(app: StrangeApp, step: str) -> None:
    """The step did what it is timed for: the newest entry highlighted, or the oldest."""
    screen = app.screen
    assert isinstance(screen, LogScreen), step
    view = screen.query_one("#events", OptionList)
    entries = [key for key in screen.keys if key is not None]
    if step == "end":
        assert screen.window is not None and screen.window.at_oldest
        assert view.highlighted is not None and screen.keys[view.highlighted] == entries[-1]
        assert entries[-1][0] == 1, entries[-1]  # The campaign's first command.
    else:
        assert screen.window is not None and screen.window.at_newest
        last = screen.window.events()[-1]
        assert entries[0][0] == (last.batch or last.seq), entries[0]  # The newest command.
        if step == "home":
            assert view.highlighted is not None and screen.keys[view.highlighted] == entries[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--large", type=Path, help="a campaign built before (its folder)")
    parser.add_argument("--small", type=Path, help="a 100-event campaign built before")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as saves:
        start = time.perf_counter()
        small = args.small or build(Path(saves), "small", 100)
        large = args.large or build(Path(saves), "large", args.events)
        print(f"campaigns ready in {time.perf_counter() - start:.1f} s")
        small_steps = asyncio.run(time_steps(small, args.runs))
        large_steps = asyncio.run(time_steps(large, args.runs))
    label = f"{args.events:,} events" if args.large is None else large.name
    print(
        f"{'step':<6}{'100 events':>12}{label:>18}{'ratio':>7}{'frames':>8}{'first':>10}"
        f"{'CPU 100':>10}{'CPU large':>11}"
    )
    for step in STEPS:
        little, big = small_steps[step], large_steps[step]
        print(
            f"{step:<6}{little.median() * 1000:>9.1f} ms{big.median() * 1000:>15.1f} ms"
            f"{big.median() / little.median():>7.2f}{big.median() / FRAME:>8.2f}"
            f"{big.shown[0] * 1000:>7.1f} ms"
            f"{statistics.median(little.cpu) * 1000:>7.1f} ms"
            f"{statistics.median(big.cpu) * 1000:>8.1f} ms"
        )
    worst = max(max(large_steps[step].shown) for step in ("end", "home"))
    print(
        f"(median of {args.runs}; frames: the median in 1/60 s; first: the first run's;"
        f" repaints end sets off: {statistics.median(large_steps['end'].frames)})"
    )
    print(
        f"target: end and home within {TARGET * 1000:.0f} ms on the large campaign;"
        f" their slowest run: {worst * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
