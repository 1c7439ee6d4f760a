"""The limit on free text a player types (a source, a reason, an effect, notes)."""

from __future__ import annotations

from strange_tui.rules.errors import RuleViolation

MAX_TEXT = 20_000


def _check_text(text: str, what: str) -> None:
    if len(text) > MAX_TEXT:
        raise RuleViolation(f"{what} holds at most {MAX_TEXT:,} characters.")
