"""Idle connections against a served table: sockets that never show a seat's token, more
of them than the server has open files, lock no seat out, and the server says so once."""

import resource
import socket
import time
import urllib.request

from strange_tui.cli.serve.doors import CROWDED
from tests.serve.conftest import ServedTable, needs_proc

OPEN_FILES = 256
"""The server's limit of open files, soft and hard, so it cannot raise it: the common limit
is 1,024, a quarter of it makes the test four times quicker."""
IDLE_SOCKETS = 400
"""Idle sockets opened against it: well past its open files."""
CONNECT_SECONDS = 5.0
"""How long one idle socket may take to connect."""
PAGE_SECONDS = 5.0
"""How long a seat's page may take to load meanwhile (it takes milliseconds)."""


def idle_sockets(port: int, count: int) -> list[socket.socket]:
    """Up to ``count`` connections to ``port`` that send nothing (fewer once one times out:
    the server has stopped accepting). Given seconds: a connection the server is slow to
    take from the kernel's queue is retried by the kernel a second later."""
    opened = []
    for _ in range(count):
        idle = socket.socket()
        idle.settimeout(CONNECT_SECONDS)
        try:
            idle.connect(("127.0.0.1", port))
        except OSError:
            idle.close()
            break
        opened.append(idle)
    return opened


@needs_proc
def test_idle_connections_without_a_token_lock_no_seat_out_and_are_reported_once(demo):
    limit = (OPEN_FILES, OPEN_FILES)
    table = ServedTable(demo, limits={resource.RLIMIT_NOFILE: limit})
    opened = idle_sockets(table.port, IDLE_SOCKETS)
    try:
        asked = time.monotonic()
        with urllib.request.urlopen(table.links["gm"], timeout=PAGE_SECONDS) as page:
            assert page.status == 200
        assert time.monotonic() - asked < PAGE_SECONDS
        assert len(opened) == IDLE_SOCKETS  # Every one was let in; the oldest closed.
        table.stop()
        said = table.output()
        assert "Traceback" not in said
        assert said.count(CROWDED) == 1
    finally:
        table.process.kill()
        for idle in opened:
            idle.close()
