"""The Roll and Reroll commands: their events, previews and refusals, without the UI."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.rolls import Reroll, Roll, outcome_of
from strange_tui.campaign.events import RollMade, RollRerolled, XpAwarded
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
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
