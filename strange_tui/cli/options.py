"""The options every command takes, before or after the command's name: ``--saves DIR``,
``--seat SEAT`` and ``--config FILE`` (``strange-tui --saves DIR sheet demo`` is
``strange-tui sheet demo --saves DIR``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from strange_tui.cli.parsing import UsageError

GLOBAL_OPTIONS = ("--saves", "--seat", "--config")


class GlobalOptions(NamedTuple):
    """What the command line says of the three, wherever they stood (None: not given)."""

    saves: str | None
    seat: str | None
    config: str | None


def split_global_options(argv: Sequence[str]) -> tuple[GlobalOptions, list[str]]:
    """The global options taken out of ``argv`` (``--saves DIR`` or ``--saves=DIR``), and
    the rest in its order. Past a ``--`` every word is the command's."""
    found: dict[str, str] = {}
    rest: list[str] = []
    words = list(argv)
    index = 0
    while index < len(words):
        word = words[index]
        if word == "--":
            rest += words[index:]
            break
        name, equals, value = word.partition("=")
        if name in GLOBAL_OPTIONS:
            if not equals:
                if index + 1 >= len(words) or words[index + 1].startswith("--"):
                    raise UsageError(f"{name} needs a value: {name} {name[2:].upper()}.")
                index += 1
                value = words[index]
            if name in found and found[name] != value:
                raise UsageError(f"{name} is given twice: {found[name]!r} and {value!r}.")
            found[name] = value
        else:
            rest.append(word)
        index += 1
    options = GlobalOptions(found.get("--saves"), found.get("--seat"), found.get("--config"))
    return options, rest
