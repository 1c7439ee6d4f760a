"""What the serve tests share: a fresh demo campaign in tmp_path, and reading an app's output."""

import re
from pathlib import Path

import pytest

from strange_tui.demo.build import build_demo

ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


def screen_text(data: bytes) -> str:
    """The text an app's terminal output draws, escape sequences taken out."""
    return ANSI.sub("", data.decode("utf-8", "replace"))


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh demo campaign for a test module (never the repository's saves/): the
    tests only read it, and the apps they start only open it."""
    saves = tmp_path_factory.mktemp("saves")
    build_demo(saves)
    return saves / "demo"
