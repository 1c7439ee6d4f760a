"""The README's other ways in: `uv tool install .` and `pipx install .` each make a
`strange-tui` command of its own that knows its version and opens the demo.

Everything lives in tmp_path: the tools (uv and pipx, from the package registry, in a
virtual environment of their own), HOME and the XDG folders, the tools' homes, caches and
bin folders. The installers build from a copy of the checkout's sources, since a setuptools
build leaves build/ and *.egg-info in the folder it builds. The registry is asked once: pip
downloads the tools, the build backend and the app's dependencies into one wheelhouse, and
both installers take everything from there. No registry (no network): skipped, except on
CI (the env var CI), where it fails.

The demo runs headless: Textual's headless driver, and its screenshot timer, which saves
the screen as SVG a second after the app is ready and quits.
"""

import html
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from strange_tui import __version__
from tests.test_wheel import REPO, SOURCE_TREES, SOURCES

pytest.importorskip("pip", reason="downloads the installers with this environment's pip")

pytestmark = pytest.mark.starts_first  # About a minute of one worker: it starts first.

SECONDS = 300
"""What one install may take: a cold build on a busy CI machine (about 40 s seen)."""
TOOLS = ["uv", "pipx", "pip>=26.1"]
"""pip: pipx's pip backend upgrades the pip it shares between its apps to at least this."""
HEADLESS = {
    "TEXTUAL_DRIVER": "textual.drivers.headless_driver:HeadlessDriver",
    "TEXTUAL_SCREENSHOT": "1",  # Seconds after the app is ready (0 divides by zero).
}


def run(command: list[str], env: dict[str, str], **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=SECONDS, env=env,
        stdin=subprocess.DEVNULL, **kwargs,
    )  # fmt: skip
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


def sandbox_env(root: Path) -> dict[str, str]:
    """This environment with HOME and the XDG folders in ``root``, and nothing that would
    steer Python, the tools or the app elsewhere."""
    steering = ("PYTHON", "VIRTUAL_ENV", "UV_", "PIPX_", "TEXTUAL", "STRANGE_TUI_", "XDG_")
    env = {key: value for key, value in os.environ.items() if not key.startswith(steering)}
    home = root / "home"
    env["HOME"] = str(home)
    for name, folder in [
        ("XDG_CONFIG_HOME", ".config"), ("XDG_CACHE_HOME", ".cache"),
        ("XDG_DATA_HOME", ".local/share"), ("XDG_STATE_HOME", ".local/state"),
        ("XDG_BIN_HOME", ".local/bin"),
    ]:  # fmt: skip
        (home / folder).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / folder)
    return env


