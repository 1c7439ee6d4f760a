"""Cold start to the first frame, and the peak memory of that start: strange-tui's Home on
the demo campaign against a bare Textual app with a Header and a Footer (targets: time at
most 1.1x, memory at most 1.2x).

Each run is a fresh interpreter that starts the app headless and exits as soon as the
first screen is ready; the two apps alternate so drift hits both alike. The time is from
the launch to the first frame settled, read on the monotonic clock both processes share:
the interpreter's teardown after it (about 65 ms for ours, which a quit now skips: see
``strange_tui.cli``) is not part of a start. The whole process's time is printed too.
"Settled" is Pilot's: a 20 ms window in which the app used under 1 ms of CPU, so a start
moves in steps of about 20 ms (a bare app settles after three or four such windows, by
how late its last bit of work falls); the CPU each used up to its first frame is printed
as well, without those steps. Prints the medians and their ratio. Our modules are
byte-compiled first, as pip does on install.

Then where a start's time goes: one more start of each under ``-X importtime``, and the
import profile of ours up to its first frame: how many of our modules it loads and their
time, the ten heaviest by their own time (with what they load beneath them), and the
other packages only ours loads (importtime's own cost inflates these a little).

    python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import compileall
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

BARE = """
from textual.app import App
from textual.widgets import Footer, Header

class Bare(App):
    def compose(self):
        yield Header()
        yield Footer()

async def first_frame(pilot):
    await pilot.pause()
    global FRAME, CPU, KIB
    FRAME = time.perf_counter()
    CPU = time.process_time()
    KIB = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    pilot.app.exit()

import resource, time
Bare().run(headless=True, size=(80, 24), auto_pilot=first_frame)
print(FRAME, CPU, KIB)
"""

OURS = """
import sys
from pathlib import Path
from strange_tui.tui.app.app import StrangeApp

async def first_frame(pilot):
    await pilot.pause()
    global FRAME, CPU, KIB
    FRAME = time.perf_counter()
    CPU = time.process_time()
    KIB = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert type(pilot.app.screen).__name__ == "HomeScreen"
    pilot.app.exit()

import resource, time
demo = Path(sys.argv[1])
app = StrangeApp(campaign_path=demo, saves=demo.parent)
app.run(headless=True, size=(80, 24), auto_pilot=first_frame)
print(FRAME, CPU, KIB)
sys.exit(app.return_code or 0)
"""


FRAME_MARK = "first frame drawn"
"""Written to stderr at the first frame of the profiled start: imports after it (quitting's
lock, say) are not a start's."""
OURS_PROFILED = OURS.replace(
    "    pilot.app.exit()", f"    print({FRAME_MARK!r}, file=sys.stderr)\n    pilot.app.exit()"
)
BARE_PROFILED = BARE.replace(
    "    pilot.app.exit()",
    f"    import sys\n    print({FRAME_MARK!r}, file=sys.stderr)\n    pilot.app.exit()",
)
OUR_PACKAGE = "strange_tui"


class Imported(NamedTuple):
    """One module as ``-X importtime`` reports it."""

    name: str
    own: int
    """Microseconds importing the module itself."""
    total: int
    """Microseconds with the modules it imported first."""


def import_profile(code: str, *args: str) -> list[Imported]:
    """The imports of one start up to its first frame, as ``-X importtime`` reports them."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code, *args],
        check=True,
        capture_output=True,
        text=True,
    )
    start, mark, _ = done.stderr.partition(FRAME_MARK)
    if not mark:
        raise SystemExit("the profiled start never said its first frame was drawn")
    found = []
    for line in start.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| *(\S+)$", line)
        if match:
            own, total, name = match.groups()
            found.append(Imported(name, int(own), int(total)))
    return found


def print_import_profile(ours: list[Imported], bare: list[Imported]) -> None:
    """Our modules' import times at start, the heaviest first, and what else only ours
    loads (each package by its top module, with everything beneath it)."""
    mine = [m for m in ours if m.name.split(".")[0] == OUR_PACKAGE]
    own = sum(m.own for m in mine)
    print(
        f"import profile of our start (one run, -X importtime): {len(mine)} of our modules,"
        f" {own / 1000:.1f} ms of their own; the heaviest (own, with what they import):"
    )
    for module in sorted(mine, key=lambda m: m.own, reverse=True)[:10]:
        print(f"  {module.own / 1000:5.1f} ms {module.total / 1000:6.1f} ms  {module.name}")
    bare_names = {m.name for m in bare}
    extra = [
        m for m in ours
        if m.name.split(".")[0] != OUR_PACKAGE and m.name not in bare_names
        and m.name.split(".")[0] == m.name  # A package's top module holds its whole cost.
    ]  # fmt: skip
    if extra:
        listed = ", ".join(
            f"{m.name} {m.total / 1000:.1f} ms"
            for m in sorted(extra, key=lambda m: m.total, reverse=True)
        )
        print(f"  loaded by ours only, not by a bare app: {listed}")


class Run(NamedTuple):
    to_frame: float
    """Seconds from launch to the first frame settled."""
    whole: float
    """Seconds from launch to the process's end."""
    cpu: float
    """Seconds of CPU the process had used by then (the interpreter's start included)."""
    kib: int
    """Peak resident memory at the first frame (quitting's work after it is not a start's)."""


def wall(code: str, *args: str) -> Run:
    # perf_counter is CLOCK_MONOTONIC on Linux and macOS: one clock for both processes.
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True
    )
    whole = time.perf_counter() - start
    frame, cpu, kib = done.stdout.split()[-3:]
    return Run(float(frame) - start, whole, float(cpu), int(kib))


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
        bare: list[Run] = []
        ours: list[Run] = []
        for _ in range(args.runs):
            bare.append(wall(BARE))
            ours.append(wall(OURS, str(demo)))
        profile = import_profile(OURS_PROFILED, str(demo)), import_profile(BARE_PROFILED)

    def median(runs: list[Run], field: str) -> float:
        return statistics.median(getattr(run, field) for run in runs)

    bare_median, ours_median = median(bare, "to_frame"), median(ours, "to_frame")
    runs = f"(median of {args.runs})"
    print(
        f"bare Textual app (Header, Footer): {bare_median * 1000:7.1f} ms to the first frame {runs}"
    )
    print(
        f"strange-tui Home on the demo:     {ours_median * 1000:7.1f} ms to the first frame {runs}"
    )
    print(f"ratio: {ours_median / bare_median:.2f}  (target <= 1.1)")
    bare_cpu, ours_cpu = median(bare, "cpu"), median(ours, "cpu")
    print(f"CPU to the first frame: bare {bare_cpu * 1000:.1f} ms, ours {ours_cpu * 1000:.1f} ms,"
          f" ratio {ours_cpu / bare_cpu:.2f}")  # fmt: skip
    bare_whole, ours_whole = median(bare, "whole"), median(ours, "whole")
    print(f"whole process, teardown included: bare {bare_whole * 1000:.1f} ms,"
          f" ours {ours_whole * 1000:.1f} ms, ratio {ours_whole / bare_whole:.2f}")  # fmt: skip
    bare_mem, ours_mem = median(bare, "kib"), median(ours, "kib")
    print(f"peak memory: bare {bare_mem / 1024:.1f} MiB, ours {ours_mem / 1024:.1f} MiB,"
          f" ratio {ours_mem / bare_mem:.2f}  (target <= 1.2)")  # fmt: skip
    print_import_profile(*profile)


if __name__ == "__main__":
    main()
