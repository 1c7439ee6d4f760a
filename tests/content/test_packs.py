"""The built-in `strange` pack: complete, consistent, and in the pack's own words."""

import hashlib

import pytest

from strange_tui import legal
from strange_tui.content.loader import Content
from strange_tui.content.validate import problems
from tests.content import csrd_runs

SEED_DESCRIPTORS = [
    "Appealing", "Brash", "Clever", "Fast", "Graceful", "Intelligent", "Lucky",
    "Sharp-Eyed", "Skeptical", "Stealthy", "Strange", "Strong", "Tough",
]  # fmt: skip


@pytest.fixture(scope="module")
def content() -> Content:
    return Content().load_all()


def test_the_pack_has_no_problems(content):
    """Every referenced ability exists, every focus names a recursion that exists, ids
    are unique and no description runs past two lines."""
    assert problems(content) == []


def test_every_seed_descriptor_is_present(content):
    names = [d.name for d in content.kind("descriptors").values()]
    assert names == SEED_DESCRIPTORS


def test_the_three_types_follow_warrior_adept_speaker(content):
    types = content.kind("types")
    assert list(types) == ["vector", "paradox", "spinner"]
    vector, paradox, spinner = types["vector"], types["paradox"], types["spinner"]
    assert (vector.pools.might, vector.pools.speed, vector.pools.intellect) == (10, 10, 8)
    assert (paradox.pools.might, paradox.pools.speed, paradox.pools.intellect) == (7, 9, 12)
    assert (spinner.pools.might, spinner.pools.speed, spinner.pools.intellect) == (8, 9, 11)
    assert all(t.bonus_points == 6 and t.effort == 1 for t in types.values())
    assert (vector.cypher_limit, paradox.cypher_limit, spinner.cypher_limit) == (2, 3, 2)
    assert len(vector.edge_choices) == 2
    assert paradox.edge.intellect == 1 and spinner.edge.intellect == 1
    for kind in types.values():
        assert [tier.tier for tier in kind.tiers] == [1, 2, 3, 4, 5, 6]
        assert kind.tiers[0].choose >= 1 and len(kind.tiers[0].abilities) > kind.tiers[0].choose


def test_descriptor_effects_are_structured(content):
    descriptors = content.kind("descriptors")
    assert descriptors["strong"].pools.might == 4
    assert (descriptors["tough"].armor, descriptors["tough"].recovery_bonus) == (1, 1)
    assert [(p.name, p.maximum) for p in descriptors["lucky"].extra_pools] == [("Luck", 3)]
    assert descriptors["strange"].based_on == "Weird"


def test_at_least_twelve_foci_for_earth_each_with_six_tiers(content):
    foci = content.kind("foci").values()
    earth = [focus for focus in foci if "earth" in focus.recursions]
    assert len(earth) >= 12
    for focus in foci:
        assert [tier.tier for tier in focus.tiers] == [1, 2, 3, 4, 5, 6], focus.id
    assert content.kind("foci")["is-licensed-to-carry"].name == "Is Licensed to Carry"


def test_recursions_earth_ardeyn_ruk(content):
    recursions = content.kind("recursions")
    assert recursions["earth"].translation_difficulty == 5 and recursions["earth"].prime
    assert recursions["ardeyn"].laws == ("magic",)
    assert (recursions["ruk"].laws, recursions["ruk"].level) == (("mad science",), 4)
    for name in ("ardeyn", "ruk"):
        assert any(name in focus.recursions for focus in content.kind("foci").values())


def test_creatures_cyphers_and_equipment(content):
    creatures = content.kind("creatures")
    assert len(creatures) >= 100
    assert all(c.health > 0 or c.level == 0 for c in creatures.values())
    cyphers = content.kind("cyphers")
    assert len(cyphers) >= 100
    assert {c.kind for c in cyphers.values()} == {"anoetic", "occultic"}
    weapons = content.kind("weapons").values()
    assert {(w.category, w.damage) for w in weapons} >= {("light", 2), ("medium", 4), ("heavy", 6)}
    armor = {a.category: a for a in content.kind("armor").values()}
    assert [armor[c].armor for c in ("light", "medium", "heavy")] == [1, 2, 3]


def test_creature_names_read_as_english_not_the_sources_slips(content):
    """The source spells one queen 'of Light an Love': the pack says 'and'; her id, which
    saved fights may hold, stays as it was."""
    aine = content.kind("creatures")["aine-fairy-queen-of-light-an-love"]
    assert aine.name == "Aine, Fairy Queen of Light and Love"


def test_the_csrd_fingerprints_are_whole_and_current():
    """The fingerprint file is there, made with this module's settings, and unharmed.
    (Remake it with ``python -m tests.content.csrd_runs PATH/TO/csrd`` when the reference
    changes; ``--check`` says whether it is stale.)"""
    header, body = csrd_runs.read()
    assert {key: header[key] for key in csrd_runs.parameters()} == csrd_runs.parameters()
    assert len(body) == header["count"] * csrd_runs.DIGEST_BYTES
    assert hashlib.sha256(body).hexdigest() == header["body_sha256"]
    digests = [body[i : i + 6] for i in range(0, len(body), 6)]
    assert digests == sorted(set(digests)), "digests must be sorted and unique"
    assert header["count"] > 100_000, "the whole reference, not a part of it"


def test_the_fingerprints_find_text_the_reference_holds(csrd_digests):
    """A positive control: the licence notice we must carry word for word is in the
    reference (its LICENSE.md), so every one of its runs is found."""
    notice = legal.CSOL_NOTICE + " " + legal.TRADEMARK_NOTICE
    runs = csrd_runs.run_digests(notice)
    assert runs and runs <= csrd_digests
    assert not csrd_runs.run_digests("the vector strikes twice and the paradox bends the "
                                     "rules of the recursion around a cypher") & csrd_digests


@pytest.fixture(scope="module")
def csrd_digests() -> frozenset[bytes]:
    return csrd_runs.load()


def test_descriptions_are_in_our_own_words(content, csrd_digests):
    """No description shares a run of eight words with the CSRD (names and numbers are
    facts we may use; sentences are not)."""
    copied = []
    for kind in ("types", "descriptors", "foci", "abilities", "recursions", "creatures", "cyphers"):
        for entry in content.kind(kind).values():
            for field in ("summary", "effect"):
                if csrd_runs.run_digests(getattr(entry, field, "")) & csrd_digests:
                    copied.append(f"{kind} {entry.id}.{field}")
    assert copied == []
