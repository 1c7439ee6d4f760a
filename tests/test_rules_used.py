"""Every public rule is used by the app: a function or constant of strange_tui/rules that
nothing outside rules/ reaches (directly, or through a rule that is reached) is either
wired in or deleted, or it is on the short list below of library-only helpers, each with
the reason it waits."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "strange_tui"

LIBRARY_ONLY = {
    # R-CMB-7: distances in metres, for movement once positions are modelled (the range
    # categories themselves are wired in: R-CIR-2 moves a weapon's range along them).
    "distance_band": "R-CMB-7, no positions in the tracker yet",
}


def public_rules() -> dict[str, set[str]]:
    """Each public top-level name of rules/ and the names its definition refers to."""
    found: dict[str, set[str]] = {}
    for path in sorted((PACKAGE / "rules").glob("*.py")):
        for node in ast.parse(path.read_text()).body:
            names: list[str] = []
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            for name in names:
                if not name.startswith("_") and path.stem != "__init__":
                    found[name] = referenced(node) - {name}
    return found


def referenced(tree: ast.AST) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.name for alias in node.names)
    return names


def used_by_the_app(rules: dict[str, set[str]]) -> set[str]:
    outside = set()
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name != "rules":
            outside |= referenced(ast.parse(path.read_text()))
    used = {name for name in rules if name in outside}
    grew = True
    while grew:  # A rule a used rule calls is used too.
        reached = {ref for name in used for ref in rules[name] if ref in rules}
        grew = not reached <= used
        used |= reached
    return used


def test_every_public_rule_is_used_or_listed_as_library_only():
    rules = public_rules()
    unused = set(rules) - used_by_the_app(rules) - set(LIBRARY_ONLY)
    assert unused == set(), "wire these into the app or delete them"


def test_the_library_only_list_holds_only_unused_rules_that_exist():
    rules = public_rules()
    assert set(LIBRARY_ONLY) <= set(rules), "a listed rule no longer exists"
    assert not set(LIBRARY_ONLY) & used_by_the_app(rules), "a listed rule is used now"
