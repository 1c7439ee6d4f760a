"""The Translate command: one translation, one TranslationMade, one undo step (R-TR-1..9,
R-HELP-1..2 for those who help)."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.translation import (
    CONSEQUENCES,
    DRAW,
    Translate,
    outcome_of,
)
from strange_tui.campaign.model.events import (
    CharacterCreated,
    ClockAdvanced,
    CombatStarted,
    PointsSpent,
    TranslationMade,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import sentence
from strange_tui.campaign.store import Store
from strange_tui.content.loader import Content
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.translation import DAY, HOUR, MINUTE, ROUND
from tests.campaign.builders import character

EARTH_FOCUS = "Is Licensed to Carry"
CONTENT = Content()


def party(**types: str) -> Store:
    """A store with one character per keyword, of that type (mara="Vector"...)."""
    store = Store(Campaign(name="Test"))
    for id_, kind in types.items():
        store.dispatch(CharacterCreated(character=character(id_, type=kind)))
    return store


def to_ruk(**choices) -> Translate:
    """Difficulty 5 (target 15), Mara initiating unless told otherwise."""
    fields = dict(destination="ruk", recursion_difficulty=5, initiator="mara")
    fields.update(choices)
    return Translate(**fields)


def run(store: Store, command: Translate, dice=None) -> tuple:
    return store.apply(decide(store.state, command, dice))


def test_r_tr_1_a_translation_is_one_translation_made_with_the_initiators_die():
    store = party(mara="Vector", jun="Paradox")
    start = store.state.clock.seconds
    events = run(store, to_ruk(helpers=("jun",), die=14))  # 14 + 1 helper = 15: success
    assert [type(e) for e in events] == [TranslationMade]
    (made,) = events
    assert (made.die, made.reroll, made.success, made.arrived) == (14, None, True, True)
    assert made.helpers == ("jun",) and made.difficulty == 5 and made.consequence == ""
    state = store.state
    assert state.recursion == "ruk" and state.clock.seconds == start + 4 * HOUR
    assert set(state.translations[-1].participants) == {"mara", "jun"}


def test_r_tr_1_the_preview_itemises_the_difficulty_and_gives_the_odds():
    store = party(mara="Vector", jun="Paradox", tess="Spinner")
    shown = preview(store.state, to_ruk(helpers=("jun",), likeness=True))
    assert [(p.label, p.steps) for p in shown.parts] == [
        ("recursion", 5),
        ("relying on a likeness", 3),
    ]
    assert shown.difficulty == 8 and shown.helpers == 1
    assert (shown.odds.final_difficulty, shown.odds.target, shown.odds.bonus) == (8, 24, 1)
    assert shown.odds.p_success == pytest.approx(0.0) and shown.p_success == 0.0
    assert not shown.paradox and shown.cost == 0 and shown.problem is None


def test_r_tr_1_refusals():
    store = party(mara="Vector", jun="Paradox")
    state = store.state
    with pytest.raises(RuleViolation, match="already in Earth"):
        decide(state, to_ruk(destination="earth"))
    with pytest.raises(RuleViolation, match="one role"):
        decide(state, to_ruk(easers=("mara",)))
    with pytest.raises(RuleViolation, match="nobody"):
        decide(state, to_ruk(hasteners=("nobody",)))
    with pytest.raises(RuleViolation, match="failure table"):
        decide(state, to_ruk(on_failure="lost in the Strange"))
    with pytest.raises(RuleViolation, match="more than your Effort"):
        decide(state, to_ruk(effort=2, die=10))
    store.dispatch(CombatStarted(pcs=("mara",)))
    with pytest.raises(RuleViolation, match="End the fight"):
        preview(store.state, to_ruk())


def test_r_tr_2_a_spinner_hastens_to_ten_minutes_and_a_vector_eases_to_a_round():
    store = party(mara="Vector", jun="Paradox", tess="Spinner")
    command = to_ruk(initiator="jun", hasteners=("tess",), easers=("mara",), die=15)
    shown = preview(store.state, command)
    assert (shown.trance, shown.acclimation) == (10 * MINUTE, ROUND)
    (made,) = run(store, command)
    assert (made.trance, made.acclimation) == (10 * MINUTE, ROUND)


def test_r_tr_2_with_no_easer_acclimation_stays_an_hour_even_when_a_spinner_hastens():
    """The deviation from the seed's table, seen and left alone (RULES.md R-TR-2)."""
    store = party(mara="Vector", tess="Spinner")
    shown = preview(store.state, to_ruk(hasteners=("tess",)))
    assert (shown.trance, shown.acclimation) == (10 * MINUTE, HOUR)


