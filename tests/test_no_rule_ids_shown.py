"""Players read refusals, previews and the log aloud: no rule id (R-XXX-N) in them.

Rule ids belong in docstrings, comments and tests; a string the app can show is every other
string constant in the package.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "strange_tui"
RULE_ID = re.compile(r"\bR-[A-Z]+-\d")


def shown_strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_no_string_the_app_shows_carries_a_rule_id():
    leaks = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in shown_strings(path)
        if RULE_ID.search(text)
    ]
    assert not leaks, "\n".join(leaks)


def test_the_check_sees_a_leak(tmp_path):
    leaky = tmp_path / "leaky.py"
    leaky.write_text('"""Doc R-TASK-1."""\nraise ValueError("no (R-TASK-1)")\n')
    assert [text for _, text in shown_strings(leaky) if RULE_ID.search(text)] == ["no (R-TASK-1)"]
