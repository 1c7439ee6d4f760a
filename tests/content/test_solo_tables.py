"""The bigger solo tables: a hundred lines each, spread over the recursions, tagged by stat
and task kind so a draw can fit the task (content/solo_fit.py), two meaning tables, and the
words that tell a roll's kind of task from its label."""

from collections import Counter
from typing import get_args

import pytest

from strange_tui.content.loader import Content, user_pack_files
from strange_tui.content.model import IntrusionIdea, SoloEntry, TaskKind, TaskWords
from strange_tui.content.solo_fit import fitting, task_of
from strange_tui.content.validate import problems
from tests.content import csrd_runs
from tests.content.test_reference_pack import copied_from_seed

RECURSIONS = ("earth", "ardeyn", "ruk")
TABLES = ("intrusions", "complications", "scenes", "gifts", "alterations")
OWN_WORDS = (*TABLES, "event_foci")
TASKS = get_args(TaskKind)
HEADER = '[pack]\nid = "mine"\nname = "My tables"\n\n'
PHYSICAL = {"might", "speed"}


@pytest.fixture(scope="module")
def content() -> Content:
    return Content()


@pytest.mark.parametrize("kind", TABLES)
def test_each_solo_table_holds_a_hundred_lines_over_every_recursion(content, kind):
    entries = content.kind(kind).values()
    assert len(entries) >= 100
    by_recursion = Counter(entry.recursion for entry in entries)
    assert set(by_recursion) == {"", *RECURSIONS}
    assert all(by_recursion[recursion] >= 10 for recursion in RECURSIONS), by_recursion
    assert set(by_recursion) - {""} <= set(content.kind("recursions"))


@pytest.mark.parametrize("table", ["action", "subject"])
def test_each_meaning_table_holds_a_hundred_short_words(content, table):
    words = [entry.name for entry in content.kind("meanings").values() if entry.table == table]
    assert len(words) >= 100
    assert len(set(words)) == len(words)
    assert all(1 <= len(word.split()) <= 2 and word.islower() for word in words), words


@pytest.mark.parametrize("kind", ["intrusions", "complications", "gifts"])
def test_every_intrusion_complication_and_gift_is_tagged(content, kind):
    for entry in content.kind(kind).values():
        assert entry.stats and entry.tasks, entry.id
        assert len(set(entry.stats)) == len(entry.stats), entry.id
        assert len(set(entry.tasks)) == len(entry.tasks), entry.id


@pytest.mark.parametrize("kind", ["gifts", "alterations"])
def test_each_gift_and_alteration_is_one_short_sentence(content, kind):
    for entry in content.kind(kind).values():
        assert len(entry.name) <= 40, entry.id
        assert len(entry.text) <= 120 and entry.text.endswith("."), entry.id
        assert entry.text.count(".") == 1 and "\n" not in entry.text, entry.id


def test_the_bigger_tables_have_no_problems(content):
    assert problems(content) == []


def test_a_yes_and_in_ruk_draws_fitting_gifts(content):
    """A Might attack in Ruk: every gift offered is tagged for both and fits Ruk."""
    picked = fitting(content.kind("gifts").values(), stat="might", task="attack", recursion="ruk")
    assert len(picked) >= 3
    assert all("might" in e.stats and "attack" in e.tasks for e in picked)
    assert all(e.recursion in ("", "ruk") for e in picked)
    assert any(e.recursion == "ruk" for e in picked)


@pytest.mark.parametrize("task", ["attack", "movement"])
def test_a_might_task_draws_physical_intrusions_and_complications(content, task):
    """Forcing a hatch (Might, movement) or a blow (Might, attack): every line offered is
    tagged for Might and that task, and there are several to draw from."""
    for kind in ("intrusions", "complications"):
        picked = fitting(content.kind(kind).values(), stat="might", task=task, recursion="earth")
        assert len(picked) >= 5, kind
        assert all("might" in e.stats and task in e.tasks for e in picked), kind
        assert all(e.recursion in ("", "earth") for e in picked), kind
    ideas = fitting(content.kind("intrusions").values(), stat="might", task="movement")
    assert "partial-hatch-jams" in {idea.id for idea in ideas}
    assert "partial-earth-half-file" not in {idea.id for idea in ideas}


def test_an_intellect_task_draws_no_physical_line(content):
    picked = fitting(content.kind("complications").values(), stat="intellect", task="social")
    assert picked and all("intellect" in e.stats for e in picked)
    assert not any(set(e.stats) <= PHYSICAL for e in picked)


def line(ident: str, recursion: str = "", stats=(), tasks=()) -> SoloEntry:
    return SoloEntry(
        id=ident, name=ident, text="A line.", recursion=recursion, stats=stats, tasks=tasks
    )


def test_the_fit_falls_back_to_untagged_lines_then_to_all():
    tagged = line("mind", stats=("intellect",), tasks=("knowledge",))
    loose = line("any")
    assert fitting([tagged, loose], stat="might", task="attack") == [loose]
    assert fitting([tagged, loose], stat="intellect", task="knowledge") == [tagged]
    assert fitting([tagged], stat="might", task="attack") == [tagged]
    assert fitting([], stat="might") == []


def test_the_fit_prefers_a_full_match_and_treats_a_silent_tag_as_any():
    both = line("both", stats=("might",), tasks=("attack",))
    stat_only = line("stat", stats=("might",))
    assert fitting([stat_only, both], stat="might", task="attack") == [both]
    assert fitting([stat_only], stat="might", task="attack") == [stat_only]
    assert fitting([stat_only, both], stat="might") == [stat_only, both]


