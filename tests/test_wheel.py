"""A fresh machine: the wheel built from this checkout, installed in a virtual
environment outside it, opens the demo with the bundled themes and content from any folder.

Offline: the wheel is built with this environment's setuptools (no build isolation) and
installed with --no-index; the new environment borrows the dependencies (Textual, msgspec...)
from this one through a .pth file, which adds folders to sys.path but runs none of their
.pth files, so the checkout's editable install stays out of it.
"""

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SOURCES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE"]
SOURCE_TREES = ["strange_tui", "themes"]
THEMES = {"earth", "ardeyn", "ruk", "daylight"}

pytest.importorskip("pip", reason="builds and installs the wheel with this environment's pip")

PROBE = textwrap.dedent(
    """
    import asyncio
    import sys
    from pathlib import Path

    import strange_tui

    installed = Path(strange_tui.__file__).resolve()
    assert installed.is_relative_to(Path(sys.prefix).resolve()), installed
    assert not installed.is_relative_to(Path(sys.argv[1])), installed

    from strange_tui.content.loader import Content
    from strange_tui.demo.build import build_demo
    from strange_tui.storage.paths import saves_dir
    from strange_tui.tui.app.app import StrangeApp
    from strange_tui.tui.app.themes import BUILTIN_THEMES

    content = Content().load_all()
    assert not content.problems, content.problems
    assert content.kind("creatures") and content.kind("cyphers") and content.kind("foci")

    saves = saves_dir()  # $STRANGE_TUI_SAVES
    build_demo(saves)

    async def main():
        app = StrangeApp(campaign_path=saves / "demo", saves=saves)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.session is not None and app.session.state.characters
            assert not app.theme_problems, app.theme_problems
            print("theme", app.theme)
            print("themes", ",".join(sorted(app.available_themes)))
            print("builtin", BUILTIN_THEMES)
            print("creatures", len(content.kind("creatures")))

    asyncio.run(main())
    """
)


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, **kwargs)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done


def borrowed_site_packages() -> list[str]:
    """Where this interpreter finds the dependencies (its site-packages)."""
    folders = [*site.getsitepackages(), sysconfig.get_paths()["purelib"]]
    if site.ENABLE_USER_SITE:
        folders.append(site.getusersitepackages())
    return list(dict.fromkeys(folder for folder in folders if Path(folder).is_dir()))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built from a copy of the checkout's sources (so nothing is written into
    the checkout, and no stale build/ folder can slip old files in)."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    source.mkdir()
    for name in SOURCES:
        shutil.copy2(REPO / name, source / name)
    for name in SOURCE_TREES:
        shutil.copytree(
            REPO / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )
    out = root / "dist"
    run(
        [
            sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
            "--no-index", "--disable-pip-version-check", "--wheel-dir", str(out), str(source),
        ]
    )  # fmt: skip
    (built,) = out.glob("strange_tui-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A new virtual environment with the wheel installed; the dependencies are borrowed."""
    folder = tmp_path_factory.mktemp("venv") / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(folder)])
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    ).stdout.strip()
    Path(purelib, "_borrowed_dependencies.pth").write_text(
        "".join(f"{folder}\n" for folder in borrowed_site_packages())
    )
    run(
        [
            sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
            "--no-index", "--disable-pip-version-check", str(wheel),
        ]
    )  # fmt: skip
    return folder


def clean_env(saves: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["STRANGE_TUI_SAVES"] = str(saves)
    return env


def test_the_wheel_carries_the_themes_and_the_packs(wheel):
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"strange_tui/_themes/{name}.toml" for name in THEMES} <= names
    assert "strange_tui/content/strange/creatures.toml" in names
    assert "strange_tui/tui/app/app.tcss" in names
    assert not any(name.startswith(("themes/", "tests/", "saves/")) for name in names)


def test_the_installed_wheel_opens_the_demo_outside_the_checkout(venv, tmp_path):
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    home = tmp_path / "elsewhere"
    home.mkdir()
    done = run(
        [str(python), "-c", PROBE, str(REPO)], cwd=home, env=clean_env(tmp_path / "saves")
    )
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines())
    assert lines["theme"] == "earth"
    assert THEMES <= set(lines["themes"].split(","))
    assert Path(lines["builtin"]).is_relative_to(venv)
    assert int(lines["creatures"]) > 100
    assert (tmp_path / "saves" / "demo" / "campaign.toml").is_file()
    assert not (home / "saves").exists()


def test_the_installed_command_says_where_its_files_are(venv, tmp_path):
    command = venv / ("Scripts/strange-tui.exe" if os.name == "nt" else "bin/strange-tui")
    done = run([str(command), "--where"], cwd=tmp_path, env=clean_env(tmp_path / "mine"))
    where = dict(line.split(":", 1) for line in done.stdout.splitlines())
    assert where["saves"].strip().startswith(f"{tmp_path / 'mine'}  (from $STRANGE_TUI_SAVES")
    themes = Path(where["built-in themes"].strip())
    assert themes.is_relative_to(venv) and themes.name == "_themes"
    assert {path.stem for path in themes.glob("*.toml")} == THEMES
