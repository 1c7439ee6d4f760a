"""The house as docs/architecture.md draws it: every folder and file it names exists, every
package is named there and says its job in one line, modules are short (or say why not),
and imports point down: between the layers, inside the model, and inside the app."""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "strange_tui"
DOC = ROOT / "docs" / "architecture.md"
BASES = [
    ROOT,
    PACKAGE,
    PACKAGE / "campaign",
    PACKAGE / "campaign" / "model",
    PACKAGE / "tui",
]
"""Where a path the document names may start: the repository, the package, or the layer
or folder its sentence is about (``folds/rolls.py``, ``tui/rolls/``)."""

LAYERS = ["cli", "tui", "demo", "storage", "campaign", "content", "rules", "legal"]
"""The layers from the top: each may import those after it."""
UPWARD = {("content", "strange_tui.storage.toml_io"), ("content", "strange_tui.storage.errors")}
"""The one arrow that runs back up, as the document says: the content loader reads its
packs with storage's TOML reader and reports with its error type."""

TUI_BELOW = {
    "common": set(),
    "rolls": {"common"},
    "character": {"common", "rolls"},
    "combat": {"common", "rolls"},
    "chase": {"common", "rolls"},
    "crafting": {"common", "rolls"},
    "creation": {"common"},
    "translation": {"common"},
    "solo": {"common"},
    "table": {"common", "rolls", "combat", "character"},
    "home": {
        "common", "rolls", "character", "combat", "chase", "crafting", "creation",
        "translation", "solo", "table",
    },  # fmt: skip
    "hunters": {"common", "rolls", "table", "home"},
}
"""What each folder of the app may import, for types too (``app/`` is on top and may
import any; the others know it by ``common/access.py``'s ``CampaignApp``)."""

CAMPAIGN_BELOW = {
    "model": set(),
    "narrate": {"model"},
    "store": {"model", "event_log", "limits"},
    "event_log": {"model"},
    "limits": {"model"},
}
"""What each part of the model layer may import (``commands/`` may import any)."""


def named_paths() -> list[str]:
    """Every path the document names in backticks (a test's ``::name`` left aside)."""
    tokens = re.findall(r"`([^`\s]+)`", DOC.read_text(encoding="utf-8"))
    return [t.split("::")[0] for t in tokens if "/" in t or t.endswith((".py", ".tcss"))]


def resolve(token: str) -> list[Path]:
    if "/" not in token:
        return sorted(PACKAGE.rglob(token))
    return [base / token for base in BASES if (base / token).exists()]


def packages() -> list[Path]:
    return sorted(p.parent for p in PACKAGE.rglob("__init__.py") if "__pycache__" not in p.parts)


def imports(path: Path) -> list[tuple[str, bool]]:
    """(module, for types only) for each import of ours in ``path``, function-level ones
    included; ``from a import b`` names a.b when b is a module of ours."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(inner) for inner in ast.walk(node))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            for alias in node.names:
                module = f"{node.module}.{alias.name}"
                if module_path(module) is not None:
                    names.append(module)
        found += [(n, id(node) in typing_only) for n in names if n.startswith("strange_tui.")]
    return found


def module_path(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def part(module: str, depth: int) -> str:
    """The folder (or top-level module) of ``strange_tui.<...>`` at ``depth``."""
    return module.split(".")[depth]


def modules_under(folder: Path) -> list[tuple[str, Path]]:
    return [
        (".".join(p.relative_to(ROOT).with_suffix("").parts), p)
        for p in sorted(folder.rglob("*.py"))
        if "__pycache__" not in p.parts
    ]


@pytest.mark.parametrize("token", named_paths())
def test_every_path_the_document_names_exists(token):
    assert resolve(token), f"docs/architecture.md names {token}, which is not in the house"


def test_every_package_is_named_in_the_document():
    named = {path.resolve() for token in named_paths() for path in resolve(token)}
    missing = [str(p.relative_to(ROOT)) for p in packages() if p.resolve() not in named]
    assert missing == [], f"packages docs/architecture.md does not name: {missing}"


@pytest.mark.parametrize("package", packages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_package_says_its_job_in_one_line(package):
    docstring = ast.get_docstring(ast.parse((package / "__init__.py").read_text()))
    assert docstring, f"{package.relative_to(ROOT)}/__init__.py has no docstring"
    first, _, rest = docstring.partition("\n")
    assert first.endswith("."), f"its first line is not a sentence of its own: {first!r}"
    assert not rest or rest.startswith("\n"), "a blank line follows the one-line summary"


def test_modules_are_short_or_say_why():
    """No module past 400 lines; one past 300 says in its docstring why it holds together."""
    long = []
    for name, path in modules_under(PACKAGE):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if lines > 400 or (lines > 300 and "300 lines" not in docstring):
            long.append(f"{name}: {lines} lines")
    assert long == []


def test_layers_import_only_the_layers_below_them():
    upward = []
    for name, path in modules_under(PACKAGE):
        if part(name, 1) not in LAYERS:  # The package's face and ``python -m``.
            continue
        here = LAYERS.index(part(name, 1))
        for module, _ in imports(path):
            there = part(module, 1)
            if there in LAYERS and LAYERS.index(there) < here:
                if (part(name, 1), ".".join(module.split(".")[:3])) not in UPWARD:
                    upward.append(f"{name} imports {module}")
    assert upward == []


def test_the_model_imports_neither_the_commands_nor_the_store():
    wrong = []
    for name, path in modules_under(PACKAGE / "campaign"):
        here = part(name, 2) if name.count(".") >= 2 else ""
        allowed = CAMPAIGN_BELOW.get(here)
        if allowed is None:
            continue
        for module, _ in imports(path):
            if module.startswith("strange_tui.campaign.") and part(module, 2) not in (
                allowed | {here}
            ):
                wrong.append(f"{name} imports {module}")
    assert wrong == []


def test_the_app_imports_down():
    wrong = []
    for name, path in modules_under(PACKAGE / "tui"):
        here = part(name, 2) if name.count(".") >= 3 else ""
        allowed = TUI_BELOW.get(here)
        if allowed is None:
            continue
        for module, _ in imports(path):
            if not module.startswith("strange_tui.tui."):
                continue
            if part(module, 2) not in allowed | {here}:
                wrong.append(f"{name} imports {module}")
    assert wrong == []


def test_the_import_reader_sees_function_level_and_typing_imports(tmp_path):
    """The checks above read every spelling they judge."""
    source = tmp_path / "probe.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import strange_tui.rules.task\n"
        "from strange_tui.campaign.model import state\n"
        "if TYPE_CHECKING:\n"
        "    from strange_tui.tui.app.app import StrangeApp\n"
        "def f():\n"
        "    from strange_tui.tui.home.home import HomeScreen\n"
    )
    assert sorted(imports(source)) == [
        ("strange_tui.campaign.model", False),
        ("strange_tui.campaign.model.state", False),
        ("strange_tui.rules.task", False),
        ("strange_tui.tui.app.app", True),
        ("strange_tui.tui.home.home", False),
    ]
