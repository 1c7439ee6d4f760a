"""A writer for the many-writers tests: ``python -m tests.storage.table_writer FOLDER N
TOTAL`` applies N commands as fast as it can on a campaign other processes write too, then
waits until the campaign holds TOTAL commands and prints the sha256 of its state.

With ``--hold``, it takes the campaign's lock, prints "holding" and sleeps (to be killed).
"""

import hashlib
import random
import sys
import time
from pathlib import Path

import msgspec

from strange_tui.campaign.model.events import XpAwarded
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.locking import CampaignBusy


def state_hash(state) -> str:
    return hashlib.sha256(msgspec.json.encode(state)).hexdigest()


def until_taken(act):
    """Act as a player would: "busy, nothing was changed" is met by trying again, after a
    moment. Five writers hammering the lock with no pause can keep a sixth out past its
    wait on a loaded machine; the lock is not fair, and no person types 200 commands a
    second. The pause (a few hundredths of a second, at random) lets the others by."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        try:
            return act()
        except CampaignBusy:
            time.sleep(random.uniform(0.01, 0.05))
    return act()  # Still busy after all that: the test says why.


PATIENCE = 120.0
"""Seconds a writer keeps trying: on a machine loaded by other test workers, a few busy
waits in a row were seen (a count of tries ran out there once)."""


def apply_until_taken(store, event) -> None:
    until_taken(lambda: store.apply([event]))


def main() -> None:
    folder = CampaignFolder(Path(sys.argv[1]))
    store = until_taken(folder.open)
    if sys.argv[2] == "--hold":
        with folder.lock.held():
            print("holding", flush=True)
            time.sleep(60)
        return
    count, total = int(sys.argv[2]), int(sys.argv[3])
    for n in range(count):
        apply_until_taken(store, XpAwarded(character="mara", amount=1, reason=f"w{n}"))
    deadline = time.monotonic() + 60
    while store.state.seq < total and time.monotonic() < deadline:
        store.catch_up()
        time.sleep(0.01)
    print(store.state.seq, state_hash(store.state), flush=True)


if __name__ == "__main__":
    main()
