"""The host's side of bench/serve.py (see its docstring): the measures both sides share,
the processes the bench starts (each in a group of its own, killed on the way out) and what
/proc says of them (CPU, RSS and Pss), our app and the bare Textual app under a pty of
80x24, and `strange-tui serve` with its seat links."""

from __future__ import annotations

import contextlib
import fcntl
import os
import queue
import random
import re
import select
import signal
import socket
import struct
import subprocess
import sys
import termios
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

COLS, ROWS = 80, 24
KEY = "?"
WARM_UP = 4
"""Untimed presses first, at every seat and in the terminal: the first Help an app opens
costs it half a second of imports and building, once; the bench times the steady state."""
PACE = (0.35, 0.65)
"""Seconds between one seat's presses, at random: a player's pace, not a robot's."""
QUIET = 0.100
"""Output less than this apart is one burst (one key's frame, drawn in steps)."""
SERVE_SECONDS = 60
"""How long serve may take to print its links."""
SCREEN_SECONDS = 120
"""How long a page (or a terminal app) may take to show Home: 8 cold starts on 2 cores."""
TITLE = "Demo: The Glass Door"
ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)")

BARE = """
from textual.app import App
from textual.widgets import Footer, Header

class Bare(App):
    def compose(self):
        yield Header()
        yield Footer()

Bare().run()
"""


class BenchError(Exception):
    """A step that did not happen in its time: the bench says which, and stops."""


@dataclass
class Presses:
    """One side's key-to-frame times, in ms."""

    first: list[float] = field(default_factory=list)
    settled: list[float] = field(default_factory=list)
    missed: int = 0
    """Presses after which nothing came (within the pace window)."""
    to_send: list[float] = field(default_factory=list)
    """The browser's parts of the first frame: keydown to the websocket send..."""
    to_output: list[float] = field(default_factory=list)
    """...the send to the first output message (server, app and back)..."""
    to_draw: list[float] = field(default_factory=list)
    """...and that message to xterm.js's draw."""


# Processes -------------------------------------------------------------------------------

STARTED: list[subprocess.Popen] = []


def start(argv: list[str], **options) -> subprocess.Popen:
    """A process in a session (and group) of its own, killed on the way out."""
    process = subprocess.Popen(argv, start_new_session=True, **options)
    STARTED.append(process)
    return process


def kill_group(process: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=10)


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            # The name is in parentheses and may hold spaces: the fields after it are safe.
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def memory_kib(pid: int) -> tuple[int, int]:
    """A process's VmRSS and Pss, in KiB (0, 0 when it has gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    rss = re.search(r"VmRSS:\s+(\d+)", status)
    pss = re.search(r"^Pss:\s+(\d+)", rollup, re.M)
    return int(rss.group(1)) if rss else 0, int(pss.group(1)) if pss else 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_ticks(pid: int) -> int:
    """A process's user and system CPU so far, in clock ticks (0 when it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        kids = children(todo.pop())
        found += kids
        todo += kids
    return found


def program(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0]
    except OSError:
        return b""


# The terminal ----------------------------------------------------------------------------


class PtyApp:
    """A program under a pty of 80x24, as a terminal runs it."""

    def __init__(self, argv: list[str], cwd: Path) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLS), "LINES": str(ROWS)}
        for name in ("TEXTUAL_DRIVER", "TEXTUAL_FPS", "TERM_PROGRAM", "NO_COLOR"):
            env.pop(name, None)
        self.process = start(
            argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )  # fmt: skip
        os.close(slave)
        self.seen = b""

    def read_burst(self, seconds: float) -> list[float]:
        """The arrival times of output until a quiet QUIET long (or ``seconds`` are up)."""
        times: list[float] = []
        deadline = time.perf_counter() + seconds
        while (left := deadline - time.perf_counter()) > 0:
            wait = min(left, QUIET) if times else left
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                if times:
                    break
                continue
            try:
                data = os.read(self.master, 65536)
            except OSError:  # The program exited.
                break
            times.append(time.perf_counter())
            self.seen = (self.seen + data)[-200_000:]
        return times

    def wait_for(self, text: str, seconds: float) -> None:
        deadline = time.perf_counter() + seconds
        while text not in ANSI.sub("", self.seen.decode("utf-8", "replace")):
            if time.perf_counter() > deadline or self.process.poll() is not None:
                raise BenchError(f"the terminal app showed no {text!r} in {seconds:.0f} s")
            self.read_burst(min(1.0, deadline - time.perf_counter()))
        self.read_burst(5.0)  # Until the first screen is drawn in full.

    def close(self) -> None:
        kill_group(self.process)
        with contextlib.suppress(OSError):
            os.close(self.master)


