"""Every built-in creature says in numbers what its entry's text says (R-NPC-1, R-NPC-2):
each "as level N" of its modifications is a record at N, and the powers its entry was
given (tests/content/creature_records.toml) are all still there."""

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from strange_tui.content.creature_powers import AsLevel
from strange_tui.content.loader import Content

CREATURES = Content().kind("creatures")
RECORDS = tomllib.loads((Path(__file__).with_name("creature_records.toml")).read_text())
AS_LEVEL = re.compile(r"as level (\d+)", re.IGNORECASE)


def kinds(creature) -> Counter:
    return Counter(type(effect).__struct_config__.tag for effect in creature.effects)


def test_r_npc_1_every_as_level_modification_of_the_text_is_a_record_at_its_level():
    missing = [
        f"{cid}: {text!r}"
        for cid, creature in CREATURES.items()
        for text in creature.modifications
        for level in AS_LEVEL.findall(text)
        if int(level) not in {e.level for e in creature.effects if isinstance(e, AsLevel)}
    ]
    assert missing == []


@pytest.mark.parametrize("cid", sorted(RECORDS))
def test_r_npc_2_every_creature_keeps_the_records_it_was_given(cid):
    assert cid in CREATURES
    have, want = kinds(CREATURES[cid]), Counter(RECORDS[cid])
    assert have >= want, f"{cid} lost {dict(want - have)}"


def test_r_npc_2_the_coverage_covers_every_creature_with_records():
    """A creature given records later is added to the list, so it is held to them too."""
    assert {cid for cid, c in CREATURES.items() if c.effects} <= set(RECORDS)


def test_r_npc_2_the_issue_s_creatures_carry_their_powers():
    """The powers the CSRD's Combat sections give in numbers, spot-checked by hand."""
    abomination = CREATURES["abomination"]
    assert kinds(abomination) >= Counter({"regenerates": 1, "armor": 1, "rider": 1})
    assert any(e.level == 2 and "speed defense" in e.tasks
               for e in CREATURES["ai-zombie"].effects if isinstance(e, AsLevel))  # fmt: skip
    assert [e.health for e in CREATURES["anathema"].effects if hasattr(e, "stopped_by")] == [10]


def test_r_npc_2_a_creature_left_to_the_gm_says_so():
    """A creature whose modifications no record captures is narrative: its text is the
    GM's to play, never silently dropped."""
    silent = [
        cid for cid, c in CREATURES.items() if c.modifications and not c.effects and not c.narrative
    ]
    assert silent == []
