"""The collector while the app's modules load (issue 21, tui/collector.py): paused, so it
does not walk the objects the imports make again and again; afterwards running again,
with what the imports made set aside. Each check runs in a fresh interpreter, as a start
does (this one has long imported the app)."""

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

PROBE = """
import gc, json, sys
disabled_before = "--disabled" in sys.argv
if disabled_before:
    gc.disable()
import textual  # The bare package: its own import is not the app's.
during = []  # Collections once the app's imports had loaded Textual's app module.
def seen(phase, info):
    if phase == "start" and "textual.app" in sys.modules:
        during.append(info["generation"])
gc.callbacks.append(seen)
import strange_tui.tui.app
gc.callbacks.remove(seen)
print(json.dumps({
    "collections": len(during),
    "enabled": gc.isenabled(),
    "frozen": gc.get_freeze_count(),
}))
"""


def probe(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_no_collection_while_the_app_loads_and_the_collector_runs_after():
    seen = probe()
    # Without the pause the collector ran 37 times during these imports.
    assert seen["collections"] == 0
    assert seen["enabled"] is True
    assert seen["frozen"] > 20_000  # What Textual's and the model's modules made, set aside.


def test_a_collector_disabled_by_the_host_stays_disabled():
    seen = probe("--disabled")
    assert seen["enabled"] is False
