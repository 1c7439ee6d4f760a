"""The config file of the test running (tests/conftest.py gives each test its own)."""

import os
from pathlib import Path


def config_file() -> Path:
    """This test's config file, its folder made so a test can write it."""
    path = Path(os.environ["STRANGE_TUI_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    return path
