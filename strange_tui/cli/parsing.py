"""Argument parsing for the plain commands: one clear line on a mistake, exit status 2."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from strange_tui.campaign.narrate.plain import terminal

USAGE_ERROR = 2


class UsageError(Exception):
    """A mistake in the command line; the message is shown as it is."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line on stderr, never a usage dump."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes what was typed ('unrecognized arguments: ...'): escape codes too.
        sys.stderr.write(f"{self.prog}: {terminal(message)}\n")
        sys.exit(USAGE_ERROR)


def whole_number(text: str) -> int:
    """An integer, with a message that says what was expected."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def at_least_zero(text: str) -> int:
    """A whole number, 0 or more."""
    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


def markdown_is_md(text: str) -> str:
    """A format as typed: 'markdown' (any case) is 'md'; the choices check the rest."""
    return "md" if text.strip().casefold() in ("md", "markdown") else text
