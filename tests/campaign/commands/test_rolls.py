"""The Roll and Reroll commands: their events, previews and refusals, without the UI."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.rolls.odds import outcome_of
from strange_tui.campaign.commands.rolls.roll import Reroll, Roll
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.events import ClockAdvanced, RollMade, RollRerolled, XpAwarded
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.translation import DAY, HOUR
from tests.campaign.builders import party_store


def test_r_task_5_the_preview_shows_the_final_difficulty_odds_and_cost():
    """Difficulty 4, trained, one asset, one level of Effort: 4 - 3 = 1, target 3, 90%;
    Effort costs 3, less Might Edge 1 = 2."""
    store = party_store()
    roll = Roll(character="mara", difficulty=4, skill="trained", assets=1, effort=1)
    shown = preview(store.state, roll)
    assert (shown.odds.final_difficulty, shown.odds.target) == (1, 3)
    assert shown.odds.p_success == pytest.approx(0.9)
    assert shown.cost == 2 and shown.problem is None
    assert set(shown.odds.p_special) == {1, 19, 20}  # 17 and 18 bring nothing off an attack


def test_r_task_6_a_typed_die_is_the_die_recorded():
    store = party_store()
    (event,) = store.apply(decide(store.state, Roll(character="mara", difficulty=3, die=9)))
    assert isinstance(event, RollMade) and (event.die, event.success) == (9, True)


def test_r_eff_6_the_preview_says_when_the_cost_cannot_be_paid():
    store = party_store()
    roll = Roll(character="mara", stat=Stat.INTELLECT, difficulty=5, ability_cost=20)
    assert "8" in preview(store.state, roll).problem
    with pytest.raises(RuleViolation):
        decide(store.state, replace(roll, die=10))


def test_r_help_2_an_untrained_helper_adds_one_to_the_roll():
    store = party_store()
    setup = Roll(character="mara", difficulty=3, helper="untrained").setup(store.state)
    assert setup.bonus == 1 and setup.label.endswith("(helped)")


def test_r_xp_3_a_forced_roll_uses_the_difficulty_before_easing():
    store = party_store()
    forced = Roll(character="mara", difficulty=1, skill="trained", forced=True)
    assert not preview(store.state, forced).odds.automatic
    with pytest.raises(RuleViolation, match="automatic"):
        Roll(character="mara", difficulty=5, forced=True).setup(store.state)


def test_r_xp_2_a_reroll_spends_1_xp_keeps_the_better_die_and_is_one_step():
    store = party_store()
    store.dispatch(XpAwarded(character="mara", amount=2))
    (first,) = store.apply(decide(store.state, Roll(character="mara", difficulty=5, die=4)))
    assert not first.success
    before = store.state
    (reroll,) = store.apply(decide(store.state, Reroll(roll=first, die=16)))
    assert isinstance(reroll, RollRerolled) and reroll.success
    assert store.state.characters["mara"].xp == 1
    outcome = outcome_of(store.state.characters["mara"], reroll)
    assert (outcome.first_die, outcome.die, outcome.success) == (4, 16, True)
    assert store.undo() == (reroll,) and store.state == before


def test_r_xp_2_the_better_die_stands_even_when_the_reroll_is_worse():
    store = party_store()
    store.dispatch(XpAwarded(character="mara", amount=1))
    (first,) = store.apply(decide(store.state, Roll(character="mara", difficulty=3, die=12)))
    (reroll,) = store.apply(decide(store.state, Reroll(roll=first, die=2)))
    assert reroll.success and outcome_of(store.state.characters["mara"], reroll).die == 12


def test_r_spec_4_a_natural_20_on_the_reroll_gives_the_points_back():
    store = party_store()
    store.dispatch(XpAwarded(character="mara", amount=1))
    roll = Roll(character="mara", difficulty=5, effort=1, die=3)
    (first,) = store.apply(decide(store.state, roll))
    paid = store.state.characters["mara"].pools.might.current
    (reroll,) = store.apply(decide(store.state, Reroll(roll=first, die=20)))
    assert reroll.refund == first.cost == 2
    assert store.state.characters["mara"].pools.might.current == paid + 2


def test_r_xp_2_no_xp_no_reroll_and_no_die_typed_off_the_d20():
    store = party_store()
    (first,) = store.apply(decide(store.state, Roll(character="mara", difficulty=5, die=3)))
    with pytest.raises(RuleViolation, match="XP"):
        decide(store.state, Reroll(roll=first, die=10))
    store.dispatch(XpAwarded(character="mara", amount=1))
    with pytest.raises(RuleViolation, match="d20"):
        decide(store.state, Reroll(roll=first, die=21))


def test_a_reroll_whose_recorded_result_lies_is_refused_by_reduce():
    store = party_store()
    store.dispatch(XpAwarded(character="mara", amount=1))
    (first,) = store.apply(decide(store.state, Roll(character="mara", difficulty=5, die=3)))
    (reroll,) = decide(store.state, Reroll(roll=first, die=4), PlayerDice([4]))
    with pytest.raises(RuleViolation, match="does not match"):
        store.apply([replace(reroll, success=True)])


# The effects a translation leaves reach the rolls they name (R-TR-6..8).


def arrived(die: int, on_failure: str = "no translation", acclimation_passed: bool = True):
    """Mara and Jun in Ruk after a translation with ``die`` (difficulty 5; Jun helps);
    the clock past acclimation when ``acclimation_passed``."""
    store = party_store()
    command = Translate(destination="ruk", recursion_difficulty=5, initiator="mara",
                        helpers=("jun",), die=die, on_failure=on_failure)  # fmt: skip
    (made,) = store.apply(decide(store.state, command))
    if acclimation_passed and made.acclimation:
        store.dispatch(ClockAdvanced(seconds=made.acclimation))
    return store


def test_r_tr_6_a_19_eases_tasks_tied_to_the_new_focus_for_an_hour():
    """Arrived on a 19 at 12:00: a focus task is eased one step until 13:00, itemised; a
    task not tied to the focus is not; an hour later the ease is gone."""
    store = arrived(19)
    focus_roll = Roll(character="mara", stat=Stat.SPEED, difficulty=4, focus_task=True)
    shown = preview(store.state, focus_roll)
    assert [(e.text, e.steps) for e in shown.effects] == [
        ("Translated on a 19 -1 (until 13:00)", -1)
    ]
    assert (shown.odds.difficulty, shown.odds.final_difficulty) == (4, 3)
    (made,) = store.apply(decide(store.state, replace(focus_roll, die=9)))
    assert made.eased == 1 and made.success  # 9 reaches 9, not 12
    plain = preview(store.state, replace(focus_roll, focus_task=False))
    assert plain.effects == () and plain.odds.final_difficulty == 4
    assert preview(store.state, Roll(character="jun", difficulty=4, focus_task=True)).effects
    store.dispatch(ClockAdvanced(seconds=HOUR))
    assert preview(store.state, focus_roll).odds.final_difficulty == 4


def test_r_tr_6_a_20_eases_them_for_a_day():
    store = arrived(20)
    store.dispatch(ClockAdvanced(seconds=23 * HOUR))
    shown = preview(store.state, Roll(character="mara", difficulty=4, focus_task=True))
    assert [e.text for e in shown.effects] == ["Translated on a 20 -1 (until 12:00)"]
    store.dispatch(ClockAdvanced(seconds=HOUR))
    assert preview(store.state, Roll(character="mara", difficulty=4, focus_task=True)).effects == ()


def test_r_tr_7_slowed_reactions_hinder_speed_tasks_for_an_hour_after_acclimation():
    """A failed translation (a 2) with 'slowed reactions': arrival 12:00, acclimation to
    13:00, then Speed tasks are hindered one step until 14:00; Might tasks are not."""
    store = arrived(2, "slowed reactions", acclimation_passed=False)
    speed = Roll(character="mara", stat=Stat.SPEED, difficulty=3)
    assert preview(store.state, speed).effects == ()  # acclimating: not yet
    store.dispatch(ClockAdvanced(seconds=HOUR))
    shown = preview(store.state, speed)
    assert [e.text for e in shown.effects] == ["Slowed reactions +1 (until 14:00)"]
    assert shown.odds.final_difficulty == 4
    (made,) = store.apply(decide(store.state, replace(speed, die=10)))
    assert made.hindrances == 1 and not made.success  # 10 would do at 3, not at 4
    assert preview(store.state, replace(speed, stat=Stat.MIGHT)).odds.final_difficulty == 3
    store.dispatch(ClockAdvanced(seconds=HOUR))
    assert preview(store.state, speed).odds.final_difficulty == 3


def test_r_tr_7_blurred_senses_hinder_perception_and_entirely_out_of_sync_every_task():
    blurred = arrived(2, "blurred senses")
    look = Roll(character="mara", stat=Stat.INTELLECT, difficulty=3, perception=True)
    assert preview(blurred.state, look).odds.final_difficulty == 4
    assert preview(blurred.state, replace(look, perception=False)).odds.final_difficulty == 3
    lost = arrived(2, "entirely out of sync")
    shown = preview(lost.state, Roll(character="jun", stat=Stat.MIGHT, difficulty=3))
    assert [e.steps for e in shown.effects] == [2] and shown.odds.final_difficulty == 5


def test_r_tr_7_adaptation_failure_hinders_every_task_for_the_stay():
    store = arrived(2, "adaptation failure")
    store.dispatch(ClockAdvanced(seconds=10 * DAY))
    shown = preview(store.state, Roll(character="mara", difficulty=3))
    assert [e.text for e in shown.effects] == ["Adaptation failure +1 (for the stay)"]
    store.dispatch(ClockAdvanced(seconds=DAY))
    leave = Translate(destination="earth", recursion_difficulty=5, initiator="mara",
                      helpers=("jun",), die=20)  # fmt: skip
    store.apply(decide(store.state, leave))
    assert preview(store.state, Roll(character="mara", difficulty=3)).effects == ()


def test_r_tr_8_no_focus_ability_while_acclimating():
    """Just arrived (acclimating until 13:00): a roll marked as using a focus ability is
    refused with the reason and the time; after acclimation it is allowed."""
    store = arrived(15, acclimation_passed=False)
    ability = Roll(character="mara", difficulty=3, focus_ability=True)
    with pytest.raises(RuleViolation, match=r"acclimating until 13:00.*focus ability"):
        preview(store.state, ability)
    with pytest.raises(RuleViolation, match="acclimating"):
        decide(store.state, replace(ability, die=12))
    assert preview(store.state, replace(ability, focus_ability=False)).problem is None
    store.dispatch(ClockAdvanced(seconds=HOUR))
    assert preview(store.state, ability).problem is None
