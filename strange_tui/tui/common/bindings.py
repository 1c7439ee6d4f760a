"""The bindings screens declare: the one source of what their keys are called (key bar,
Help, the palette, the README's key table test), with the player's keymap applied."""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

_keymap: dict[str, str] = {}
"""The keymap in use (binding id -> keys), as the app set it at start."""


def use_keymap(keymap: Mapping[str, str]) -> None:
    """The keys Help and the palette name from now on: the app calls this as it applies
    its keymap with ``set_keymap`` (the key bar reads Textual's active bindings)."""
    _keymap.clear()
    _keymap.update(keymap)


def remapped() -> set[str]:
    """The ids of the bindings the keymap in use moves."""
    return set(_keymap)


def declared_bindings(cls: type) -> list[Binding]:
    """The bindings ``cls`` itself declares (not its bases'), tuples made Bindings."""
    found = []
    for item in cls.__dict__.get("BINDINGS", ()):
        if isinstance(item, tuple):
            item = Binding(*item)
        if isinstance(item, Binding):
            found.append(item)
    return found


def screen_bindings(screen_class: type) -> list[Binding]:
    """The bindings a screen class declares (its own, then its bases'), each key once, at
    the keys the keymap gives them: the one source of what its keys are called (key bar,
    Help, palette)."""
    seen: set[str] = set()
    found: list[Binding] = []
    for cls in screen_class.__mro__:
        if cls in (Screen, App) or not issubclass(cls, (Screen, App)):
            continue
        for item in declared_bindings(cls):
            if item.id and item.id in _keymap:
                item = item.with_key(_keymap[item.id], key_display=None)
            if item.key not in seen and item.description:
                seen.add(item.key)
                found.append(item)
    return found
