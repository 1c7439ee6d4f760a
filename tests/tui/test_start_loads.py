"""What a window's start loads: Home's first frame on a campaign does not import what only
later actions use (checked in a fresh interpreter, as a start is: this one has long
imported everything). Each of these is imported where it is first used; the tests of
those uses (a command run, a draft, the check, a keymap, the log) show they still load."""

import json
import subprocess
import sys
from pathlib import Path

from tests.demo_copy import fresh_demo

REPO = Path(__file__).resolve().parents[2]

NOT_AT_START = [
    "strange_tui.campaign.commands",  # The first command run or previewed.
    "strange_tui.campaign.model.creation",  # The creation draft (n on Home).
    "strange_tui.storage.verified",  # The check's cache of verified chunks.
    "strange_tui.storage.history_pages",  # The log's pages of sealed history.
    "strange_tui.tui.app.keymap",  # A config's [keys].
]

PROBE = """
import json, sys
from pathlib import Path
from strange_tui.tui.app.app import StrangeApp

async def first_frame(pilot):
    await pilot.pause()
    global SCREEN, LOADED
    SCREEN = type(pilot.app.screen).__name__
    LOADED = sorted(name for name in sys.modules if name.startswith("strange_tui."))
    pilot.app.exit()

demo = Path(sys.argv[1])
StrangeApp(campaign_path=demo, saves=demo.parent).run(
    headless=True, size=(80, 24), auto_pilot=first_frame
)
print(json.dumps({"screen": SCREEN, "loaded": LOADED}))
"""


def test_home_first_frame_loads_none_of_what_later_actions_use(tmp_path):
    demo = fresh_demo(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(demo)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["screen"] == "HomeScreen"
    loaded = [
        name
        for name in seen["loaded"]
        for package in NOT_AT_START
        if name == package or name.startswith(package + ".")
    ]
    assert loaded == []
    assert "strange_tui.campaign.model.state" in seen["loaded"]  # The probe saw a start.
