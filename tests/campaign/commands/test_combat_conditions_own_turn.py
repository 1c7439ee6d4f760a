"""R-CMB-4: a condition that costs a turn (a stun), given on its holder's own turn, costs
the holder its next turn, not the one it is taking."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    AddCondition,
    Attack,
    Defend,
    MoveInFight,
    NextTurn,
    can_act_now,
    turn_of,
)
from strange_tui.rules.errors import RuleViolation
from tests.campaign.commands.test_combat import conditions, run, thug_fight, to_turn


def test_r_cmb_4_a_stun_on_the_foes_own_turn_costs_its_next_turn_not_this_one():
    """The GM stuns the thug during its turn (round 1): it still attacks now; its next
    turn (round 2) is the one lost, and the stun ends with that turn."""
    store = thug_fight()
    to_turn(store, "thug", 1)
    run(store, AddCondition(targets=("thug",), name="stunned", rounds=1))
    assert can_act_now(store.state, "thug") and not turn_of(store.state).loses_turn
    assert decide(store.state, Defend(character="mara", npc="thug", die=15))
    run(store, NextTurn())
    assert conditions(store, "thug") == [("stunned", 1)]
    to_turn(store, "thug", 2)
    assert turn_of(store.state).loses_turn and not can_act_now(store.state, "thug")
    with pytest.raises(RuleViolation, match="Thug is stunned and loses this turn"):
        decide(store.state, Defend(character="mara", npc="thug", die=15))
    run(store, NextTurn())
    assert conditions(store, "thug") == []
    to_turn(store, "thug", 3)
    assert can_act_now(store.state, "thug")


def test_r_cmb_4_a_pc_stunned_on_her_own_turn_still_attacks_and_moves_then_loses_the_next():
    """Mara, stunned in her own turn, still attacks and moves in it; her next is lost."""
    store = thug_fight()
    run(store, AddCondition(targets=("mara",), name="stunned", rounds=1))
    assert can_act_now(store.state, "mara")
    assert preview(store.state, Attack(character="mara", target="thug"))
    assert decide(store.state, MoveInFight(character="mara", distance="short"))
    to_turn(store, "mara", 2)
    assert not can_act_now(store.state, "mara")
    with pytest.raises(RuleViolation, match="Mara is stunned and loses this turn"):
        decide(store.state, MoveInFight(character="mara", distance="short"))
