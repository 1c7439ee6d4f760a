"""What a user can type or a file can hold never becomes a path, a second log line, an
invisible direction change in the terminal, or a raw error: each gets one short line, and
a failed `new` leaves nothing behind."""

import errno
import shutil
from pathlib import Path

import pytest

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.character.notes import EditNotes
from strange_tui.campaign.commands.character.xp import AwardXp
from strange_tui.cli import main
from strange_tui.storage import folder as folder_module
from strange_tui.storage.errors import CampaignFileError
from strange_tui.storage.folder import CampaignFolder

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"
HIDDEN = "\u202e\u200b\u200f\u2028\ufeff"
"""A right-to-left override, a zero width space, a right-to-left mark, a line separator
and a byte order mark: invisible, and each changes what a terminal shows."""


@pytest.fixture
def demo(tmp_path) -> Path:
    return Path(shutil.copytree(REPO_DEMO, tmp_path / "saves" / "demo"))


def error_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_new_on_a_full_disk_leaves_nothing_behind_and_the_name_free(tmp_path, monkeypatch):
    saves = tmp_path / "saves"

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(folder_module, "write_snapshot", full)
    with pytest.raises(OSError, match="No space left"):
        CampaignFolder.create(saves, "The Glass Door")
    assert list(saves.iterdir()) == []
    monkeypatch.undo()
    assert CampaignFolder.create(saves, "The Glass Door").check().name == "The Glass Door"


def test_a_slash_in_a_new_campaigns_name_is_no_path(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    saves = tmp_path / "saves"
    assert main(["new", "Rise/Fall", "--solo", "--saves", str(saves)]) == 0
    assert (saves / "rise-fall" / "campaign.toml").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]
    assert CampaignFolder(saves / "rise-fall").check().name == "Rise/Fall"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("bell\x07ringer", "cannot hold control characters"),
        ("x" * 10_000, "80 characters at most; this one has 10,000"),
        ("   ", "needs a name"),
    ],
    ids=["control", "long", "blank"],
)
def test_a_name_a_campaign_cannot_take_gets_one_short_line(tmp_path, capsys, name, said):
    assert main(["new", name, "--solo", "--saves", str(tmp_path / "saves")]) != 0
    line = error_line(capsys)
    assert said in line and len(line) < 200
    assert not (tmp_path / "saves").exists() or list((tmp_path / "saves").iterdir()) == []


@pytest.mark.parametrize("name", ["القدس", "日本語の冒険", "Приключение"])
def test_names_in_any_script_make_a_campaign(tmp_path, capsys, name):
    saves = tmp_path / "saves"
    assert main(["new", name, "--solo", "--saves", str(saves)]) == 0
    (made,) = saves.iterdir()
    assert CampaignFolder(made).check().name == name


