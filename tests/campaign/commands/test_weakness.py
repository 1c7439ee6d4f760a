"""R-WEAK-1: a weakness for an Edge, and what it then costs, through the commands."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character.weakness import TakeWeakness
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import party_store

TAKE = TakeWeakness(character="mara", weak=Stat.INTELLECT, edge=Stat.SPEED)


def test_r_weak_1_a_weakness_buys_an_edge_in_one_step():
    store = party_store()
    take = TAKE
    assert preview(store.state, take).lines == (
        "Speed: Edge 1 → 2, weakness 0 → 0",
        "Intellect: Edge 0 → 0, weakness 0 → 1",
    )
    before = store.state
    store.apply(decide(store.state, take))
    mara = store.state.characters["mara"]
    assert (mara.pools.intellect.weakness, mara.pools.speed.edge) == (1, 2)
    store.undo()
    assert store.state == before


def test_r_weak_1_the_weak_pools_actions_cost_one_more_but_free_ones_stay_free():
    store = party_store()
    store.apply(decide(store.state, TAKE))
    effort = Roll(character="mara", stat=Stat.INTELLECT, difficulty=4, effort=1)
    assert preview(store.state, effort).cost == 4  # 3 for Effort, +1 weakness.
    assert preview(store.state, Roll(character="mara", stat=Stat.INTELLECT)).cost == 0
    rolled_with_die = Roll(character="mara", stat=Stat.INTELLECT, difficulty=4, effort=1, die=10)
    (rolled,) = store.apply(decide(store.state, rolled_with_die))
    assert rolled.cost == 4
    assert store.state.characters["mara"].pools.intellect.current == 8 - 4


@pytest.mark.parametrize(
    ("weak", "edge", "reason"),
    [
        (Stat.MIGHT, Stat.SPEED, "Edge is 0"),  # Mara has Might Edge 1.
        (Stat.INTELLECT, Stat.INTELLECT, "another stat"),
    ],
)
def test_r_weak_1_refused_where_the_rule_does_not_allow_it(weak, edge, reason):
    store = party_store()
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, TakeWeakness(character="mara", weak=weak, edge=edge))


def test_r_weak_1_one_weakness_at_most():
    store = party_store()
    store.apply(decide(store.state, TAKE))
    with pytest.raises(RuleViolation, match="one is the most"):
        decide(store.state, TakeWeakness(character="mara", weak=Stat.INTELLECT, edge=Stat.MIGHT))
