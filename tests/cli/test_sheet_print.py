"""`strange-tui sheet --format html|pdf`: the page a demo character prints on, read back in
Debian's chromium (driven by Playwright, launched once for the module) at A4, asking no
host for anything; the PDF Chromium prints from it; the one line when there is no Chromium.

The browser tests skip when /usr/bin/chromium is missing, except on CI (the env var CI),
where they fail: .ci/run installs it.
"""

import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from strange_tui.campaign.narrate.sheet_html import SKILL_LEVELS
from strange_tui.cli import main
from strange_tui.cli import print_pdf as printer
from strange_tui.cli.print_pdf import NO_CHROMIUM, PrintError
from strange_tui.rules.recovery import REST_SCHEDULE

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]  # fmt: skip
A4_CONTENT = {"width": 703, "height": 1032}
"""A4 less the page's 12 mm margins, in CSS pixels (96 to the inch)."""
PAGE = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def needs_chromium() -> None:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing: `apt-get install chromium` runs the browser test"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    """A copy of the committed demo (tests never write into saves/)."""
    return Path(shutil.copytree(REPO_DEMO, tmp_path_factory.mktemp("saves") / "demo"))


@pytest.fixture(scope="module")
def browser():
    needs_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def sheet_json(demo: Path, name: str, capsys) -> dict:
    assert main(["sheet", str(demo), name, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def open_sheet(browser, demo: Path, tmp_path: Path, *names: str):
    """The page `sheet --format html --out` writes, open at A4 in print, and every URL
    it asked for (anything but the page itself is refused on its way out)."""
    out = tmp_path / "sheet.html"
    assert main(["sheet", str(demo), *names, "--format", "html", "--out", str(out)]) == 0
    page = browser.new_page(viewport=A4_CONTENT)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    url = out.as_uri()
    # Nothing but the page itself is let through, should the page ever ask.
    page.route(
        "**/*", lambda route: route.continue_() if route.request.url == url else route.abort()
    )
    page.emulate_media(media="print")
    page.goto(url)
    return page, asked, url


TEXTS_JS = """(selectors) => Object.fromEntries(selectors.map(selector => [selector,
    [...document.querySelectorAll(selector)].map(element => element.innerText.trim())]))"""


def test_the_printed_page_shows_mara_s_numbers_where_the_sheet_has_them(
    browser, demo, tmp_path, capsys
):
    mara = sheet_json(demo, "Mara", capsys)
    page, _, _ = open_sheet(browser, demo, tmp_path, "Mara")
    wanted = {"h1.name": [mara["name"]]}
    for stat, pool in mara["pools"].items():
        wanted[f".pool-{stat} .current b"] = [str(pool["current"])]
        wanted[f".pool-{stat} .current small"] = [f"OF {pool['max']}"]  # Set in capitals.
        wanted[f".pool-{stat} .edge b"] = [str(pool["edge"])]
    for box in ("tier", "effort", "xp", "armor"):
        wanted[f".box.{box} b"] = [str(mara[box])]
    for number in ("recovery_bonus", "cypher_load", "cypher_limit"):
        wanted[f".{number.replace('_', '-')}"] = [str(mara[number])]
    wanted[".rests li.done"] = [f"X\n{rest.label}" for rest in REST_SCHEDULE[: mara["rests_today"]]]
    wanted[".track-steps li.done"] = ["X\n" + mara["damage_track"]]
    wanted[".cyphers td"] = [
        str(part) for c in mara["cyphers"] for part in (c["name"], c["level"], "")
    ]
    wanted[".abilities li"] = mara["abilities"]
    wanted[".equipment li"] = mara["equipment"]
    wanted[".skills td:first-child"] = list(mara["skills"])
    wanted[".skills td.level"] = [
        "X" if level == held else "" for held in mara["skills"].values() for level in SKILL_LEVELS
    ]
    assert page.evaluate(TEXTS_JS, list(wanted)) == wanted
    page.close()


def test_the_page_asks_for_nothing_but_itself(browser, demo, tmp_path):
    page, asked, url = open_sheet(browser, demo, tmp_path)
    assert asked == [url]
    assert page.evaluate("performance.getEntriesByType('resource').length") == 0
    page.close()


def test_one_sheet_fits_the_width_and_one_page_of_a4_and_the_party_takes_three(
    browser, demo, tmp_path
):
    page, _, _ = open_sheet(browser, demo, tmp_path, "Jun")
    assert page.evaluate("document.documentElement.scrollWidth") <= A4_CONTENT["width"]
    pdf = page.pdf(prefer_css_page_size=True)
    assert len(PAGE.findall(pdf)) == 1
    assert re.search(rb"/MediaBox \[0 0 59[45]\.\d+ 841\.\d+\]", pdf)  # A4: 595 by 842 pt.
    page.close()
    party, _, _ = open_sheet(browser, demo, tmp_path)
    assert len(PAGE.findall(party.pdf(prefer_css_page_size=True))) == 3
    # Three names alone would share a page: the page break is what parts them.
    party.add_style_tag(content=".sheet > :not(header) { display: none }")
    assert len(PAGE.findall(party.pdf(prefer_css_page_size=True))) == 3
    party.close()


def test_the_pdf_of_the_party_is_printed_on_the_paper_chosen(demo, tmp_path, monkeypatch):
    needs_chromium()
    monkeypatch.setenv("STRANGE_TUI_CHROMIUM", str(CHROMIUM))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # To see it cleaned.
    out = tmp_path / "party.pdf"
    assert (
        main(["sheet", str(demo), "--format", "pdf", "--paper", "letter", "--out", str(out)]) == 0
    )
    pdf = out.read_bytes()
    assert pdf.startswith(b"%PDF") and len(PAGE.findall(pdf)) == 3
    assert re.findall(rb"/MediaBox \[[^]]*\]", pdf) == [b"/MediaBox [0 0 612 792]"] * 3
    assert [path.name for path in tmp_path.iterdir()] == ["party.pdf"]


def test_without_chromium_the_pdf_is_refused_in_one_line(demo, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STRANGE_TUI_CHROMIUM", str(tmp_path / "no-such-chromium"))
    monkeypatch.setenv("PATH", str(tmp_path))
    out = tmp_path / "mara.pdf"
    assert main(["sheet", str(demo), "Mara", "--format", "pdf", "--out", str(out)]) == 1
    assert capsys.readouterr().err == f"strange-tui: {NO_CHROMIUM}\n"
    assert not out.exists()


def test_a_pdf_needs_out_and_paper_needs_a_printed_format(demo, capsys):
    assert main(["sheet", str(demo), "Mara", "--format", "pdf"]) == 2
    assert (
        capsys.readouterr().err == "strange-tui: --format pdf writes a file: give --out FILE.pdf\n"
    )
    assert main(["sheet", str(demo), "Mara", "--paper", "letter"]) == 2
    assert capsys.readouterr().err == "strange-tui: --paper is for --format html or pdf\n"
    assert main(["sheet", str(demo), "--format", "md", "--out", "x.md"]) == 2


def test_the_html_goes_to_stdout_a_character_an_article(demo, capsys):
    assert main(["sheet", str(demo), "--format", "html", "--paper", "letter"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and page.count('<article class="sheet">') == 3
    assert "@page { size: letter; margin: 12mm }" in page
    assert "<title>Demo: The Glass Door: the party</title>" in page


def test_out_through_a_link_or_into_no_folder_is_refused_and_writes_nothing(demo, tmp_path, capsys):
    target = tmp_path / "elsewhere.html"
    target.write_text("kept")
    (tmp_path / "sheet.html").symlink_to(target)
    args = ["sheet", str(demo), "Mara", "--format", "html", "--out", str(tmp_path / "sheet.html")]
    assert main(args) == 1
    assert "is a link" in capsys.readouterr().err and target.read_text() == "kept"
    args[-1] = str(tmp_path / "missing" / "sheet.pdf")
    assert main([*args[:3], "--format", "pdf", "--out", args[-1]]) == 1
    assert (
        capsys.readouterr().err
        == f"strange-tui: there is no folder {tmp_path / 'missing'}; nothing was written\n"
    )


def fake_chromium(tmp_path: Path, script: str) -> str:
    program = tmp_path / "fake-chromium"
    program.write_text(f"#!/bin/sh\n{script}\n")
    program.chmod(0o755)
    return str(program)


def test_a_chromium_that_hangs_is_stopped_at_the_time_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(printer, "TIMEOUT_SECONDS", 0.5)
    child = tmp_path / "child.pid"
    hanging = fake_chromium(tmp_path, f"sleep 30 & echo $! > {child}; wait")
    with pytest.raises(PrintError, match="took over 0.5 s"):
        printer.print_pdf("<p>x</p>", tmp_path / "x.pdf", hanging)
    assert not (tmp_path / "x.pdf").exists()
    assert not running(int(child.read_text()))  # Chromium's own children end with it.


def running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting to be reaped does not), after a
    moment for the kill to land."""
    for _ in range(20):
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return False
        if state == "Z":
            return False
        time.sleep(0.05)
    return True


def test_a_chromium_that_prints_nothing_or_fails_says_so(tmp_path):
    with pytest.raises(PrintError, match="printed no PDF"):
        printer.print_pdf("<p>x</p>", tmp_path / "x.pdf", fake_chromium(tmp_path, "exit 0"))
    with pytest.raises(PrintError, match="exit status 3"):
        printer.print_pdf("<p>x</p>", tmp_path / "x.pdf", fake_chromium(tmp_path, "exit 3"))
