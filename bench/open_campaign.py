"""How the time to open a campaign grows with its history (DESIGN.md: at most 1.2x).

Builds, in a temp folder, a campaign with 100 events and one with ``--events`` (100,000 by
default), opens each several times, and prints the median open times and their ratio.

Up to ``PLAYED`` events a campaign is played by the demo's adventure through the store, so
checkpoints happen as in real play. Past that, playing takes too long (a million events
is some 5,000 chunks), so the played history is replicated: its sealed chunks written
again, oldest first, as further chunks with their events renumbered (seq, and the batch
that names a command's first event), the played chunks last; then the snapshot is the
played state at the new number, and the adventure plays on to the target through the
store, which checkpoints and compacts as ever. The folder joins as a played one does
(history from event 1 with no gap, snapshot, journal from its base), so ``strange-tui
check`` accepts it and opening does exactly what it does on a played campaign. (The
copies' in-game times repeat the played ones: no open reads them.)

    python bench/open_campaign.py [--events N] [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import msgspec

from strange_tui.campaign.model.events import AnyEvent, CharacterCreated, SettingsChanged
from strange_tui.campaign.model.state import Campaign
from strange_tui.demo.build import Adventure, party
from strange_tui.storage import history
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import JournalWriter, read_journal
from strange_tui.storage.snapshot import write_snapshot

PLAYED = 5_000
"""Events played before the history is replicated (a larger target only)."""
PLAYED_ON = 1_000
"""Events played after the replication, through the store, to reach the target."""


def build(saves: Path, name: str, events: int) -> Path:
    """A campaign of the demo party with ``events`` events (see the module's docstring)."""
    _, settings, characters = party()
    folder = CampaignFolder.create(saves, name)
    folder.durable = False  # Building only; opening is what is measured.
    store = folder.open()
    store.dispatch(SettingsChanged(settings=settings))
    for character in characters:
        store.dispatch(CharacterCreated(character=character))
    adventure = Adventure(store, seed=events)
    if events > PLAYED + PLAYED_ON:
        play_to(store, adventure, PLAYED)
        replicate(folder, store.state, events - PLAYED_ON)
        store = CampaignFolder(folder.path, durable=False).open()
        adventure = Adventure(store, seed=events + 1)
    play_to(store, adventure, events)
    store.compact()  # As the app does when a campaign is closed.
    return folder.path


def play_to(store, adventure: Adventure, events: int) -> None:
    while store.state.seq < events:
        adventure.play(1)
    while store.state.seq > events:
        store.undo()


def replicate(folder: CampaignFolder, state: Campaign, target: int) -> None:
    """Grow the folder's history to about ``target`` events (the newest the played ones)
    by copies of its played chunks, the journal's events sealed as one more; the snapshot
    is then ``state`` (the played one) at the new number, and the journal empty."""
    paths = history.chunk_paths(folder.history_dir)
    played = [history.read_chunk(path) for path in paths]
    sealed_last = played[-1][-1].seq if played else 0
    played.append(
        [event for event in read_journal(folder.journal_file).events if event.seq > sealed_last]
    )
    played = [chunk for chunk in played if chunk]
    sealed = sum(len(chunk) for chunk in played)
    copies = max(0, (target - sealed) // sealed)
    for path in paths:
        path.unlink()
    number, seq = 0, 0
    for _copy in range(copies + 1):  # The last pass is the played history itself.
        for chunk in played:
            shift = seq + 1 - chunk[0].seq
            renumbered = [renumber(event, shift) for event in chunk]
            number += 1
            path = folder.history_dir / f"{number:0{history.CHUNK_DIGITS}d}.toml"
            path.write_bytes(history.chunk_bytes(renumbered))
            seq = renumbered[-1].seq
    write_snapshot(folder.campaign_file, msgspec.structs.replace(state, seq=seq))
    JournalWriter.create(folder.journal_file, base=seq)


def renumber(event: AnyEvent, shift: int) -> AnyEvent:
    batch = event.batch + shift if event.batch else 0
    return msgspec.structs.replace(event, seq=event.seq + shift, batch=batch)


def time_open(path: Path) -> float:
    start = time.perf_counter()
    CampaignFolder(path).open()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as saves:
        start = time.perf_counter()
        small = build(Path(saves), "small", 100)
        print(f"built 100 events in {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        large = build(Path(saves), "large", args.events)
        chunks = len(history.chunk_names(large / "history"))
        print(f"built {args.events:,} events ({chunks:,} chunks) in"
              f" {time.perf_counter() - start:.1f} s")  # fmt: skip
        small_times, large_times = [], []
        for _ in range(args.runs):  # Interleaved, so drift hits both alike.
            small_times.append(time_open(small))
            large_times.append(time_open(large))
        small_median = statistics.median(small_times)
        large_median = statistics.median(large_times)
        label = f"{args.events:,} events:"
        print(f"open, {'100 events:':<18}{small_median * 1000:8.2f} ms (median of {args.runs})")
        print(f"open, {label:<18}{large_median * 1000:8.2f} ms (median of {args.runs})")
        ratio = large_median / small_median
        print(f"ratio ({args.events:,} / 100): {ratio:.2f}  (target <= 1.2)")


if __name__ == "__main__":
    main()