def terminal_presses(
    campaign: Path, presses: int, seat: str
) -> tuple[Presses, float, tuple[int, int]]:
    """The key in our app under a pty, at the GM's seat: the times, the app's CPU ms per
    press, and its memory after."""
    app = PtyApp(
        [sys.executable, "-m", "strange_tui", str(campaign), "--saves", str(campaign.parent),
         "--seat", seat],
        campaign.parent,
    )  # fmt: skip
    try:
        app.wait_for(TITLE, SCREEN_SECONDS)
        time.sleep(1.0)
        for _ in range(WARM_UP):
            os.write(app.master, KEY.encode())
            app.read_burst(2.0)
            time.sleep(max(PACE))
        app.read_burst(0.5)
        times = Presses()
        cpu = cpu_ticks(app.process.pid)
        for _ in range(presses):
            sent = time.perf_counter()
            os.write(app.master, KEY.encode())
            burst = app.read_burst(max(PACE))
            if burst:
                times.first.append((burst[0] - sent) * 1000)
                times.settled.append((burst[-1] - sent) * 1000)
            else:
                times.missed += 1
            time.sleep(random.uniform(*PACE))
            app.read_burst(0.01)
        cpu_ms = (cpu_ticks(app.process.pid) - cpu) * 1000 / os.sysconf("SC_CLK_TCK") / presses
        return times, cpu_ms, memory_kib(app.process.pid)
    finally:
        app.close()


def bare_memory(folder: Path) -> tuple[int, int]:
    """A bare Textual app's RSS and Pss at its first frame, under the same kind of pty."""
    script = folder / "bare_app.py"
    script.write_text(BARE)
    app = PtyApp([sys.executable, str(script)], folder)
    try:
        if not app.read_burst(SCREEN_SECONDS):
            raise BenchError("the bare Textual app drew nothing")
        app.read_burst(5.0)
        time.sleep(0.5)
        return memory_kib(app.process.pid)
    finally:
        app.close()


# The server ------------------------------------------------------------------------------


class Served:
    """`strange-tui serve` on the campaign: its links by seat name."""

    def __init__(self, campaign: Path, apps_per_seat: int) -> None:
        self.port = free_port()
        self.process = start(
            [sys.executable, "-m", "strange_tui", "serve", str(campaign), "--saves",
             str(campaign.parent), "--port", str(self.port), "--apps-per-seat",
             str(apps_per_seat)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=campaign.parent,
        )  # fmt: skip
        lines: queue.Queue[str] = queue.Queue()
        reader = threading.Thread(target=lambda: [lines.put(x) for x in self.process.stdout])
        reader.daemon = True
        reader.start()
        self.said: list[str] = []
        self.links: dict[str, str] = {}
        deadline = time.monotonic() + SERVE_SECONDS
        try:
            while not self.said or not self.said[-1].startswith("Ctrl+C"):
                self.said.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
                if found := re.match(r"\s+(\S+)\s+(http://\S+/)", self.said[-1]):
                    self.links[found.group(1)] = found.group(2)
        except queue.Empty:
            raise BenchError(f"serve printed no links: {''.join(self.said)}") from None

    def apps(self) -> list[int]:
        return children(self.process.pid)

    def wait_apps(self, count: int, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while len(self.apps()) != count:
            if time.monotonic() > deadline:
                raise BenchError(f"serve runs {len(self.apps())} apps, not {count}")
            time.sleep(0.1)

    def stop(self) -> None:
        """Ctrl+C's way out (every app told to quit), then the group killed regardless."""
        with contextlib.suppress(ProcessLookupError):
            self.process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=15)
        kill_group(self.process)
