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


ESCAPES = "Evil\x1b]0;pwned\x07 \x1b[31mRed"
"""A name that sets the terminal's title and turns what follows red."""


def test_pack_name_with_escape_codes_is_refused_with_its_file_and_field(tmp_path, capsys):
    pack = tmp_path / "evil.toml"
    pack.write_text(
        f'[[abilities]]\nid = "evil"\nname = {json.dumps(ESCAPES)}\nkind = "enabler"\n'
        'summary = "x"\nnarrative = true\n\n'
        '[[creatures]]\nid = "sly"\nname = "Sly"\nlevel = 3\nhealth = 9\ndamage = 3\n'
        f'summary = "A\\nB"\nmodifications = ["hides \\u202e well"]\n\n'
        '[[creatures]]\nid = "fine"\nname = "Fine"\nlevel = 3\nhealth = 9\ndamage = 3\n'
        'summary = "Two\\nlines\\tand a tab."\n'
    )
    content = Content([pack])
    assert "evil" not in content.kind("abilities")
    assert "sly" not in content.kind("creatures") and "fine" in content.kind("creatures")
    assert [p.split(": ")[1] for p in content.problems] == [
        "abilities[0].name",
        "creatures[0].modifications[0]",
    ]
    assert all(str(pack) in p for p in content.problems)
    said = {}
    for command in ("--check", "abilities", "creatures"):
        status = main(["content", command, "--pack", str(pack)])
        out, err = capsys.readouterr()
        assert status == (1 if command == "--check" else 0)
        assert "\x1b" not in out + err and "\u202e" not in out + err
        said[command] = (out, err)
    assert "abilities[0].name: holds a control or invisible character" in said["--check"][1]
    assert "Evil" not in said["abilities"][0] and "abilities[0].name" in said["abilities"][1]
    assert "creatures[0].modifications[0]" in said["creatures"][1]


def test_pack_text_is_escaped_when_listed_whatever_the_loader_let_through(
    tmp_path, capsys, monkeypatch
):
    """A second wall: the listing escapes what it prints even if a pack's entry loaded."""
    from strange_tui.content import loader

    monkeypatch.setattr(loader, "unseen_problem", lambda raw, field: None)
    pack = tmp_path / "evil.toml"
    pack.write_text(
        '[[creatures]]\nid = "evil"\nname = "Ev\\u001b[31mil\\u202e"\nlevel = 3\nhealth = 9\n'
        'damage = 3\nsummary = "x"\n'
    )
    assert main(["content", "creatures", "--pack", str(pack)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out
    assert "Ev\\x1b[31mil\\u202e  3  9  3  0" in out


def test_the_builtin_pack_holds_no_control_or_invisible_characters():
    from strange_tui.content.controls import unseen_field
    from strange_tui.content.loader import PackFile, builtin_files

    files = {path for paths in builtin_files().values() for path in paths}
    found = [
        f"{path.name}: {field}"
        for path in sorted(files)
        for kind, table in PackFile(path, []).tables.items()
        for index, raw in enumerate(table)
        if (field := unseen_field(raw, f"{kind}[{index}]"))
    ]
    assert found == []


def test_r_npc_2_a_user_pack_creature_brings_its_records_and_a_bad_one_is_named(tmp_path):
    """A pack's creature is checked like an ability: a rider that lands nothing and a
    task no one knows are refused with the file, the entry and the field; a good creature
    loads with its modifications and powers, ready for a fight."""
    pack = tmp_path / "beasts.toml"
    pack.write_text(
        '[[creatures]]\nid = "mire-wight"\nname = "Mire Wight"\nlevel = 4\nhealth = 12\n'
        'damage = 4\nsummary = "A drowned thing."\n'
        'effects = [{ effect = "rider", stat = "might" }]\n\n'
        '[[creatures]]\nid = "fog-cat"\nname = "Fog Cat"\nlevel = 2\nhealth = 6\ndamage = 2\n'
        'summary = "Mist with claws."\n'
        'effects = [{ effect = "as-level", tasks = ["sneaking"], level = 6 }]\n\n'
        '[[creatures]]\nid = "bog-troll"\nname = "Bog Troll"\nlevel = 5\nhealth = 20\n'
        'damage = 6\nsummary = "Green and hungry."\n'
        'modifications = ["Might defense as level 7"]\n'
        'effects = [\n  { effect = "as-level", tasks = ["might defense"], level = 7 },\n'
        '  { effect = "regenerates", health = 3, stopped_by = ["fire", "acid"] },\n]\n'
        'behaviour = { target = "weakest", flees = "never", why = "it knows no fear" }\n'
    )
    content = Content([pack])
    creatures = content.kind("creatures")
    assert "bog-troll" in creatures and "mire-wight" not in creatures and "fog-cat" not in creatures
    first, second = content.problems
    assert "beasts.toml" in first and "creatures[0]" in first and "effects" in first
    assert "moves the track, deals damage or leaves a condition" in first
    assert "beasts.toml" in second and "creatures[1]" in second and "sneaking" in second
    troll = creatures["bog-troll"]
    assert troll.behaviour.target == "weakest" and troll.effects[1].stopped_by == ("fire", "acid")
