"""The solo tables (solo.toml): intrusion ideas of every kind, complications and scene
prompts for every recursion, valid, short, in our own words, and replaceable by a user."""

from collections import Counter
from typing import get_args, get_type_hints

import pytest

from strange_tui.content.loader import Content, builtin_files, user_pack_files
from strange_tui.content.model import IntrusionIdea
from strange_tui.content.validate import problems
from strange_tui.rules.oracle import INTRUSION_KINDS
from tests.content import csrd_runs

RECURSIONS = ("earth", "ardeyn", "ruk")
SOLO_KINDS = ("intrusions", "complications", "scenes")
HEADER = '[pack]\nid = "mine"\nname = "My tables"\n\n'


@pytest.fixture(scope="module")
def content() -> Content:
    return Content()


def test_the_intrusion_kinds_are_the_oracle_s_six(content):
    """The pack, the model and the oracle's d6 name the same six kinds, in one order."""
    assert get_args(get_type_hints(IntrusionIdea)["kind"]) == INTRUSION_KINDS
    assert {idea.kind for idea in content.kind("intrusions").values()} == set(INTRUSION_KINDS)


def test_every_kind_has_three_ideas_in_every_recursion_and_some_lean_on_one(content):
    ideas = list(content.kind("intrusions").values())
    anywhere = Counter(idea.kind for idea in ideas if not idea.recursion)
    assert all(anywhere[kind] >= 3 for kind in INTRUSION_KINDS), anywhere
    flavoured = Counter(idea.recursion for idea in ideas if idea.recursion)
    assert set(flavoured) == set(RECURSIONS)
    assert sum(flavoured.values()) < len(ideas) / 2, "most ideas fit any recursion"


@pytest.mark.parametrize("kind", ["complications", "scenes"])
def test_twelve_for_any_recursion_and_six_for_each(content, kind):
    by_recursion = Counter(entry.recursion for entry in content.kind(kind).values())
    assert by_recursion[""] >= 12
    assert all(by_recursion[recursion] >= 6 for recursion in RECURSIONS), by_recursion


def test_each_line_is_one_short_sentence(content):
    for kind in SOLO_KINDS:
        for entry in content.kind(kind).values():
            assert len(entry.name) <= 40, entry.id
            assert len(entry.text) <= 120 and entry.text.endswith("."), entry.id
            assert entry.text.count(".") == 1, entry.id


def test_the_solo_tables_have_no_problems_and_each_header_is_counted_once(content):
    assert problems(content) == []
    files = {path for paths in builtin_files().values() for path in paths}
    assert len(content.headers()) == len(files)


def test_the_solo_tables_are_in_our_own_words(content):
    """No line shares a run of eight words with the CSRD."""
    digests = csrd_runs.load()
    copied = [
        f"{kind} {entry.id}.{field}"
        for kind in SOLO_KINDS
        for entry in content.kind(kind).values()
        for field in ("name", "text")
        if csrd_runs.run_digests(getattr(entry, field)) & digests
    ]
    assert copied == []


def test_a_line_for_an_unknown_recursion_is_a_problem(tmp_path):
    pack = tmp_path / "more.toml"
    pack.write_text(
        HEADER + '[[scenes]]\nid = "moon-base"\nname = "A moon base"\n'
        'text = "Dust and silence."\nrecursion = "luna"\n'
    )
    assert problems(Content([pack])) == ["scenes moon-base: recursion 'luna' is not defined"]


def test_a_user_pack_adds_lines_to_the_tables(tmp_path):
    pack = tmp_path / "more.toml"
    pack.write_text(
        HEADER + '[[complications]]\nid = "my-rain"\nname = "Rain"\ntext = "It rains."\n'
    )
    complications = Content([pack]).kind("complications")
    assert "my-rain" in complications and "any-rival-crew" in complications


def test_a_user_solo_toml_replaces_each_table_it_holds_and_leaves_the_others(tmp_path):
    """A player's own `<saves>/packs/solo.toml` with complications: those are the only
    complications; the built-in scenes and intrusion ideas stay."""
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "solo.toml").write_text(
        HEADER + '[[complications]]\nid = "mine-1"\nname = "Fog"\ntext = "Fog rolls in."\n'
    )
    content = Content(user_pack_files(tmp_path))
    assert list(content.kind("complications")) == ["mine-1"]
    assert len(content.kind("scenes")) >= 30
    assert len(content.kind("intrusions")) >= 18
    assert content.problems == []


def test_a_broken_solo_file_is_reported_once(tmp_path):
    pack = tmp_path / "solo.toml"
    pack.write_text('[[scenes]]\nid = "x"\nname = = 1\n')
    content = Content([pack]).load_all()
    assert len([p for p in content.problems if "solo.toml" in p]) == 1
