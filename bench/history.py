"""How `strange-tui check` and `strange-tui log` grow with a campaign's history.

Builds, in a temp folder, a campaign of 100 events and one of ``--events`` (100,000 by
default; bench/open_campaign.py's ``build``), then times whole processes (``python -m
strange_tui ...``), the two campaigns interleaved, several runs each, and prints the
medians, each one's ratio to the 100-event figure, and the target. The cache of verified
chunks is a temp folder of its own ($STRANGE_TUI_CACHE), never the user's: "cold" runs
start with it empty, "warm" ones after a check.

    python bench/history.py [--events N] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/ is no package.

from open_campaign import build  # noqa: E402

PYTHON = [sys.executable, "-m", "strange_tui"]


def whole(*args: str) -> float:
    """Seconds for the command to run to its end, its output read (and dropped)."""
    start = time.perf_counter()
    done = subprocess.run([*PYTHON, *args], capture_output=True)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.decode()}")
    return took


def first_line(*args: str) -> float:
    """Seconds until the command's first line arrives (then the pipe is closed, as
    ``| head -1`` does)."""
    start = time.perf_counter()
    with subprocess.Popen([*PYTHON, *args], stdout=subprocess.PIPE) as process:
        assert process.stdout is not None
        process.stdout.readline()
        took = time.perf_counter() - start
        process.stdout.close()
        process.wait()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        saves, cache = Path(temp) / "saves", Path(temp) / "cache"
        saves.mkdir()
        os.environ["STRANGE_TUI_CACHE"] = str(cache)
        small = str(build(saves, "small", 100))
        start = time.perf_counter()
        large = str(build(saves, "large", args.events))
        print(f"built 100 and {args.events:,} events in {time.perf_counter() - start:.0f} s")

        def cold(path: str, command: str = "check") -> float:
            shutil.rmtree(cache, ignore_errors=True)
            return whole(command, path)

        def warm(run: Callable[..., float], *rest: str) -> Callable[[str], float]:
            def timed(path: str) -> float:
                whole("check", path)  # The cache holds this campaign's chunks.
                return run(*rest[:1], path, *rest[1:])

            return timed

        figures: list[tuple[str, Callable[[str], float], str]] = [
            ("check, cold cache", cold, "none (reads every chunk whole, once)"),
            ("check, warm cache", warm(whole, "check"), "3x"),
            ("check --full", lambda p: whole("check", p, "--full"), "none (reads all)"),
            ("log, first line", warm(first_line, "log"), "0.2 s"),
            ("log, whole", warm(whole, "log"), "2 s"),
            ("log --newest-first, first line", warm(first_line, "log", "--newest-first"), "0.2 s"),
            ("log --newest-first, whole", warm(whole, "log", "--newest-first"), "2 s"),
            (
                "log, whole, cold cache",
                lambda p: cold(p, "log"),
                "none (reads every chunk whole, once)",
            ),
        ]
        label = f"{args.events:,}"
        print(f"{'':32}{'100':>10}{label:>12}{'ratio':>8}  target ({args.runs} runs, median)")
        for name, run, target in figures:
            times: dict[str, list[float]] = {small: [], large: []}
            for _ in range(args.runs):  # Interleaved, so drift hits both alike.
                for path in (small, large):
                    times[path].append(run(path))
            few, many = (statistics.median(times[path]) for path in (small, large))
            print(f"{name:32}{few:9.3f}s{many:11.3f}s{many / few:8.1f}  {target}")


if __name__ == "__main__":
    main()
