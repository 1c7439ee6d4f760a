"""Abilities as rules (R-ABL-1, R-ABL-2): what the packs say an ability does reaches the
sheet, the choices it asks are asked, an ability is used as one command, and a focus left
behind on a translation takes back what it gave."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import ReadAbilities, UseAbility, traits_for
from strange_tui.campaign.commands.character.advancement import BuyAdvancement
from strange_tui.campaign.commands.combat import Defend, EndCombat, NextTurn
from strange_tui.campaign.commands.creation import CreateCharacter, draft_view
from strange_tui.campaign.commands.translation.foci import kit_left, kit_taken
from strange_tui.campaign.model.abilities import armor_total, skills_now
from strange_tui.campaign.model.creation import Draft
from strange_tui.campaign.model.events import CharacterCreated, ClockAdvanced
from strange_tui.campaign.model.folds.translation import change_focus
from strange_tui.campaign.model.state import Campaign, Settings
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import campaign, character, fighting, npc

CONTENT = Content()

SPINNER = Draft(
    descriptor="clever",
    type="spinner",
    focus="leads",
    bonus={Stat.INTELLECT: 4, Stat.SPEED: 2},
    abilities=("interaction-skills", "enthrall", "fast-talk", "understanding"),
    name="Tess",
)
"""A Clever Spinner who Leads, with an ability that trains two skills of five."""


def fight_store(who, foe) -> Store:
    """A fight in which ``foe`` acts first, against ``who``."""
    return Store(fighting(campaign(who), foe, succeeded=()))


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def created(draft: Draft) -> Store:
    store = Store(Campaign(name="Test", settings=Settings()))
    run(store, CreateCharacter(draft=draft, content=CONTENT))
    return store


def test_r_abl_1_a_training_choice_is_asked_at_step_7_and_trains_the_skills_picked():
    view = draft_view(CONTENT, SPINNER, Campaign(name="Test"))
    (asked,) = [q for q in view.questions if q.key == "Interaction Skills"]
    assert (asked.kind, asked.count) == ("skills", 2) and "persuasion" in asked.options
    assert view.answers_problem == "Interaction Skills: choose 2 (chose 0)."
    with pytest.raises(RuleViolation, match=r"Step 7 .*Interaction Skills: choose 2"):
        decide(Campaign(name="Test"), CreateCharacter(draft=SPINNER, content=CONTENT))
    wrong = msgspec.structs.replace(SPINNER, answers={"Interaction Skills": ("flying", "persuasion")})
    with pytest.raises(RuleViolation, match="'flying' is not one of deception, persuasion"):
        decide(Campaign(name="Test"), CreateCharacter(draft=wrong, content=CONTENT))
    answered = {"Interaction Skills": ("Persuasion", "intimidation")}
    store = created(msgspec.structs.replace(SPINNER, answers=answered))
    skills = skills_now(store.state.characters["tess"])
    assert (skills["persuasion"], skills["intimidation"]) == ("trained", "trained")


def test_r_abl_1_a_skill_trained_twice_is_specialized_and_never_past():
    who = character("mara", skills={"persuasion": "specialized", "deception": "trained"},
                    abilities=("Interaction Skills",))  # fmt: skip
    trained = [t for t in who.traits if t.name == "Interaction Skills"]
    assert trained and not trained[0].effects  # Read by name: no picks are known.
    from strange_tui.campaign.model.traits import trait_of

    entry = CONTENT.kind("abilities")["interaction-skills"]
    picked = trait_of(entry, answers=("persuasion", "deception"))
    who = msgspec.structs.replace(who, traits=(picked,))
    assert skills_now(who)["deception"] == "specialized"
    assert skills_now(who)["persuasion"] == "specialized"


def test_r_abl_1_a_pool_bonus_of_a_focus_is_on_the_sheet_at_creation_and_at_a_new_tier():
    """Learns Quickly gives +3 Intellect at tier 1 and again at tier 5."""
    plain = created(msgspec.structs.replace(ROOKIE, focus="leads")).state.characters["nia"]
    quick = created(ROOKIE).state.characters["nia"]
    assert quick.pools.intellect.maximum == plain.pools.intellect.maximum + 3
    assert quick.pools.intellect.current == quick.pools.intellect.maximum
    store = Store(Campaign(name="Test"))
    at_four = msgspec.structs.replace(
        quick, tier=4, xp=4, advancements=("pools", "edge", "effort")
    )
    store.dispatch(CharacterCreated(character=at_four))
    command = BuyAdvancement(character="nia", step="skill", skill="Guns", content=CONTENT,
                             tier_abilities=("arc-spray", "parry", "jump-attack"),
                             answers={"Learned a Few Things": ("history", "geography")})  # fmt: skip
    before = store.state.characters["nia"].pools.intellect
    run(store, command)
    after = store.state.characters["nia"]
    assert after.tier == 5
    assert (after.pools.intellect.maximum, after.pools.intellect.current) == (
        before.maximum + 3, before.current + 3)  # fmt: skip


ROOKIE = Draft(
    descriptor="tough",
    type="vector",
    focus="learns-quickly",
    bonus={Stat.MIGHT: 3, Stat.SPEED: 3},
    abilities=("bash", "swipe", "overwatch", "quick-throw"),
    name="Nia",
)


def test_r_abl_1_an_armor_bonus_counts_in_the_defense_preview_with_its_source():
    store = fight_store(character("mara", abilities=("Ward",)), npc("thug", level=3, damage=4))
    shown = preview(store.state, Defend(character="mara", npc="thug"))
    assert (shown.armor, shown.taken) == (2, 2)
    assert shown.armor_from == (("Tough", 1), ("Ward", 1))


def test_r_abl_1_a_defense_training_names_the_ability_it_comes_from():
    store = fight_store(character("mara", abilities=("Hard to Distract",)), npc("thug", level=3))
    shown = preview(store.state, Defend(character="mara", npc="thug", stat=Stat.INTELLECT))
    assert shown.training == "Hard to Distract: trained (Intellect defense)"
    assert shown.roll.odds.final_difficulty == 2


def test_r_abl_2_using_an_ability_pays_its_cost_after_edge_and_begins_its_timed_effect():
    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara", abilities=("Fury",))))
    shown = preview(store.state, UseAbility(character="mara", ability="Fury"))
    assert (shown.cost, shown.parts, shown.seconds) == (2, ("cost 3", "Edge −1"), 60)
    (used,) = run(store, UseAbility(character="mara", ability="Fury"))
    mara = store.state.characters["mara"]
    assert mara.pools.might.current == 10 and [a.name for a in mara.active] == ["Fury"]
    store.dispatch(ClockAdvanced(seconds=60))
    assert store.state.characters["mara"].active == ()


@pytest.mark.parametrize(
    ("ability", "extra", "refusal"),
    [
        ("Flight", 0, "Mara has no ability 'Flight'"),
        ("Ward", 0, "Ward is always in play: nothing to use"),
        ("Fury", 2, "Fury costs 3: no more points go into it"),
        ("Onslaught", 0, "Onslaught is an attack: roll it"),
    ],
)
def test_r_abl_2_what_cannot_be_used_is_refused_with_its_reason(ability, extra, refusal):
    store = Store(Campaign(name="Test"))
    who = character("mara", abilities=("Fury", "Ward", "Onslaught"))
    store.dispatch(CharacterCreated(character=who))
    with pytest.raises(RuleViolation, match=refusal):
        decide(store.state, UseAbility(character="mara", ability=ability, extra=extra))


def test_r_abl_1_the_gm_reads_older_sheets_abilities_once_and_no_number_moves():
    store = Store(Campaign(name="Test"))
    old = character("jun", abilities=())
    old = msgspec.structs.replace(old, abilities=("Ward", "Onslaught"))  # As an old file has it.
    store.dispatch(CharacterCreated(character=old))
    assert armor_total(store.state.characters["jun"]) == 1
    (read,) = run(store, ReadAbilities(content=CONTENT))
    jun = store.state.characters["jun"]
    assert armor_total(jun) == 2 and jun.pools == old.pools
    with pytest.raises(RuleViolation, match="already holds"):
        decide(store.state, ReadAbilities(content=CONTENT))
    store.undo()
    assert store.state.characters["jun"].traits == ()


def test_r_tr_8_a_focus_left_behind_takes_back_what_its_abilities_gave():
    """Learns Quickly's +3 Intellect leaves with it and comes back with it."""
    nia = created(ROOKIE).state.characters["nia"]
    lost = kit_left(CONTENT, nia)
    assert {t.name for t in lost.traits} >= {"Enhanced Intellect"}
    gained = kit_taken(CONTENT, nia, "Leads", ())
    elsewhere = change_focus(nia, "Leads", lost, gained)
    assert elsewhere.pools.intellect.maximum == nia.pools.intellect.maximum - 3
    back = change_focus(elsewhere, "Learns Quickly", kit_left(CONTENT, elsewhere),
                        kit_taken(CONTENT, elsewhere, "Learns Quickly", ()))  # fmt: skip
    assert back.pools.intellect.maximum == nia.pools.intellect.maximum
    assert traits_for(CONTENT, back)  # Its abilities still say what they do.


