"""`strange-tui oracle`: the odds and the answer as text and JSON, `--seed` and `--die` as for
`roll`, the question written in a campaign's log with `--campaign`; the tension, the event
die and what the dice drew; `--event-die` and `--choose`; and the `draw` command's arguments
(R-ORC-1..3, R-TEN-2, R-TEN-3)."""

import json
import subprocess
import sys

import pytest

from strange_tui.campaign.model.events import Drawn, OracleAsked, TensionSet
from strange_tui.cli import command_parser, main, solo
from strange_tui.demo.build import build_demo
from strange_tui.storage.folder import CampaignFolder
from strange_tui.storage.paths import ENV_SAVES

KEYS = [
    "question", "likelihood", "yes_from", "p_yes_and", "p_yes", "p_no", "p_no_and", "die",
    "app_rolled", "answer", "twist", "tension", "event_chance", "event_die", "random_event",
    "chosen", "drawn",
]  # fmt: skip


@pytest.fixture(autouse=True)
def own_saves(tmp_path, monkeypatch):
    """Without --saves the oracle reads the packs of an empty saves folder of the test's."""
    monkeypatch.setenv(ENV_SAVES, str(tmp_path / "no-saves"))


def run_json(capsys, *args: str) -> dict:
    assert main(["oracle", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "one JSON object on one line"
    return json.loads(out)


def test_r_orc_1_json_likely_with_a_typed_die(capsys):
    report = run_json(capsys, "Is the door guarded?", "--likely", "--die", "14", "--event-die", "9")
    assert list(report) == KEYS
    assert report == {
        "question": "Is the door guarded?",
        "likelihood": "likely",
        "yes_from": 8,
        "p_yes_and": 0.1,
        "p_yes": 0.55,
        "p_no": 0.3,
        "p_no_and": 0.05,
        "die": 14,
        "app_rolled": False,
        "answer": "Yes",
        "twist": None,
        "tension": 5,
        "event_chance": 0.1,
        "event_die": 9,
        "random_event": False,
        "chosen": False,
        "drawn": [],
    }


@pytest.mark.parametrize(
    ("flag", "likelihood", "yes_from"),
    [
        ("--certain", "certain", 2),
        ("--very-likely", "very likely", 5),
        ("--likely", "likely", 8),
        ("--even", "even", 11),
        ("--unlikely", "unlikely", 14),
        ("--very-unlikely", "very unlikely", 17),
        ("--impossible", "impossible", 20),
    ],
)
def test_r_orc_1_each_flag_sets_its_likelihood(capsys, flag, likelihood, yes_from):
    report = run_json(capsys, "Is it?", flag, "--die", "10")
    assert (report["likelihood"], report["yes_from"]) == (likelihood, yes_from)
    total = report["p_yes_and"] + report["p_yes"] + report["p_no"] + report["p_no_and"]
    assert total == pytest.approx(1)


def test_r_orc_1_even_is_the_default(capsys):
    assert run_json(capsys, "Is it?", "--die", "10")["likelihood"] == "even"


def test_r_orc_2_and_3_the_twists_in_json(capsys):
    one = run_json(capsys, "Is it?", "--certain", "--die", "1")
    assert (one["answer"], one["twist"]) == ("No, and", "a complication comes with it")
    twenty = run_json(capsys, "Is it?", "--impossible", "--die", "20")
    assert twenty["answer"] == "Yes, and"
    assert twenty["twist"] == "something big in your favour comes with it"


def test_r_orc_1_the_same_seed_gives_the_same_answer_and_the_app_rolls_it(capsys):
    first = run_json(capsys, "Does it rain?", "--seed", "42")
    assert first["app_rolled"] is True
    assert run_json(capsys, "Does it rain?", "--seed", "42") == first
    dice = {run_json(capsys, "Does it rain?", "--seed", str(seed))["die"] for seed in range(30)}
    assert len(dice) > 5, "different seeds roll different faces"


def test_r_orc_3_text_shows_the_odds_the_die_and_the_answer(capsys):
    args = ["Is the door guarded?", "--likely", "--die", "19", "--event-die", "9"]
    assert main(["oracle", *args]) == 0
    out = capsys.readouterr().out
    for seen in (
        "Is the door guarded?", "likely", "yes on 8 or more", "10%", "19-20", "55%", "8-18",
        "30%", "2-7", "5%", "65%", "13 of 20", "19 (your die)",
        "Yes, and: a small gift comes with it",
    ):  # fmt: skip
        assert seen in out, seen
    assert "campaign's log" not in out  # Nothing written anywhere without --campaign.


def test_text_says_the_app_rolled(capsys):
    assert main(["oracle", "Is it?", "--seed", "1"]) == 0
    assert "(the app's die)" in capsys.readouterr().out


def test_a_question_with_an_escape_sequence_is_refused_and_not_echoed(capsys):
    assert main(["oracle", "Is it\x1b]0;x\x07?", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert "no control characters" in err
    assert "\x1b" not in out + err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Is it?", "--die", "5", "--seed", "1"], "not both"),
        (["Is it?", "--die", "0"], "1 to 20; 0 is not"),
        (["Is it?", "--die", "21"], "1 to 20; 21 is not"),
        (["  "], "Type a question"),
        (["Is it?", "--likely", "--unlikely"], "not allowed with"),
        (["Is it?", "--die", "six"], "whole number"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(capsys, args, message):
    assert exit_status(["oracle", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def exit_status(args: list[str]) -> int:
    """What `strange-tui ARGS` exits with (the parser exits itself on its own errors)."""
    try:
        return main(args)
    except SystemExit as exit_:
        return int(exit_.code)


def test_r_orc_1_campaign_records_one_question_in_its_log(tmp_path, capsys):
    build_demo(tmp_path)
    demo = tmp_path / "demo"
    before = list(CampaignFolder(demo).events())
    args = ["Is the door guarded?", "--likely", "--die", "14", "--event-die", "20",
            "--campaign", "demo"]  # fmt: skip
    report = run_json(capsys, *args, "--saves", str(tmp_path))
    assert report["answer"] == "Yes"
    after = list(CampaignFolder(demo).events())
    assert len(after) == len(before) + 1
    asked = after[-1]
    assert isinstance(asked, OracleAsked)
    assert (asked.question, asked.likelihood, asked.die, asked.app_rolled) == (
        "Is the door guarded?",
        "likely",
        14,
        False,
    )
    assert main(["log", "demo", "--saves", str(tmp_path), "--last", "1"]) == 0
    line = capsys.readouterr().out
    assert 'The oracle, asked "Is the door guarded?" (likely), rolled 14: Yes.' in line


def test_campaign_text_says_it_was_written(tmp_path, capsys):
    build_demo(tmp_path)
    assert main(["oracle", "Is it?", "--campaign", str(tmp_path / "demo"), "--die", "3"]) == 0
    assert "Written in the campaign's log." in capsys.readouterr().out


def test_an_unknown_campaign_changes_nothing_and_exits_1(tmp_path, capsys):
    assert main(["oracle", "Is it?", "--campaign", "nowhere", "--saves", str(tmp_path)]) == 1
    assert "nowhere" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_oracle_json_does_not_load_the_ui():
    """Like `odds --json`: the answer comes without importing Textual or Rich."""
    code = (
        "import sys; from strange_tui.cli import main; main(['oracle', 'Is it?', '--json']);"
        "print(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.strip() == "False"


def test_draw_takes_the_agreed_arguments_and_runs_the_draw_command():
    """`draw TABLE [CAMPAIGN] [--level N | --levels A-B] [--seed N] [--json]` is parsed
    here and handed whole to cli.draw.run_draw."""
    args = command_parser().parse_args(
        ["draw", "creature", "demo", "--level", "3", "--seed", "4", "--json"]
    )
    assert (args.table, args.campaign, args.level, args.levels) == ("creature", "demo", 3, None)
    assert (args.seed, args.json, args.saves) == (4, True, None)
    assert args.run is solo.run_draw
    ranged = command_parser().parse_args(["draw", "creature", "--levels", "2-4"])
    assert (ranged.campaign, ranged.level, ranged.levels) == (None, None, "2-4")
    for table in ("cypher", "complication", "scene"):
        assert command_parser().parse_args(["draw", table]).table == table


@pytest.mark.parametrize(
    "args",
    [["draw", "dragon"], ["draw", "creature", "--level", "3", "--levels", "2-4"]],
)
def test_draw_refuses_an_unknown_table_or_two_levels(capsys, args):
    assert exit_status(args) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_r_ten_3_the_event_die_is_rolled_and_its_random_event_drawn(capsys):
    """Tension 5: an event die of 1 or 2 brings a random event, drawn from the packs with
    its dice; any other face draws none, and the app rolls it when none is given."""
    report = run_json(capsys, "Is it?", "--die", "10", "--event-die", "2")
    assert (report["event_die"], report["random_event"]) == (2, True)
    (event,) = report["drawn"]
    assert event["table"] == "event" and "; its meaning: " in event["result"]
    assert event["dice"] and all(1 <= die <= 100 for die in event["dice"])
    quiet = run_json(capsys, "Is it?", "--die", "10", "--event-die", "3")
    assert (quiet["random_event"], quiet["drawn"]) == (False, [])
    rolled = run_json(capsys, "Is it?", "--seed", "5")
    assert 1 <= rolled["event_die"] <= 20


def test_r_orc_2_no_and_draws_a_complication_shown_as_text(capsys):
    assert main(["oracle", "Is it quiet?", "--die", "1", "--event-die", "20"]) == 0
    out = capsys.readouterr().out
    for seen in ("tension 5", "Event die   10%  1-2", "20 (your die)", "Complication", "(dice "):
        assert seen in out, seen


def test_r_orc_3_yes_and_draws_a_gift_from_the_saves_packs(capsys, tmp_path):
    saves = tmp_path / "saves"
    (saves / "packs").mkdir(parents=True)
    (saves / "packs" / "solo.toml").write_text(
        '[[gifts]]\nid = "map"\nname = "A map"\ntext = "Someone drew the way."\n'
    )
    report = run_json(capsys, "Is help near?", "--die", "20", "--event-die", "20",
                      "--saves", str(saves))  # fmt: skip
    assert report["answer"] == "Yes, and"
    assert report["drawn"] == [
        {"table": "gift", "result": "A map — Someone drew the way", "dice": []}
    ]


def test_choose_answers_without_rolling(capsys):
    report = run_json(capsys, "Is it?", "--choose", "Yes, and")
    assert (report["answer"], report["chosen"], report["die"], report["event_die"]) == (
        "Yes, and", True, None, None,
    )  # fmt: skip
    assert (report["twist"], report["drawn"], report["random_event"]) == (None, [], False)
    assert main(["oracle", "Is it?", "--choose", "No"]) == 0
    out = capsys.readouterr().out
    assert "none: the answer chosen, not rolled" in out and "No (your choice)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Is it?", "--event-die", "0"], "--event-die is what a d20 shows, 1 to 20; 0 is not"),
        (["Is it?", "--choose", "Maybe"], "invalid choice"),
        (["Is it?", "--choose", "Yes", "--die", "4"], "no --die or --event-die"),
        (["Is it?", "--choose", "No", "--event-die", "4"], "no --die or --event-die"),
    ],
)
def test_event_die_and_choose_mistakes_are_one_line_and_exit_2(capsys, args, message):
    assert exit_status(["oracle", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_r_ten_2_a_campaigns_tension_moves_the_odds_and_is_recorded(tmp_path, capsys):
    build_demo(tmp_path)
    demo = tmp_path / "demo"
    CampaignFolder(demo).open().dispatch(TensionSet(tension=8, was=5))
    args = ["Is it?", "--die", "9", "--event-die", "6", "--campaign", "demo"]
    report = run_json(capsys, *args, "--saves", str(tmp_path))
    # Tension 8: an even question says yes from 8; the event die brings one on 1-5.
    assert (report["tension"], report["yes_from"], report["answer"]) == (8, 8, "Yes")
    assert (report["event_chance"], report["random_event"]) == (0.25, False)
    asked = list(CampaignFolder(demo).events())[-1]
    assert isinstance(asked, OracleAsked) and (asked.tension, asked.event_die) == (8, 6)


def test_r_ten_3_with_a_campaign_the_event_is_in_the_same_step(tmp_path, capsys):
    build_demo(tmp_path)
    demo = tmp_path / "demo"
    before = list(CampaignFolder(demo).events())
    args = ["Is it?", "--die", "9", "--event-die", "1", "--campaign", "demo"]
    assert run_json(capsys, *args, "--saves", str(tmp_path))["random_event"] is True
    asked, drawn = list(CampaignFolder(demo).events())[len(before) :]
    assert isinstance(asked, OracleAsked) and isinstance(drawn, Drawn)
    assert drawn.table == "event" and drawn.batch == asked.seq
