"""--saves, --seat and --config go before or after the command; the config file's saves
and seat stand in when the command line says nothing; `strange-tui keys` lists every
binding id with the key in use and where it came from."""

import ast
import shutil
from pathlib import Path

import pytest

from strange_tui.cli import main
from tests.config_file import config_file

REPO = Path(__file__).resolve().parents[2]
REPO_DEMO = REPO / "saves" / "demo"


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("STRANGE_TUI_SAVES", raising=False)
    monkeypatch.chdir(tmp_path)
    shutil.copytree(REPO_DEMO, tmp_path / "mine" / "demo")
    return tmp_path / "mine"


@pytest.mark.parametrize(
    "argv",
    [
        ["--saves", "{saves}", "sheet", "demo", "Mara"],
        ["sheet", "demo", "Mara", "--saves", "{saves}"],
        ["sheet", "--saves={saves}", "demo", "Mara"],
    ],
)
def test_saves_before_or_after_the_command(saves, capsys, argv):
    assert main([word.format(saves=saves) for word in argv]) == 0
    assert "Mara" in capsys.readouterr().out


def test_config_before_the_command_chooses_the_saves(saves, tmp_path, capsys):
    other = tmp_path / "other.toml"
    other.write_text(f"saves = {str(saves)!r}\n")
    assert main(["--config", str(other), "check", "demo"]) == 0
    assert main(["check", "demo", "--config", str(other)]) == 0
    assert capsys.readouterr().out.count("ok: ") == 2


def test_the_config_saves_stand_in_for_the_option(saves, capsys):
    config_file().write_text(f"saves = {str(saves)!r}\n")
    assert main(["sheet", "demo", "Mara"]) == 0
    assert main(["--where"]) == 0
    out = capsys.readouterr().out
    assert f"{saves}  (from saves in {config_file()})" in out
    assert f"config:          {config_file()}  (from $STRANGE_TUI_CONFIG)" in out


def test_an_option_given_twice_differently_is_one_line(saves, capsys):
    assert main(["--saves", "a", "sheet", "demo", "--saves", "b"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--saves is given twice" in err


def test_a_bad_config_never_stops_a_command(saves, capsys):
    config_file().write_text('dice = "loaded"\n[keys\n')
    assert main(["--saves", str(saves), "check", "demo"]) == 0


def declared_binding_ids() -> set[str]:
    """Every id= of a Binding in the app's source, read as text (not through the app)."""
    ids = set()
    for path in (REPO / "strange_tui" / "tui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Binding":
                for keyword in node.keywords:
                    if keyword.arg == "id":
                        ids.add(keyword.value.value)
    return ids


def test_keys_lists_every_binding_id(capsys):
    assert main(["keys"]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = {line.split()[0] for line in lines[2:]}
    assert declared_binding_ids() <= listed
    roll = next(line for line in lines if line.startswith("home.roll "))
    assert roll.split()[1:3] == ["r", "default"]


def test_keys_says_what_the_config_moved_and_what_it_left_out(capsys):
    config_file().write_text('[keys]\nhome.roll = "ctrl+o"\nhome.log = "n"\n')
    assert main(["keys", "--changed"]) == 0
    captured = capsys.readouterr()
    rows = captured.out.splitlines()[2:]
    assert [row.split()[:3] for row in rows] == [["home.roll", "ctrl+o", "config.toml"]]
    assert "home.log = 'n' is also New" in captured.err


@pytest.fixture
def opened(monkeypatch) -> list:
    """The apps the command line would open: their seat and config problems, not run."""
    from strange_tui.tui.app.app import StrangeApp

    apps: list = []
    monkeypatch.setattr(StrangeApp, "run", lambda app: apps.append(app))
    return apps


def test_the_config_seat_opens_a_campaign_at_that_players_seat(saves, opened):
    config_file().write_text('seat = "Mara"\n')
    assert main(["--saves", str(saves), "demo"]) == 0
    assert opened[-1].seat == "mara-quist" and opened[-1].config_problems == []
    assert main(["demo", "--saves", str(saves), "--seat", "gm"]) == 0  # The option wins.
    assert opened[-1].seat == "gm"


def test_a_config_seat_no_one_has_here_opens_the_gms_seat_and_says_so(saves, opened):
    config_file().write_text('seat = "Nobody"\n')
    assert main(["--saves", str(saves), "demo"]) == 0
    assert opened[-1].seat == "gm"
    assert any("'Nobody' is no one's at this campaign" in p for p in opened[-1].config_problems)
    assert main(["--saves", str(saves), "demo", "--seat", "Nobody"]) == 2  # Typed: refused.