def test_a_reason_with_a_line_break_stays_on_its_log_line(demo, capsys):
    store = CampaignFolder(demo).open()
    forged = "for the heist\nDay 9, 10:00      Mara Quist earned 500 XP."
    store.apply(decide(store.state, AwardXp(character="mara-quist", amount=1, reason=forged)))
    assert main(["log", str(demo), "--last", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert "for the heist\\nDay 9" in out


def test_invisible_direction_characters_are_shown_as_escapes(demo, capsys):
    store = CampaignFolder(demo).open()
    reason = f"a gift{HIDDEN}"
    store.apply(decide(store.state, AwardXp(character="mara-quist", amount=1, reason=reason)))
    store.apply(decide(store.state, EditNotes(character="mara-quist", notes=reason)))
    for command in (["log", str(demo), "--last", "2"], ["sheet", str(demo), "Mara"]):
        assert main(command) == 0
    printed = capsys.readouterr().out
    assert not any(char in printed for char in HIDDEN)
    assert printed.count("a gift\\u202e\\u200b\\u200f\\u2028\\ufeff") == 2  # Log, sheet.


def test_a_campaign_name_with_a_direction_override_is_escaped_by_check(tmp_path, capsys):
    folder = CampaignFolder.create(tmp_path / "saves", f"Left{HIDDEN}Right")
    assert main(["check", str(folder.path)]) == 0
    out = capsys.readouterr().out
    assert "Left\\u202e" in out and "\u202e" not in out


def test_the_folder_of_a_name_with_a_control_character_is_never_made(tmp_path):
    with pytest.raises(CampaignFileError, match="control characters"):
        CampaignFolder.create(tmp_path / "saves", "tab\there")


ESCAPE = "\x1b]0;pwned\x07\x1b[31m"
"""Sets the terminal's title, then turns what follows red."""
TOUGH_VECTOR = [
    "--descriptor", "Tough", "--type", "Vector", "--focus", "Is Licensed to Carry",
    "--pools", "3,3,0", "--edge", "speed",
    "--abilities", "Bash,Combat Prowess (ranged),Practiced in Armor,Improved Edge (Intellect)",
]  # fmt: skip


def test_new_escapes_invisible_characters_in_names(tmp_path, capsys):
    """A campaign's name may hold them (its folder is slugged): shown escaped. A
    character's may not: refused in one line, escaped too, and nothing made."""
    saves = tmp_path / "saves"
    campaign, name = f"Left{HIDDEN}Right", f"Ann{HIDDEN}Lee"
    args = ["new", campaign, "--solo", "--saves", str(saves), "--name", "Ann Lee", *TOUGH_VECTOR]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert not any(char in out for char in HIDDEN)
    assert "Left\\u202e\\u200b\\u200f\\u2028\\ufeffRight" in out  # The campaign made.
    (made,) = [folder.name for folder in saves.iterdir() if not folder.name.startswith(".")]
    args = ["new", made, "--saves", str(saves), "--name", name, *TOUGH_VECTOR]
    assert main(args) != 0
    said = capsys.readouterr()
    assert not any(char in said.out + said.err for char in HIDDEN)
    assert "cannot hold control or invisible characters" in said.err
    assert "Ann" not in said.out


def test_where_escapes_the_saves_and_config_paths(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("STRANGE_TUI_SAVES", raising=False)
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text(f'saves = "{tmp_path}/saves\\u001b]0;pwned\\u0007"\n')
    assert main(["--where", "--config", str(config)]) == 0
    assert main(["--where", "--saves", f"{tmp_path}/{ESCAPE}", "--config", f"{ESCAPE}.toml"]) == 0
    assert main(["keys", "--config", f"{ESCAPE}.toml"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "saves\\x1b]0;pwned\\x07  (from saves in" in out
    # --saves (the saves, its packs and themes), --config (--where and keys).
    assert out.count("\\x1b]0;pwned\\x07\\x1b[31m") == 5


def test_unrecognized_arguments_are_escaped_in_the_one_line(capsys):
    for typed in (["check", "demo", f"--x{ESCAPE}"], ["odds", "3", f"{ESCAPE}\u202e"]):
        with pytest.raises(SystemExit) as exited:
            main(typed)
        assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\u202e" not in err and err.count("\n") == 2
    assert "unrecognized arguments: --x\\x1b]0;pwned\\x07\\x1b[31m" in err


def test_import_of_a_folder_is_one_line_that_says_so(tmp_path, capsys):
    (tmp_path / "backup.zip").mkdir()
    assert main(["import", str(tmp_path / "backup.zip"), "--saves", str(tmp_path / "s")]) == 1
    line = error_line(capsys)
    assert "backup.zip: is a folder, not a backup; nothing was imported" in line
    assert not (tmp_path / "s").exists()


def test_an_error_about_a_descriptor_number_names_no_file(tmp_path, monkeypatch, capsys):
    """An OSError about an open descriptor (its filename is the number) is said without
    the number: '3: Is a directory' names nothing the user gave."""
    from strange_tui.cli import backup

    def opened_a_folder(*args):
        raise IsADirectoryError(errno.EISDIR, "Is a directory", 3)

    monkeypatch.setattr(backup, "import_campaign", opened_a_folder)
    (tmp_path / "backup.zip").write_bytes(b"")
    assert main(["import", str(tmp_path / "backup.zip"), "--saves", str(tmp_path)]) == 1
    assert error_line(capsys) == "strange-tui: Is a directory; nothing was changed.\n"
