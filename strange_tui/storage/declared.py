"""What a TOML file declares, measured before the standard reader sees it: the reader
spends far more than a file's size on some shapes (a key of thousands of parts; many keys
of 63 parts; tables, lists and inline tables by the thousand), so a file that declares more
than its size may is refused unread, the same for every file the app reads."""

from __future__ import annotations

import re
from pathlib import Path

from strange_tui.storage.errors import CampaignFileError

MAX_KEY_PARTS = 64
"""The most parts a dotted key or a table header may have (ours have six at most). The
standard library's TOML reader takes time and memory in the square of a dotted key's parts:
20,000 parts in 43 KB took 4 s and 2.4 GB. A key past this is refused before parsing."""
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
_LONG_KEY = rf"^[ \t]*\[{{0,2}}[ \t]*(?:{_KEY_PART}[ \t]*\.[ \t]*){{{MAX_KEY_PARTS}}}"
"""A key (or a table's header) at the start of a line with more than MAX_KEY_PARTS parts
(multi-line). This and the two patterns below are kept as text and compiled by ``re`` on
first use (its cache keeps them): only a file of long keys or many tables needs them, and
compiling the three cost every start 1.4 ms."""

DECLARED_RATIO = 32
"""What a file may declare, as the bytes the standard TOML reader would spend on it, in
bytes of the file. The reader keeps, besides each table's dict, three containers of flags
for every table it ever made, and every dotted key's prefixes until the next header: many
keys of 63 parts cost 460 times their size (a 255 KB backup, 4 GB). Their strings, numbers
and keys cost it 20 times at most; this on top keeps it under 50 times whatever the shape.
Ours use 2 to 19 (the built-in foci, the demo's snapshot); a file past it is refused unread."""
DECLARED_FLOOR = 256 * 1024
"""Spent on any file, however small (a theme, a config), before the ratio counts."""
_TABLE = 1024
"""A table or dotted prefix the reader has not met: its dict, flags and pending key."""
_NEST = 256
"""A dot, ``[`` or ``{`` anywhere outside a string: a nested dict, a list or an inline table."""
NOISE = re.compile(
    r'''"""(?:[^"\\]|\\[\s\S]|"(?!""))*(?:"{3,5}|\Z)'''
    r"""|'''(?:[^']|'(?!''))*(?:'{3,5}|\Z)"""
    r"""|"(?:[^"\\\n]|\\.)*"?|'[^'\n]*'?|#[^\n]*"""
)
"""Strings and comments, read as the TOML reader reads them (left to right, so a quote in a
comment or a ``#`` in a string is not mistaken), each ended at the end of the text if left
open so that no match is tried twice: what remains, without blanks, is what the file
declares."""
_CHAIN = re.compile(r"\.(?:[A-Za-z0-9_-]*+\.)++")
"""With strings gone, the dots of a key of three parts or more, anywhere (an inline
table's too): only keys put two dots with nothing but a key's letters between them. Each
is matched whole, once (a search for a long one would start again at each of its dots)."""
_FLAGGED = 768
"""A key holding a list or an inline table: the reader flags it, as it flags a table."""
_STATEMENT = (
    rf"\n[ \t]*(?:(?P<table>\[\[?)[ \t]*(?P<header>{_KEY_PART}(?:[ \t]*\.[ \t]*"
    rf"{_KEY_PART})*)|(?P<key>{_KEY_PART}(?:[ \t]*\.[ \t]*{_KEY_PART})+)[ \t]*=)"
)
"""A table's header, or a dotted key, at the start of a line. A line of a multi-line string
may look like one: counted too, which only costs that string's file some of its budget."""
_PARTS = _KEY_PART


def declared_cost(text: str, skeleton: str, allowed: int) -> int:
    """The bytes the TOML reader would spend on the tables, keys, lists and inline tables
    ``text`` declares (``skeleton``: the text without its strings and comments),
    over-counted, never under; counting stops once past ``allowed``. Linear, mostly in C
    (the journal is read on every open)."""
    nests = skeleton.count(".") + skeleton.count("[") + skeleton.count("{")
    cost = nests * _NEST
    cost += _FLAGGED * (skeleton.count("=[") + skeleton.count("={"))
    # Every new table is a header's part or a dotted key's, so at most one a dot or a
    # header: when even that many fit, the headers need not be read (a journal's do).
    tables = skeleton.count(".") + skeleton.count("\n[") + 1
    if (bound := cost + tables * (_TABLE + 16 * MAX_KEY_PARTS)) <= allowed:
        return bound
    key_parts = re.compile(_PARTS)  # From re's cache after the first file that gets here.
    before: list[str] = []
    depth = 0
    # From a line's start only (a search from anywhere tries every character, 10 times
    # slower); the first line is given one.
    for statement in re.finditer(_STATEMENT, "\n" + text):
        if cost > allowed:
            break
        if header := statement.group("header"):
            parts = key_parts.findall(header)
            # Tables made by the header before are made once: only the rest are new.
            shared = 0
            for old, new in zip(before, parts, strict=False):
                if old != new:
                    break
                shared += 1
            cost += (len(parts) - shared) * _TABLE
            before, depth = parts, len(parts)
        else:
            parts = key_parts.findall(statement.group("key"))
            # Each prefix is kept, with the header before it, until the next header.
            cost += (len(parts) - 1) * (_TABLE + 8 * (depth + len(parts)))
    return cost


def check_declared(path: Path, text: str, size: int, first_line: int) -> None:
    """CampaignFileError if ``text`` (``size`` bytes) declares more than a file of its size
    may, or has a key of too many parts: both cost the reader far more than the file."""
    skeleton = NOISE.sub("", text).replace(" ", "").replace("\t", "")
    chains = _CHAIN.finditer(skeleton)
    if any(skeleton.count(".", *chain.span()) >= MAX_KEY_PARTS for chain in chains):
        long_key = re.search(_LONG_KEY, text, re.MULTILINE)
        line = text.count("\n", 0, long_key.start()) + first_line if long_key else None
        raise CampaignFileError(
            path, f"has a key of more than {MAX_KEY_PARTS} dotted parts", line=line
        )
    allowed = DECLARED_RATIO * size + DECLARED_FLOOR
    if (cost := declared_cost(text, skeleton, allowed)) > allowed:
        raise CampaignFileError(
            path,
            f"declares more tables, keys and lists than a file of {size} bytes may"
            f" ({cost // 1024} KB to read, more than {allowed // 1024} KB)",
        )
