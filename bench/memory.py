"""What a long session costs in memory: the resident set after 100 rounds of the main
screens (the sheet, the fight, the log, the roll dialog: each opened and closed) against a
bare Textual app pushing and popping a screen as many times, each in a process of its own,
measured in the same run (target: our growth over the rounds no more than the bare app's,
ratio 1.2x at the end).

    python bench/memory.py [--rounds N]

Each side prints its RSS after its first frame and after the rounds; a screen that
outlived its closing would show here as growth with every round.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

DEMO = REPO / "saves" / "demo"
SIZE = (80, 24)
OURS = [["enter"], ["c"], ["l"], ["r"]]
"""A round of ours: each opened, then closed with escape."""


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def ours(rounds: int) -> tuple[float, float]:
    from strange_tui.tui.app.app import StrangeApp

    saves = Path(tempfile.mkdtemp()) / "saves"
    demo = Path(shutil.copytree(DEMO, saves / "demo"))
    app = StrangeApp(campaign_path=demo, saves=saves)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = rss_mib()
        for _ in range(rounds):
            for keys in OURS:
                await pilot.press(*keys)
                await pilot.pause()
                while len(app.screen_stack) > 1:
                    await pilot.press("escape")
                    await pilot.pause()
        return first, rss_mib()


async def bare(rounds: int) -> tuple[float, float]:
    from textual.app import App, ComposeResult
    from textual.screen import Screen
    from textual.widgets import Footer, Header, Static

    class Page(Screen[None]):
        BINDINGS = [("escape", "app.pop_screen", "Back")]

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("a page " * 40)
            yield Footer()

    class Bare(App[None]):
        BINDINGS = [("o", "open", "Open")]

        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("bare")
            yield Footer()

        def action_open(self) -> None:
            self.push_screen(Page())

    app = Bare()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = rss_mib()
        for _ in range(rounds * len(OURS)):
            await pilot.press("o")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        return first, rss_mib()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--side", choices=["ours", "bare"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        run = ours if args.side == "ours" else bare
        print(json.dumps(asyncio.run(run(args.rounds))))
        return
    found = {}
    for side in ("bare", "ours"):
        done = subprocess.run(
            [sys.executable, __file__, "--side", side, "--rounds", str(args.rounds)],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        found[side] = json.loads(done.stdout.strip().splitlines()[-1])
    (bare_start, bare_end), (our_start, our_end) = found["bare"], found["ours"]
    print(f"bare app:    {bare_start:6.1f} MiB after its first frame, {bare_end:6.1f} MiB after"
          f" {args.rounds} rounds (+{bare_end - bare_start:.1f})")
    print(f"strange-tui: {our_start:6.1f} MiB after its first frame, {our_end:6.1f} MiB after"
          f" {args.rounds} rounds (+{our_end - our_start:.1f})")
    print(f"ratio at the end: {our_end / bare_end:.2f}x; growth over the rounds:"
          f" {(our_end - our_start) / max(bare_end - bare_start, 0.1):.2f}x the bare app's")


if __name__ == "__main__":
    main()
