"""One campaign, many writers: several windows writing one campaign at once.

Six writer processes each apply 200 commands as fast as they can to one campaign (fsynced,
under the campaign's lock), while a follower process looks at the journal as the app does
(every FOLLOW_EVERY seconds) and notes when each command reaches it. Prints:

- events per second with 6 writers, against 1 writer alone (same machine, same run);
- the follower's lag from a command's append to its arrival (median and p99).

    python bench/table.py [--writers N] [--commands N]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from strange_tui.campaign.model.events import CharacterCreated, XpAwarded  # noqa: E402
from strange_tui.storage.folder import CampaignFolder  # noqa: E402
from strange_tui.tui.app.app import FOLLOW_EVERY  # noqa: E402
from tests.campaign.builders import character  # noqa: E402


def new_campaign(saves: Path) -> Path:
    folder = CampaignFolder.create(saves, "Table")
    store = folder.open()
    store.dispatch(CharacterCreated(character=character("mara")))
    return folder.path


def writer(path: str, commands: int, start: multiprocessing.Event) -> None:
    store = CampaignFolder(Path(path)).open()
    start.wait()
    for _ in range(commands):
        # The wall-clock time of the write rides in the reason, for the follower's lag.
        store.apply([XpAwarded(character="mara", amount=1, reason=f"{time.time():.6f}")])


def follower(path: str, total: int, lags: multiprocessing.Queue) -> None:
    store = CampaignFolder(Path(path)).open()
    seen: list[float] = []

    def arrived(state, events) -> None:  # What a window's redraw is told of.
        now = time.time()
        seen.extend(now - float(e.reason) for e in events if isinstance(e, XpAwarded))

    store.subscribe(arrived)
    deadline = time.monotonic() + 300
    while store.state.seq < total and time.monotonic() < deadline:
        store.catch_up()
        time.sleep(FOLLOW_EVERY)
    lags.put(seen)


def run(writers: int, commands: int) -> tuple[float, list[float]]:
    """Events per second with ``writers`` processes, and the follower's lags."""
    with tempfile.TemporaryDirectory() as saves:
        path = str(new_campaign(Path(saves)))
        total = 1 + writers * commands
        start, lags = multiprocessing.Event(), multiprocessing.Queue()
        procs = [
            multiprocessing.Process(target=writer, args=(path, commands, start))
            for _ in range(writers)
        ]
        watch = multiprocessing.Process(target=follower, args=(path, total, lags))
        for proc in [*procs, watch]:
            proc.start()
        time.sleep(0.5)  # Every process has opened the campaign.
        began = time.perf_counter()
        start.set()
        for proc in procs:
            proc.join()
        elapsed = time.perf_counter() - began
        seen = lags.get(timeout=300)
        watch.join()
        return writers * commands / elapsed, seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writers", type=int, default=6)
    parser.add_argument("--commands", type=int, default=200)
    args = parser.parse_args()
    alone, _ = run(1, args.commands)
    many, lags = run(args.writers, args.commands)
    lags.sort()
    p99 = lags[min(len(lags) - 1, int(len(lags) * 0.99))]
    print(f"1 writer:  {alone:8.1f} events/s")
    print(f"{args.writers} writers: {many:8.1f} events/s  (ratio {many / alone:.2f} of one writer)")
    median_lag = statistics.median(lags)
    print(
        f"follower lag (poll every {FOLLOW_EVERY}s): median {median_lag * 1000:.0f} ms,"
        f" p99 {p99 * 1000:.0f} ms over {len(lags)} commands (those a checkpoint sealed"
        " meanwhile arrive inside its snapshot, untimed)"
    )


if __name__ == "__main__":
    main()
