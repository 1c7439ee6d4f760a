"""A defeated NPC is out of the fight, and its conditions with it: brought to 0 it keeps
none (seen in play: a foe down in the tracker, still "caught high and low"), a hit that
brings it down leaves none on it, and a campaign saved before keeps opening."""

import pytest

from strange_tui.campaign.commands.combat import (
    AddCondition,
    AddNpcs,
    Attack,
    DamageNpcs,
    NextTurn,
)
from strange_tui.campaign.model.events import ConditionAdded, ConditionRemoved, NpcHealthChanged
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.rules.combat import Condition
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import character
from tests.campaign.commands.test_circumstances import MACE, PISTOL
from tests.campaign.commands.test_combat import fight, run


def weak_thug_fight(health: int = 5):
    """Mara, then Jun, then a level-3 thug of ``health``."""
    pcs = (character("mara"), character("jun"))
    return fight(
        AddNpcs(name="Thug", level=3, health=health), pcs=pcs, dice={"mara": 18, "jun": 15}
    )


def thug(store):
    return store.state.encounter.combatants["thug"]


def test_r_cir_3_a_hit_that_brings_the_foe_down_leaves_it_not_caught_high_and_low():
    """Mara's shot (4 of 5), then Jun's swing: the round's melee and ranged pair, and the
    thug's last point: down, and no condition in the tracker nor in the log."""
    store = weak_thug_fight()
    run(store, Attack(character="mara", target="thug", weapon=PISTOL, die=15))
    run(store, NextTurn())
    swing = run(store, Attack(character="jun", target="thug", weapon=MACE, die=15))
    assert not [e for e in swing if isinstance(e, ConditionAdded)]
    assert thug(store).defeated and thug(store).conditions == ()
    assert "caught high and low" not in command_sentence(swing, store.state.names())


def test_an_npc_brought_to_0_loses_its_conditions_in_the_same_step():
    store = weak_thug_fight()
    run(store, AddCondition(targets=("thug",), name="dazed", rounds=3))
    assert [c.name for c in thug(store).conditions] == ["dazed"]
    run(store, DamageNpcs(targets=("thug",), amount=9))
    assert thug(store).defeated and thug(store).conditions == ()


def test_an_npc_still_standing_keeps_its_conditions():
    store = weak_thug_fight(health=20)
    run(store, AddCondition(targets=("thug",), name="dazed", rounds=3))
    run(store, DamageNpcs(targets=("thug",), amount=4))
    assert [c.name for c in thug(store).conditions] == ["dazed"]


def test_a_campaign_saved_with_a_condition_on_a_defeated_npc_still_opens_without_it():
    """Journals written before: a condition given after the NPC was down, and later taken
    off it by the GM. Both replay; the defeated NPC holds none."""
    store = weak_thug_fight()
    store.dispatch(NpcHealthChanged(targets=("thug",), amount=-9))
    caught = Condition(name="caught high and low", rounds=1)
    store.dispatch(ConditionAdded(targets=("thug",), condition=caught))
    assert thug(store).conditions == ()
    store.dispatch(ConditionRemoved(target="thug", name="caught high and low"))
    assert thug(store).defeated and thug(store).conditions == ()


def test_a_condition_given_to_a_defeated_npc_is_refused_in_one_line():
    """The fold would drop it, so the log would say what did not happen: the command
    refuses it first, and nothing changes."""
    store = weak_thug_fight()
    run(store, DamageNpcs(targets=("thug",), amount=9))
    before = store.state
    with pytest.raises(RuleViolation, match="^Thug is defeated: no condition to give it.$"):
        run(store, AddCondition(targets=("thug",), name="dazed", rounds=3))
    assert store.state == before
