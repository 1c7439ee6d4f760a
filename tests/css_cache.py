"""One parse of each piece of Textual CSS per test process, not one per app.

Textual keeps the rules it parsed from a widget's CSS in a cache of the app's own
stylesheet, so every app a test starts parses Home's, every dialog's and every widget's
CSS again: about a fifth of the CPU of a test that opens the app and one dialog. The
rules parsed from the same text, at the same place, with the same theme variables are the
same rules, so the tests share them across apps. The app itself runs one App a process and
gains nothing from this; it is the tests' alone, and changes nothing they assert (the
snapshots are drawn from the same rules).
"""

from __future__ import annotations

from typing import Any

from textual.css.stylesheet import Stylesheet

_parse_rules = Stylesheet._parse_rules
_shared: dict[tuple, list[Any]] = {}
_MOST = 4096
"""Enough for every widget's CSS under each theme the tests use; a bound all the same."""


def _shared_parse_rules(
    self: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[Any]:
    # The variables (the theme's colours) are read as the CSS is parsed: part of the key.
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
    rules = _shared.get(key)
    if rules is None:
        rules = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        if len(_shared) < _MOST:
            _shared[key] = rules
    return rules


def share_parsed_css() -> None:
    """Every app of this process shares the parsed rules (called once, from conftest)."""
    Stylesheet._parse_rules = _shared_parse_rules  # type: ignore[method-assign]
