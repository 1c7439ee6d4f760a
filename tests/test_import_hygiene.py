"""The pure layers never load the UI libraries (DESIGN.md, layers)."""

import subprocess
import sys

import pytest

PURE_PACKAGES = ["strange_tui.rules", "strange_tui.campaign", "strange_tui.storage"]

PROBE = """
import importlib, pkgutil, sys
package = importlib.import_module({name!r})
for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    importlib.import_module(module.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(",".join(loaded))
"""


@pytest.mark.parametrize("name", PURE_PACKAGES)
def test_pure_layer_imports_neither_textual_nor_rich(name):
    """Importing every module of a pure layer, in a fresh interpreter, loads no UI library."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(name=name)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "", f"{name} loaded: {done.stdout.strip()}"


def test_odds_json_does_not_load_the_ui():
    """`strange-tui odds --json` answers without importing Textual or Rich (fast start)."""
    code = (
        "import sys; from strange_tui.cli import main; main(['odds', '3', '--json']);"
        "print(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "False"
