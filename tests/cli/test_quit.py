"""Quitting the full-screen app: once the app has closed its campaign and given
the terminal back, the collector is frozen, so the process ends without walking every
object of the session (54 ms of each quit, measured with bench-style runs)."""

import shutil
from pathlib import Path

from strange_tui.cli import main
from strange_tui.tui.app.app import StrangeApp

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


def test_the_app_closes_first_and_the_collector_is_frozen_after(tmp_path, monkeypatch):
    demo = Path(shutil.copytree(REPO_DEMO, tmp_path / "saves" / "demo"))
    order: list[str] = []
    monkeypatch.setattr(StrangeApp, "run", lambda self: order.append("app ran and closed"))
    monkeypatch.setattr("gc.freeze", lambda: order.append("collector frozen"))
    assert main(["--saves", str(demo.parent), "demo"]) == 0
    # (The app freezes what its imports made as it is made, too: tui/app/collector.py.)
    assert order[-2:] == ["app ran and closed", "collector frozen"]
