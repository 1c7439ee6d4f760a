"""`strange-tui new`: the wizard's character from the command line, same checks."""

import json

import pytest

from strange_tui.cli import main
from tests.cli.test_campaign_commands import demo  # noqa: F401  (fixture)

VECTOR = [
    "--name", "Rook Vance", "--descriptor", "Tough", "--type", "Vector",
    "--focus", "Is Licensed to Carry", "--pools", "3,3,0", "--edge", "speed",
    "--abilities", "Bash,Combat Prowess (ranged),Practiced in Armor,Improved Edge (Intellect)",
    "--weapons", "heavy-ranged", "--armor", "medium",
]  # fmt: skip


def test_new_makes_a_tough_vector_who_is_licensed_to_carry(demo, capsys):  # noqa: F811
    assert main(["new", str(demo), *VECTOR, "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["sentence"] == "I am a Tough Vector who Is Licensed to Carry"
    assert made["pools"]["might"] == {"current": 13, "max": 13, "edge": 0}
    assert made["pools"]["speed"]["edge"] == 1 and made["pools"]["intellect"]["edge"] == 1
    assert made["armor"] == 3  # Tough 1 + medium armor 2 (R-CMB-6)
    assert "Combat Prowess (ranged)" in made["abilities"]
    assert main(["sheet", str(demo), "Rook", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == made


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--pools", "3,2,0"], "Place the last 1 point first"),
        (["--abilities", "Bash"], "Choose 4 abilities (1 chosen)"),
        (["--focus", "Builds Robots"], "The GM has not allowed that focus here"),
        (["--descriptor", "Sleepy"], "no descriptor 'Sleepy'"),
        (
            ["--weapons", "light-melee,heavy-ranged,medium-melee,heavy-melee"],
            "You may choose 3 weapons",
        ),
        (["--pools", "a,b"], "--pools takes three whole numbers"),
        (
            ["--abilities", "Bash,Combat Prowess,Practiced in Armor,Improved Edge (Intellect)"],
            "Combat Prowess: choose melee or ranged attacks",
        ),
        (
            ["--abilities", "Bash,Combat Prowess (melee),Practiced in Armor,Improved Edge"],
            "Improved Edge: choose an Edge that is 0 to raise to 1",
        ),
        (
            ["--abilities", "Bash,Combat Prowess (melee),Swipe,Improved Edge (Might)"],
            "Only an ability that brings starting armor lets you start in armor",
        ),
        (
            ["--weapons", "heavy-ranged,medium-melee,heavy-melee"],
            "Tough's extra weapon must be light",
        ),
        (["--armor", "mithril"], "no armor 'mithril'"),
    ],
)
def test_new_refuses_what_the_wizard_refuses(demo, capsys, change, message):  # noqa: F811
    args = list(VECTOR)
    flag = change[0]
    args[args.index(flag) + 1] = change[1]
    before = (demo / "journal.toml").read_bytes()
    assert main(["new", str(demo), *args]) == 2
    assert message in capsys.readouterr().err
    assert (demo / "journal.toml").read_bytes() == before
