"""The pure layers never load the UI libraries (DESIGN.md, layers); the screens never
import the rules (they build commands and show the session's previews)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import strange_tui

PURE_PACKAGES = [
    "strange_tui.rules",
    "strange_tui.campaign",
    "strange_tui.storage",
    "strange_tui.content",
]

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


PACKAGE = Path(strange_tui.__file__).parent
TUI = PACKAGE / "tui"
FORBIDDEN = "strange_tui.rules"


def imported_modules(source: str, package: str) -> list[tuple[int, str]]:
    """(line, module) for each import in ``source``, a module of ``package``: ``import a.b``
    names a.b; ``from a import b`` names a and a.b (b may be a module); relative imports are
    resolved from ``package``. Imports inside functions count too."""
    parts = package.split(".")
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = parts[: len(parts) - node.level + 1]
                module = ".".join([*base, *([module] if module else [])])
            found.append((node.lineno, module))
            found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
    return found


def imports_rules(module: str) -> bool:
    return module == FORBIDDEN or module.startswith(FORBIDDEN + ".")


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import strange_tui.rules.task", True),
        ("import strange_tui.rules as r", True),
        ("from strange_tui.rules.pools import Stat", True),
        ("from strange_tui import rules", True),
        ("from ...rules import task", True),
        ("from ... import rules", True),
        ("def f():\n    from strange_tui.rules import RuleViolation", True),
        ("from strange_tui.campaign.model.terms import Stat", False),
        ("from ..session import Session", False),
        ("from . import rules", False),  # strange_tui.tui.combat.rules: not the rules
        ("import strange_tui.rulesets", False),
    ],
)
def test_the_import_finder_sees_every_spelling(source, expected):
    """Absolute, dotted, from-, relative and function-level imports of the rules are found."""
    found = [module for _, module in imported_modules(source, "strange_tui.tui.combat")]
    assert any(imports_rules(module) for module in found) is expected, found


def test_screens_never_import_the_rules():
    """No module under strange_tui/tui imports strange_tui.rules: screens take
    the game's words from strange_tui.campaign.model.terms and results from commands' previews."""
    offenders = []
    for path in sorted(TUI.rglob("*.py")):
        package = ".".join(path.parent.relative_to(PACKAGE.parent).parts)
        source = path.read_text(encoding="utf-8")
        offenders.extend(
            f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}"
            for line, module in imported_modules(source, package)
            if imports_rules(module)
        )
    assert offenders == []
