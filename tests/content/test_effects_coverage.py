"""Every type, descriptor, focus and ability of the built-in pack says what it does in
numbers (its effects) or that the table reads the rest (``narrative``); none whose summary
states a number carries no effect."""

from __future__ import annotations

import re

import pytest

from strange_tui.content.loader import Content
from strange_tui.content.model import Ability, CharacterType, Descriptor, Focus

STATES_A_NUMBER = re.compile(
    r"[+-]\d|\b\d+ (more |less |extra )?(damage|armor|points?)\b|\bArmor\b|\bEdge\b"
    r"|\bPools?\b|\btrained\b|\bspecialized\b|\bTrained\b|\bSpecialized\b"
    r"|\beased?\b|\bEase\b|\bhinder(ed|s)?\b|\bassets?\b|\bfree (level of )?Effort\b"
    r"|\bcypher limit\b|\brecovery rolls?\b",
)
"""A summary that says a number the model could apply: a bonus, damage, Armor, an Edge, a
pool, a training, an eased or hindered task, an asset, free Effort, the cypher limit."""

REVIEWED: dict[str, str] = {
    "abilities agile-wit": "rolls Speed tasks with Intellect (its pool and Edge): no record"
    " swaps the pool a task is rolled and paid with; the player picks Intellect in the roll",
    "abilities quick-wits": "pays Intellect costs from Speed: no record swaps the pool a cost"
    " is paid from",
    "abilities special-shot": "trades 1 of a hit's damage for an effect the table names: a"
    " choice made at the hit, not a number on the sheet",
    "abilities machine-companion": "its 3 damage is the companion's attack, an NPC's, not"
    " the character's",
}
"""Entries whose summary matches ``STATES_A_NUMBER`` yet carry no effect, each with the
reviewer's reason: what the vocabulary cannot say without pretending."""


@pytest.fixture(scope="module")
def content() -> Content:
    return Content().load_all()


def structured(entry: object) -> bool:
    """Whether a descriptor, type or focus says something through its own fields."""
    if isinstance(entry, Descriptor):
        return bool(
            entry.pools != type(entry.pools)()
            or entry.skills
            or entry.inabilities
            or entry.armor
            or entry.recovery_bonus
            or entry.skill_choices
            or entry.extra_pools
        )
    if isinstance(entry, CharacterType):
        return True  # Pools, Edge, Effort and the cypher limit are its fields.
    if isinstance(entry, Focus):
        return bool(entry.skills or entry.skill_choices or entry.tiers)
    return False


def entries(content: Content) -> list[tuple[str, object, str]]:
    """(where, entry, summary) for each entry and descriptor feature."""
    found: list[tuple[str, object, str]] = []
    for kind in ("types", "descriptors", "foci", "abilities"):
        for entry in content.kind(kind).values():
            found.append((f"{kind} {entry.id}", entry, entry.summary))
            if isinstance(entry, Descriptor):
                for feature in entry.features:
                    where = f"{kind} {entry.id}: {feature.name}"
                    if any(pool.name in feature.name for pool in entry.extra_pools):
                        where += " (its extra pool)"
                    found.append((where, feature, feature.summary))
    return found


def test_every_entry_has_effects_or_is_marked_narrative(content: Content) -> None:
    silent = [
        where
        for where, entry, _ in entries(content)
        if not (entry.effects or entry.narrative or structured(entry))
    ]
    assert not silent, f"{len(silent)} entries say nothing of what they do: {silent[:20]}"


def left_out(content: Content) -> list[str]:
    """The entries whose summary states a number and whose effects say nothing."""
    return [
        where
        for where, entry, summary in entries(content)
        if isinstance(entry, Ability) or not structured(entry)
        if not where.endswith("(its extra pool)")  # The pool the descriptor's field keeps.
        if not entry.effects and STATES_A_NUMBER.search(summary) and where not in REVIEWED
    ]


def test_no_summary_states_a_number_its_effects_leave_out(content: Content) -> None:
    missing = left_out(content)
    assert not missing, f"{len(missing)} entries state a number with no effect: {missing}"


def test_an_entry_whose_effect_is_taken_away_is_caught(tmp_path) -> None:
    """A pack that gives an Armor bonus ability no effect (only its words) fails the check."""
    ward = Content().kind("abilities")["ward"]
    pack = tmp_path / "plain.toml"
    pack.write_text(
        f'[[abilities]]\nid = "ward"\nname = "{ward.name}"\nkind = "enabler"\n'
        f'summary = "{ward.summary}"\nnarrative = true\n'
    )
    content = Content([pack])
    assert content.problems == []
    assert left_out(content) == ["abilities ward"]


def test_the_reviewed_list_names_real_entries_that_still_need_it(content: Content) -> None:
    known = {where: entry for where, entry, _ in entries(content)}
    stale = [where for where in REVIEWED if where not in known or known[where].effects]
    assert not stale, f"reviewed entries gone or given effects since: {stale}"
