"""A writer for the crash test: dispatches events forever, printing each acknowledged seq.

Run as ``python -m tests.storage.crash_writer FOLDER``; the test kills it with SIGKILL.
"""

import sys
from pathlib import Path

from strange_tui.campaign.events import ClockAdvanced, DamageTaken, Healed, XpAwarded
from strange_tui.rules.pools import Stat
from strange_tui.storage.folder import CampaignFolder


def main() -> None:
    store = CampaignFolder(Path(sys.argv[1])).open(checkpoint_every=16, undo_depth=4)
    cycle = (
        XpAwarded(character="mara", amount=1, reason="x" * 200),
        DamageTaken(character="jun", amount=1),
        Healed(character="jun", stat=Stat.MIGHT, amount=1),
        ClockAdvanced(seconds=60),
    )
    n = 0
    while True:
        event = store.dispatch(cycle[n % len(cycle)])
        n += 1
        sys.stdout.write(f"{event.seq}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
