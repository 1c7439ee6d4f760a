"""User text made safe for where it is printed: a terminal (no control characters reach
it) and Markdown (a name cannot become a heading, a link or a table cell)."""

from __future__ import annotations

import re

_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")


def terminal(text: str) -> str:
    """``text`` with every control character but line breaks and tabs shown as an escape
    (``\\x1b``), so nothing a file holds can drive the terminal."""
    return _CONTROLS.sub(lambda found: f"\\x{ord(found.group()):02x}", text)


def markdown(text: str) -> str:
    """``text`` as literal Markdown on one line: special characters escaped, line breaks
    made spaces."""
    return _MARKDOWN.sub(r"\\\1", terminal(text).replace("\r", " ").replace("\n", " "))
