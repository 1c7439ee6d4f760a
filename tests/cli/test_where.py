"""`strange-tui --where`: the folders in use and what chose them; `--help` says where they
are on each platform. Every test uses temporary folders, never the repo's saves/."""

import sys
from pathlib import Path

import pytest
from platformdirs import user_data_path

from strange_tui.cli import main
from strange_tui.tui.app.themes import builtin_themes_folder

REPO = Path(__file__).resolve().parents[2]


def where(capsys, *argv: str) -> dict[str, str]:
    assert main(["--where", *argv]) == 0
    out = capsys.readouterr().out
    rows = (line.split(":", 1) for line in out.splitlines())
    return {name: value.strip() for name, value in rows}


@pytest.fixture
def elsewhere(tmp_path, monkeypatch) -> Path:
    """A current folder without saves/, and no $STRANGE_TUI_SAVES."""
    monkeypatch.delenv("STRANGE_TUI_SAVES", raising=False)
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_saves_option_comes_first(elsewhere, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STRANGE_TUI_SAVES", str(tmp_path / "env"))
    mine = tmp_path / "mine"
    (mine / "packs").mkdir(parents=True)
    found = where(capsys, "--saves", str(mine))
    assert found["saves"] == f"{mine}  (from --saves)"
    assert found["user packs"] == str(mine / "packs")
    assert found["user themes"] == f"{mine / 'themes'}  (not there yet)"
    assert not (tmp_path / "env").exists()


def test_the_environment_variable(elsewhere, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STRANGE_TUI_SAVES", str(tmp_path / "env"))
    found = where(capsys)
    assert found["saves"] == f"{tmp_path / 'env'}  (from $STRANGE_TUI_SAVES, not there yet)"
    assert found["user packs"] == f"{tmp_path / 'env' / 'packs'}  (not there yet)"
    assert not (tmp_path / "env").exists(), "--where creates nothing"


def test_saves_in_the_current_folder(elsewhere, capsys):
    (elsewhere / "saves" / "themes").mkdir(parents=True)
    found = where(capsys)
    assert found["saves"] == f"{elsewhere / 'saves'}  (from ./saves in the current folder)"
    assert found["user themes"] == str(elsewhere / "saves" / "themes")


def test_the_platform_data_folder(elsewhere, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # Linux; ignored elsewhere.
    expected = user_data_path("strange-tui", appauthor=False) / "saves"
    if sys.platform.startswith("linux"):
        assert expected == tmp_path / "data" / "strange-tui" / "saves"
    found = where(capsys)
    assert found["saves"] == f"{expected}  (from the platform's data folder, not there yet)"
    assert not (tmp_path / "data").exists()


def test_a_campaign_folder_names_its_saves(elsewhere, tmp_path, capsys):
    campaign = tmp_path / "table" / "nights"
    campaign.mkdir(parents=True)
    (campaign / "campaign.toml").write_text("")
    found = where(capsys, str(campaign))
    assert found["saves"] == f"{tmp_path / 'table'}  (from the folder of CAMPAIGN)"
    assert found["campaign"] == str(campaign)


def test_the_built_in_folders_of_a_checkout(elsewhere, capsys):
    found = where(capsys)
    assert found["built-in themes"] == str(REPO / "themes")
    assert found["built-in packs"] == str(REPO / "strange_tui" / "content" / "strange")
    themes = {path.stem for path in Path(found["built-in themes"]).glob("*.toml")}
    assert themes >= {"earth", "ardeyn", "ruk", "daylight"}


def test_an_installed_package_uses_its_own_copy_of_the_themes(tmp_path):
    """In site-packages, a stray top-level themes/ folder is not the built-in themes."""
    site = tmp_path / "site-packages"
    (site / "themes").mkdir(parents=True)
    (site / "strange_tui" / "_themes").mkdir(parents=True)
    assert builtin_themes_folder(site / "strange_tui") == site / "strange_tui" / "_themes"
    (tmp_path / "checkout" / "themes").mkdir(parents=True)
    (tmp_path / "checkout" / "pyproject.toml").write_text("")
    package = tmp_path / "checkout" / "strange_tui"
    assert builtin_themes_folder(package) == tmp_path / "checkout" / "themes"


def test_help_says_where_files_live_on_each_platform(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--where" in out and "$STRANGE_TUI_SAVES" in out
    assert "~/.local/share/strange-tui/saves" in out
    assert "~/Library/Application Support/strange-tui/saves" in out
    assert "%LOCALAPPDATA%\\strange-tui\\saves" in out
    assert "<saves>/packs/*.toml" in out and "<saves>/themes/*.toml" in out
    assert max(len(line) for line in out.splitlines()) <= 80
