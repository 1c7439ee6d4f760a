"""A writer for the many-writers tests: ``python -m tests.storage.table_writer FOLDER N
TOTAL`` applies N commands as fast as it can on a campaign other processes write too, then
waits until the campaign holds TOTAL commands and prints the sha256 of its state.

With ``--hold``, it takes the campaign's lock, prints "holding" and sleeps (to be killed).
"""

import hashlib
import sys
import time
from pathlib import Path

import msgspec

from strange_tui.campaign.model.events import XpAwarded
from strange_tui.storage.folder import CampaignFolder


def state_hash(state) -> str:
    return hashlib.sha256(msgspec.json.encode(state)).hexdigest()


def main() -> None:
    folder = CampaignFolder(Path(sys.argv[1]))
    store = folder.open()
    if sys.argv[2] == "--hold":
        with folder.lock.held():
            print("holding", flush=True)
            time.sleep(60)
        return
    count, total = int(sys.argv[2]), int(sys.argv[3])
    for n in range(count):
        store.apply([XpAwarded(character="mara", amount=1, reason=f"w{n}")])
    deadline = time.monotonic() + 60
    while store.state.seq < total and time.monotonic() < deadline:
        store.catch_up()
        time.sleep(0.01)
    print(store.state.seq, state_hash(store.state), flush=True)


if __name__ == "__main__":
    main()
