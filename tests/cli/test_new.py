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


def refused(demo, capsys, args) -> str:  # noqa: F811
    """`new` with ``args``: exit 2, one line on stderr, nothing written; the line."""
    before = (demo / "journal.toml").read_bytes()
    assert main(["new", str(demo), *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert (demo / "journal.toml").read_bytes() == before
    return err


def test_new_holds_strong_s_extra_weapon_to_medium_or_heavy(demo, capsys):  # noqa: F811
    """Strong's "a medium or heavy weapon": a knife, a rapier and a light gun are refused;
    a sword as the third is taken."""
    args = list(VECTOR)
    args[args.index("--descriptor") + 1] = "Strong"
    args[args.index("--weapons") + 1] = "knife,rapier,light gun"
    said = "Strong's extra weapon must be medium or heavy: at most 2 light weapons."
    assert said in refused(demo, capsys, args)
    args[args.index("--weapons") + 1] = "knife,rapier,sword"
    assert main(["new", str(demo), *args, "--json"]) == 0
    assert "Sword" in json.loads(capsys.readouterr().out)["equipment"]


def test_r_cyp_1_new_counts_an_occultic_starting_cypher_as_two(demo, capsys):  # noqa: F811
    """The demo's GM allows two starting cyphers; two occultic ones weigh 4 against the
    Vector's limit of 2 (they were taken, the sheet saying [4/2])."""
    args = [*VECTOR, "--cyphers", "AI Instance,Animal Control"]
    said = "Step 10 (Cyphers): An occultic cypher counts as two: 4 against a cypher limit of 2."
    assert said in refused(demo, capsys, args)
    args[-1] = "AI Instance"
    assert main(["new", str(demo), *args, "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert (made["cypher_load"], made["cypher_limit"]) == (2, 2)


def test_new_refuses_more_picks_than_a_choice_asks(demo, capsys):  # noqa: F811
    """Too many picks is an error as too few is: swimming was dropped without a word."""
    args = list(VECTOR)
    args[args.index("--abilities") + 1] = (
        "Bash,Combat Prowess (ranged),Physical Skills,Improved Edge (Intellect)"
    )
    args[args.index("--armor") + 1] = "none"
    args += ["--choice", "Physical Skills=climbing,running,swimming"]
    assert "Physical Skills: choose 2 (chose 3)." in refused(demo, capsys, args)


def test_new_refuses_a_name_already_in_the_campaign(demo, capsys):  # noqa: F811
    """A second Kit Ward could not be told from the first (`sheet demo kit`)."""
    args = list(VECTOR)
    args[args.index("--name") + 1] = "Kit Ward"
    assert main(["new", str(demo), *args]) == 0
    capsys.readouterr()
    args[args.index("--name") + 1] = "kit ward"
    said = "Step 11 (Name and background): Kit Ward is in the campaign already: give another name."
    assert said in refused(demo, capsys, args)
    assert main(["sheet", str(demo), "kit", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "Kit Ward"


def test_the_sheets_list_the_weapon_attacks_as_the_tracker_does(demo, capsys):  # noqa: F811
    """A Vector with three weapons: text, md and json list each weapon with its damage
    (Combat Prowess (ranged) +1 on the crossbow), and bare hands, as the tracker would."""
    args = list(VECTOR)
    args[args.index("--weapons") + 1] = "heavy-ranged,medium-melee,light-melee"
    assert main(["new", str(demo), *args]) == 0
    assert "Attacks" in capsys.readouterr().out
    assert main(["sheet", str(demo), "Rook", "--format", "json"]) == 0
    attacks = json.loads(capsys.readouterr().out)["attacks"]
    assert [(a["name"], a["damage"]) for a in attacks][:4] == [
        ("Heavy ranged weapon", 7),
        ("Medium melee weapon", 4),
        ("Light melee weapon", 2),
        ("Unarmed", 2),
    ]  # Then the abilities' attacks, each with its own damage.
    assert {"from": "Combat Prowess (ranged)", "damage": 1} in attacks[0]["parts"]
    for shape, head in (("text", "Attacks "), ("md", "- **Attacks** ")):
        assert main(["sheet", str(demo), "Rook", "--format", shape]) == 0
        (line,) = [x for x in capsys.readouterr().out.splitlines() if head in x]
        assert "Heavy ranged weapon 7 (long, Speed" in line
        assert "Light melee weapon 2 (immediate, Might" in line


@pytest.mark.parametrize("word", ["markdown", "Markdown", "md"])
def test_sheet_format_markdown_is_md(demo, capsys, word):  # noqa: F811
    assert main(["sheet", str(demo), "Mara", "--format", word]) == 0
    assert capsys.readouterr().out.startswith("## Mara Quist")
