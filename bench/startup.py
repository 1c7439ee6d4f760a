"""Cold start to the first frame, and the peak memory of that start: strange-tui's Home on
the demo campaign against a bare Textual app with a Header and a Footer (issue 21: time at
most 1.1x, memory at most 1.2x).

Each run is a fresh interpreter that starts the app headless and exits as soon as the
first screen is ready; the two apps alternate so drift hits both alike. Prints the
medians and their ratio. Our modules are byte-compiled first, as pip does on install.

    python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
from textual.app import App
from textual.widgets import Footer, Header

class Bare(App):
    def compose(self):
        yield Header()
        yield Footer()

async def first_frame(pilot):
    await pilot.pause()
    pilot.app.exit()

Bare().run(headless=True, size=(80, 24), auto_pilot=first_frame)
import resource
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

OURS = """
import sys
from pathlib import Path
from strange_tui.tui.app import StrangeApp

async def first_frame(pilot):
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "HomeScreen"
    pilot.app.exit()

demo = Path(sys.argv[1])
app = StrangeApp(campaign_path=demo, saves=demo.parent)
app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
import resource
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
sys.exit(app.return_code or 0)
"""


def wall(code: str, *args: str) -> tuple[float, int]:
    """Seconds from launch to exit, and the peak resident memory (KiB) the run reports."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True
    )
    seconds = time.perf_counter() - start
    return seconds, int(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    repo = Path(__file__).resolve().parents[1]
    repo_demo = repo / "saves" / "demo"
    # pip compiles an installed package's modules; an editable checkout (or a machine
    # with PYTHONDONTWRITEBYTECODE) would otherwise compile ours on every start while
    # Textual's come precompiled. Compile them once, as an install would.
    compileall.compile_dir(repo / "strange_tui", quiet=1)
    with tempfile.TemporaryDirectory() as saves:
        demo = Path(shutil.copytree(repo_demo, Path(saves) / "demo"))
        wall(BARE), wall(OURS, str(demo))  # Warm the file cache for both.
        bare, ours, bare_kib, ours_kib = [], [], [], []
        for _ in range(args.runs):
            seconds, kib = wall(BARE)
            bare.append(seconds)
            bare_kib.append(kib)
            seconds, kib = wall(OURS, str(demo))
            ours.append(seconds)
            ours_kib.append(kib)
    bare_median, ours_median = statistics.median(bare), statistics.median(ours)
    runs = f"(median of {args.runs})"
    print(f"bare Textual app (Header, Footer): {bare_median * 1000:7.1f} ms {runs}")
    print(f"strange-tui Home on the demo:     {ours_median * 1000:7.1f} ms {runs}")
    print(f"ratio: {ours_median / bare_median:.2f}  (target <= 1.1)")
    bare_mem, ours_mem = statistics.median(bare_kib), statistics.median(ours_kib)
    print(f"peak memory: bare {bare_mem / 1024:.1f} MiB, ours {ours_mem / 1024:.1f} MiB,"
          f" ratio {ours_mem / bare_mem:.2f}  (target <= 1.2)")  # fmt: skip


if __name__ == "__main__":
    main()