def test_r_tr_3_translating_again_within_a_day_adds_a_step_per_participant_translation():
    store = party(mara="Vector", jun="Paradox")
    run(store, to_ruk(helpers=("jun",), die=14))
    back = Translate(destination="earth", recursion_difficulty=5, initiator="mara",
                     helpers=("jun",))  # fmt: skip
    shown = preview(store.state, back)
    assert [(p.label, p.steps) for p in shown.parts] == [
        ("recursion", 5),
        ("translated within 24 hours", 2),
    ]
    (made,) = run(store, replace(back, die=20))
    assert made.difficulty == 7


def test_r_tr_4_a_likeness_adds_three_steps():
    """Difficulty 5 + 3 = 8, target 24: not even a 20 makes it."""
    store = party(mara="Vector")
    (made,) = run(store, to_ruk(likeness=True, die=20))
    assert made.difficulty == 8 and made.likeness and not made.success


def test_r_tr_5_a_paradox_rerolls_a_failure_inside_the_same_command():
    """Jun (a paradox) types a failed 3 and the reroll's 16: one event, both dice."""
    store = party(mara="Vector", jun="Paradox")
    events = run(store, to_ruk(initiator="jun", die=3, reroll=16))
    assert len(events) == 1
    (made,) = events
    assert (made.die, made.reroll, made.success, made.arrived) == (3, 16, True, True)
    assert store.state.recursion == "ruk"


def test_r_tr_5_the_app_rolls_the_paradox_reroll_when_none_is_typed():
    store = party(jun="Paradox")
    (made,) = run(store, to_ruk(initiator="jun", die=3), PlayerDice([17]))
    assert (made.die, made.reroll, made.success) == (3, 17, True)


def test_r_tr_5_a_success_is_not_rerolled_and_only_a_paradox_rerolls():
    store = party(mara="Vector", jun="Paradox")
    (made,) = run(store, to_ruk(initiator="jun", die=15, reroll=2))
    assert (made.die, made.reroll, made.success) == (15, None, True)
    with pytest.raises(RuleViolation, match="Only a paradox"):
        decide(store.state, Translate(destination="ardeyn", recursion_difficulty=5,
                                      initiator="mara", die=3, reroll=19))  # fmt: skip


def test_r_tr_5_the_paradox_odds_count_the_free_reroll():
    store = party(jun="Paradox")
    shown = preview(store.state, to_ruk(initiator="jun"))
    p = shown.odds.p_success
    assert shown.paradox and p == pytest.approx(0.3)
    assert shown.p_success == pytest.approx(p + (1 - p) * p)


def test_r_tr_5_an_interrupted_trance_fails_without_a_die():
    store = party(jun="Paradox")
    start = store.state.clock.seconds
    (made,) = run(store, to_ruk(initiator="jun", interrupted=True, die=20, on_failure="taxing"))
    assert (made.die, made.reroll, made.success, made.interrupted) == (None, None, False, True)
    assert made.consequence == "taxing" and made.arrived
    assert store.state.clock.seconds == start + 4 * HOUR


def test_r_tr_6_a_natural_20_skips_acclimation_and_gives_the_effort_back():
    store = party(mara="Vector")
    before = store.state
    events = run(store, to_ruk(effort=1, die=20))
    assert [type(e) for e in events] == [TranslationMade]  # R-SPEC-4: nothing paid
    (made,) = events
    assert (made.acclimation, made.eased_for) == (0, DAY)
    assert store.state.characters["mara"].pools.intellect.current == 8
    outcome = outcome_of(before, store.state, events)
    assert outcome.special.startswith("A natural 20: no acclimation")
    assert (outcome.acclimation, outcome.spent) == (0, 0)


