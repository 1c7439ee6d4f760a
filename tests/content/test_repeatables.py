"""The packs' repeatables (R-ADV-1): an ability whose summary says it may be taken again
("can be taken again", "repeatable", "more than once") is marked ``repeatable``, so later
tiers offer it again; one whose words only look so has its reason reviewed here."""

import re

import msgspec
import pytest

from strange_tui.content.loader import Content
from strange_tui.content.model import Ability

SAYS_AGAIN = re.compile(r"\b(again|repeatable|more than once|multiple times)\b", re.IGNORECASE)

REVIEWED = {
    "better-living-through-chemistry": "'cannot use it again' for an hour: a wait, not a"
    " second taking",
    "quick-throw": "'throw again': a second attack in the same action",
    "seize-the-moment": "'act again at once': an extra action in the round",
    "fire-and-ice": "'rolling again each round' to keep the heat up: one use",
    "invisibility": "'hide again' after acting openly: one use",
}
"""Entries whose summary says "again" of something else than taking the ability."""


def abilities() -> dict[str, Ability]:
    return dict(Content().kind("abilities"))


def test_r_adv_1_an_ability_that_says_it_may_be_taken_again_is_repeatable():
    unmarked = [
        f"{key}: {entry.summary}"
        for key, entry in abilities().items()
        if SAYS_AGAIN.search(entry.summary) and not entry.repeatable and key not in REVIEWED
    ]
    assert unmarked == [], "mark repeatable = true, or review the entry's words here"


def test_r_adv_1_a_repeatable_ability_says_so_in_its_summary():
    """The mark and the words agree the other way too: a player reads the summary."""
    silent = [
        k for k, e in abilities().items() if e.repeatable and not SAYS_AGAIN.search(e.summary)
    ]
    assert silent == []


def test_every_reviewed_entry_exists_and_still_says_again():
    """A reviewed reason that no longer fits (the entry gone, or its words changed) goes."""
    found = abilities()
    stale = [k for k in REVIEWED if k not in found or not SAYS_AGAIN.search(found[k].summary)]
    assert stale == []


def test_the_items_named_repeatable_are():
    """Physical Skills and Skill With Attacks say so (and the CSRD's Skill With Defense)."""
    found = abilities()
    assert all(
        found[k].repeatable for k in ("physical-skills", "skill-with-attacks", "skill-with-defense")
    )


@pytest.mark.parametrize("value", ["yes", 1])
def test_repeatable_is_a_true_or_false_in_a_pack(value):
    entry = {"id": "x", "name": "X", "kind": "enabler", "summary": "S.", "repeatable": value}
    with pytest.raises(msgspec.ValidationError, match="repeatable"):
        msgspec.convert(entry, Ability)
