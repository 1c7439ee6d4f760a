"""A writer for the crash tests, run in a child process that the test kills with SIGKILL.

``python -m tests.storage.crash_writer FOLDER`` dispatches events forever, printing each
acknowledged seq (the append was fsynced before dispatch returned).

``python -m tests.storage.crash_writer FOLDER --tear [--acks N]`` dispatches N events the
same way, then simulates power lost in the middle of the next append: it writes only the
first half of that event's real journal entry (``entry_bytes``) straight to the file with
os.write and fsync, prints ``torn <hex of the bytes written>``, and waits to be killed.
"""

import argparse
import os
import sys
import time
from pathlib import Path

from msgspec.structs import replace

from strange_tui.campaign.model.events import ClockAdvanced, DamageTaken, Healed, XpAwarded
from strange_tui.campaign.store import Store
from strange_tui.rules.pools import Stat
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.journal import entry_bytes

CYCLE = (
    XpAwarded(character="mara", amount=1, reason="x" * 200),
    DamageTaken(character="jun", amount=1),
    Healed(character="jun", stat=Stat.MIGHT, amount=1),
    ClockAdvanced(seconds=60),
)


def say(line: str) -> None:
    sys.stdout.write(f"{line}\n")
    sys.stdout.flush()


def tear(folder: CampaignFolder, store: Store, acks: int) -> None:
    for n in range(acks):
        say(str(store.dispatch(CYCLE[n % len(CYCLE)]).seq))
    # The event the next dispatch would append, stamped as the store stamps it.
    state = store.state
    event = replace(CYCLE[0], seq=state.seq + 1, at=state.clock.seconds)
    entry = entry_bytes(event)
    half = entry[: len(entry) // 2]
    fd = os.open(folder.journal_file, os.O_WRONLY | os.O_APPEND)
    try:
        assert os.write(fd, half) == len(half)
        os.fsync(fd)
    finally:
        os.close(fd)
    say(f"torn {half.hex()}")
    while True:  # The power is out: nothing more happens until the test kills us.
        time.sleep(60)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--tear", action="store_true")
    parser.add_argument("--acks", type=int, default=5)
    args = parser.parse_args()
    folder = CampaignFolder(args.folder)
    store = folder.open(checkpoint_every=16, undo_depth=4)
    if args.tear:
        tear(folder, store, args.acks)
    n = 0
    while True:
        event = store.dispatch(CYCLE[n % len(CYCLE)])
        n += 1
        say(str(event.seq))


if __name__ == "__main__":
    main()
