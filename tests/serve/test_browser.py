"""A real browser at a served table: `strange-tui serve` as a subprocess, Debian's chromium
driven by Playwright opens the GM's link, the Home screen draws, a key changes the screen;
the page asks no other host for anything (its fonts too) and breaks none of its security
policy; and a window past its seat's limit says why.

xterm.js draws on a canvas, so the test reads the terminal's own buffer: the page's script
is patched on its way to the browser to leave the terminal where the test can reach it.
Skipped when /usr/bin/chromium is missing, except on CI (the env var CI), where it fails.
"""

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.serve.conftest import ServedTable

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


@pytest.fixture
def served(demo: Path, request: pytest.FixtureRequest):
    """`strange-tui serve` on the demo, as a subprocess (with the options a test gives it
    as its parameter): its links by seat name. It must stop cleanly on Ctrl+C."""
    table = ServedTable(demo, *getattr(request, "param", ()))
    try:
        yield table.links
    finally:
        assert table.stop() == 0


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
    page.goto(served["gm"])
    home = wait_for_screen(page, "Demo: The Glass Door")
    assert "Mara Quist" in home and "Tess Harrow" in home
    page.locator(".xterm-helper-textarea").focus()
    page.keyboard.press("?")
    help_screen = wait_for_screen(page, "Keys — Home")
    assert help_screen != home


def test_the_page_asks_nothing_of_any_other_host_and_keeps_its_policy(browser, served):
    page = browser.new_page(viewport={"width": 1000, "height": 700})
    asked, complaints = [], []
    page.on("request", lambda request: asked.append(request.url))
    page.on("websocket", lambda websocket: asked.append(websocket.url))
    page.on("console", lambda message: message.type == "error" and complaints.append(message.text))
    page.route("**/static/js/textual.js", expose_terminal)
    page.goto(served["gm"])
    wait_for_screen(page, "Demo: The Glass Door")
    server = urlsplit(served["gm"]).netloc
    assert asked and {urlsplit(url).netloc for url in asked} == {server}
    assert any(urlsplit(url).scheme == "ws" for url in asked)
    assert page.evaluate("document.fonts.check(\"16px 'Roboto Mono'\")")
    assert page.evaluate("[...document.fonts].every(font => font.status === 'loaded')")
    assert complaints == []  # A blocked script, style or font would be an error here.


@pytest.mark.parametrize("served", [["--apps-per-seat", "1"]], indirect=True)
def test_a_window_past_its_seat_s_limit_says_why_in_the_page(browser, served):
    first = browser.new_page(viewport={"width": 1000, "height": 700})
    first.route("**/static/js/textual.js", expose_terminal)
    first.goto(served["mara"])
    wait_for_screen(first, "Demo: The Glass Door")
    second = browser.new_page(viewport={"width": 1000, "height": 700})
    second.goto(served["mara"])
    message = second.locator("#closed-message")
    message.wait_for(state="visible", timeout=WAIT_MS)
    assert message.inner_text() == (
        "This seat has 1 window open already: close one, then press Restart."
    )
