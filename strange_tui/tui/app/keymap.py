"""The player's keymap: binding ids to keys, from the config file's ``[keys]``.

Every key the app binds has an id (``home.roll``, ``combat.attack``); Textual's
``App.set_keymap`` puts a keymap's keys in place of the defaults, and the key bar, Help and
the palette read the keys in use. What Textual cannot see before a key is pressed is a
clash: a key remapped onto one that another action of the same screen (or the app) already
has. That is found here, as the app starts, over every screen's bindings; the remap that
clashes is left out and said, so no action is silently lost. ``strange-tui keys`` prints
the table built here."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

import strange_tui.tui
from strange_tui.tui.common.bindings import declared_bindings

LONG_NAMES = {
    "?": "question_mark", "+": "plus", "-": "minus", "=": "equals_sign",
    "!": "exclamation_mark",
}  # fmt: skip


class KeyRow(NamedTuple):
    """One binding as ``strange-tui keys`` lists it."""

    binding_id: str
    where: str
    what: str
    default: str
    key: str
    origin: str


@functools.cache
def node_classes() -> tuple[type[DOMNode], ...]:
    """Every screen, dialog, widget and the app that declares bindings, in module order
    (all of ``strange_tui.tui`` is imported: only the keys command and a keymap's check
    at start need them all; once a process, as the check asks again for each pass)."""
    import pkgutil  # Here: a start without a keymap never walks the package.

    for module in pkgutil.walk_packages(strange_tui.tui.__path__, "strange_tui.tui."):
        importlib.import_module(module.name)
    found: dict[type, None] = {}
    pending = [DOMNode]
    while pending:
        cls = pending.pop()
        for sub in cls.__subclasses__():
            pending.append(sub)
            if sub.__module__.startswith("strange_tui.") and sub.__dict__.get("BINDINGS"):
                found[sub] = None
    return tuple(sorted(found, key=lambda cls: (cls.__module__, cls.__qualname__)))


def ids_of(cls: type) -> Iterator[Binding]:
    """The bindings ``cls`` itself declares that have an id (those a keymap can move)."""
    for binding in declared_bindings(cls):
        if binding.id:
            yield binding


def normalized(keys: str) -> str:
    """'ctrl+o,?' as Textual names keys: 'ctrl+o,question_mark'."""
    return ",".join(LONG_NAMES.get(key.strip(), key.strip()) for key in keys.split(","))


def known_ids() -> dict[str, tuple[type, Binding]]:
    """Each binding id and the first class that declares it, with its default binding."""
    found: dict[str, tuple[type, Binding]] = {}
    for cls in node_classes():
        for binding in ids_of(cls):
            found.setdefault(binding.id or "", (cls, binding))
    return found


def clashes(keymap: Mapping[str, str], app_class: type) -> dict[str, str]:
    """The remapped ids that would share a key with another action of one screen (or of
    the app, which every screen's keys sit over), each with a sentence saying where."""
    app_bindings = list(ids_of(app_class))
    found: dict[str, str] = {}
    for cls in node_classes():
        if not issubclass(cls, Screen):
            continue
        bindings = [*app_bindings, *all_declared(cls)]
        by_key: dict[str, list[Binding]] = {}
        for binding in bindings:
            keys = normalized(keymap.get(binding.id or "", binding.key))
            for key in keys.split(","):
                by_key.setdefault(key, []).append(binding)
        for sharing in by_key.values():
            actions = {binding.action for binding in sharing}
            moved = [b for b in sharing if b.id in keymap]
            if len(actions) < 2 or not moved:
                continue  # The defaults' own pairs (one shown at a time) are the app's.
            for binding in moved:
                other = next(b for b in sharing if b.action != binding.action)
                found.setdefault(
                    binding.id or "",
                    f"keys: {binding.id} = {keymap[binding.id or '']!r} is also"
                    f" {other.description or other.action} ({other.id or 'no id'}) on"
                    f" {cls.__name__}: kept {binding.key!r}",
                )
    return found


def all_declared(cls: type) -> list[Binding]:
    """The bindings a screen has from its own class and its bases, the nearest first."""
    seen: set[str] = set()
    bindings = []
    for base in cls.__mro__:
        for binding in declared_bindings(base):
            if binding.id not in seen:
                seen.add(binding.id or binding.key)
                bindings.append(binding)
    return bindings


def usable_keymap(keymap: Mapping[str, str], app_class: type) -> tuple[dict[str, str], list[str]]:
    """The keymap the app applies (ids that exist, keys that clash with nothing) and a
    line for each remap left out."""
    if not keymap:
        return {}, []
    known = known_ids()
    problems = [
        f"keys: no binding is called {name!r} (ignored)" for name in keymap if name not in known
    ]
    wanted = {name: normalized(keys) for name, keys in keymap.items() if name in known}
    # A remap left out puts its binding back on its default key, where another remap may
    # now clash with it: again until none does.
    while clashing := clashes(wanted, app_class):
        problems += clashing.values()
        wanted = {name: keys for name, keys in wanted.items() if name not in clashing}
    return wanted, problems


def key_rows(keymap: Mapping[str, str], origin: str) -> list[KeyRow]:
    """Every binding id with its default key and the key in use (and where that came
    from: ``origin`` for a remapped one, "default" for the rest)."""
    rows = []
    for binding_id, (cls, binding) in sorted(known_ids().items()):
        remapped = binding_id in keymap
        rows.append(
            KeyRow(
                binding_id,
                cls.__name__,
                binding.description or binding.action,
                binding.key,
                keymap[binding_id] if remapped else binding.key,
                origin if remapped else "default",
            )
        )
    return rows
