"""What a browser may say on a seat's websocket: the messages textual-serve's page sends,
checked, with terminal sizes held to what a screen can show, and passed to the seat's app.

Imported only when `strange-tui serve` runs (it imports aiohttp)."""

from __future__ import annotations

import asyncio
import json
import math
from dataclasses import dataclass
from typing import Any, TypeVar

from aiohttp import WSCloseCode, WSMsgType

from strange_tui.cli.serve.pace import Allowance, events_in

T = TypeVar("T")

MAX_WIDTH = 500
"""The widest terminal a seat's app is drawn at, in cells: the app draws every cell, so an
unbounded size is unbounded memory (a width of a billion took gigabytes in seconds)."""
MAX_HEIGHT = 200
"""The tallest terminal a seat's app is drawn at, in rows."""
PING_CHARS = 32
"""The longest ping the server echoes: the page sends the time in milliseconds."""
NOT_THE_PAGE = b"The browser sent what this page never sends."
"""The close reason of a connection that sent a malformed message."""
TOO_FAST = b"This window sent keys faster than anyone types: press Restart."
"""The close reason of a connection past its allowance (see ``pace``)."""
APP_STUCK = b"This seat's app stopped reading what it is sent: press Restart."
"""The close reason of a connection whose app took no input for APP_WRITE_SECONDS."""
APP_WRITE_SECONDS = 10.0
"""How long a message may wait for the app to take it (its input pipe full): an app that
reads nothing for this long is stuck, and its window is closed, which ends it."""


class Malformed(ValueError):
    """A message the page never sends: the connection that sent it is closed."""


@dataclass(frozen=True)
class Keys:
    """What the player typed (or pasted), for the app's input."""

    text: str


@dataclass(frozen=True)
class Resize:
    """The browser's terminal has a new size, already clamped."""

    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    """The page measures the round trip: the server echoes ``data`` back."""

    data: str


@dataclass(frozen=True)
class Focus:
    """The browser's tab gained (or lost) the focus."""

    focused: bool


BrowserMessage = Keys | Resize | Ping | Focus


async def follow_browser(websocket: Any, app_service: Any, token: str) -> None:
    """Pass the browser's messages to its app until the browser goes, says what the page
    never says, or talks faster than a person: each closes its connection, with the reason
    and without a word in the server's output."""
    allowance = Allowance()
    clock = asyncio.get_running_loop().time
    try:
        await websocket.send_json(["instance_id", token])  # The page's downloads carry it.
        async for message in websocket:
            if message.type != WSMsgType.TEXT:  # The page sends only text.
                raise Malformed("not text")
            said = read_message(message.data)
            events = events_in(said.text) if isinstance(said, Keys) else 1
            if not allowance.spend(events, clock()):
                await websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=TOO_FAST)
            elif isinstance(said, Ping):
                await websocket.send_json(["pong", said.data])
            elif said is not None:
                # Bounded: a stuck app must not hold its window (and the server) forever.
                await asyncio.wait_for(tell_app(app_service, said), APP_WRITE_SECONDS)
    except Malformed:
        await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA, message=NOT_THE_PAGE)
    except TimeoutError:
        await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=APP_STUCK)
    except ConnectionError:  # The browser went while it was answered.
        pass


async def tell_app(app_service: Any, said: Keys | Resize | Focus) -> None:
    """Write what the browser said to its app's input."""
    if isinstance(said, Keys):
        await app_service.send_bytes(said.text.encode("utf-8"))
    elif isinstance(said, Resize):
        await app_service.set_terminal_size(said.width, said.height)
    else:
        await (app_service.focus() if said.focused else app_service.blur())


def terminal_size(width: object, height: object) -> tuple[int, int]:
    """A size the browser asked for, held to 1x1 .. MAX_WIDTH x MAX_HEIGHT."""
    return clamp(cells(width), MAX_WIDTH), clamp(cells(height), MAX_HEIGHT)


def query_size(width: str, height: str) -> tuple[int, int]:
    """The first size, from the websocket's query string (80x24 when it is not a number)."""
    return terminal_size(whole(width, 80), whole(height, 24))


def read_message(text: str) -> BrowserMessage | None:
    """The message in a websocket's text frame, or None for a kind this server does not
    know (a newer page's); Malformed for anything the page would never send."""
    try:
        envelope = json.loads(text, parse_constant=not_a_number)
    except ValueError:  # JSONDecodeError, and NaN or Infinity.
        raise Malformed("not JSON") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise Malformed("not a list that starts with its kind")
    kind, arguments = envelope[0], envelope[1:]
    if kind == "stdin":
        return Keys(encodable(single(arguments, str)))
    if kind == "resize":
        size = single(arguments, dict)
        return Resize(*terminal_size(size.get("width"), size.get("height")))
    if kind == "ping":
        data = single(arguments, str)
        if len(data) > PING_CHARS:
            raise Malformed("a ping too long")
        return Ping(data)
    if kind in ("focus", "blur"):
        return Focus(kind == "focus")
    return None


def single(arguments: list[object], kind: type[T]) -> T:
    if len(arguments) != 1 or not isinstance(arguments[0], kind):
        raise Malformed(f"expected one {kind.__name__}")
    return arguments[0]


def encodable(text: str) -> str:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # A lone surrogate: JSON can carry it, UTF-8 cannot.
        raise Malformed("text that is not Unicode") from None
    return text


def cells(value: object) -> int:
    # bool is an int to Python, never a size to the page.
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Malformed("a size that is not a number")
    if not math.isfinite(value):  # 1e999 decodes to infinity.
        raise Malformed("a size that is not finite")
    return int(value)


def clamp(value: int, most: int) -> int:
    return max(1, min(value, most))


def whole(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def not_a_number(constant: str) -> float:
    raise ValueError(f"{constant} is not a JSON number")
