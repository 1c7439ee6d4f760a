"""What the content packs add to start-up, and what each kind costs on first use.

Start-up: median wall time of fresh interpreters that import Textual's App (the baseline)
against ones that also import the loader and construct ``Content`` (which reads nothing
until a kind is used). Then, in this process, the first access to each kind.

    python bench/content_load.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

BASELINE = "import textual.app"
WITH_CONTENT = BASELINE + "; from strange_tui.content.loader import Content; Content()"


def wall(code: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    base = wall(BASELINE, args.runs)
    loaded = wall(WITH_CONTENT, args.runs)
    print(f"start-up, Textual only:        {base * 1000:7.1f} ms")
    print(f"start-up, with content loader: {loaded * 1000:7.1f} ms")
    print(f"ratio {loaded / base:.3f}, added {(loaded - base) * 1000:+.1f} ms")
    from strange_tui.content.loader import Content
    from strange_tui.content.model import KINDS

    content = Content()
    for kind in KINDS:
        start = time.perf_counter()
        count = len(content.kind(kind))
        spent = 1000 * (time.perf_counter() - start)
        print(f"first use of {kind:<12} {count:4} entries {spent:6.1f} ms")


if __name__ == "__main__":
    main()