def test_the_fit_keeps_the_party_s_recursion_and_any():
    lines = [line("earth", "earth"), line("ruk", "ruk"), line("any")]
    assert [e.id for e in fitting(lines, recursion="ruk")] == ["ruk", "any"]
    assert [e.id for e in fitting(lines)] == ["any"]


def test_a_bad_tag_in_a_user_pack_is_reported_and_the_rest_loads(tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "solo.toml").write_text(
        HEADER + '[[complications]]\nid = "bad"\nname = "Bad"\ntext = "Oops."\n'
        'stats = ["luck"]\n\n'
        '[[complications]]\nid = "good"\nname = "Good"\ntext = "Fine."\ntasks = ["social"]\n\n'
        '[[intrusions]]\nid = "bad-task"\nname = "B"\ntext = "B."\nkind = "a fumble"\n'
        'tasks = ["swimming"]\n'
    )
    content = Content(user_pack_files(tmp_path))
    assert list(content.kind("complications")) == ["good"]
    assert "bad-task" not in content.kind("intrusions")
    found = problems(content)
    assert any("complications[0].stats" in p and "luck" in p for p in found), found
    assert any("intrusions[0].tasks" in p and "swimming" in p for p in found), found


def test_an_old_user_pack_without_tags_still_loads(tmp_path):
    pack = tmp_path / "old.toml"
    pack.write_text(HEADER + '[[scenes]]\nid = "old"\nname = "Old"\ntext = "As before."\n')
    content = Content([pack])
    assert content.kind("scenes")["old"].stats == ()
    assert problems(content) == []


def own_lines(content: Content) -> list[tuple[str, str]]:
    found = [
        (f"{kind} {entry.id}.{field}", getattr(entry, field))
        for kind in OWN_WORDS
        for entry in content.kind(kind).values()
        for field in ("name", "text")
    ]
    return found + [(f"meanings {e.id}", e.name) for e in content.kind("meanings").values()]


def test_the_own_words_checks_read_every_table(content):
    """The checks below cover the gifts, the alterations and the event foci too."""
    kinds = {where.split()[0] for where, _ in own_lines(content)}
    assert {"gifts", "alterations", "event_foci", "meanings"} <= kinds


def test_the_bigger_tables_and_the_meanings_are_in_our_own_words(content):
    """No line shares a run of eight words with the CSRD."""
    digests = csrd_runs.load()
    assert [
        where for where, text in own_lines(content) if csrd_runs.run_digests(text) & digests
    ] == []


def test_the_bigger_tables_share_no_run_of_five_words_with_the_cheat_sheet(content):
    """The seed's own phrases, by the fingerprints kept in the repository (tests never
    read outside it)."""
    assert [where for where, text in own_lines(content) if copied_from_seed(text)] == []


def test_the_intrusion_kinds_stay_spread(content):
    ideas = [e for e in content.kind("intrusions").values() if isinstance(e, IntrusionIdea)]
    assert min(Counter(idea.kind for idea in ideas).values()) >= 12


def task_words(content: Content) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for entry in content.kind("task_words").values():
        found.setdefault(entry.task, []).extend(entry.words)
    return found


def test_the_task_words_cover_every_kind_and_no_word_is_in_two(content):
    words = task_words(content)
    assert set(words) == set(TASKS)
    assert all(20 <= len(found) <= 60 for found in words.values()), words
    every = [word for found in words.values() for word in found]
    assert [word for word, n in Counter(every).items() if n > 1] == []
    assert all(word.isalpha() and word.islower() for word in every), every


@pytest.mark.parametrize(
    ("label", "task"),
    [
        ("Persuade the guard", "social"),
        ("Climb the lighthouse stairs", "movement"),
        ("Pry open the hatch", None),
        ("Sneak up and stab the sentry", None),
        ("HAGGLING with the gene trader", "social"),
        ("Read the runes on the lintel", "knowledge"),
        ("Shoot the crossbow", "attack"),
        ("Dodge the falling rocks", "defense"),
        ("Translate to Ardeyn", "translation"),
        ("", None),
    ],
)
def test_the_kind_of_task_is_read_from_a_roll_s_label(content, label, task):
    assert task_of(content.kind("task_words").values(), label) == task


def words(task: TaskKind, *found: str) -> TaskWords:
    return TaskWords(id=f"w-{task}", name=task, task=task, words=found)


def test_the_kind_with_most_words_wins_and_a_tie_is_none():
    tables = [words("social", "persuad", "lie"), words("movement", "climb", "run")]
    assert task_of(tables, "Persuading them I climb well is a lie") == "social"
    assert task_of(tables, "Persuade them, then climb") is None
    # A label word must begin with a table word, not hold it or be short of it.
    assert task_of(tables, "Clim the wall of the believers") is None


def test_a_label_word_counts_for_the_longest_word_it_begins_with():
    tables = [words("movement", "run"), words("knowledge", "rune")]
    assert task_of(tables, "Runes") == "knowledge"
    assert task_of(tables, "Running") == "movement"
    assert task_of(tables, "Running past the runes, running") == "movement"


def test_a_user_solo_toml_with_gifts_replaces_the_built_in_gifts(tmp_path):
    """A player's own `<saves>/packs/solo.toml` with gifts: those are the only gifts; the
    built-in alterations and task words stay."""
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "solo.toml").write_text(
        HEADER + '[[gifts]]\nid = "my-gift"\nname = "A lantern"\ntext = "A lantern, lit."\n'
        'stats = ["intellect"]\ntasks = ["knowledge"]\n'
    )
    content = Content(user_pack_files(tmp_path))
    assert list(content.kind("gifts")) == ["my-gift"]
    assert len(content.kind("alterations")) >= 100
    assert set(task_words(content)) == set(TASKS)
    assert problems(content) == []
