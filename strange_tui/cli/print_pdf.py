"""A page of HTML printed to PDF by headless Chromium, where the machine has one.

Chromium is looked for in $STRANGE_TUI_CHROMIUM, then on PATH. It runs with no profile
of the player's (a fresh one in a temporary folder), no network of its own (no updates,
no sync, no background fetches), and a time limit; the temporary folder goes when it
ends, and only the PDF is written where the player asked.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

CHROMIUM_ENV = "STRANGE_TUI_CHROMIUM"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
TIMEOUT_SECONDS = 60
"""How long Chromium may take to print (a cold start on a busy machine takes a few)."""
MAX_PDF_BYTES = 50 * 1024 * 1024
"""A sheet is tens of kilobytes; anything past this is not a sheet and is not copied."""
NO_CHROMIUM = "no Chromium found to print the PDF: use --format html and print it from a browser"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No date, title or file path printed in the page's margins.
    "--no-pdf-header-footer",
)


class PrintError(Exception):
    """The PDF could not be printed; the message is one line for the player."""


def find_chromium() -> str | None:
    """The Chromium to print with: $STRANGE_TUI_CHROMIUM when it names a program, else
    the first of ``CHROMIUM_NAMES`` on PATH; None when there is none."""
    chosen = os.environ.get(CHROMIUM_ENV, "").strip()
    if chosen and (found := shutil.which(chosen)):
        return found
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


def print_pdf(page: str, out: Path, chromium: str | None = None) -> None:
    """Print the HTML ``page`` to the PDF file ``out`` (replacing a file there, never
    through a link); PrintError says why it could not."""
    writable(out)  # Before Chromium's seconds are spent.
    chromium = chromium or find_chromium()
    if chromium is None:
        raise PrintError(NO_CHROMIUM)
    with tempfile.TemporaryDirectory(prefix="strange-tui-pdf-", ignore_cleanup_errors=True) as tmp:
        folder = Path(tmp)
        source, printed = folder / "sheet.html", folder / "sheet.pdf"
        source.write_text(page, encoding="utf-8")
        command = [
            chromium,
            *CHROMIUM_FLAGS,
            f"--user-data-dir={folder / 'profile'}",
            f"--print-to-pdf={printed}",
            source.as_uri(),
        ]
        _run(command)
        pdf = _read_pdf(printed)
    write_output(out, pdf)


def _run(command: list[str]) -> None:
    """Run Chromium in a process group of its own, so that a timeout ends every process
    it started, and none other."""
    try:
        process = subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError as error:
        raise PrintError(f"Chromium could not start ({error.strerror or error})") from None
    try:
        status = process.wait(timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise PrintError(f"Chromium took over {TIMEOUT_SECONDS} s to print the PDF") from None
    if status != 0:
        raise PrintError(f"Chromium could not print the PDF (exit status {status})")


def _read_pdf(printed: Path) -> bytes:
    try:
        size = printed.stat().st_size
    except FileNotFoundError:
        raise PrintError("Chromium printed no PDF") from None
    if size > MAX_PDF_BYTES:
        raise PrintError(f"Chromium printed a PDF of {size} bytes; a sheet is far smaller")
    pdf = printed.read_bytes()
    if not pdf.startswith(b"%PDF"):
        raise PrintError("Chromium printed something that is not a PDF")
    return pdf


def writable(out: Path) -> None:
    """Refuse an ``out`` that is a link, a folder, or in no folder there is."""
    if out.is_symlink():
        raise PrintError(f"{out} is a link; give a plain file to write to")
    if out.is_dir():
        raise PrintError(f"{out} is a folder; give a file to write to")
    if not out.absolute().parent.is_dir():
        raise PrintError(f"there is no folder {out.parent}; nothing was written")


def write_output(out: Path, data: bytes) -> None:
    """Write ``data`` to the file ``out`` (the PDF, or the page itself); a link there is
    refused rather than followed."""
    writable(out)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(out, flags, 0o644)
    except OSError as error:
        raise PrintError(f"{out}: {error.strerror or error}; nothing was written") from None
    with os.fdopen(handle, "wb") as file:
        file.write(data)
