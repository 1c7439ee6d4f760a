"""A seat's pace, in the server's own process with fake apps: the allowance's arithmetic, a
flood closed with its reason before the app gets more than a paste's worth, an app that
reads nothing does not hold its window, and the doors keep the newest of the idle."""

import asyncio

import pytest
from aiohttp import WSCloseCode, WSMsgType

from strange_tui.cli.serve import messages
from strange_tui.cli.serve.doors import Doors
from strange_tui.cli.serve.messages import APP_STUCK, TOO_FAST
from strange_tui.cli.serve.pace import BURST_EVENTS, Allowance, events_in
from tests.serve.conftest import serving
from tests.serve.test_serve_limits import WAIT, let_in, until


def test_an_escape_sequence_is_one_key_and_every_message_costs_one():
    assert events_in("") == 1
    assert events_in("abc") == 3
    assert events_in("\x1b[A") == 1  # An arrow.
    assert events_in("\x1b[<35;120;45M") == 1  # A mouse move.
    assert events_in("\x1b[200~hi\x1b[201~") == 4  # A paste's markers, and its text.


def test_the_allowance_lets_a_burst_through_then_its_rate():
    allowance = Allowance(burst=10, rate=5)
    assert allowance.spend(10, now=0.0)
    assert not allowance.spend(1, now=0.0)
    assert not allowance.spend(6, now=1.0)  # 5 came back in a second, not 6.
    assert allowance.spend(5, now=1.0)
    assert allowance.spend(10, now=100.0)  # Never more than the burst saved up.
    assert not allowance.spend(1, now=100.0)


async def closing(websocket) -> tuple[int, str]:
    """The close code and reason of a websocket, whatever its app drew before."""
    while (message := await asyncio.wait_for(websocket.receive(), WAIT)).type != WSMsgType.CLOSE:
        pass
    return websocket.close_code, message.extra


async def test_keys_faster_than_anyone_types_close_the_window_with_the_reason(
    demo, fake_apps, started
):
    async with serving(demo) as (client, seats, server):
        websocket = await let_in(client, seats["gm"].token)
        for _ in range(10):
            await websocket.send_json(["stdin", "a" * 4000])
        assert await closing(websocket) == (WSCloseCode.POLICY_VIOLATION, TOO_FAST.decode())
        await asyncio.wait_for(started[0]._process.wait(), WAIT)
        await until(lambda: not server.limits.live, "the place given back")
    keys = sum(len(note.get("text", "")) for note in fake_apps.notes())
    assert 0 < keys <= BURST_EVENTS


async def test_an_app_that_reads_nothing_closes_its_window_and_is_ended(
    demo, fake_apps, started, monkeypatch
):
    monkeypatch.setattr(messages, "APP_WRITE_SECONDS", 0.5)
    monkeypatch.setattr(messages, "Allowance", lambda: Allowance(burst=1e9, rate=1e9))
    monkeypatch.setattr("strange_tui.cli.serve.server.QUIT_SECONDS", 0.5)
    fake_apps.mode = "deaf"
    async with serving(demo) as (client, seats, server):
        websocket = await let_in(client, seats["gm"].token)
        for _ in range(40):  # 320 kB: far more than its input's pipe holds.
            await websocket.send_json(["stdin", "a" * 8000])
        code, reason = await closing(websocket)
        assert (code, reason) == (WSCloseCode.TRY_AGAIN_LATER, APP_STUCK.decode())
        await asyncio.wait_for(started[0]._process.wait(), WAIT)
        assert started[0]._process.returncode < 0  # Killed: it could not be told to quit.
        await until(lambda: not server.limits.live, "the place given back")


class Transport:
    def __init__(self) -> None:
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_past_the_doors_limit_the_oldest_waiting_connection_is_closed_and_said_once():
    said: list[str] = []
    doors = Doors(most=2, tell=said.append)
    first, second, third, fourth = (Transport() for _ in range(4))
    doors.arrived("first", first)
    doors.arrived("second", second)
    doors.admit("second")  # It showed a seat's token: it never counts again.
    doors.arrived("third", third)
    assert not first.closed
    doors.arrived("fourth", fourth)
    assert (first.closed, second.closed, third.closed, fourth.closed) == (True, False, False, False)
    doors.arrived("fifth", Transport())
    assert third.closed
    assert len(said) == 1


@pytest.mark.parametrize("limit", [256, 1024, 1 << 20])
def test_the_doors_leave_the_open_files_to_the_seats(monkeypatch, limit):
    monkeypatch.setattr("resource.getrlimit", lambda kind: (limit, limit))
    doors = Doors()
    doors.guard(lambda: None)
    assert doors.most <= limit // 4