def wanted_from_registry() -> list[str]:
    """The tools, the build backend and the app's dependencies, as pyproject.toml names them."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    return [*TOOLS, *project["build-system"]["requires"], *project["project"]["dependencies"]]


@pytest.fixture(scope="module")
def toolbox(tmp_path_factory) -> tuple[Path, Path, dict[str, str]]:
    """The tools' bin folder, the wheelhouse, and the sandbox's environment."""
    root = tmp_path_factory.mktemp("install")
    env = sandbox_env(root)
    wheelhouse = root / "wheelhouse"
    download = subprocess.run(
        [
            sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
            "--timeout", "30", "--retries", "2", "--dest", str(wheelhouse),
            *wanted_from_registry(),
        ],
        capture_output=True, text=True, timeout=SECONDS, env=env, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    if download.returncode != 0:
        said = (download.stderr.strip().splitlines() or ["nothing"])[-1]
        reason = f"the package registry could not be reached (pip download: {said})"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    tools = root / "tools"
    run([sys.executable, "-m", "venv", "--without-pip", str(tools)], env)
    run(
        [
            sys.executable, "-m", "pip", "--python", str(tools / "bin" / "python"), "install",
            "--disable-pip-version-check", "--no-index", "--find-links", str(wheelhouse),
            "uv", "pipx",
        ],
        env,
    )  # fmt: skip
    return tools / "bin", wheelhouse, env


def copy_of_sources(target: Path) -> Path:
    """What a build of the checkout reads, copied to ``target``."""
    target.mkdir()
    for name in SOURCES:
        shutil.copy2(REPO / name, target / name)
    for name in SOURCE_TREES:
        shutil.copytree(
            REPO / name, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    return target


def install_with_uv(tools: Path, wheelhouse: Path, source: Path, home: Path, env: dict) -> Path:
    """`uv tool install .`, with the current interpreter (uv never downloads a Python)."""
    env = env | {
        "UV_TOOL_DIR": str(home / "tools"),
        "UV_TOOL_BIN_DIR": str(home / "bin"),
        "UV_CACHE_DIR": str(home / "cache"),
        "UV_PYTHON_INSTALL_DIR": str(home / "pythons"),
        "UV_PYTHON_DOWNLOADS": "never",
        "UV_NO_CONFIG": "1",
    }
    run(
        [
            str(tools / "uv"), "tool", "install", "--python", sys.executable, "--offline",
            "--no-index", "--find-links", str(wheelhouse), str(source),
        ],
        env,
    )  # fmt: skip
    return home / "bin"


def install_with_pipx(tools: Path, wheelhouse: Path, source: Path, home: Path, env: dict) -> Path:
    """`pipx install .` with pip, as pipx does where uv is not installed (next to uv, it
    would hand the install to uv, which the uv path already covers)."""
    env = env | {
        "PIPX_HOME": str(home / "home"),
        "PIPX_BIN_DIR": str(home / "bin"),
        "PIPX_MAN_DIR": str(home / "man"),
    }
    run(
        [
            str(tools / "pipx"), "install", "--backend", "pip", "--python", sys.executable,
            "--pip-args", f"--no-index --find-links={wheelhouse}", str(source),
        ],
        env,
    )  # fmt: skip
    return home / "bin"


INSTALLERS = {"uv": install_with_uv, "pipx": install_with_pipx}


def screen_text(svg: str) -> str:
    """The characters a Textual SVG screenshot shows, row after row (its spaces are
    non-breaking ones)."""
    shown = html.unescape("".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg)))
    return shown.replace("\N{NO-BREAK SPACE}", " ")


@pytest.mark.parametrize("installer", sorted(INSTALLERS))
def test_the_installed_command_tells_its_version_and_opens_the_demo_headless(
    installer, toolbox, tmp_path
):
    tools, wheelhouse, env = toolbox
    source = copy_of_sources(tmp_path / "source")
    home = tmp_path / installer
    command = INSTALLERS[installer](tools, wheelhouse, source, home, env) / "strange-tui"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    done = run([str(command), "--version"], env, cwd=elsewhere)
    assert done.stdout == f"strange-tui {__version__}\n"

    done = run([str(command), "--where"], env, cwd=elsewhere)
    where = dict(line.split(":", 1) for line in done.stdout.splitlines())
    themes = Path(where["built-in themes"].strip())
    assert themes.is_relative_to(home), f"not the installed copy: {themes}"

    saves, shots = tmp_path / "saves", tmp_path / "shots"
    shots.mkdir()
    shot = {"TEXTUAL_SCREENSHOT_LOCATION": str(shots), "TEXTUAL_SCREENSHOT_FILENAME": "demo.svg"}
    screen = env | HEADLESS | shot
    run([str(command), "--saves", str(saves), "demo"], screen, cwd=elsewhere)
    shown = screen_text((shots / "demo.svg").read_text(encoding="utf-8"))
    state = tomllib.loads((saves / "demo" / "campaign.toml").read_text(encoding="utf-8"))
    assert state["state"]["name"] in shown
    names = [character["name"] for character in state["state"]["characters"].values()]
    assert names and all(name in shown for name in names), (names, shown)
    assert not (elsewhere / "saves").exists()
