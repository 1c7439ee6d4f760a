"""What the serve tests share: a fresh demo campaign in tmp_path, reading an app's output,
the app services a server starts, and the app processes running on a campaign."""

import contextlib
import json
import queue
import re
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from strange_tui.cli.serve.server import SHUTDOWN_SECONDS
from strange_tui.demo.build import build_demo

ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)")
FAKE_APP = Path(__file__).with_name("fake_app.py")
SERVER_SECONDS = 30
"""How long the server may take to print its links (a cold start on a busy machine)."""


def screen_text(data: bytes) -> str:
    """The text an app's terminal output draws, escape sequences taken out."""
    return ANSI.sub("", data.decode("utf-8", "replace"))


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh demo campaign for a test module (never the repository's saves/): the
    tests only read it, and the apps they start only open it."""
    saves = tmp_path_factory.mktemp("saves")
    build_demo(saves)
    return saves / "demo"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list:
    """Every app service a websocket starts, in order (each is one app process)."""
    from textual_serve.app_service import AppService

    services: list[AppService] = []
    original = AppService.start

    async def start(self: AppService, width: int, height: int) -> None:
        services.append(self)
        await original(self, width, height)

    monkeypatch.setattr(AppService, "start", start)
    return services


def apps_on(campaign: Path) -> dict[int, int]:
    """The seat apps running on ``campaign`` (found by its path in their command line, as
    the server runs them), each pid with its resident memory in kB. Linux only: /proc."""
    found = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            argv = (status.parent / "cmdline").read_bytes().split(b"\0")
            text = status.read_text()
        except OSError:  # It ended while we looked.
            continue
        if str(campaign).encode() in argv and b"--seat" in argv:
            resident = re.search(r"VmRSS:\s+(\d+)", text)
            found[int(status.parent.name)] = int(resident.group(1)) if resident else 0
    return found


def resident(pid: int) -> int:
    """The resident memory of process ``pid``, in kB (0 once it has gone). Linux only."""
    try:
        found = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
    except OSError:
        return 0
    return int(found.group(1)) if found else 0


needs_proc = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="counts processes in Linux's /proc"
)


class FakeApps:
    """Seat apps replaced by fake_app.py: each notes what reaches it in a file of its own."""

    def __init__(self, records: Path) -> None:
        self.records = records
        self.mode = "obedient"
        self.count = 0

    def argv(self, path: Path, saves: Path, seat: str) -> list[str]:
        self.count += 1
        record = self.records / f"{self.count}-{seat}.jsonl"
        return [sys.executable, str(FAKE_APP), str(record), self.mode]

    def notes(self, number: int = 1) -> list[dict]:
        """What the ``number``th app started has received so far (nothing before it runs)."""
        records = list(self.records.glob(f"{number}-*.jsonl"))
        lines = records[0].read_text().splitlines() if records else []
        return [json.loads(line) for line in lines]


@pytest.fixture
def fake_apps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeApps:
    from strange_tui.cli.serve import server as web_server

    fakes = FakeApps(tmp_path)
    monkeypatch.setattr(web_server, "seat_argv", fakes.argv)
    return fakes


@contextlib.asynccontextmanager
async def serving(demo: Path, **limits: int):
    """A test client of the server for the demo (``limits``: apps_per_seat, max_apps), its
    seats by name, and the server."""
    from aiohttp.test_utils import TestClient, TestServer

    from strange_tui.cli.serve.command import seat_server_class, table_seats
    from strange_tui.storage.folder import CampaignFolder

    state = CampaignFolder(demo).check()
    seats = {seat.name: seat for seat in table_seats(state)}
    server = seat_server_class()(
        demo, demo.parent, title=state.name, seats=list(seats.values()),
        host="127.0.0.1", port=8000, public_url=None, **limits,
    )  # fmt: skip
    async with TestClient(TestServer(await server._make_app())) as client:
        yield client, seats, server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ServedTable:
    """`strange-tui serve` on a campaign, as a subprocess: its links by seat name, and what
    it has printed so far. ``limits`` are resource limits (soft, hard) the server runs under,
    and its apps with it: a memory bomb then fails a test instead of swapping the host."""

    def __init__(
        self, campaign: Path, *options: str, limits: dict[int, tuple[int, int]] | None = None
    ) -> None:
        def limited() -> None:
            for kind, bounds in (limits or {}).items():
                resource.setrlimit(kind, bounds)

        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "strange_tui", "serve", str(campaign), "--port",
             str(self.port), *options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=campaign.parent,
            preexec_fn=limited if limits else None,
        )  # fmt: skip
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        reader = threading.Thread(target=lambda: [self.lines.put(x) for x in self.process.stdout])
        reader.daemon = True  # Reads until the server's stdout closes.
        reader.start()
        self.links: dict[str, str] = {}
        deadline = time.monotonic() + SERVER_SECONDS
        try:
            while not self.said or not self.said[-1].startswith("Ctrl+C"):
                self.said.append(self.lines.get(timeout=max(0.1, deadline - time.monotonic())))
                if found := re.match(r"\s+(\S+)\s+(http://\S+/)", self.said[-1]):
                    self.links[found.group(1)] = found.group(2)
        except queue.Empty:
            self.process.kill()
            pytest.fail(f"serve printed no links: {''.join(self.said)}")

    def token(self, seat: str) -> str:
        return self.links[seat].rstrip("/").rsplit("/", 1)[1]

    def output(self) -> str:
        """All the server has printed so far."""
        while not self.lines.empty():
            self.said.append(self.lines.get())
        return "".join(self.said)

    def stop(self) -> int:
        """Ctrl+C's way out: every seat's app is told to quit, then the server stops."""
        self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=SHUTDOWN_SECONDS + 10)
        finally:
            self.process.kill()
