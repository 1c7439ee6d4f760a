"""The collector around the app's start (tui/app/collector.py): paused while the
app's modules load, so it does not walk what they make again and again, then running
with that set aside (checked in a fresh interpreter, as a start is: this one has long
imported the app); held again from the app's start to its freeze a second in, or to its
end."""

import gc
import json
import subprocess
import sys
from pathlib import Path

from strange_tui.tui.app.collector import freeze_long_lived

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
import strange_tui.tui.app.app
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


async def test_the_collector_waits_for_the_first_frame_and_runs_after(demo_app):
    assert gc.isenabled()
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not gc.isenabled()  # Home is drawn: nothing collected yet.
        freeze_long_lived()  # What the app's timer does a second in.
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    assert gc.isenabled()


async def test_an_app_that_ends_before_its_freeze_gives_the_collector_back(demo_app):
    async with demo_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # Thawed: the tests' garbage may be collected.