def test_r_tr_7_the_outcome_says_what_a_failure_brought():
    store = party(mara="Vector")
    before = store.state
    events = run(store, to_ruk(die=1, on_failure="taxing", easers=()))
    outcome = outcome_of(before, store.state, events)
    assert outcome.consequence == (("taxing", CONSEQUENCES["taxing"]),)
    assert outcome.arrived and outcome.acclimation == 2 * HOUR  # doubled, as the fold has it
    assert "GM intrudes" in outcome.special


def test_r_tr_7_the_gm_picks_a_consequence_before_the_roll():
    store = party(mara="Vector")
    (made,) = run(store, to_ruk(die=2, on_failure="no translation"))
    assert (made.success, made.arrived, made.consequence) == (False, False, "no translation")
    assert store.state.recursion == "earth"


def test_r_tr_7_the_app_draws_a_consequence_with_dice():
    """A 2 fails; the app's d14 shows 3: the third entry of the table, 'taxing'."""
    store = party(mara="Vector")
    assert list(CONSEQUENCES)[2] == "taxing"
    (made,) = run(store, to_ruk(die=2, on_failure=DRAW), PlayerDice([3]))
    assert (made.success, made.arrived, made.consequence) == (False, True, "taxing")
    assert store.state.recursion == "ruk"
    acclimating = [e for e in store.state.active_effects() if e.label.startswith("acclimating")]
    assert acclimating[0].until == store.state.clock.seconds + 2 * HOUR


def test_r_tr_7_a_catastrophic_failure_draws_two_more_results():
    store = party(mara="Vector")
    (made,) = run(store, to_ruk(die=2, on_failure=DRAW), PlayerDice([14, 3, 1]))
    assert made.consequence == "catastrophic failure, taxing, no translation"
    assert not made.arrived and store.state.recursion == "earth"


def test_r_tr_7_an_interrupted_translation_lands_in_another_recursion():
    store = party(mara="Vector")
    command = to_ruk(
        destination="ardeyn",
        die=2,
        on_failure="interrupted translation",
        recursions=("earth", "ardeyn", "ruk"),
        foci={"mara": "Wields Two Weapons"},
    )
    (made,) = run(store, command, PlayerDice([1]))
    assert made.destination == "ruk" and made.arrived and made.foci == {"mara": EARTH_FOCUS}
    assert store.state.recursion == "ruk"
    assert store.state.characters["mara"].focus == EARTH_FOCUS


def test_r_tr_8_each_participant_takes_the_focus_chosen_before_the_roll():
    store = party(mara="Vector", jun="Paradox", tess="Spinner")
    before = store.state
    command = to_ruk(easers=("jun",), die=15, foci={"mara": "Builds Robots"}, content=CONTENT)
    events = run(store, command)
    mara = store.state.characters["mara"]
    assert mara.focus == "Builds Robots" and mara.foci["earth"] == EARTH_FOCUS
    assert store.state.characters["tess"].focus == EARTH_FOCUS  # stayed behind
    outcome = outcome_of(before, store.state, events)
    assert [(a.name, a.focus, a.changed) for a in outcome.arrivals] == [
        ("Mara", "Builds Robots", True),
        ("Jun", EARTH_FOCUS, False),
    ]
    with pytest.raises(RuleViolation, match="Only those who translate take a focus on arrival, not tess"):
        decide(store.state, Translate(destination="earth", recursion_difficulty=5,
                                      initiator="mara", foci={"tess": "X"}))  # fmt: skip


def test_r_tr_1_a_translation_with_effort_is_one_undo_step():
    """Effort paid and the translation made: two events, one batch, one undo."""
    store = party(mara="Vector", jun="Paradox")
    before = store.state
    events = run(store, to_ruk(effort=1, die=12))  # difficulty 4, target 12
    assert [type(e) for e in events] == [PointsSpent, TranslationMade]
    assert events[0].amount == 3 and events[1].batch == events[0].seq
    assert store.state.characters["mara"].pools.intellect.current == 5
    assert store.undo() == events
    assert store.state == before


