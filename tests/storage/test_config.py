"""The player's config file: each bad key one line and the rest kept, written only a line
at a time (the player's comments stay), the old preferences moved in once, a link (the
player's own) followed to its file, a file it could not read whole never written."""

import os
from pathlib import Path

import pytest

from strange_tui.storage.config import (
    MAX_CONFIG_BYTES,
    Config,
    ConfigUnchanged,
    config_path,
    migrate_preferences,
    read_config,
    set_value,
)


def test_no_file_is_the_defaults_and_no_problem(tmp_path):
    config, problems = read_config(tmp_path / "config.toml")
    assert (config.theme, config.saves, config.seat, config.dice, config.keys) == (
        "", "", "gm", "app", {}
    )  # fmt: skip
    assert problems == [] and not (tmp_path / "config.toml").exists()


def test_every_key_read(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        'theme = "ruk"\nsaves = "~/games"\nseat = "mara"\ndice = "own"\n'
        '[keys]\nhome.roll = "ctrl+o"\n"combat.attack" = "ctrl+a, f5"\n'
    )
    config, problems = read_config(path)
    assert problems == []
    assert (config.theme, config.saves, config.seat, config.dice) == (
        "ruk",
        "~/games",
        "mara",
        "own",
    )
    assert config.keys == {"home.roll": "ctrl+o", "combat.attack": "ctrl+a,f5"}


def test_each_bad_key_is_one_line_and_the_good_ones_stay(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(
        'theme = 3\ndice = "loaded"\ncolour = "red"\nsaves = "/mine"\n'
        '[keys]\nhome.roll = "ctrl+o"\n"home.log" = "not a key!"\n"bad id!" = "x"\n'
    )
    config, problems = read_config(path)
    assert config.saves == "/mine" and config.keys == {"home.roll": "ctrl+o"}
    assert config.theme == "" and config.dice == "app"
    assert len(problems) == 5 and all(line.startswith("config.toml: ") for line in problems)
    assert all("\n" not in line for line in problems)
    said = "\n".join(problems)
    assert "theme must be a line of text" in said and "'loaded'" in said
    assert "no key is called 'colour'" in said and "'not a key!'" in said


def test_a_broken_file_is_one_line_and_the_defaults(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("theme = [unclosed\n")
    config, problems = read_config(path)
    assert config == Config(path=path) and len(problems) == 1
    assert "ignored" in problems[0]


def test_a_link_is_read_through_and_a_huge_file_not_at_all(tmp_path):
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    (dotfiles / "strange.toml").write_text('theme = "ruk"\n')
    link = tmp_path / "config.toml"
    link.symlink_to(dotfiles / "strange.toml")
    config, problems = read_config(link)
    assert config.theme == "ruk" and problems == [] and config.path == link
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * MAX_CONFIG_BYTES + "\n")
    config, problems = read_config(huge)
    assert config.theme == "" and len(problems) == 1


def test_changing_the_theme_writes_through_a_dotfile_managers_link(tmp_path):
    """The link stays a link; its target gets the one line, the rest as it was."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "strange.toml"
    real.write_text('# mine\ntheme = "ardeyn"\ndice = "own"\n[keys]\nhome.roll = "x"\n')
    real.chmod(0o600)
    link = tmp_path / "config" / "config.toml"
    link.parent.mkdir()
    link.symlink_to(os.path.relpath(real, link.parent))
    set_value(link, "theme", "ruk")
    assert link.is_symlink() and link.resolve() == real
    assert real.read_text() == '# mine\ntheme = "ruk"\ndice = "own"\n[keys]\nhome.roll = "x"\n'
    assert real.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in dotfiles.iterdir()) == ["strange.toml"]  # No temp left.


@pytest.mark.parametrize(
    "content",
    [
        b'theme = "ardeyn"\n# ' + b"x" * (MAX_CONFIG_BYTES + 1000) + b"\n",
        'theme = "ardeyn"\n# caf\u00e9\n'.encode("latin-1"),
    ],
    ids=["over-64-KB", "not-UTF-8"],
)
@pytest.mark.parametrize("linked", [False, True], ids=["file", "link"])
def test_changing_the_theme_leaves_a_config_it_could_not_read_as_it_is(
    tmp_path, content, linked
):
    real = tmp_path / "real.toml"
    real.write_bytes(content)
    path = tmp_path / "config.toml"
    if linked:
        path.symlink_to(real)
    else:
        path = real
    with pytest.raises(ConfigUnchanged) as refused:
        set_value(path, "theme", "ruk")
    assert "left as it is" in str(refused.value) and "\n" not in str(refused.value)
    assert real.read_bytes() == content and path.is_symlink() == linked
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"real.toml", path.name})


def test_changing_the_theme_through_a_link_that_leads_nowhere_makes_nothing(tmp_path):
    link = tmp_path / "config.toml"
    link.symlink_to(tmp_path / "gone" / "strange.toml")
    with pytest.raises(ConfigUnchanged, match="which is missing"):
        set_value(link, "theme", "ruk")
    assert link.is_symlink() and not (tmp_path / "gone").exists()


def test_setting_the_theme_keeps_every_other_line(tmp_path):
    path = tmp_path / "deep" / "config.toml"
    set_value(path, "theme", "ruk")
    assert path.read_text() == 'theme = "ruk"\n'
    path.write_text('# my keys\ndice = "own"  # always\ntheme = "ruk"\n\n[keys]\nhome.roll = "x"\n')
    set_value(path, "theme", 'day"light')
    assert path.read_text() == (
        '# my keys\ndice = "own"  # always\ntheme = "day\\"light"\n\n[keys]\nhome.roll = "x"\n'
    )
    assert read_config(path)[0].theme == 'day"light'
    path.write_text('[keys]\nhome.roll = "x"\n')
    set_value(path, "theme", "earth")  # Before the first table, not inside it.
    assert read_config(path)[0].theme == "earth"
    assert read_config(path)[0].keys == {"home.roll": "x"}


def test_the_old_preferences_move_into_the_config_once(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "preferences.toml").write_text('theme = "daylight"\n')
    path = tmp_path / "config" / "config.toml"
    config, problem = migrate_preferences(read_config(path)[0], saves)
    assert problem == "" and config.theme == "daylight"
    assert read_config(path)[0].theme == "daylight"
    assert not (saves / "preferences.toml").exists()
    # The config's own theme wins over an old file found later.
    (saves / "preferences.toml").write_text('theme = "ruk"\n')
    config, _ = migrate_preferences(read_config(path)[0], saves)
    assert config.theme == "daylight" and read_config(path)[0].theme == "daylight"


def test_the_config_file_is_chosen_by_option_then_environment(tmp_path):
    env = {"STRANGE_TUI_CONFIG": str(tmp_path / "env.toml")}
    assert config_path("~/mine.toml", env) == Path("~/mine.toml").expanduser()
    assert config_path(None, env) == tmp_path / "env.toml"
    assert config_path(None, {}).name == "config.toml"
