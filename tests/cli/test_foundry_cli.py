"""`strange-tui export CAMPAIGN NAME --to foundry` and `strange-tui import CAMPAIGN
FILE.json`: files written where asked, one line per outcome, nothing made from a bad file."""

from __future__ import annotations

import json
import os
import shutil

import msgspec
import pytest

from strange_tui.cli import main
from strange_tui.campaign.model.events import CharacterCreated
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.foundry.helpers import FIXTURE, REPO_DEMO


@pytest.fixture
def saves(tmp_path):
    shutil.copytree(REPO_DEMO, tmp_path / "demo")
    CampaignFolder.create(tmp_path, "Fresh")
    return tmp_path


def events(saves, name="fresh") -> int:
    return CampaignFolder(saves / name).check().seq


def test_export_writes_name_json_in_the_current_folder(saves, monkeypatch, capsys):
    monkeypatch.chdir(saves)
    assert main(["export", "demo", "Jun", "--to", "foundry", "--saves", str(saves)]) == 0
    assert capsys.readouterr().out.count("\n") == 1
    actor = json.loads((saves / "jun-okafor.json").read_text())
    assert (actor["name"], actor["type"]) == ("Jun Okafor", "pc")


def test_export_to_dash_prints_the_actor(saves, capsys):
    args = ["export", "demo", "Tess", "--to", "foundry", "--out", "-", "--saves", str(saves)]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["system"]["basic"]["descriptor"] == "Lucky"


def test_export_never_writes_through_a_link(saves, capsys):
    target = saves / "elsewhere.txt"
    target.write_text("keep")
    (saves / "out.json").symlink_to(target)
    args = ["export", "demo", "Jun", "--to", "foundry", "--saves", str(saves)]
    assert main([*args, "--out", str(saves / "out.json")]) == 2
    assert target.read_text() == "keep"
    assert capsys.readouterr().err.count("\n") == 1


def test_export_of_no_such_character_is_one_line(saves, capsys):
    assert main(["export", "demo", "Nobody", "--to", "foundry", "--saves", str(saves)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_import_makes_the_character_and_lists_what_did_not_map(saves, capsys):
    assert main(["import", "fresh", str(FIXTURE), "--saves", str(saves)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Imported Wren Ashdown into Fresh as wren-ashdown."
    assert "not carried: ability Gravity Boots" in lines
    assert main(["sheet", "fresh", "Wren", "--format", "json", "--saves", str(saves)]) == 0
    assert json.loads(capsys.readouterr().out)["xp"] == 5


def test_an_exported_demo_character_imports_through_the_commands(saves, capsys):
    out = saves / "mara.json"
    assert main(["export", "demo", "Mara", "--to", "foundry", "--out", str(out),
                 "--saves", str(saves)]) == 0  # fmt: skip
    assert main(["import", "fresh", str(out), "--saves", str(saves)]) == 0
    assert "Imported Mara Quist" in capsys.readouterr().out


def hostile(saves):
    """Each bad file by what it is, written into ``saves``."""
    good = json.loads(FIXTURE.read_text())
    files = {
        "not-json.json": b"\x00\x01 not json",
        "list.json": b"[]",
        "npc.json": json.dumps({**good, "type": "npc"}).encode(),
        "escape.json": json.dumps({**good, "name": "Wren\x1b]0;owned\x07"}).encode(),
        "deep.json": b'{"name":"x","type":"pc","flags":' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        "huge-string.json": json.dumps({**good, "name": "W" * 2_000_000}).encode(),
        "unmapped.json": json.dumps(
            {**good, "system": {"basic": {"type": "Glaive"}}, "items": []}
        ).encode(),
    }
    for name, data in files.items():
        (saves / name).write_bytes(data)
    big = saves / "big.json"
    with open(big, "wb") as file:  # 100 MB, sparse: the size alone refuses it.
        file.truncate(100 * 1024 * 1024)
    os.symlink(FIXTURE, saves / "link.json")
    (saves / "folder.json").mkdir()
    return [*files, "big.json", "link.json", "folder.json", "missing.json"]


def test_a_hostile_file_is_one_line_and_nothing_is_created(saves, capsys):
    for name in hostile(saves):
        before = events(saves)
        status = main(["import", "fresh", str(saves / name), "--saves", str(saves)])
        out, err = capsys.readouterr()
        assert status == 1, name
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, name
        assert "\x1b" not in err, name
        assert events(saves) == before, name
    assert CampaignFolder(saves / "fresh").check().characters == {}


def test_export_to_foundry_never_replaces_an_existing_file(saves, capsys):
    out = saves / "jun.json"
    out.write_text("my notes")
    args = ["export", "demo", "Jun", "--to", "foundry", "--saves", str(saves)]
    assert main([*args, "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"strange-tui: {out} exists already; an export never replaces a file"
        " (give another --out, or --out - to print it)\n"
    )
    assert out.read_text() == "my notes"


def test_an_imported_name_with_a_direction_override_makes_nothing(saves, capsys):
    """The app would draw the name raw (U+202E turns the rest of the line around): the
    file is refused, the line names the field and shows no invisible character."""
    actor = {**json.loads(FIXTURE.read_text()), "name": "Wren\u202eAshdown"}
    (saves / "turned.json").write_text(json.dumps(actor, ensure_ascii=False))
    before = events(saves)
    assert main(["import", "fresh", str(saves / "turned.json"), "--saves", str(saves)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "\u202e" not in err
    assert "turned.json is not a Foundry actor: name: holds a control or invisible" in err
    assert events(saves) == before
    assert CampaignFolder(saves / "fresh").check().characters == {}


def test_export_to_dash_shows_no_invisible_character(saves, capsys):
    """A name made before names were held to visible characters (an older campaign's)."""
    assert main(["new", "demo", "--saves", str(saves), "--name", "Ann Lee",
                 "--descriptor", "Tough", "--type", "Vector", "--focus", "Is Licensed to Carry",
                 "--pools", "3,3,0", "--edge", "speed", "--abilities",
                 "Bash,Combat Prowess (ranged),Practiced in Armor,Improved Edge (Intellect)",
                 ]) == 0  # fmt: skip
    capsys.readouterr()
    store = CampaignFolder(saves / "demo").open()
    ann = next(c for c in store.state.characters.values() if c.name == "Ann Lee")
    older = msgspec.structs.replace(ann, id="ann-lee-older", name="Ann\u202eLee")
    store.apply([CharacterCreated(character=older)])
    args = ["export", "demo", "ann-lee-older", "--to", "foundry", "--out", "-", "--saves", str(saves)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "\u202e" not in printed and json.loads(printed)["name"] == "Ann\u202eLee"