def test_r_tr_7_a_drawn_failure_is_undone_whole():
    store = party(jun="Paradox")
    before = store.state
    events = run(store, to_ruk(initiator="jun", die=2, on_failure=DRAW), PlayerDice([4, 4]))
    (made,) = events
    assert (made.die, made.reroll, made.consequence) == (2, 4, "blurred senses")
    assert store.undo() == events and store.state == before


# The rules the translation applies in play.


def party_of(*characters) -> Store:
    store = Store(Campaign(name="Test"))
    for who in characters:
        store.dispatch(CharacterCreated(character=who))
    return store


def test_r_tr_5_the_paradox_reroll_keeps_the_effort_of_the_first_roll():
    """Jun (a paradox) applies a level of Effort (difficulty 5 - 1 = 4, target 12), fails
    with a 3 and rerolls a 12: the reroll still has the Effort, so it succeeds; the Effort
    is paid once (3 Intellect)."""
    store = party(jun="Paradox")
    shown = preview(store.state, to_ruk(initiator="jun", effort=1))
    assert (shown.odds.final_difficulty, shown.odds.target, shown.cost) == (4, 12, 3)
    events = run(store, to_ruk(initiator="jun", effort=1, die=3, reroll=12))
    assert [type(e) for e in events] == [PointsSpent, TranslationMade]
    assert events[0].amount == 3
    assert (events[1].die, events[1].reroll, events[1].success) == (3, 12, True)
    assert store.state.characters["jun"].pools.intellect.current == 5


def test_r_tr_5_the_odds_shown_count_the_paradoxs_free_reroll():
    """Difficulty 6 for a paradox: 15% on one die, 1 - 0.85² ≈ 28% with the reroll."""
    store = party(jun="Paradox")
    shown = preview(store.state, to_ruk(initiator="jun", recursion_difficulty=6))
    assert shown.odds.p_success == pytest.approx(0.15)
    assert shown.p_success == pytest.approx(1 - 0.85**2)


def test_r_help_1_r_tr_1_a_trained_helper_lends_training_to_the_initiator():
    """Jun, trained in Translation, helps untrained Mara: she rolls as trained (5 - 1 = 4,
    target 12), no +1; the preview says who lent what."""
    store = party_of(character("mara"), character("jun", skills={"Translation": "trained"}))
    shown = preview(store.state, to_ruk(helpers=("jun",)))
    assert [(h.name, h.lends, h.bonus) for h in shown.help] == [("Jun", "trained", 0)]
    assert [(s.label, s.steps) for s in shown.steps] == [("Jun's training, lent", -1)]
    assert (shown.odds.final_difficulty, shown.odds.target, shown.helpers) == (4, 12, 0)
    (made,) = run(store, to_ruk(helpers=("jun",), die=12))
    assert made.success


def test_r_help_2_r_tr_1_helpers_as_trained_add_one_and_an_inability_gives_nothing():
    """Mara is trained (5 - 1 = 4); Jun, trained too, adds +1; Tess, untrained, +1; Ana,
    with an inability in translating, nothing: target 12, bonus +2, an 10 succeeds."""
    store = party_of(
        character("mara", skills={"translation": "trained"}),
        character("jun", skills={"Translation": "trained"}),
        character("tess"),
        character("ana", skills={"Translation": "inability"}),
    )
    command = to_ruk(helpers=("ana", "tess", "jun"))
    shown = preview(store.state, command)
    assert [(h.name, h.bonus) for h in shown.help] == [("Jun", 1), ("Tess", 1), ("Ana", 0)]
    assert "inability" in shown.help[-1].text
    assert [(s.label, s.steps) for s in shown.steps] == [("Mara trained", -1)]
    assert (shown.odds.final_difficulty, shown.odds.bonus, shown.helpers) == (4, 2, 2)
    (made,) = run(store, replace(command, die=10))
    assert made.success


