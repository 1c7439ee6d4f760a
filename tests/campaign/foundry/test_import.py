"""An actor written from the Foundry system's template (fixtures/template_pc.json) made a
character by the creation command: what maps comes across, the rest is reported."""

from __future__ import annotations

import json

import pytest

from strange_tui.campaign.foundry import ActorError, character_from_actor, decode_actor
from strange_tui.campaign.narrate.sheet import sheet_data
from tests.campaign.foundry.helpers import FIXTURE, content_of, fresh


@pytest.fixture
def campaign(tmp_path):
    return fresh(tmp_path).open(), content_of(tmp_path)


def fixture_actor(**changes):
    data = json.loads(FIXTURE.read_text())
    data["system"]["basic"].update(changes)
    return decode_actor(json.dumps(data).encode())


def test_the_template_fixture_becomes_a_clever_paradox(campaign):
    store, content = campaign
    made = character_from_actor(fixture_actor(), content, store.state)
    store.apply(made.events)
    sheet = sheet_data(store.state.characters["wren-ashdown"])
    assert sheet["sentence"] == "I am a Clever Paradox who Solves Mysteries"
    assert sheet["pools"]["speed"] == {"current": 7, "max": 10, "edge": 0}
    assert sheet["pools"]["intellect"] == {"current": 18, "max": 18, "edge": 1}
    assert (sheet["xp"], sheet["damage_track"], sheet["tier"]) == (5, "impaired", 1)
    assert sheet["cyphers"] == [{"name": "Glowing pebble", "level": 4, "occultic": False}]
    assert sheet["artifacts"][0]["name"] == "Rusty sextant"
    assert not sheet["artifacts"][0]["identified"]
    assert sheet["abilities"][:4] == ["Onslaught", "Ward", "Scan", "Magic Training"]
    assert sheet["skills"]["Lore and knowledge"] == "inability"
    assert sheet["notes"].startswith("Archivist at the Estate.\nAfraid of <mirrors>.\n\n")


def test_what_is_not_carried_stays_in_the_notes(campaign):
    """Listed and kept: a lamp the packs do not name is still the character's, on the
    sheet for the player and the GM to settle."""
    store, content = campaign
    made = character_from_actor(fixture_actor(), content, store.state)
    notes = made.character.notes
    assert "From Foundry VTT, not carried here:" in notes
    left_out = [line for line in made.report if not line.startswith("added by the rules")]
    assert left_out and all(f"- {line}" in notes for line in left_out)
    assert "- not carried: equipment Rope" in notes


def test_what_does_not_map_is_reported_never_dropped(campaign):
    store, content = campaign
    report = "\n".join(character_from_actor(fixture_actor(), content, store.state).report)
    for expected in (
        "not carried: tier 2",
        "not carried: ability Gravity Boots",
        "not carried: skill Juggling, specialized",
        "not carried: oddity Odd spoon",
        "not carried: focus Carries a Quiver in Ardeyn",
        "not carried: this tier's advancements (stats)",
        "not carried: 1 rest used today",
        "not carried: equipment Rope",
    ):
        assert expected in report
    assert "Climbing" not in report  # Practiced is no skill: nothing is lost.


@pytest.mark.parametrize(
    ("change", "word"),
    [
        ({"descriptor": "Mutant"}, "descriptor 'Mutant'"),
        ({"type": "Glaive"}, "type 'Glaive'"),
        ({"focus": "Bears a Halo of Fire"}, None),
    ],
)
def test_an_essential_that_does_not_map_refuses_and_makes_nothing(campaign, change, word):
    store, content = campaign
    actor = fixture_actor(**change)
    if word is None:  # The recursion item names the focus for Earth: it still maps.
        assert character_from_actor(actor, content, store.state).character.focus
        data = json.loads(FIXTURE.read_text())
        data["items"] = [i for i in data["items"] if i["type"] != "recursion"]
        data["system"]["basic"].update(change)
        actor, word = decode_actor(json.dumps(data).encode()), "focus 'Bears a Halo of Fire'"
    with pytest.raises(ActorError, match=word):
        character_from_actor(actor, content, store.state)
    assert store.state.seq == 0


def test_a_draft_the_rules_refuse_makes_nothing(campaign):
    store, content = campaign
    data = json.loads(FIXTURE.read_text())
    data["name"] = ""
    with pytest.raises(ActorError, match="cannot be made here: Step 11"):
        character_from_actor(decode_actor(json.dumps(data).encode()), content, store.state)


def test_a_cypher_past_the_limit_stays_behind_listed(campaign):
    store, content = campaign
    data = json.loads(FIXTURE.read_text())
    pebble = next(i for i in data["items"] if i["type"] == "cypher")
    data["items"] += [{**pebble, "name": f"Pebble {n}"} for n in range(3)]
    made = character_from_actor(decode_actor(json.dumps(data).encode()), content, store.state)
    assert len(made.character.cyphers) == 3  # A Paradox carries three.
    assert "not carried: cypher Pebble 2 (past the cypher limit)" in made.report
