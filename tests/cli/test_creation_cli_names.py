"""`new` says what is wrong in one line: a name not found gets the nearest names (not the
whole list of hundreds), an ability off the type's first-tier list is named with the list."""

from strange_tui.cli import main


def test_an_unknown_ability_gets_the_nearest_names_not_every_ability(tmp_path, capsys):
    saves = tmp_path / "saves"
    code = main(["new", "t", "--solo", "--saves", str(saves), "--name", "Kit",
                 "--descriptor", "Strong", "--type", "Vector", "--focus", "Is Licensed to Carry",
                 "--pools", "3,3,0", "--abilities", "Bash,Fleet of Fot"])  # fmt: skip
    err = capsys.readouterr().err
    assert code != 0
    assert "no ability 'Fleet of Fot'" in err and "`strange-tui content abilities`" in err
    assert "Word of Command" not in err  # not the whole list


def test_an_ability_off_the_first_tier_list_is_named(tmp_path, capsys):
    saves = tmp_path / "saves"
    code = main(["new", "t", "--solo", "--saves", str(saves), "--name", "Kit",
                 "--descriptor", "Strong", "--type", "Vector", "--focus", "Is Licensed to Carry",
                 "--pools", "3,3,0", "--abilities", "Bash,Fury,Swipe,Quick Throw"])  # fmt: skip
    err = capsys.readouterr().err
    assert code != 0
    assert "Not on the type's first-tier list: Fury (it offers Bash," in err
