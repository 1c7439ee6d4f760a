"""A real browser at a served table: `strange-tui serve` as a subprocess, Debian's chromium
driven by Playwright opens the GM's link, the Home screen draws, a key changes the screen.

xterm.js draws on a canvas, so the test reads the terminal's own buffer: the page's script
is patched on its way to the browser to leave the terminal where the test can reach it.
Skipped when /usr/bin/chromium is missing, except on CI (the env var CI), where it fails.
"""

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from strange_tui.cli.serve import SHUTDOWN_SECONDS

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 30_000
"""How long the page may take to show something (a cold app start on a busy machine)."""
OPEN_TERMINAL = "this.terminal.open(e),"
"""Where textual-serve's script opens its xterm.js terminal; the test adds a name after it."""
SCREEN_JS = """() => {
    const terminal = window.strangeTerminal;
    if (!terminal) return "";
    const buffer = terminal.buffer.active, rows = [];
    for (let y = 0; y < terminal.rows; y++) {
        const line = buffer.getLine(buffer.viewportY + y);
        rows.push(line ? line.translateToString(true) : "");
    }
    return rows.join("\\n");
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def served(demo: Path):
    """`strange-tui serve` on the demo, as a subprocess: its links by seat name."""
    server = subprocess.Popen(
        [sys.executable, "-m", "strange_tui", "serve", str(demo), "--port", str(free_port())],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=demo.parent,
    )
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in server.stdout])
    reader.daemon = True  # Reads until the server's stdout closes.
    reader.start()
    links, said = {}, []
    deadline = time.monotonic() + WAIT_MS / 1000
    try:
        while not said or not said[-1].startswith("Ctrl+C"):
            said.append(lines.get(timeout=max(0.1, deadline - time.monotonic())))
            if found := re.match(r"\s+(\S+)\s+(http://\S+/)", said[-1]):
                links[found.group(1)] = found.group(2)
        yield links
    except queue.Empty:
        pytest.fail(f"serve printed no links: {''.join(said)}")
    finally:
        # Ctrl+C's way out: every seat's app is told to quit, then the server stops.
        server.send_signal(signal.SIGINT)
        try:
            assert server.wait(timeout=SHUTDOWN_SECONDS + 10) == 0
        finally:
            server.kill()


@pytest.fixture
def browser():
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: `apt-get install chromium` runs the browser test"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def expose_terminal(route) -> None:
    """Serve textual-serve's script with its terminal left on `window.strangeTerminal`."""
    script = route.fetch().text()
    assert script.count(OPEN_TERMINAL) == 1, "textual-serve's script changed: update the test"
    patched = script.replace(OPEN_TERMINAL, OPEN_TERMINAL + "window.strangeTerminal=this.terminal,")
    route.fulfill(body=patched, content_type="application/javascript")


def wait_for_screen(page, text: str) -> str:
    """The terminal's screen once it shows ``text`` (a Playwright TimeoutError otherwise)."""
    page.wait_for_function(f"(text) => ({SCREEN_JS})().includes(text)", arg=text, timeout=WAIT_MS)
    return page.evaluate(SCREEN_JS)


def test_the_gm_link_opens_home_in_a_browser_and_keys_work(browser, served):
    page = browser.new_page(viewport={"width": 1000, "height": 700})
    page.route("**/static/js/textual.js", expose_terminal)
    # No "load": the page asks Google for a font, which an offline machine never answers.
    page.goto(served["gm"], wait_until="domcontentloaded")
    home = wait_for_screen(page, "Demo: The Glass Door")
    assert "Mara Quist" in home and "Tess Harrow" in home
    page.locator(".xterm-helper-textarea").focus()
    page.keyboard.press("?")
    help_screen = wait_for_screen(page, "Keys — Home")
    assert help_screen != home
