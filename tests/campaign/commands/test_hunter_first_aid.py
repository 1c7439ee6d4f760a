"""First aid in The Hunters (R-HUN-9, the project's own rule) and why there is nothing to
stabilise (R-HUN-7, R-HUN-8): one hunter's check against CR 10 stabilises a disabled,
worsening one, in one step with the roll; mild damage that does not worsen says how it
heals."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.hunters import (
    CreateHunter,
    DamageHunter,
    FirstAid,
    StabiliseHunter,
    nothing_to_stabilise,
    pending_rolls,
    worsening_vitals,
)
from strange_tui.campaign.model.events import HunterRolled, HunterStabilised
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage.folder import CampaignFolder


@pytest.fixture
def hunt(tmp_path) -> Store:
    """Rowan (First Aid 3, Medkit 2) and Bea (Health 3), Bea down with three wounds."""
    store = CampaignFolder.create(tmp_path / "saves", "Night Watch", ruleset="hunters").open()
    for command in (
        CreateHunter(name="Rowan", skills={"First Aid": 3}, equipment={"Medkit": 2}),
        CreateHunter(name="Bea", vitals={"health": 3}),
        DamageHunter(hunter="bea", kind="wounding", degrees=3),
    ):
        store.apply(decide(store.state, command))
    return store


def aid(**fields) -> FirstAid:
    return FirstAid(hunter="rowan", patient="bea", skill="First Aid", **fields)


def test_r_hun_9_first_aid_shows_its_odds_against_cr_10_before_the_dice(hunt):
    """First Aid 3 + Medkit 2 = +5: 5 or more on 2d6 (30 of 36, none a double 1)."""
    seen = preview(hunt.state, aid(equipment="Medkit"))
    assert (seen.odds.bonus, seen.odds.cr, seen.worsening) == (5, 10, "wounding")
    assert seen.odds.p_success == pytest.approx(30 / 36)


def test_r_hun_9_a_first_aid_success_stabilises_in_the_same_step(hunt):
    events = decide(hunt.state, aid(values=(4, 4)))
    assert [type(e) for e in events] == [HunterRolled, HunterStabilised]
    rolled, stabilised = events
    assert (rolled.aiding, rolled.cr, rolled.label) == ("bea", 10, "first aid on Bea")
    assert (stabilised.hunter, stabilised.vital, stabilised.by) == ("bea", "health", "Rowan")
    hunt.apply(events)
    assert worsening_vitals(hunt.state, "bea") == ()
    # The check deals no damage: the damage dialog offers no roll of Rowan's.
    assert pending_rolls(hunt.state) == []


def test_r_hun_9_a_failed_first_aid_leaves_the_hunter_worsening(hunt):
    events = decide(hunt.state, aid(values=(2, 3)))
    assert [type(e) for e in events] == [HunterRolled]
    hunt.apply(events)
    assert worsening_vitals(hunt.state, "bea") == ("health",)


def test_r_hun_9_a_disabled_hunter_cannot_tend_anyone(hunt):
    with pytest.raises(RuleViolation, match="Bea is disabled"):
        decide(hunt.state, FirstAid(hunter="bea", patient="bea", values=(6, 6)))


def test_r_hun_9_a_hunters_seat_gives_first_aid_as_its_own_hunter_only(hunt):
    from_rowan = msgspec.structs.replace(aid(values=(6, 6)), by="rowan")
    assert len(decide(hunt.state, from_rowan)) == 2
    for_rowan_from_bea = msgspec.structs.replace(aid(values=(6, 6)), by="bea")
    with pytest.raises(RuleViolation, match="acts for Bea only"):
        decide(hunt.state, for_rowan_from_bea)


def test_r_hun_8_bruising_at_0_says_it_does_not_worsen_and_heals_in_an_hour(tmp_path):
    store = CampaignFolder.create(tmp_path / "saves", "Night Watch", ruleset="hunters").open()
    for command in (
        CreateHunter(name="Bea", vitals={"health": 3}),
        DamageHunter(hunter="bea", kind="bruising", degrees=3),
    ):
        store.apply(decide(store.state, command))
    reason = nothing_to_stabilise(store.state, "bea")
    assert reason == (
        "Bea is disabled (Health 0/3) but not worsening: the mildest damage is bruising, and"
        " only wounding or traumatic worsens. Nothing to stabilise or tend: time heals"
        " bruising, a point an hour; Health is back to 1 at Day 1, 09:00."
    )
    for refused in (StabiliseHunter(hunter="bea"), FirstAid(hunter="bea", patient="bea")):
        with pytest.raises(RuleViolation, match="the mildest damage is bruising"):
            decide(store.state, refused)


def test_r_hun_8_a_hunter_not_at_0_has_nothing_to_stabilise(hunt):
    assert nothing_to_stabilise(hunt.state, "rowan").startswith("Rowan's health is not at 0")


def test_r_hun_7_every_damage_type_says_how_it_heals():
    from strange_tui.campaign.commands.hunters import DAMAGE_TYPES, heal_pace

    paces = [heal_pace(kind) for kind in DAMAGE_TYPES]
    assert paces == [
        "a point a minute",
        "a point an hour",
        "a point a day",
        "a point a week",
        "a point a month",
        "never",
    ]