def test_r_abl_1_an_ability_in_use_makes_a_level_of_effort_free_on_its_tasks():
    """An hour as a shadow: one level of Effort on stealth costs nothing (3 Speed less
    Edge 1 otherwise), and only on stealth."""
    from strange_tui.campaign.commands.rolls.roll import Roll

    store = Store(Campaign(name="Test"))
    who = character("mara", abilities=("Embraced by Darkness",))
    store.dispatch(CharacterCreated(character=who))
    sneak = Roll(character="mara", stat=Stat.SPEED, label="Stealth past the guard", effort=1)
    assert preview(store.state, sneak).cost == 2
    run(store, UseAbility(character="mara", ability="Embraced by Darkness"))
    shown = preview(store.state, sneak)
    assert shown.cost == 0
    assert "Embraced by Darkness: 1 level of Effort free (stealth)" in shown.abilities
    climb = msgspec.structs.replace(sneak, label="Climb the wall")
    assert preview(store.state, climb).cost == 2
    (made,) = run(store, msgspec.structs.replace(sneak, die=12))
    assert (made.free_effort, made.cost) == (1, 0)


def test_r_cmb_9_an_ability_begun_in_a_fight_stays_over_once_the_fight_has_ended():
    """Fury in round 1, the fight to round 11, then its end: its minute ran out in the
    fight, and once the fight is over the sheet has it in use no more (the clock moved by
    the fight's rounds)."""
    store = fight_store(character("mara", abilities=("Fury",)), npc("thug", level=3))
    run(store, UseAbility(character="mara", ability="Fury"))
    for _ in range(10 * len(store.state.encounter.order)):
        run(store, NextTurn())
    assert [a.name for a in store.state.characters["mara"].active] == ["Fury"]
    run(store, EndCombat())
    assert store.state.characters["mara"].active == ()