def test_r_help_1_of_two_helpers_the_specialist_lends_and_the_other_adds_one():
    store = party_of(
        character("mara"),
        character("jun", skills={"Translation": "trained"}),
        character("tess", skills={"Translation": "specialized"}),
    )
    shown = preview(store.state, to_ruk(helpers=("jun", "tess")))
    assert [(h.name, h.lends, h.bonus) for h in shown.help] == [
        ("Tess", "specialized", 0),
        ("Jun", "", 1),
    ]
    assert (shown.odds.final_difficulty, shown.odds.bonus) == (3, 1)


def test_r_tr_1_the_initiators_own_training_inability_and_assets_count():
    specialist = party_of(character("mara", skills={"Translation": "specialized"}))
    shown = preview(specialist.state, to_ruk(assets=2))
    assert [(s.label, s.steps) for s in shown.steps] == [
        ("Mara specialized", -2),
        ("2 assets", -2),
    ]
    assert (shown.odds.final_difficulty, shown.odds.target) == (1, 3)
    unable = party_of(character("mara", skills={"Translation": "inability"}))
    shown = preview(unable.state, to_ruk())
    assert [(s.label, s.steps) for s in shown.steps] == [("Mara's inability", 1)]
    assert shown.odds.final_difficulty == 6
    (made,) = run(unable, to_ruk(die=15))  # 15 would do at 5; the inability makes it 18
    assert not made.success
    with pytest.raises(RuleViolation, match="assets"):
        preview(specialist.state, to_ruk(assets=3))


def test_r_tr_4_a_likeness_turns_the_same_die_into_a_failure():
    """A 15 translates Mara to Ruk (difficulty 5); relying on a likeness the same 15 fails
    (difficulty 8, target 24), and the preview itemises the +3."""
    plain, likeness = party(mara="Vector"), party(mara="Vector")
    (made,) = run(plain, to_ruk(die=15))
    assert made.success and made.difficulty == 5 and plain.state.recursion == "ruk"
    shown = preview(likeness.state, to_ruk(likeness=True))
    assert ("relying on a likeness", 3) in [(p.label, p.steps) for p in shown.parts]
    assert shown.odds.target == 24
    (made,) = run(likeness, to_ruk(likeness=True, die=15, on_failure="no translation"))
    assert not made.success and made.difficulty == 8 and likeness.state.recursion == "earth"


def test_r_tr_7_a_failures_hindrance_reaches_the_next_translation():
    """Mara arrives 'dull' (Intellect tasks hindered for an hour after acclimation); an
    hour's acclimation later, translating on (an Intellect task) is hindered one step,
    itemised; the trance of 4 hours outlasts nothing, so the first roll is plain."""
    store = party(mara="Vector")
    run(store, to_ruk(die=2, on_failure="dull"))
    onward = Translate(destination="ardeyn", recursion_difficulty=5, initiator="mara")
    shown = preview(store.state, onward)
    assert shown.steps == ()  # still acclimating: the hindrance runs after it
    store.dispatch(ClockAdvanced(seconds=HOUR))
    shown = preview(store.state, onward)
    assert [(s.label, s.steps) for s in shown.steps] == [("Dull (until 14:00)", 1)]
    assert shown.odds.final_difficulty == 5 + 1 + 1  # recursion, translated today, dull


