"""Shared test settings: hypothesis profiles (derandomized on CI, so a run is repeatable)."""

import os

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
