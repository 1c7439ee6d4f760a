"""A new tier asks every choice its abilities ask, offers a repeatable ability again
without the answers already taken, and the log says the tier reached with what it brought
(R-ADV-1, R-ABL-1), without the UI."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character.advancement import BuyAdvancement
from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.events import AdvancementBought, CharacterCreated, XpAwarded
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.traits import trait_of
from strange_tui.campaign.narrate.log import sentence
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character

CONTENT = Content()

ASKED_GUNNER = BuyAdvancement(
    character="mara",
    step="skill",
    skill="Stealth",
    content=CONTENT,
    tier_abilities=("lunge", "fury", "slice"),
    focus_choice="trained-gunner",
)
"""Mara's fourth step of tier 2: three Vector abilities and the focus's Trained Gunner."""


def tier_ready(tier=1, advancements=("pools", "edge", "effort"), **changes):
    """Mara (a Tough Vector who Is Licensed to Carry) three steps into ``tier``."""
    store = Store(Campaign(name="Test"))
    changes.setdefault("abilities", ("Bash", "Combat Prowess (melee)"))
    who = character("mara", tier=tier, advancements=advancements, xp=4, **changes)
    store.dispatch(CharacterCreated(character=who))
    return store


def run(store, command):
    return store.apply(decide(store.state, command))


def next_tier(store):
    """Three more steps bought, so that the next one raises the tier again."""
    store.dispatch(XpAwarded(character="mara", amount=16))
    for step in ("pools", "edge", "effort"):
        extra = {"pools": {"pools": {Stat.MIGHT: 4}}, "edge": {"edge": Stat.SPEED}}.get(step, {})
        run(store, BuyAdvancement(character="mara", step=step, **extra))


DEALER = {"Damage Dealer": ("gun",)}
"""The focus's choice at tier 3, answered, where a test is about the type's abilities."""


def tier_three(tier_abilities, **answers):
    """Mara's step that reaches tier 3 with ``tier_abilities`` and Damage Dealer (guns)."""
    return BuyAdvancement(
        character="mara",
        step="skill",
        skill="Stealth",
        content=CONTENT,
        tier_abilities=tier_abilities,
        focus_choice="damage-dealer",
        answers={**DEALER, **answers},
    )


def mara(store):
    return store.state.characters["mara"]


# R-ADV-1, R-ABL-1: every choice is asked at the step that brings it.


def test_r_adv_1_trained_gunner_asks_guns_or_spray_at_the_new_tier():
    store = tier_ready(tier=2)
    (question,) = preview(store.state, ASKED_GUNNER).questions
    assert (question.kind, question.options) == ("pick", ("guns", "Spray"))
    assert "trained with guns, or Spray" in question.label
    with pytest.raises(RuleViolation, match="Trained Gunner: choose guns, or Spray"):
        decide(store.state, ASKED_GUNNER)


def test_r_adv_1_trained_gunner_taken_with_guns_trains_the_sheet_in_guns():
    store = tier_ready(tier=2, skills={})
    (event,) = run(
        store, msgspec.structs.replace(ASKED_GUNNER, answers={"Trained Gunner": ("guns",)})
    )
    assert event.tier_abilities[-1] == "Trained Gunner (guns)"
    assert mara(store).tier == 3 and "Trained Gunner (guns)" in mara(store).abilities
    assert skills_now(mara(store))["guns"] == "trained"
    gunner = next(t for t in mara(store).traits if t.name == "Trained Gunner (guns)")
    assert (gunner.action, gunner.cost, gunner.picks) == (False, 0, ("guns",))


def test_r_adv_1_trained_gunner_taken_as_spray_is_an_action_at_2_speed():
    store = tier_ready(tier=2, skills={})
    run(store, msgspec.structs.replace(ASKED_GUNNER, answers={"Trained Gunner": ("spray",)}))
    spray = next(t for t in mara(store).traits if t.name == "Trained Gunner (Spray)")
    assert (spray.action, spray.cost, spray.pool) == (True, 2, "speed")
    (attack,) = spray.effects  # The Vector's Spray: a ranged weapon's attack, eased, -1.
    assert (attack.weapon, attack.modifier, attack.eased) == ("ranged", -1, 1)
    assert "guns" not in skills_now(mara(store))


# R-ADV-1: a repeatable ability is offered again, less the answers taken.


PHYSICAL = {"Physical Skills": ("climbing", "running")}


def test_r_adv_1_physical_skills_is_offered_again_without_the_skills_taken():
    store = tier_ready()
    run(
        store,
        BuyAdvancement(
            character="mara",
            step="skill",
            skill="Guns",
            content=CONTENT,
            tier_abilities=("physical-skills", "swipe"),
            answers=PHYSICAL,
        ),
    )
    assert "Physical Skills (climbing, running)" not in mara(store).abilities  # Its name is plain.
    next_tier(store)
    again = tier_three(("physical-skills", "lunge", "fury"))
    shown = preview(store.state, again)
    assert "physical-skills" in dict(shown.offer.options)
    assert "swipe" not in dict(shown.offer.options)  # Not repeatable: held, not offered.
    assert shown.offer.described["physical-skills"].again
    question, _ = shown.questions  # Then Damage Dealer's.
    assert question.options == ("balancing", "jumping", "swimming")
    with pytest.raises(RuleViolation, match="'climbing' is not one of balancing, jumping"):
        decide(
            store.state,
            tier_three(again.tier_abilities, **{"Physical Skills": ("climbing", "swimming")}),
        )
    run(store, tier_three(again.tier_abilities, **{"Physical Skills": ("jumping", "swimming")}))
    skills = skills_now(mara(store))
    assert {s: skills[s] for s in ("climbing", "running", "jumping", "swimming")} == dict.fromkeys(
        ("climbing", "running", "jumping", "swimming"), "trained"
    )
    assert mara(store).abilities.count("Physical Skills") == 2


