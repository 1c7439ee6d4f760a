"""R-CMB-3 at a player's seat: the seat rolls the defense it is asked for, once. A second
window of the same seat that answers after the first did is refused, with why, and the
campaign is unchanged (no second roll, no second hit); the GM's seat still rolls a
defense unasked (for an absent player, or with no seats at all)."""

import pytest

from strange_tui.campaign.commands.combat import Defend
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import RollMade
from strange_tui.rules.errors import RuleViolation
from tests.campaign.test_prompts import refused, run, table, thugs_turn


def test_r_cmb_3_a_defense_answered_in_one_window_is_refused_in_the_other():
    store = thugs_turn(table())
    run(store, AskDefense(character="mara", npc="thug"))
    run(store, Defend(character="mara", npc="thug", die=18, by="mara"))
    refused(
        store,
        Defend(character="mara", npc="thug", die=3, by="mara"),
        "^No defense against Thug is asked of Mara: answered already, or not asked.$",
    )
    assert [e.die for e in store.journal() if isinstance(e, RollMade)][-1:] == [18]


def test_r_cmb_3_a_players_seat_rolls_no_defense_unasked():
    store = thugs_turn(table())
    with pytest.raises(RuleViolation, match="is asked of Mara"):
        run(store, Defend(character="mara", npc="thug", die=3, by="mara"))


def test_r_cmb_3_the_gms_seat_rolls_a_defense_unasked():
    store = thugs_turn(table())
    events = run(store, Defend(character="mara", npc="thug", die=18))
    assert isinstance(events[0], RollMade) and events[0].success
