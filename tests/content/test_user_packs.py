"""User packs add or override entries by id; a broken one is reported and the rest loads."""

import json

from strange_tui.cli import main
from strange_tui.content.loader import Content, user_pack_files

HEADER = '[pack]\nid = "house"\nname = "House rules"\n\n'


def test_a_user_pack_overrides_a_builtin_entry_by_id(tmp_path):
    pack = tmp_path / "house.toml"
    pack.write_text(
        HEADER
        + '[[recursions]]\nid = "ruk"\nname = "Ruk"\nsummary = "Our Ruk is harder to reach."\n'
        + 'level = 6\nlaws = ["mad science"]\ntranslation_difficulty = 7\n'
    )
    content = Content([pack])
    assert content.kind("recursions")["ruk"].translation_difficulty == 7
    assert content.kind("recursions")["earth"].translation_difficulty == 5
    assert content.problems == []


def test_a_user_pack_adds_entries(tmp_path):
    pack = tmp_path / "more.toml"
    pack.write_text(
        '[[creatures]]\nid = "glass-hound"\nname = "Glass hound"\nlevel = 3\nhealth = 9\n'
        'damage = 3\nsummary = "A dog of living glass."\n'
    )
    assert Content([pack]).kind("creatures")["glass-hound"].health == 9


def test_a_wrong_type_names_file_and_field_and_the_rest_loads(tmp_path):
    pack = tmp_path / "bad.toml"
    pack.write_text(
        '[[creatures]]\nid = "bad-one"\nname = "Bad"\nlevel = "three"\nhealth = 9\n'
        'damage = 3\nsummary = "Broken."\n\n'
        '[[creatures]]\nid = "good-one"\nname = "Good"\nlevel = 3\nhealth = 9\n'
        'damage = 3\nsummary = "Fine."\n'
    )
    content = Content([pack])
    creatures = content.kind("creatures")
    assert "good-one" in creatures and "bad-one" not in creatures
    assert len(creatures) > 100
    assert content.problems == [f"{pack}: creatures[0].level: Expected `int`, got `str`"]


def test_an_unknown_field_or_kind_is_reported(tmp_path):
    pack = tmp_path / "odd.toml"
    pack.write_text(
        '[[monsters]]\nid = "x"\n\n[[weapons]]\nid = "laser"\nname = "Laser"\n'
        'category = "medium"\ndamage = 4\nsparkles = true\n'
    )
    content = Content([pack])
    content.kind("weapons")
    assert any("monsters: not a kind of content" in p for p in content.problems)
    assert any(
        "weapons[0]: Object contains unknown field `sparkles`" in p for p in content.problems
    )


def test_a_pack_with_bad_syntax_is_reported_with_its_line(tmp_path):
    pack = tmp_path / "broken.toml"
    pack.write_text('[pack]\nid = "x"\nname = = 1\n')
    content = Content([pack])
    assert len(content.kind("types")) == 3
    assert content.problems and "broken.toml, line 3" in content.problems[0]


def test_packs_in_the_saves_folder_then_the_command_line(tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "b.toml").write_text("")
    (tmp_path / "packs" / "a.toml").write_text("")
    extra = tmp_path / "x.toml"
    assert user_pack_files(tmp_path, [extra]) == [
        tmp_path / "packs" / "a.toml",
        tmp_path / "packs" / "b.toml",
        extra,
    ]


def test_content_command_lists_kinds_as_json(capsys):
    assert main(["content", "descriptors", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert len(listed["entries"]) == 13 and listed["kind"] == "descriptors"
    assert main(["content", "types", "--json"]) == 0
    types = json.loads(capsys.readouterr().out)["entries"]
    assert [t["name"] for t in types] == ["Vector", "Paradox", "Spinner"]
    assert {"pools", "edge", "effort", "cypher_limit"} <= set(types[0])
    assert main(["content", "creatures", "--json"]) == 0
    creatures = json.loads(capsys.readouterr().out)["entries"]
    assert len(creatures) >= 100
    assert all({"level", "health", "armor"} <= set(c) for c in creatures)


def test_content_command_with_a_pack_and_a_problem(tmp_path, capsys):
    pack = tmp_path / "bad.toml"
    pack.write_text("[[armor]]\nid = 5\n")
    assert main(["content", "armor", "--pack", str(pack)]) == 0
    captured = capsys.readouterr()
    assert "Light" in captured.out or "light" in captured.out
    assert "pack problem" in captured.err and "armor[0]" in captured.err


def test_content_check_and_unknown_kind(capsys):
    assert main(["content", "--check"]) == 0
    assert main(["content", "spells"]) == 2
    assert "not a kind of content" in capsys.readouterr().err


def test_a_bad_effect_names_file_entry_and_field_and_the_rest_loads(tmp_path):
    """R-ABL-1: a user pack's effects are checked like the rest: an Armor bonus of 0 and an
    effect of no known kind are each refused with where they are; a good entry loads."""
    pack = tmp_path / "powers.toml"
    pack.write_text(
        '[[abilities]]\nid = "thin-shield"\nname = "Thin Shield"\nkind = "enabler"\n'
        'summary = "A shield of nothing."\neffects = [{ effect = "armor", value = 0 }]\n\n'
        '[[abilities]]\nid = "odd"\nname = "Odd"\nkind = "enabler"\nsummary = "Odd."\n'
        'effects = [{ effect = "levitation", value = 1 }]\n\n'
        '[[abilities]]\nid = "iron-hide"\nname = "Iron Hide"\nkind = "enabler"\n'
        'summary = "+2 Armor."\neffects = [{ effect = "armor", value = 2 }]\n'
    )
    content = Content([pack])
    abilities = content.kind("abilities")
    assert "iron-hide" in abilities and "thin-shield" not in abilities and "odd" not in abilities
    first, second = content.problems
    assert "powers.toml" in first and "abilities[0]" in first and "effects[0].value" in first
    assert "powers.toml" in second and "abilities[1]" in second and "levitation" in second
