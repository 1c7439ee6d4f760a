"""One set of limits for the writer and the reader: an event, and the state it makes, are
checked against the same bounds the campaign files are decoded with, before anything is
written. What the model accepts always opens again."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import msgspec

from strange_tui.campaign.model.events import AnyEvent
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.errors import RuleViolation

_ENCODER = msgspec.json.Encoder()
_WHERE = re.compile(r" - at `\$\.?(?P<path>[^`]*)`$")


@cache
def _decoder(kind: Any) -> msgspec.json.Decoder:
    """The decoder of ``kind``, built on the first check: building the two takes about
    11 ms, which the app's start does not need to pay."""
    return msgspec.json.Decoder(kind)


def check_event(event: AnyEvent) -> None:
    """RuleViolation when ``event`` holds what a campaign file may not."""
    _check(_decoder(AnyEvent), event, "Not kept:")


def check_state(state: Campaign) -> None:
    """RuleViolation when ``state`` went past what a campaign file may hold."""
    _check(_decoder(Campaign), state, "Not kept:")


def _check(decoder: msgspec.json.Decoder, value: Any, lead: str) -> None:
    try:
        decoder.decode(_ENCODER.encode(value))
    except msgspec.ValidationError as error:
        raise RuleViolation(f"{lead} {_explain(str(error))}") from None


def _explain(message: str) -> str:
    """A decoder's complaint in a player's words."""
    match = _WHERE.search(message)
    where = match.group("path") if match else ""
    what = message[: match.start()] if match else message
    field = where.rsplit(".", 1)[-1].replace("_", " ") or "a value"
    if "matching regex" in what:
        return f"{field} holds control characters (escape codes or line breaks); type it again."
    if "length <=" in what:
        most = what.rsplit("<=", 1)[-1].strip()
        return f"{field} is longer than {most} characters, the most a campaign keeps."
    if "<=" in what:
        most = what.rsplit("<=", 1)[-1].strip()
        return f"{field} would be more than {most}, the most a campaign keeps."
    if ">=" in what:
        least = what.rsplit(">=", 1)[-1].strip()
        return f"{field} would be less than {least}."
    return f"{field} cannot be kept: {what.strip()}."
