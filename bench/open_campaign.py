"""How the time to open a campaign grows with its history (DESIGN.md: at most 1.2x).

Builds, in a temp folder, a campaign with 100 events and one with 100,000 (played by the
demo's adventure through the store, so checkpoints happen as in real play), opens each
several times, and prints the median open times and their ratio (100,000 / 100).

    python bench/open_campaign.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from strange_tui.campaign.model.events import CharacterCreated, SettingsChanged
from strange_tui.demo.build import Adventure, party
from strange_tui.storage.folder import CampaignFolder


def build(saves: Path, name: str, events: int) -> Path:
    """A campaign of the demo party played until it has ``events`` events."""
    _, settings, characters = party()
    folder = CampaignFolder.create(saves, name)
    folder.durable = False  # Building only; opening is what is measured.
    store = folder.open()
    store.dispatch(SettingsChanged(settings=settings))
    for character in characters:
        store.dispatch(CharacterCreated(character=character))
    adventure = Adventure(store, seed=events)
    while store.state.seq < events:
        adventure.play(1)
    while store.state.seq > events:
        store.undo()
    store.compact()  # As the app does when a campaign is closed.
    return folder.path


def time_open(path: Path) -> float:
    start = time.perf_counter()
    CampaignFolder(path).open()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as saves:
        small = build(Path(saves), "small", 100)
        print("built 100 events")
        large = build(Path(saves), "large", 100_000)
        print("built 100,000 events")
        small_times, large_times = [], []
        for _ in range(args.runs):  # Interleaved, so drift hits both alike.
            small_times.append(time_open(small))
            large_times.append(time_open(large))
        small_median = statistics.median(small_times)
        large_median = statistics.median(large_times)
        print(f"open, 100 events:     {small_median * 1000:8.2f} ms (median of {args.runs})")
        print(f"open, 100,000 events: {large_median * 1000:8.2f} ms (median of {args.runs})")
        print(f"ratio (100,000 / 100): {large_median / small_median:.2f}  (target <= 1.2)")


if __name__ == "__main__":
    main()
