"""The built-in `strange` pack: complete, consistent, and in the pack's own words."""

import re
from pathlib import Path

import pytest

from strange_tui.content.loader import Content
from strange_tui.content.validate import problems

SEED_DESCRIPTORS = [
    "Appealing", "Brash", "Clever", "Fast", "Graceful", "Intelligent", "Lucky",
    "Sharp-Eyed", "Skeptical", "Stealthy", "Strange", "Strong", "Tough",
]  # fmt: skip
CSRD = Path(__file__).resolve().parents[3] / "shared" / "reference" / "csrd"


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


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def test_descriptions_are_in_our_own_words(content):
    """No description shares a run of eight words with the CSRD (names and numbers are
    facts we may use; sentences are not)."""
    run = 8
    csrd_runs = set()
    for path in CSRD.rglob("*.md"):
        text = words(path.read_text(encoding="utf-8", errors="replace"))
        csrd_runs.update(tuple(text[i : i + run]) for i in range(len(text) - run + 1))
    assert csrd_runs, f"the CSRD reference is missing at {CSRD}"
    copied = []
    for kind in ("types", "descriptors", "foci", "abilities", "recursions", "creatures", "cyphers"):
        for entry in content.kind(kind).values():
            for field in ("summary", "effect"):
                text = words(getattr(entry, field, ""))
                if any(tuple(text[i : i + run]) in csrd_runs for i in range(len(text) - run + 1)):
                    copied.append(f"{kind} {entry.id}.{field}")
    assert copied == []
