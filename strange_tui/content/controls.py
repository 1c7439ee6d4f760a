"""Pack text that could drive a terminal, or hide in it, is refused on load: a name
holding ``ESC ] 0 ; … BEL`` would set the window's title, ``ESC [ 31 m`` would colour
what follows, U+202E would turn the rest of a line around, wherever the name is shown (a
listing, a filter, a sheet). A pack is data its author wrote; an entry that holds such
text is reported with its file and field and skipped, like any other broken entry. Line
breaks and tabs stay: a summary may run to two lines."""

from __future__ import annotations

import re
from typing import Any

UNSEEN = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f"
    # Invisible format characters: direction overrides and marks (U+202E turns the rest of
    # a line around), zero widths, the byte order mark, the line and paragraph separators.
    "\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb"
    "\U000e0001\U000e0020-\U000e007f"
)
"""Control characters but the line break and the tab, and invisible format characters,
as the inside of a regex character class: what a reader of a file refuses, and what
``campaign/narrate/plain.py`` shows as escapes wherever text is printed. Kept here, the
lowest layer that reads text from files, so every layer above says the same."""
_REFUSED = re.compile(f"[{UNSEEN}]")


def unseen_field(value: Any, field: str) -> str | None:
    """The first field under ``value`` (parsed TOML) whose text holds a character of
    ``UNSEEN``, as ``creatures[3].name``; None when none does."""
    if isinstance(value, str):
        return field if _REFUSED.search(value) else None
    if isinstance(value, dict):
        for key, item in value.items():
            if found := unseen_field(key, f"{field}.{key}") or unseen_field(
                item, f"{field}.{key}"
            ):
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if found := unseen_field(item, f"{field}[{index}]"):
                return found
    return None


def unseen_problem(value: Any, field: str) -> str | None:
    """Why ``value`` cannot load, in words, naming the field; None when it can."""
    found = unseen_field(value, field)
    if found is None:
        return None
    return (
        f"{found}: holds a control or invisible character (an escape code, a bell, a"
        " direction override such as U+202E); pack text may hold line breaks and tabs,"
        " nothing else unseen"
    )
