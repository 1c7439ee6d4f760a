"""The Translate command: one translation, one TranslationMade, one undo step (R-TR-1..8)."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.translation import (
    CONSEQUENCES,
    DRAW,
    Translate,
    outcome_of,
)
from strange_tui.campaign.events import (
    CharacterCreated,
    CombatStarted,
    PointsSpent,
    TranslationMade,
)
from strange_tui.campaign.state import Campaign
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.translation import DAY, HOUR, MINUTE, ROUND
from tests.campaign.builders import character

EARTH_FOCUS = "Is Licensed to Carry"


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
        decide(store.state, Translate(destination="earth", recursion_difficulty=5,
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
    assert made.destination == "ruk" and made.arrived and made.foci == {}
    assert store.state.recursion == "ruk"
    assert store.state.characters["mara"].focus == EARTH_FOCUS


def test_r_tr_8_each_participant_takes_the_focus_chosen_before_the_roll():
    store = party(mara="Vector", jun="Paradox", tess="Spinner")
    before = store.state
    command = to_ruk(easers=("jun",), die=15, foci={"mara": "Builds Robots"})
    events = run(store, command)
    mara = store.state.characters["mara"]
    assert mara.focus == "Builds Robots" and mara.foci["earth"] == EARTH_FOCUS
    assert store.state.characters["tess"].focus == EARTH_FOCUS  # stayed behind
    outcome = outcome_of(before, store.state, events)
    assert [(a.name, a.focus, a.changed) for a in outcome.arrivals] == [
        ("Mara", "Builds Robots", True),
        ("Jun", EARTH_FOCUS, False),
    ]
    with pytest.raises(RuleViolation, match="R-TR-8"):
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
