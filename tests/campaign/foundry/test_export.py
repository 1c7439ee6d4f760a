"""A character as a Foundry actor: the template's fields, filled from the sheet."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from strange_tui.campaign.foundry import actor_of
from strange_tui.campaign.narrate.sheet import find_character
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.foundry.helpers import content_of, played_demo


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    saves = tmp_path_factory.mktemp("saves")
    return CampaignFolder(played_demo(saves)).check(), content_of(saves)


def items(actor, kind):
    return {i["name"]: i for i in actor["items"] if i["type"] == kind}


def test_the_sheet_numbers_fill_the_actor(demo):
    state, content = demo
    system = actor_of(state, find_character(state, "Mara"), content)["system"]
    assert system["basic"] == {
        "descriptor": "Tough", "type": "Vector", "focus": "Is Licensed to Carry",
        "tier": 1, "effort": 1, "xp": 13,
        "advancement": {"stats": False, "effort": False, "edge": False, "skill": False,
                        "other": False},
    }  # fmt: skip
    assert system["pools"]["might"] == {"value": 11, "max": 14, "edge": 1}
    assert system["pools"]["speed"]["edge"] == 1
    recoveries = system["combat"]["recoveries"]
    assert recoveries["roll"] == "1d6+2"  # Tier 1 and Tough's +1 (R-REC-1).
    assert [recoveries[b] for b in ("oneAction", "tenMinutes", "oneHour", "tenHours")] == [
        True, True, True, False,
    ]  # fmt: skip
    assert system["combat"]["damageTrack"]["state"] == "Hale"
    assert system["combat"]["armor"]["ratingTotal"] == 2


def test_items_carry_skills_abilities_attacks_and_gear(demo):
    state, content = demo
    actor = actor_of(state, find_character(state, "Jun"), content)
    assert items(actor, "skill")["Lore and knowledge"]["system"]["basic"] == {"rating": "Inability"}
    assert items(actor, "ability")["Onslaught"]["system"]["basic"] == {
        "cost": 1, "pool": "Intellect",
    }  # fmt: skip
    ray = items(actor, "attack")["Onslaught: force ray"]["system"]["basic"]
    assert (ray["damage"], ray["range"]) == (4, "Short")
    assert set(items(actor, "cypher")) == {"Phase key", "Stim patch"}
    assert items(actor, "cypher")["Phase key"]["system"]["basic"]["level"] == "4"
    assert set(items(actor, "equipment")) == {"Dagger", "Magnifying glass", "Notebook",
                                              "Lock picks"}  # fmt: skip
    assert items(actor, "armor")["Ward"]["system"]["basic"]["rating"] == 1


def test_the_luck_pool_is_the_additional_pool(demo):
    state, content = demo
    system = actor_of(state, find_character(state, "Tess"), content)["system"]
    assert system["pools"]["additional"] == {"value": 3, "max": 3, "edge": 0}
    assert system["settings"]["general"]["additionalPool"]["label"] == "Luck"


def test_a_recursion_item_carries_each_focus(demo):
    """R-TR-8: a focus per recursion: the one here, active, and each one left behind."""
    state, content = demo
    mara = replace(find_character(state, "Mara"), foci={"ardeyn": "Carries a Quiver"})
    recursions = items(actor_of(state, mara, content), "recursion")
    assert recursions["Earth"]["system"]["basic"]["focus"] == "Is Licensed to Carry"
    assert recursions["Earth"]["system"]["active"] is True
    assert recursions["Ardeyn"]["system"]["basic"]["focus"] == "Carries a Quiver"
    assert recursions["Ardeyn"]["system"]["active"] is False
