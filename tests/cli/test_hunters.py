"""`strange-tui hunters odds` and `hunters roll` (R-HUN-1, R-HUN-5)."""

import json

import pytest

from strange_tui.cli import main


def test_hunters_odds_json(capsys):
    assert main(["hunters", "odds", "--bonus", "3", "--cr", "10", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["p_success"] == 0.5833 and report["p_success_exact"] == "7/12"
    assert report["p_degrees"] == {"1": 0.4167, "2": 0.1667}


def test_hunters_roll_with_your_dice(capsys):
    assert main(["hunters", "roll", "--bonus", "3", "--cr", "10", "--values", "6,6", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["dice"], report["total"], report["success"], report["degrees"]) == (
        [6, 6],
        15,
        True,
        2,
    )


def test_hunters_double_ones_fail(capsys):
    assert main(["hunters", "roll", "--bonus", "20", "--cr", "4", "--values", "1,1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["success"] is False and report["fumble"] is True


def test_hunters_roll_is_repeatable_with_a_seed(capsys):
    rolls = set()
    for _ in range(3):
        main(["hunters", "roll", "--cr", "10", "--seed", "9", "--dice", "3", "--json"])
        rolls.add(tuple(json.loads(capsys.readouterr().out)["dice"]))
    assert len(rolls) == 1 and len(next(iter(rolls))) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cr", "40"], "1 to 32"),
        (["--cr", "10", "--dice", "5"], "2d6"),
        (["--cr", "10", "--values", "3"], "needs 2 dice"),
        (["--cr", "10", "--values", "3,9"], "1 to 6"),
        (["--cr", "10", "--values", "3,4", "--seed", "1"], "not both"),
    ],
)
def test_hunters_bad_input(capsys, args, message):
    assert main(["hunters", "roll", *args]) == 2
    assert message in capsys.readouterr().err
