"""`strange-tui check` and `strange-tui sheet` on the demo and on damaged campaigns."""

import json
import shutil
from pathlib import Path

import pytest

from strange_tui.cli import main
from strange_tui.storage.folder import CampaignFolder

REPO_DEMO = Path(__file__).resolve().parents[2] / "saves" / "demo"


@pytest.fixture
def demo(tmp_path) -> Path:
    """A copy of the committed demo (tests never write into saves/)."""
    return Path(shutil.copytree(REPO_DEMO, tmp_path / "demo"))


def test_check_the_demo_is_valid(demo, capsys):
    assert main(["check", str(demo)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: Demo: The Glass Door — 3 characters,")


def test_check_by_name_in_a_saves_folder(demo, capsys):
    assert main(["check", "demo", "--saves", str(demo.parent)]) == 0


def test_check_garbage_campaign_toml_exits_1_with_file_and_line(demo, capsys):
    (demo / "campaign.toml").write_text("format = \n[[[\n")
    assert main(["check", str(demo)]) == 1
    err = capsys.readouterr().err
    assert "campaign.toml, line 1" in err and err.count("\n") == 1


def test_check_reports_a_torn_tail_and_open_moves_it_aside(demo, capsys):
    data = bytearray((demo / "journal.toml").read_bytes())
    data[-2] ^= 0x20
    (demo / "journal.toml").write_bytes(bytes(data))
    assert main(["check", str(demo)]) == 1
    assert "last entry is damaged" in capsys.readouterr().err
    folder = CampaignFolder(demo)
    folder.open()
    assert (demo / "journal.toml.torn").exists() and folder.notices
    assert main(["check", str(demo)]) == 0


def test_check_a_missing_campaign_exits_1(tmp_path, capsys):
    assert main(["check", "nothing-here", "--saves", str(tmp_path)]) == 1
    assert "not a campaign folder" in capsys.readouterr().err


def test_check_without_a_campaign_is_a_usage_error(capsys):
    assert_usage(["check"])


def assert_usage(args):
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2


def test_sheet_json_has_the_whole_character(demo, capsys):
    assert main(["sheet", str(demo), "Mara", "--format", "json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["name"] == "Mara Quist" and sheet["tier"] == 1
    assert set(sheet["pools"]) == {"might", "speed", "intellect"}
    assert set(sheet["pools"]["might"]) == {"current", "max", "edge"}
    for key in ("descriptor", "type", "focus", "effort", "xp", "damage_track", "skills",
                "abilities", "cyphers", "equipment"):  # fmt: skip
        assert key in sheet
    assert sheet["sentence"] == "I am a Tough Vector who Is Licensed to Carry"


def test_sheet_json_of_the_party_and_lucky_luck(demo, capsys):
    assert main(["sheet", str(demo), "--format", "json"]) == 0
    party = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in party["characters"]] == ["Mara Quist", "Jun Okafor", "Tess Harrow"]
    assert party["characters"][2]["pools"]["luck"]["max"] == 3


@pytest.mark.parametrize("fmt, text", [("text", "Might"), ("md", "| Might |")])
def test_sheet_text_and_markdown(demo, capsys, fmt, text):
    assert main(["sheet", str(demo), "jun", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "Jun Okafor" in out and text in out


def test_sheet_unknown_name_is_a_usage_error(demo, capsys):
    assert main(["sheet", str(demo), "Zed"]) == 2
    assert "No character 'Zed'" in capsys.readouterr().err


def test_sheet_bad_format_is_a_usage_error(demo):
    assert_usage(["sheet", str(demo), "--format", "docx"])


def test_check_does_not_change_any_file(demo):
    before = {p: p.read_bytes() for p in demo.rglob("*") if p.is_file()}
    main(["check", str(demo)])
    main(["sheet", str(demo), "--format", "json"])
    assert {p: p.read_bytes() for p in demo.rglob("*") if p.is_file()} == before


def test_log_markdown_recap_by_day(demo, capsys):
    assert main(["log", str(demo), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Demo: The Glass Door — session log\n\n## Day 1\n")
    assert "## Day 6" in out and "Mara Quist joined the party" in out


def test_log_text_for_one_character(demo, capsys):
    assert main(["log", str(demo), "--character", "Tess", "--last", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 and all("Tess Harrow" in line for line in lines)
