"""Shared test settings: hypothesis profiles (derandomized on CI, so a run is repeatable)."""

import gc
import os
import shutil
import tempfile
import uuid
from pathlib import Path

from hypothesis import HealthCheck, settings

from tests.css_cache import share_parsed_css
from tests.quick_pilot import quick_pilot

share_parsed_css()
quick_pilot()

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


def pytest_xdist_make_scheduler(config, log):
    """``-n auto`` hands out tests by work stealing, not by xdist's default ``load``: that
    one starts each worker on a run of consecutive tests (a quarter of its share: some
    200), tops it up with more long runs, and never takes back what a worker has not
    begun; with the long folders first (``run_order``), the first workers held minutes of
    Pilot tests while the others ran out. Here a worker that runs out takes half of what
    the busiest has left. Another ``--dist`` given on the command line is used as asked."""
    if config.getvalue("dist") == "load":
        from xdist.scheduler import WorkStealingScheduling

        return WorkStealingScheduling(config, log)
    return None


_CONFIGS = Path(tempfile.mkdtemp(prefix="strange-tui-config-"))
"""Where each test's config file would be (a folder of its own, made only if written)."""


def pytest_runtest_setup(item) -> None:
    """Each test has a config file of its own (none at first), never the player's: the app
    and the commands read $STRANGE_TUI_CONFIG before the platform's config folder; and a
    cache folder of its own ($STRANGE_TUI_CACHE: the verified history chunks). A hook,
    not a fixture: hypothesis refuses function-scoped fixtures around its examples."""
    os.environ["STRANGE_TUI_CONFIG"] = str(_CONFIGS / uuid.uuid4().hex / "config.toml")
    os.environ["STRANGE_TUI_CACHE"] = str(_CONFIGS / uuid.uuid4().hex / "cache")


LONG_FIRST = ("tests/tui/", "tests/serve/", "tests/test_wheel.py", "tests/storage/", "tests/cli/")
"""Folders of long tests (seconds each: an app driven by keys, a server, a subprocess),
run before the others, in this order: the suite's many short tests (the rules, the
model, the commands: milliseconds each) come last, where they fill the workers' ends
evenly instead of a long test running alone at the end."""


def run_order(item) -> tuple[bool, int]:
    """``starts_first`` tests, then the LONG_FIRST folders in order, then the rest (a
    stable sort: each module's tests keep their order)."""
    path = item.nodeid.split("::")[0]
    folder = next((n for n, where in enumerate(LONG_FIRST) if path.startswith(where)), None)
    rank = len(LONG_FIRST) if folder is None else folder
    return item.get_closest_marker("starts_first") is None, rank


def pytest_collection_modifyitems(items) -> None:
    """Tests marked ``starts_first`` (a minute or more of one worker, such as the install
    paths) run before the rest: xdist hands the first worker the first tests, so the long
    one runs beside the many short ones instead of alone at the end. After them the long
    folders, then the short tests (``run_order``)."""
    items.sort(key=run_order)


def pytest_sessionfinish(session) -> None:
    """An xdist worker whose tests are done sets its heap aside (``gc.freeze``), so that it
    exits within the 5 seconds xdist's transport (execnet) gives it before it sends the
    worker a SIGINT. After this hook the worker reports its session finished, and pytest's
    cleanup then runs five full collections, looking for unraisable exceptions; over the
    heap the Pilot tests leave in a worker (some 800,000 objects) each took seconds on a
    busy machine, so the SIGINT came mid-collection and the KeyboardInterrupt, raised in
    hypothesis's gc callback, printed its traceback above the summary. What those last
    collections would find after the report is not shown in the summary anyway.
    And the tests' config folders go."""
    shutil.rmtree(_CONFIGS, ignore_errors=True)
    if hasattr(session.config, "workerinput"):
        gc.freeze()
