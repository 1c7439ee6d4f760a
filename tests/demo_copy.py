"""A freshly built demo campaign for a test, built once per test process and copied.

``build_demo`` plays the demo's adventure through the store (some 0.7 s of CPU, and each
write synced to disk); the tests that need the demo as this checkout builds it (not the
repository's saves/demo) each had a build of their own. The build is deterministic
(test_demo.py), so every test gets a copy of one build: the same files, in a folder of
its own, without the build's lock files (the campaign is not open: the tests open it)."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from strange_tui.demo.build import build_demo

_built: Path | None = None


def fresh_demo(saves: Path, folder_name: str = "demo") -> Path:
    """A copy of the demo campaign as ``build_demo(saves)`` makes it: ``saves/demo``."""
    global _built
    if _built is None:
        where = Path(tempfile.mkdtemp(prefix="strange-tui-demo-"))
        atexit.register(shutil.rmtree, where, ignore_errors=True)
        _built = build_demo(where).path
    target = saves / folder_name
    shutil.copytree(_built, target, ignore=shutil.ignore_patterns("campaign.lock*"))
    return target
