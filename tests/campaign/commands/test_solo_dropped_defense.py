"""N20: a defense never rolled is dropped with the attacker's turn, and the log says so in
the step that drops it (not only the attack with no outcome)."""

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import NextTurn
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.model.events import PromptClosed, TurnAdvanced
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.rules.dice import PlayerDice
from tests.campaign.commands.test_solo_npcs import thugs_turn


def test_the_turn_moving_on_drops_an_unrolled_defense_and_the_log_says_so():
    store = thugs_turn()
    store.apply(decide(store.state, NpcAttacks(npc="thug"), PlayerDice([2])))
    events = store.apply(decide(store.state, NextTurn()))
    closed, advanced = events
    assert isinstance(closed, PromptClosed) and isinstance(advanced, TurnAdvanced)
    assert (closed.dropped, closed.character, closed.npc) == (True, "jun", "thug")
    assert store.state.prompts == ()
    line = command_sentence(events, store.state.names())
    assert line == "Jun's defense against Thug was never rolled: the attack is dropped. Next turn."


def test_a_turn_with_no_open_defense_closes_nothing():
    store = thugs_turn()
    (advanced,) = decide(store.state, NextTurn())
    assert isinstance(advanced, TurnAdvanced)
