"""`strange-tui ref [TOPIC]`: the quick reference in plain text, no campaign needed; the
same topics and lines as the app's screen; an unknown topic lists the topics (exit 2)."""

import json

from strange_tui.campaign.narrate.reference import reference_topics
from strange_tui.cli import main
from strange_tui.content.loader import Content


def ref(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["ref", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_r_ref_1_ref_climbing_prints_the_ladder_with_its_numbers(capsys, tmp_path):
    code, out, err = ref(capsys, "climbing", "--saves", str(tmp_path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Climbing (Might)"
    numbers = [int(line.split()[0]) for line in lines[2:]]
    assert numbers == [2, 3, 4, 5, 6, 8, 10]
    assert lines[-1] == "  10  a sheer pane of glass"


def test_r_mod_1_and_r_art_1_by_part_of_the_topic_s_name(capsys, tmp_path):
    code, out, _ = ref(capsys, "modif", "--saves", str(tmp_path))
    assert code == 0 and out.startswith("Modifying an ability\n")
    assert "   7  a use close to the ability, but of another nature" in out
    assert "   ·  duration: each point spent" in out  # A line to read: a dot, no number.
    code, out, _ = ref(capsys, "identifying", "--saves", str(tmp_path))
    assert out.startswith("Identifying cyphers and artifacts (Intellect)\n")
    assert "   1  a cypher" in out and "   2  a cypher" in out


def test_all_topics_without_a_campaign_fit_80_columns(capsys, tmp_path):
    code, out, _ = ref(capsys, "--saves", str(tmp_path))
    assert code == 0
    titles = [topic.name for topic in reference_topics(Content())]
    blocks = out.rstrip("\n").split("\n\n")
    assert [block.splitlines()[0].split(" (")[0] for block in blocks] == titles
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "  10  Impossible, target 30: beyond any human" in out
    assert "   ·  major fire: 6 damage each round" in out


def test_an_unknown_topic_lists_the_topics_and_exits_2(capsys, tmp_path):
    code, out, err = ref(capsys, "swimming", "--saves", str(tmp_path))
    assert code == 2 and out == ""
    assert "no topic 'swimming'" in err
    for name in ("climbing", "jumping", "riding", "knowledge", "hazards", "crafting"):
        assert name in err


def test_json_holds_the_same_lines(capsys, tmp_path):
    code, out, _ = ref(capsys, "jumping", "--json", "--saves", str(tmp_path))
    (topic,) = json.loads(out)["topics"]
    assert topic["id"] == "jumping" and topic["stat"] == "might"
    assert [line["difficulty"] for line in topic["lines"]] == [1, 2, 4, 6, 8, 10, None]


def test_a_user_pack_in_the_saves_amends_a_topic(capsys, tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "ice.toml").write_text(
        '[pack]\nid = "ice"\nname = "Ice"\n\n[[reference]]\nid = "climbing"\n'
        'name = "Climbing"\nstat = "might"\n\n[[reference.lines]]\ndifficulty = 7\n'
        'text = "a frozen waterfall"\n'
    )
    code, out, _ = ref(capsys, "climb", "--saves", str(tmp_path))
    assert code == 0 and out.splitlines()[1:] == ["   7  a frozen waterfall"]
