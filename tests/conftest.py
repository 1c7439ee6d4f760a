"""Shared test settings: hypothesis profiles (derandomized on CI, so a run is repeatable)."""

import os
import shutil
import tempfile
import uuid
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "ci",
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: twice as many workers as cores. Textual's Pilot waits for the app to
    go idle after every key (sleeping 20 ms at a time), so a TUI test spends about two
    thirds of its wall time asleep; a second worker per core fills that time."""
    return 2 * (os.cpu_count() or 1)


_CONFIGS = Path(tempfile.mkdtemp(prefix="strange-tui-config-"))
"""Where each test's config file would be (a folder of its own, made only if written)."""


def pytest_runtest_setup(item) -> None:
    """Each test has a config file of its own (none at first), never the player's: the app
    and the commands read $STRANGE_TUI_CONFIG before the platform's config folder. A hook,
    not a fixture: hypothesis refuses function-scoped fixtures around its examples."""
    os.environ["STRANGE_TUI_CONFIG"] = str(_CONFIGS / uuid.uuid4().hex / "config.toml")


def pytest_sessionfinish(session) -> None:
    shutil.rmtree(_CONFIGS, ignore_errors=True)
