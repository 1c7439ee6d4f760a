"""The bindings screens declare: the one source of what their keys are called (key bar,
Help, the palette, the README's key table test)."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen


def screen_bindings(screen_class: type) -> list[Binding]:
    """The bindings a screen class declares (its own, then its bases'), each key once: the
    one source of what its keys are called (key bar, Help, palette)."""
    seen: set[str] = set()
    found: list[Binding] = []
    for cls in screen_class.__mro__:
        if cls in (Screen, App) or not issubclass(cls, (Screen, App)):
            continue
        for item in cls.__dict__.get("BINDINGS", ()):
            if isinstance(item, tuple):
                item = Binding(*item)
            if isinstance(item, Binding) and item.key not in seen and item.description:
                seen.add(item.key)
                found.append(item)
    return found
