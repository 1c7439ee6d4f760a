"""User text made safe for where it is printed: a terminal (no control or invisible
direction characters reach it), one line of a log, and Markdown (a name cannot become a
heading, a link or a table cell)."""

from __future__ import annotations

import re

from strange_tui.content.controls import UNSEEN

_CONTROLS = re.compile(f"[{UNSEEN}]")
"""Control characters but line breaks and tabs, and invisible format characters: the
same a file's reader refuses (``content/controls.py``)."""
_INLINE = re.compile(
    # Anywhere: a backslash, code, emphasis with '*', a link's brackets, a table cell's bar,
    # strikethrough; '_' not inside a word; '<' that opens HTML; '&' of an entity; the
    # closing '#'s of a heading.
    r"[\\`*\[\]|~]|(?<![^\W_])_|_(?![^\W_])|<(?=[A-Za-z/!?])|&(?=#?\w+;)|(?<=\s)#(?=#*$)"
)
_LINE_START = re.compile(r"^(?:([#>+=-])|(\d{1,9})([.)])(?=\s|$))")
"""At a line's start: a heading, a quote, a list item or a rule; an ordered list's '1.'."""


def _escape(found: re.Match[str]) -> str:
    code = ord(found.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def terminal(text: str) -> str:
    """``text`` with every control character but line breaks and tabs, and every invisible
    format character, shown as an escape (``\\x1b``, ``\\u202e``), so nothing a file holds
    can drive the terminal or hide in it."""
    return _CONTROLS.sub(_escape, text)


def one_line(text: str) -> str:
    """``text`` for a line of its own (a log entry): as ``terminal`` shows it, its line
    breaks shown as ``\\n`` too, so no entry can pass for two."""
    return terminal(text).replace("\n", "\\n")


def markdown(text: str) -> str:
    """``text`` as literal Markdown on one line, as if it started the line: only what
    Markdown would misread there escaped (periods and parentheses stay as written), line
    breaks made spaces, no indent (a code block)."""
    flat = terminal(text).replace("\r", " ").replace("\n", " ").strip()
    flat = _INLINE.sub(lambda found: "\\" + found.group(), flat)
    return _LINE_START.sub(_start, flat)


def _start(found: re.Match[str]) -> str:
    if found.group(1):
        return "\\" + found.group(1)
    return f"{found.group(2)}\\{found.group(3)}"