def test_r_adv_1_a_repeatable_ability_with_too_few_answers_left_is_not_offered():
    store = tier_ready()
    run(
        store,
        BuyAdvancement(
            character="mara",
            step="skill",
            skill="Guns",
            content=CONTENT,
            tier_abilities=("physical-skills", "swipe"),
            answers=PHYSICAL,
        ),
    )
    next_tier(store)
    run(
        store,
        tier_three(
            ("physical-skills", "lunge", "fury"), **{"Physical Skills": ("jumping", "swimming")}
        ),
    )
    next_tier(store)
    shown = preview(
        store.state, BuyAdvancement(character="mara", step="skill", skill="Guns", content=CONTENT)
    )
    assert "physical-skills" not in dict(shown.offer.options)  # Only balancing is left.


def test_r_adv_1_skill_with_attacks_is_offered_again_without_the_category_taken():
    store = tier_ready()
    attacks = {"Skill With Attacks": ("light bladed weapons",)}
    run(
        store,
        BuyAdvancement(
            character="mara",
            step="skill",
            skill="Guns",
            content=CONTENT,
            tier_abilities=("skill-with-attacks", "swipe"),
            answers=attacks,
        ),
    )
    next_tier(store)
    again = tier_three(("skill-with-attacks", "lunge", "fury"))
    question, _ = preview(store.state, again).questions
    assert "light bladed weapons" not in question.options and len(question.options) == 8
    with pytest.raises(RuleViolation, match="'light bladed weapons' is not one of"):
        decide(store.state, tier_three(again.tier_abilities, **attacks))


def test_r_adv_1_a_free_skill_question_taken_again_refuses_an_answer_taken_before():
    """Knowledge Skills asks any two skills: the list cannot leave the old ones out, so an
    old answer is refused instead (the "ability" step buys it again here)."""
    entry = CONTENT.kind("abilities")["knowledge-skills"]
    held = trait_of(entry, answers=("history", "geography"))
    store = tier_ready(advancements=(), abilities=("Knowledge Skills",), traits=(held,))
    knowledge = BuyAdvancement(
        character="mara", step="ability", ability="Knowledge Skills", content=CONTENT
    )
    (question,) = preview(store.state, knowledge).questions
    assert question.count == 2
    with pytest.raises(RuleViolation, match="taken with history before: choose others"):
        decide(
            store.state,
            msgspec.structs.replace(knowledge, answers={"Knowledge Skills": ("history", "botany")}),
        )
    (event,) = run(
        store, msgspec.structs.replace(knowledge, answers={"Knowledge Skills": ("botany", "law")})
    )
    assert sentence(event, {"mara": "Mara"}) == (
        "Mara advanced: the ability Knowledge Skills (botany, law) (4 XP)."
    )


def test_r_adv_1_the_ability_step_refuses_an_ability_held_that_is_taken_once():
    store = tier_ready(advancements=())
    with pytest.raises(RuleViolation, match="has Bash already: it is taken once"):
        decide(
            store.state,
            BuyAdvancement(character="mara", step="ability", ability="Bash", content=CONTENT),
        )


# R-ADV-1: the log says the character grew.


def test_r_adv_1_the_log_says_the_tier_reached_and_the_abilities_with_their_picks():
    store = tier_ready(tier=2)
    (event,) = run(
        store, msgspec.structs.replace(ASKED_GUNNER, answers={"Trained Gunner": ("guns",)})
    )
    line = sentence(event, {"mara": "Mara"})
    assert line == (
        "Mara advanced: training in Stealth (4 XP), and reached tier 3:"
        " Lunge, Fury, Slice, Trained Gunner (guns)."
    )


def test_r_adv_1_the_log_names_the_skills_a_new_tier_s_ability_trained():
    store = tier_ready()
    (event,) = run(
        store,
        BuyAdvancement(
            character="mara",
            step="skill",
            skill="Guns",
            content=CONTENT,
            tier_abilities=("physical-skills", "swipe"),
            answers=PHYSICAL,
        ),
    )
    line = sentence(event, {"mara": "Mara"})
    assert "reached tier 2: Physical Skills (climbing, running), Swipe, Careful Shot." in line


def test_r_adv_1_a_step_that_does_not_raise_the_tier_says_no_tier():
    store = tier_ready(advancements=())
    (event,) = run(store, BuyAdvancement(character="mara", step="effort"))
    assert (event.tier_reached, sentence(event, {"mara": "Mara"})) == (
        0,
        "Mara advanced: +1 Effort (4 XP).",
    )


def test_r_adv_1_an_event_that_says_a_wrong_tier_is_refused():
    store = tier_ready(advancements=())
    with pytest.raises(RuleViolation, match="This step brings Mara to tier 1"):
        store.dispatch(AdvancementBought(character="mara", step="effort", tier_reached=2))
