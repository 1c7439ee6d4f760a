"""`strange-tui draw TABLE [CAMPAIGN]`: the draw with its dice as text or one JSON object;
`--seed` repeats it; with CAMPAIGN it is one command in that campaign's log, without it
the built-in and user packs of the saves directory are read and nothing is written."""

import json

import pytest

from strange_tui.campaign.model.events import Drawn
from strange_tui.cli import main
from strange_tui.demo.build import build_demo
from strange_tui.storage.folder import CampaignFolder

KEYS = ["table", "result", "level", "dice", "eligible", "chosen_from", "recursion", "recorded",
        "entry"]  # fmt: skip


@pytest.fixture
def saves(tmp_path):
    """An empty saves directory: the draw reads its packs, writes nothing there."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return folder


def draw_json(capsys, *args: str) -> dict:
    assert main(["draw", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "one JSON object on one line"
    return json.loads(out)


def test_a_creature_of_level_3_as_json_with_its_die_and_stats(capsys, saves):
    report = draw_json(capsys, "creature", "--level", "3", "--seed", "1", "--saves", str(saves))
    assert list(report) == KEYS
    assert report["level"] == 3 and report["eligible"] == 34
    assert report["chosen_from"] == "34 creatures and NPCs of level 3"
    assert len(report["dice"]) == 1 and 1 <= report["dice"][0] <= 34
    assert report["table"] in ("creature", "npc") and report["recorded"] is False
    assert {"health", "damage", "armor", "summary"} <= set(report["entry"])
    assert list(saves.iterdir()) == []


def test_the_same_seed_draws_the_same_and_a_range_keeps_to_its_levels(capsys, saves):
    first = draw_json(capsys, "creature", "--levels", "2-4", "--seed", "9", "--saves", str(saves))
    again = draw_json(capsys, "creature", "--levels", "2-4", "--seed", "9", "--saves", str(saves))
    assert first == again and 2 <= first["level"] <= 4


def test_a_cypher_as_text_with_its_level_die_and_the_dice_that_chose_it(capsys, saves):
    assert main(["draw", "cypher", "--seed", "2", "--saves", str(saves)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("A cypher drawn: ") and "(dice " in lines[0]
    assert lines[-1] == (
        "  Chosen from 335 cyphers, with a d4 for the hundreds and a d100 (again if past 335),"
        " then its level's die."
    )


def test_a_scene_without_a_campaign_comes_from_the_saves_packs(capsys, saves):
    """A user's packs/solo.toml replaces the scene prompts: its only one is drawn."""
    (saves / "packs").mkdir()
    (saves / "packs" / "solo.toml").write_text(
        '[[scenes]]\nid = "pier"\nname = "The pier"\ntext = "Gulls and rope."\n'
    )
    report = draw_json(capsys, "scene", "--saves", str(saves))
    assert report["result"] == "The pier — Gulls and rope"
    assert (report["dice"], report["eligible"], report["recursion"]) == ([], 1, "earth")


def test_with_a_campaign_the_draw_is_one_event_in_its_log(capsys, tmp_path):
    build_demo(tmp_path)
    before = CampaignFolder(tmp_path / "demo").check().seq
    assert main(["draw", "complication", "demo", "--seed", "4", "--saves", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("A complication drawn: ")
    assert "Written in the campaign's log." in out
    folder = CampaignFolder(tmp_path / "demo")
    assert folder.check().seq == before + 1
    last = list(folder.events())[-1]
    assert isinstance(last, Drawn) and last.table == "complication" and len(last.dice) == 1
    assert main(["log", "demo", "--last", "1", "--saves", str(tmp_path)]) == 0
    assert "A complication drawn: " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["cypher", "--level", "3"], "Only a creature or NPC is drawn by level."),
        (["creature", "--levels", "x"], "--levels is a range like 2-4, not 'x'"),
        (["creature", "--level", "11"], "Levels run from 0 to 10, the lower one first."),
        (["creature", "--levels", "6-2"], "Levels run from 0 to 10, the lower one first."),
    ],
)
def test_a_bad_draw_is_one_line_and_exit_2(capsys, tmp_path, args, said):
    build_demo(tmp_path)
    before = CampaignFolder(tmp_path / "demo").check().seq
    assert main(["draw", *args[:1], "demo", *args[1:], "--saves", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"strange-tui: {said}\n"
    assert CampaignFolder(tmp_path / "demo").check().seq == before


def test_draw_takes_your_own_dice_as_roll_does(tmp_path, capsys):
    """--die gives the die (again for each die the draw rolls); a die off the table's die
    is refused in one line; --die with --seed is a usage error."""
    from strange_tui.cli import main

    assert main(["draw", "scene", "--die", "3", "--saves", str(tmp_path), "--json"]) == 0
    import json

    report = json.loads(capsys.readouterr().out)
    assert report["dice"] == [3]
    assert main(["draw", "scene", "--die", "99", "--saves", str(tmp_path)]) == 2
    assert "not on the die" in capsys.readouterr().err
    assert main(["draw", "scene", "--die", "3", "--seed", "1", "--saves", str(tmp_path)]) == 2