def test_r_tr_8_the_old_focus_takes_its_abilities_and_the_new_one_brings_its_own():
    """Mara leaves Earth's Is Licensed to Carry for Ruk's Builds Robots: Gunner and
    Practiced with Guns stay behind, Robot Assistant and Robot Builder come; back on Earth
    she takes her old focus again and gets back exactly what it gave."""
    mara = character("mara", abilities=("Bash", "Gunner", "Practiced with Guns"))
    store = party_of(mara)
    before = store.state
    command = to_ruk(die=15, foci={"mara": "Builds Robots"}, content=CONTENT)
    shown = preview(store.state, command)
    (change,) = shown.foci
    assert (change.old, change.new) == (EARTH_FOCUS, "Builds Robots")
    assert change.leaves == ("Gunner", "Practiced with Guns")
    assert change.comes == ("Robot Assistant", "Robot Builder")
    events = run(store, command)
    after = store.state.characters["mara"]
    assert after.focus == "Builds Robots"
    assert after.abilities == ("Bash", "Robot Assistant", "Robot Builder")
    assert after.travel.left[EARTH_FOCUS].abilities == ("Gunner", "Practiced with Guns")
    outcome = outcome_of(before, store.state, events)
    assert outcome.arrivals[0].leaves == ("Gunner", "Practiced with Guns")
    home = Translate(destination="earth", recursion_difficulty=5, initiator="mara",
                     content=CONTENT, die=20)  # fmt: skip
    assert preview(store.state, home).foci[0].restored
    run(store, home)
    back = store.state.characters["mara"]
    assert back.focus == EARTH_FOCUS
    assert back.abilities == ("Bash", "Gunner", "Practiced with Guns")
    assert back.travel.left["Builds Robots"].abilities == ("Robot Assistant", "Robot Builder")
    assert EARTH_FOCUS not in back.travel.left


class SkilledFoci:
    """The built-in content, with foci that train skills (the built-in ones train none)."""

    def kind(self, kind: str):
        found = CONTENT.kind(kind)
        if kind != "foci":
            return found
        return {
            **found,
            "is-licensed-to-carry": replace(found["is-licensed-to-carry"], skills=("Guns",)),
            "builds-robots": replace(found["builds-robots"], skills=("Robotics", "Guns")),
        }


def test_r_tr_8_a_focus_skill_leaves_with_the_focus_and_comes_back_with_it():
    """Mara's training in Guns came with her focus; in Ruk, Builds Robots trains Robotics
    and Guns; back home the old focus's Guns returns (trained), the robots' leaves."""
    store = party_of(character("mara", skills={"Guns": "trained"}))
    content = SkilledFoci()
    run(store, to_ruk(die=15, foci={"mara": "Builds Robots"}, content=content))
    assert store.state.characters["mara"].skills == {"Robotics": "trained", "Guns": "trained"}
    run(store, Translate(destination="earth", recursion_difficulty=5, initiator="mara",
                         content=content, die=20))  # fmt: skip
    assert store.state.characters["mara"].skills == {"Guns": "trained"}


def test_r_tr_8_a_tier_that_offers_a_choice_needs_a_pick():
    """A tier-3 Mara taking Builds Robots picks one of its tier-3 abilities."""
    store = party_of(character("mara", tier=3))
    command = to_ruk(die=15, foci={"mara": "Builds Robots"}, content=CONTENT)
    with pytest.raises(RuleViolation, match="Expert Follower, Skill With Defense"):
        preview(store.state, command)
    run(store, replace(command, picks={"mara": ("skill-with-defense",)}))
    assert store.state.characters["mara"].abilities == (
        "Robot Assistant", "Robot Builder", "Robot Control", "Skill With Defense",
    )  # fmt: skip


def test_r_tr_8_a_focus_change_needs_the_content():
    store = party(mara="Vector")
    with pytest.raises(RuleViolation, match="content"):
        decide(store.state, to_ruk(die=15, foci={"mara": "Builds Robots"}))


def test_r_tr_1_those_who_stay_behind_are_not_moved():
    """Mara and Jun translate to Ruk; Tess stays: she is still in Earth, her focus and
    her rolls untouched by their acclimation; when the party comes back, she rejoins."""
    store = party(mara="Vector", jun="Paradox", tess="Spinner")
    command = to_ruk(helpers=("jun",), die=14)
    assert preview(store.state, command).stay == ("Tess",)
    before = store.state
    events = run(store, command)
    state = store.state
    assert state.recursion == "ruk"
    assert state.characters["tess"].travel.recursion == "earth"
    assert state.characters["tess"] == replace(
        before.characters["tess"], travel=replace(before.characters["tess"].travel,
                                                  recursion="earth"))  # fmt: skip
    assert outcome_of(before, state, events).stayed == (("Tess", "earth"),)
    (acclimating,) = state.effects
    assert acclimating.characters == ("mara", "jun")
    with pytest.raises(RuleViolation, match="one recursion"):
        preview(state, Translate(destination="ardeyn", recursion_difficulty=5,
                                 initiator="mara", helpers=("tess",)))  # fmt: skip
    store.dispatch(ClockAdvanced(seconds=DAY))
    run(store, Translate(destination="earth", recursion_difficulty=5, initiator="mara",
                         helpers=("jun",), die=20))  # fmt: skip
    assert store.state.recursion == "earth"
    assert store.state.characters["tess"].travel.recursion == ""


