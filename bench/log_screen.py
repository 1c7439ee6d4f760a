"""The log screen over a long history: the time from the log's key on Home to its newest
entry shown, then from ``end`` to the oldest entry shown, then from ``home`` back to the
newest, on a 1,000,000-event campaign against the same on a 100-event one, and against
one frame (1/60 s), the target.

The campaigns are built as bench/open_campaign.py builds them (``--large`` and
``--small`` take ones built before instead). Each step is timed from the key pressed to
the app idle with the entry shown (Pilot's ``press`` then ``pause``: the key's handling
and the messages it sets off, the screen's repaint included); the median of ``--runs``.

    python bench/log_screen.py [--events N] [--runs N] [--large PATH --small PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from textual.widgets import OptionList

from strange_tui.tui.app.app import StrangeApp
from strange_tui.tui.home.log import LogScreen

sys.path.insert(0, str(Path(__file__).parent))
from open_campaign import build  # noqa: E402 - the bench folder's own module

FRAME = 1 / 60
STEPS = ("open", "end", "home")


async def time_steps(path: Path, runs: int) -> dict[str, float]:
    """The median time of each step, in seconds."""
    times: dict[str, list[float]] = {step: [] for step in STEPS}
    app = StrangeApp(campaign_path=path, saves=path.parent)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(runs):
            for step, key in zip(STEPS, ("l", "end", "home"), strict=True):
                start = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                times[step].append(time.perf_counter() - start)
                check(app, step)
            await pilot.press("escape")
            await pilot.pause()
    return {step: statistics.median(values) for step, values in times.items()}


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
        small_times = asyncio.run(time_steps(small, args.runs))
        large_times = asyncio.run(time_steps(large, args.runs))
    label = f"{args.events:,} events" if args.large is None else large.name
    print(f"{'step':<6}{'100 events':>12}{label:>18}{'ratio':>8}{'frames':>8}")
    for step in STEPS:
        little, big = small_times[step], large_times[step]
        print(
            f"{step:<6}{little * 1000:>9.1f} ms{big * 1000:>15.1f} ms"
            f"{big / little:>8.2f}{big / FRAME:>8.2f}"
        )
    print(f"(median of {args.runs}; target: within one frame, {FRAME * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
