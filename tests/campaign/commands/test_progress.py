"""XP, GM intrusions, advancement and the GM's settings as commands: their events,
previews and refusals, without the UI (R-XP-1, R-ADV-1)."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import ChangeArmor
from strange_tui.campaign.commands.character.advancement import BuyAdvancement
from strange_tui.campaign.commands.character.xp import AwardXp
from strange_tui.campaign.commands.rolls.intrusion import GmIntrusion
from strange_tui.campaign.commands.table.questions import OfferIntrusion
from strange_tui.campaign.commands.table.settings import ChangeSettings
from strange_tui.campaign.model.events import (
    AdvancementBought,
    CharacterCreated,
    IntrusionAccepted,
    IntrusionRefused,
    SettingsChanged,
    XpAwarded,
)
from strange_tui.campaign.model.folds.armor import CSRD_ARMOR
from strange_tui.campaign.model.state import Campaign, Settings
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character, party_store


def run(store, command):
    return store.apply(decide(store.state, command))


def xp(store, character_id="mara"):
    return store.state.characters[character_id].xp


def with_xp(amount, *ids):
    store = party_store(*ids)
    if amount:
        store.dispatch(XpAwarded(character=(ids or ("mara",))[0], amount=amount))
    return store


# XP awards.


def test_the_gm_awards_xp_in_one_event_and_one_undo_step():
    store = party_store()
    before = store.state
    events = run(store, AwardXp(character="mara", amount=3, reason="  a discovery "))
    assert [type(e) for e in events] == [XpAwarded]
    assert (events[0].amount, events[0].reason) == (3, "a discovery")
    assert xp(store) == 3
    assert store.undo() == events and store.state == before


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (AwardXp(character="mara", amount=2, by="mara"), "Only the GM"),
        (AwardXp(character="mara", amount=0), "Award 1 to 100 XP"),
        (AwardXp(character="mara", amount=101), "Award 1 to 100 XP"),
        (AwardXp(character="nobody", amount=1), "No character 'nobody'"),
    ],
)
def test_an_award_is_refused_from_a_player_seat_or_out_of_bounds(command, reason):
    store = party_store()
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)


# R-XP-1: GM intrusions.


def test_r_xp_1_accepting_gives_2_xp_one_of_them_to_another_pc():
    store = party_store()
    before = store.state
    events = run(store, GmIntrusion(character="mara", given_to="jun", what="A gun jams"))
    assert [type(e) for e in events] == [IntrusionAccepted]
    assert (xp(store, "mara"), xp(store, "jun")) == (1, 1)
    assert store.undo() == events and store.state == before


def test_r_xp_1_the_second_xp_must_go_to_another_pc_when_there_is_one():
    store = party_store()
    with pytest.raises(RuleViolation, match="another character"):
        decide(store.state, GmIntrusion(character="mara"))
    with pytest.raises(RuleViolation, match="another character"):
        decide(store.state, GmIntrusion(character="mara", given_to="mara"))
    alone = party_store("mara")
    run(alone, GmIntrusion(character="mara"))
    assert xp(alone) == 2


def test_r_xp_1_refusing_costs_1_xp():
    store = with_xp(2)
    events = run(store, GmIntrusion(character="mara", choice="refuse", what="The floor gives"))
    assert [type(e) for e in events] == [IntrusionRefused]
    assert xp(store) == 1


def test_r_xp_1_refusing_at_0_xp_is_refused_and_nothing_changes():
    store = party_store()
    before = store.state
    with pytest.raises(RuleViolation, match=r"no XP: refusing an intrusion costs 1\.$"):
        decide(store.state, GmIntrusion(character="mara", choice="refuse"))
    assert store.state == before


def test_r_xp_1_the_preview_shows_both_answers_and_why_one_is_impossible():
    store = party_store()
    shown = preview(store.state, GmIntrusion(character="mara", given_to="jun"))
    assert shown.xp == {"mara": 0, "jun": 0}
    assert shown.accept == {"mara": 1, "jun": 1} and shown.accept_problem is None
    assert shown.refuse is None and "no XP" in shown.refuse_problem
    store = with_xp(3)
    shown = preview(store.state, GmIntrusion(character="mara", given_to="jun"))
    assert shown.refuse == {"mara": 2} and shown.refuse_problem is None


# R-ADV-1: advancement.


def test_r_adv_1_a_step_costs_4_xp_and_is_one_event_and_one_undo_step():
    store = with_xp(5)
    before = store.state
    events = run(store, BuyAdvancement(character="mara", step="effort", skill="ignored"))
    assert [type(e) for e in events] == [AdvancementBought]
    assert events[0].skill is None  # Only what the step uses is recorded.
    mara = store.state.characters["mara"]
    assert (mara.xp, mara.effort, mara.advancements) == (1, 2, ("effort",))
    assert store.undo() == events and store.state == before


def test_r_adv_1_the_preview_is_what_buying_does():
    store = with_xp(4)
    command = BuyAdvancement(
        character="mara", step="pools", pools={Stat.MIGHT: 3, Stat.INTELLECT: 1}
    )
    shown = preview(store.state, command)
    assert shown.problem is None
    assert (shown.cost, shown.xp, shown.xp_after) == (4, 4, 0)
    assert shown.changes == ("Might 12/12 → 15/15", "Intellect 8/8 → 9/9", "XP 4 → 0")
    run(store, command)
    mara = store.state.characters["mara"]
    assert shown.pools_after == mara.pools and shown.effort_after == mara.effort


def test_r_adv_1_edge_and_skill_steps_say_what_changes():
    store = with_xp(8)
    edge = preview(store.state, BuyAdvancement(character="mara", step="edge", edge=Stat.SPEED))
    assert "Speed Edge 1 → 2" in edge.changes
    skill = preview(store.state, BuyAdvancement(character="mara", step="skill", skill=" Guns "))
    assert "Guns: trained → specialized" in skill.changes
    fresh = preview(store.state, BuyAdvancement(character="mara", step="skill", skill="Climbing"))
    assert "Climbing: untrained → trained" in fresh.changes


@pytest.mark.parametrize(
    ("xp_given", "command", "reason"),
    [
        (3, BuyAdvancement(character="mara", step="effort"), r"3 XP; a step costs 4\.$"),
        (4, BuyAdvancement(character="mara", step="pools", pools={Stat.MIGHT: 3}), "exactly 4"),
        (
            4,
            BuyAdvancement(character="mara", step="pools", pools={Stat.MIGHT: 5, Stat.SPEED: -1}),
            r"0 to 4 of the 4 points\.$",
        ),
        (4, BuyAdvancement(character="mara", step="edge"), "Choose the pool"),
        (4, BuyAdvancement(character="mara", step="skill", skill="  "), "Name the skill"),
        (4, BuyAdvancement(character="mara", step="skill", skill="x" * 81), "80 characters"),
        (4, BuyAdvancement(character="mara", step="ability"), "Name the type ability"),
        (4, BuyAdvancement(character="mara", step="flight"), r"no advancement step"),
    ],
)
def test_r_adv_1_refusals_come_with_the_rules_reason(xp_given, command, reason):
    store = with_xp(xp_given)
    before = store.state
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)
    assert preview(store.state, command).problem is not None
    assert store.state == before


def test_r_adv_1_a_step_is_bought_once_per_tier():
    """Refused with the step in words ('+1 Effort', not the key 'effort')."""
    store = with_xp(8)
    run(store, BuyAdvancement(character="mara", step="effort"))
    shown = preview(store.state, BuyAdvancement(character="mara", step="effort"))
    assert "Mara already bought +1 Effort this tier." in shown.problem
    assert shown.xp_after == shown.xp == 4
    with pytest.raises(RuleViolation, match="already bought"):
        decide(store.state, BuyAdvancement(character="mara", step="effort"))


def test_r_adv_1_the_fourth_step_raises_the_tier():
    store = with_xp(16)
    for step in ("effort", "recovery"):
        run(store, BuyAdvancement(character="mara", step=step))
    run(store, BuyAdvancement(character="mara", step="skill", skill="Climbing"))
    last = BuyAdvancement(character="mara", step="edge", edge=Stat.INTELLECT)
    shown = preview(store.state, last)
    assert (shown.tier, shown.tier_after, shown.bought) == (1, 2, ("effort", "recovery", "skill"))
    assert "Intellect Edge 0 → 1" in shown.changes
    run(store, last)
    mara = store.state.characters["mara"]
    assert (mara.tier, mara.advancements, mara.xp) == (2, (), 0)


# R-ADV-1: one other option a tier; what a step still leaves open.

CONTENT = Content()


@pytest.mark.parametrize(
    ("first", "second"),
    [(a, b) for a in ("armor", "recovery", "ability") for b in ("armor", "recovery", "ability")
     if a != b],
)  # fmt: skip
def test_r_adv_1_only_one_step_of_a_tier_is_an_other_option(first, second):
    """Armor, recovery and a new ability together fill one of a tier's four steps: a PC
    cannot reach the next tier without Effort, Edge or a skill."""
    store = with_xp(8)
    run(store, ChangeArmor(character="mara", armor="heavy"))
    run(store, BuyAdvancement(character="mara", step=first, ability="Spray"))
    command = BuyAdvancement(character="mara", step=second, ability="Reload")
    reason = rf"already took an other option this tier \({first}\): only one"
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)
    assert "other option" in preview(store.state, command).problem
    run(store, BuyAdvancement(character="mara", step="effort"))  # A main step still goes.


def test_r_adv_1_the_preview_says_what_is_still_open_this_tier():
    store = with_xp(12)
    shown = preview(store.state, BuyAdvancement(character="mara", step="effort"))
    assert shown.still_open == (
        "+4 pool points", "+1 Edge", "+1 Effort", "a skill",
        "one other option (less armor cost, +2 to recovery rolls, an ability, or a contact,"
        " home, title, wealth, familiarity, artifact)",
    )  # fmt: skip
    run(store, BuyAdvancement(character="mara", step="recovery"))
    run(store, BuyAdvancement(character="mara", step="effort"))
    shown = preview(store.state, BuyAdvancement(character="mara", step="skill", skill="Guns"))
    assert shown.still_open == ("+4 pool points", "+1 Edge", "a skill")


def test_r_adv_1_recovery_and_a_new_ability_work_as_before():
    store = with_xp(8)
    run(store, BuyAdvancement(character="mara", step="recovery"))
    assert store.state.characters["mara"].recovery_bonus == 2
    other = with_xp(4)
    run(other, BuyAdvancement(character="mara", step="ability", ability="Spray"))
    assert "Spray" in other.state.characters["mara"].abilities


def test_r_adv_1_the_armor_step_lowers_what_the_armor_worn_costs():
    """R-ADV-1, R-CMB-6: heavy armor unpracticed takes 5 Speed and 3 Might an hour; one
    step and it costs what medium would: 3 Speed, 2 Might an hour."""
    store = with_xp(4)
    run(store, ChangeArmor(character="mara", armor="heavy"))
    mara = store.state.characters["mara"]
    assert (mara.pools.speed.maximum, mara.worn.might_per_hour, mara.armor) == (5, 3, 4)
    command = BuyAdvancement(character="mara", step="armor")
    shown = preview(store.state, command)
    lowered = "Heavy armor: Speed −5, 3 Might an hour → Speed −3, 2 Might an hour"
    assert lowered in shown.changes
    assert shown.pools_after.speed.maximum == 7
    run(store, command)
    mara = store.state.characters["mara"]
    assert (mara.armor_steps, mara.pools.speed.maximum, mara.worn.might_per_hour) == (1, 7, 2)
    assert mara.armor == 4  # The Armor it gives does not change.


def test_r_adv_1_the_armor_step_lowers_the_csrd_speed_effort_cost():
    store = with_xp(4)
    run(store, ChangeSettings(house_rules=(CSRD_ARMOR,)))
    run(store, ChangeArmor(character="mara", armor="medium"))
    assert store.state.characters["mara"].worn.effort_extra == 2
    run(store, BuyAdvancement(character="mara", step="armor"))
    assert store.state.characters["mara"].worn.effort_extra == 1


def test_r_adv_1_the_armor_step_is_refused_when_it_would_change_nothing():
    """Practiced in armor (the seed's rule), wearing armor costs nothing to lower."""
    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara", abilities=("Practiced in Armor",))))
    store.dispatch(XpAwarded(character="mara", amount=4))
    with pytest.raises(RuleViolation, match="costs Mara nothing that a step could lower"):
        decide(store.state, BuyAdvancement(character="mara", step="armor"))


# R-ADV-1: a new tier brings the type's and the focus's abilities.


def tier_ready(xp=4, **changes):
    """Mara (a Tough Vector who Is Licensed to Carry) three steps into tier 1."""
    store = Store(Campaign(name="Test"))
    who = character("mara", abilities=("Bash", "Combat Prowess (melee)"),
                    advancements=("pools", "edge", "effort"), xp=xp, **changes)  # fmt: skip
    store.dispatch(CharacterCreated(character=who))
    return store


def test_r_adv_1_reaching_a_tier_offers_the_type_s_abilities_and_adds_the_focus_s():
    store = tier_ready()
    command = BuyAdvancement(character="mara", step="skill", skill="Guns", content=CONTENT)
    shown = preview(store.state, command)
    offer = shown.offer
    assert (offer.tier, offer.type_name, offer.choose) == (2, "Vector", 2)
    assert offer.granted == ("Careful Shot",) and offer.focus_options == ()
    keys = dict(offer.options)
    assert keys["crushing-blow"] == "Crushing Blow" and keys["swipe"] == "Swipe"  # tier 1 too
    assert "bash" not in keys and "combat-prowess:ranged" not in keys  # held already
    assert shown.problem == "Reaching tier 2: choose 2 Vector abilities (0 chosen)."
    with pytest.raises(RuleViolation, match="choose 2 Vector abilities"):
        decide(store.state, command)
    chosen = msgspec.structs.replace(command, tier_abilities=("crushing-blow", "swipe"))
    shown = preview(store.state, chosen)
    assert {"New ability: Crushing Blow", "New ability: Careful Shot"} <= set(shown.changes)
    (event,) = run(store, chosen)
    assert event.tier_abilities == ("Crushing Blow", "Swipe", "Careful Shot")
    mara = store.state.characters["mara"]
    assert mara.tier == 2 and mara.abilities[-3:] == ("Crushing Blow", "Swipe", "Careful Shot")


def test_r_adv_1_a_new_tier_s_improved_edge_asks_an_edge_at_0():
    store = tier_ready()
    command = BuyAdvancement(character="mara", step="skill", skill="Guns", content=CONTENT,
                             tier_abilities=("improved-edge:intellect", "swipe"))  # fmt: skip
    run(store, command)
    mara = store.state.characters["mara"]
    assert mara.pools.intellect.edge == 1 and "Improved Edge (Intellect)" in mara.abilities
    store = tier_ready()
    bad = msgspec.structs.replace(command, tier_abilities=("improved-edge:might", "swipe"))
    with pytest.raises(RuleViolation, match="Vector's list"):
        decide(store.state, bad)  # Might Edge is 1 already: not offered.


def test_r_adv_1_a_focus_that_offers_a_choice_at_the_new_tier_asks_for_it():
    store = tier_ready(tier=2)
    command = BuyAdvancement(character="mara", step="skill", skill="Guns", content=CONTENT,
                             tier_abilities=("lunge", "fury", "slice"))  # fmt: skip
    with pytest.raises(RuleViolation, match="choose one of Is Licensed to Carry's tier-3"):
        decide(store.state, command)
    chosen = msgspec.structs.replace(command, focus_choice="damage-dealer")
    with pytest.raises(RuleViolation, match="Damage Dealer: choose light or medium"):
        decide(store.state, chosen)  # Its damage bonus asks which weapons (R-ABL-1).
    run(store, msgspec.structs.replace(chosen, answers={"Damage Dealer": ("gun",)}))
    mara = store.state.characters["mara"]
    assert mara.tier == 3 and mara.abilities[-4:] == ("Lunge", "Fury", "Slice", "Damage Dealer")
    dealer = next(t for t in mara.traits if t.name == "Damage Dealer")
    assert [(e.value, e.attacks) for e in dealer.effects] == [(3, "gun")]


def test_r_adv_1_a_new_tier_s_abilities_come_only_with_the_step_that_reaches_it():
    store = with_xp(4)
    with pytest.raises(RuleViolation, match="come with the step that reaches it"):
        store.dispatch(
            AdvancementBought(character="mara", step="effort", tier_abilities=("Swipe",))
        )


# The GM's settings.


def test_settings_change_only_what_is_given_in_one_event():
    store = Store(Campaign(name="Test"))
    store.dispatch(SettingsChanged(settings=Settings(starting_cyphers=2)))
    before = store.state
    events = run(store, ChangeSettings(theme_follows_recursion=False))
    assert [type(e) for e in events] == [SettingsChanged]
    settings = store.state.settings
    assert (settings.theme_follows_recursion, settings.starting_cyphers) == (False, 2)
    assert store.undo() == events and store.state == before


def test_settings_keep_names_trimmed_once_each_and_say_what_changes():
    state = Campaign(name="Test")
    command = ChangeSettings(
        allowed_foci=(" Solves Mysteries", "Solves Mysteries", ""),
        starting_cyphers=2,
        house_rules=("Cyphers refill at dawn ", " "),
    )
    shown = preview(state, command)
    assert shown.settings.allowed_foci == ("Solves Mysteries",)
    assert shown.settings.house_rules == ("Cyphers refill at dawn",)
    assert shown.changes == (
        "Foci players may take: 1 listed",
        "Starting cyphers 0 → 2",
        "House rules: Cyphers refill at dawn",
    )


def test_the_same_foci_in_another_order_change_nothing():
    """The GM's list is a set: saving the dialog unchanged makes no event."""
    state = Campaign(name="Test", settings=Settings(allowed_foci=("Leads", "Entertains")))
    command = ChangeSettings(allowed_foci=("Entertains", "Leads"))
    assert preview(state, command).changes == ()
    with pytest.raises(RuleViolation, match="as they were"):
        decide(state, command)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (ChangeSettings(starting_cyphers=3, by="mara"), "Only the GM"),
        (ChangeSettings(starting_cyphers=11), "0 to 10"),
        (ChangeSettings(starting_cyphers=-1), "0 to 10"),
        (ChangeSettings(house_rules=("x" * 81,)), "80 characters"),
        (ChangeSettings(theme_follows_recursion=True), "as they were"),
        (ChangeSettings(), "as they were"),
    ],
)
def test_settings_are_refused_from_a_player_out_of_bounds_or_unchanged(command, reason):
    with pytest.raises(RuleViolation, match=reason):
        decide(Campaign(name="Test"), command)


def test_a_player_seat_may_answer_an_intrusion_and_buy_a_step():
    """Only awarding XP and the settings are the GM's; the rest is the player's."""
    store = party_store()
    store.dispatch(XpAwarded(character="mara", amount=4))
    run(store, OfferIntrusion(character="mara", what="The floor gives way."))
    run(store, GmIntrusion(character="mara", given_to="jun", by="mara"))
    run(store, BuyAdvancement(character="mara", step="effort", by="mara"))
    assert store.state.characters["mara"].effort == character("mara").effort + 1