def test_r_tr_1_one_left_behind_may_translate_alone_and_rejoin_the_party():
    store = party(mara="Vector", tess="Spinner")
    run(store, to_ruk(die=15))
    tess_alone = Translate(destination="ruk", recursion_difficulty=5, initiator="tess")
    shown = preview(store.state, tess_alone)
    assert shown.origin == "earth" and shown.stay == ()
    run(store, replace(tess_alone, die=15))
    assert store.state.recursion == "ruk"
    assert store.state.characters["tess"].travel.recursion == ""
    with pytest.raises(RuleViolation, match="already in Ruk"):
        preview(store.state, tess_alone)


def test_r_tr_9_arrival_defaults_to_where_the_initiator_last_left_that_recursion():
    """Mara leaves Earth from her flat and arrives in Ruk at the Sky Docks (the GM's
    words); going home, the arrival defaults to her flat; the GM may say otherwise."""
    store = party(mara="Vector", jun="Paradox")
    assert preview(store.state, to_ruk()).place == ""
    before = store.state
    events = run(store, to_ruk(helpers=("jun",), die=14, place="the Sky Docks",
                               leaving="Mara's flat"))  # fmt: skip
    assert events[0].place == "the Sky Docks" and events[0].leaving == "Mara's flat"
    assert "translated to Ruk (the Sky Docks)" in sentence(events[0], store.state.names())
    assert outcome_of(before, store.state, events).place == "the Sky Docks"
    places = store.state.characters["jun"].travel.places
    assert places == {"earth": "Mara's flat", "ruk": "the Sky Docks"}
    home = Translate(destination="earth", recursion_difficulty=5, initiator="jun")
    shown = preview(store.state, home)
    assert (shown.place, shown.leaving) == ("Mara's flat", "the Sky Docks")
    (made,) = run(store, replace(home, die=20, reroll=None))
    assert made.place == "Mara's flat"
    assert store.state.characters["jun"].travel.places["earth"] == "Mara's flat"
    store.dispatch(ClockAdvanced(seconds=DAY))
    back = replace(home, destination="ruk", place="a rooftop", die=20)
    run(store, back)
    assert store.state.characters["jun"].travel.places["ruk"] == "a rooftop"


def test_r_tr_5_the_log_says_which_translation_die_the_app_rolled():
    """A typed die reads as the player's; the app's reroll (or die) is marked as the app's."""
    store = party(jun="Paradox")
    (typed,) = run(store, to_ruk(initiator="jun", die=16))
    assert not typed.app_rolled and "(the app's die)" not in sentence(typed, {"jun": "Jun"})
    store = party(jun="Paradox")
    app_dice = type("AppDice", (), {"roll": lambda self, sides: 17})()
    (made,) = run(store, to_ruk(initiator="jun", die=3), app_dice)
    assert made.app_rolled
    assert sentence(made, {"jun": "Jun"}) == (
        "Jun rolled 3, then 17 on the paradox's reroll (the app's die):"
        " the party translated to Ruk."
    )


def test_r_tr_5_after_a_paradoxs_reroll_the_log_says_both_dice():
    """Jun (a Paradox) types 6, then 17 on the free reroll: the log keeps both, as the
    wizard showed them, not the 17 alone."""
    store = party(jun="Paradox")
    (made,) = run(store, to_ruk(initiator="jun", die=6, reroll=17))
    assert made.success and not made.app_rolled
    assert sentence(made, {"jun": "Jun"}) == (
        "Jun rolled 6, then 17 on the paradox's reroll: the party translated to Ruk."
    )
