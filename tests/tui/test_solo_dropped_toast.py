"""N20: the toast for a question the table moved past reads without nested parentheses."""

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.rules.dice import PlayerDice
from strange_tui.tui.table.desk import dropped_line
from tests.campaign.commands.test_solo_npcs import thugs_turn


def test_the_dropped_question_toast_has_no_nested_parentheses():
    store = thugs_turn()
    store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([2])))
    (prompt,) = store.state.prompts
    line = dropped_line(store.state, prompt)
    assert line == "No longer asked: defense against Thug (Speed). The table moved on."
