"""`strange-tui odds` and `strange-tui roll`: JSON, panels, and refusals (R-TASK-5, R-TASK-6)."""

import itertools
import json
from fractions import Fraction

import pytest

from strange_tui.cli import main


def run_json(capsys, *args: str) -> dict:
    assert main([*args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1, "one JSON object on one line"
    return json.loads(out)


def test_r_task_5_odds_trained_with_asset(capsys):
    """R-TASK-5: `odds 4 --trained --assets 1` is final 2, target 6, p_success 0.75."""
    report = run_json(capsys, "odds", "4", "--trained", "--assets", "1")
    assert (report["final_difficulty"], report["target"], report["p_success"]) == (2, 6, 0.75)
    assert report["automatic"] is False
    assert report["p_special"] == {"1": 0.05, "17": 0.05, "18": 0.05, "19": 0.05, "20": 0.05}


def test_r_task_4_odds_automatic_success(capsys):
    """R-TASK-4: `odds 2 --trained --assets 2` is an automatic success."""
    report = run_json(capsys, "odds", "2", "--trained", "--assets", "2")
    assert report["automatic"] is True
    assert report["p_success"] == 1.0 and report["final_difficulty"] == 0


def test_r_eff_4_odds_cost_with_effort_edge_impaired(capsys):
    """R-EFF-1..4: `odds 3 --effort 2 --edge 1 --impaired` costs 6."""
    report = run_json(capsys, "odds", "3", "--effort", "2", "--edge", "1", "--impaired")
    assert report["cost"] == 6
    assert report["final_difficulty"] == 1


def test_r_eff_3_ability_cost_counts_with_edge_once(capsys):
    """R-EFF-3: an ability costing 2 with one level of Effort and Edge 2 costs 3."""
    report = run_json(capsys, "odds", "3", "--effort", "1", "--ability-cost", "2", "--edge", "2")
    assert report["cost"] == 3


def expected_p_success(difficulty, steps, bonus) -> Fraction:
    """An independent reading of R-TASK-1..4: count the faces by hand."""
    final = difficulty + steps
    if final <= 0:
        return Fraction(1)
    return Fraction(sum(1 for face in range(1, 21) if face + bonus >= 3 * final), 20)


SKILLS = {"": 0, "--trained": -1, "--specialized": -2}


def test_r_task_5_odds_for_every_combination(capsys):
    """R-TASK-5: every difficulty x training x inability x assets x Effort x bonus gives the
    exact odds, through the command line."""
    combos = itertools.product(range(11), SKILLS, (False, True), range(3), range(4), (-3, 0, 1, 3))
    for difficulty, skill, inability, assets, effort, bonus in combos:
        args = ["odds", str(difficulty), "--assets", str(assets), "--effort", str(effort)]
        args += ["--bonus", str(bonus)] + ([skill] if skill else [])
        args += ["--inability"] if inability else []
        report = run_json(capsys, *args)
        steps = SKILLS[skill] + inability - assets - effort
        assert Fraction(report["p_success"]).limit_denominator(20) == expected_p_success(
            difficulty, steps, bonus
        ), args
        assert report["automatic"] == (difficulty + steps <= 0)
        assert report["target"] == 3 * max(0, difficulty + steps)


def test_r_spec_4_roll_a_physical_twenty(capsys):
    """R-TASK-6, R-SPEC-4: `roll 5 --die 20` succeeds with special 20, and refunds a cost."""
    report = run_json(capsys, "roll", "5", "--die", "20", "--effort", "1")
    assert report["success"] is True and report["special"] == 20
    assert (report["die"], report["total"]) == (20, 20)
    assert report["cost"] == 0 and report["cost_before_special"] == 3 and report["refunded"]


def test_r_spec_1_roll_a_one_is_an_intrusion(capsys):
    """R-SPEC-1: a natural 1 reports the free intrusion."""
    report = run_json(capsys, "roll", "1", "--die", "1", "--bonus", "2")
    assert report["success"] is True and report["intrusion"] is True and report["special"] == 1


def test_r_spec_2_roll_an_attack_with_eighteen(capsys):
    """R-SPEC-2: an attack hitting on an 18 deals +2."""
    report = run_json(capsys, "roll", "4", "--die", "18", "--attack")
    assert report["damage_bonus"] == 2 and report["special_name"] == "+2 damage"


def test_r_spec_5_impaired_attack_on_twenty(capsys):
    """R-SPEC-5: impaired, a 20 on an attack adds 1 damage and offers no effect."""
    report = run_json(capsys, "roll", "4", "--die", "20", "--attack", "--impaired")
    assert report["damage_bonus"] == 1 and report["effects"] == []


def test_r_task_6_seed_makes_rolls_repeatable(capsys):
    """R-TASK-6: the same seed gives the same die, every time."""
    dice = {run_json(capsys, "roll", "5", "--seed", "42")["die"] for _ in range(5)}
    assert len(dice) == 1
    spread = {run_json(capsys, "roll", "5", "--seed", str(seed))["die"] for seed in range(40)}
    assert len(spread) > 5


def test_r_task_4_roll_automatic_rolls_nothing(capsys):
    """R-TASK-4: an automatic success is reported with no die."""
    report = run_json(capsys, "roll", "2", "--trained", "--assets", "2", "--seed", "1")
    assert report["success"] is True and report["die"] is None and report["total"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "11"], "0 (Routine) to 10"),
        (["odds", "-1"], "0 (Routine) to 10"),
        (["odds", "3", "--assets", "3"], "0 to 2 assets"),
        (["odds", "3", "--effort", "-1"], "--effort"),
        (["odds", "3", "--trained", "--specialized"], "--trained or --specialized"),
        (["roll", "3", "--die", "21"], "1 to 20"),
        (["roll", "3", "--die", "0"], "1 to 20"),
        (["roll", "3", "--die", "4", "--seed", "2"], "not both"),
        (["odds", "3", "--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["odds", "three"], "expected a whole number"),
        (["odds"], "required: D"),
        (["odds", "3", "--edge", "-2"], "expected 0 or more"),
        (["--no-such-option"], "unrecognized arguments"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    """Bad input: one clear line on stderr, exit status 2, nothing on stdout, no traceback."""
    with pytest.raises(SystemExit) as exited:
        status = main(args)
        raise SystemExit(status)
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err
    assert "Traceback" not in captured.err


def test_r_task_5_odds_panel_for_people(capsys):
    """R-TASK-5: without --json, a panel with the final difficulty, target and odds."""
    assert main(["odds", "4", "--trained", "--assets", "1"]) == 0
    out = capsys.readouterr().out
    for text in ("Difficult 4 → Standard 2", "6 or more on a d20", "75%", "15 of 20 faces"):
        assert text in out


def test_r_spec_4_roll_panel_shows_the_major_effect(capsys):
    """R-SPEC-4: the roll panel names the special and the refund."""
    assert main(["roll", "5", "--die", "20", "--effort", "1", "--attack"]) == 0
    out = capsys.readouterr().out
    assert "major effect" in out and "come back" in out and "+4" in out
