"""AskOracle (commands.solo.oracle): one event with the die that answered (the player's own,
or the app's, said so), one line of the log, one undo step; nothing else changes; any seat
may ask; a question that cannot be kept is refused with the reason (R-ORC-1..3)."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.oracle import QUESTION_LIMIT, AskOracle, reply_of
from strange_tui.campaign.model.events import OracleAsked, SettingsChanged
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import party_store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def test_r_orc_1_a_typed_die_answers_and_is_recorded_as_the_players():
    store = party_store()
    before = store.state
    events = run(store, AskOracle(question="Is the door guarded?", likelihood="likely", die=14))
    assert len(events) == 1
    (event,) = events
    assert isinstance(event, OracleAsked)
    assert (event.question, event.likelihood, event.die, event.app_rolled) == (
        "Is the door guarded?",
        "likely",
        14,
        False,
    )
    assert reply_of(event).words == "Yes"
    # A story event: the campaign's numbers stay as they were.
    assert store.state.characters == before.characters
    assert store.state.clock == before.clock
    assert store.state.seq == before.seq + 1


def test_r_orc_2_the_apps_die_is_recorded_and_said_in_the_log():
    store = party_store()
    # No die typed: the app's dice answer (fixed here to show a 1, then the event die).
    (event,) = run(store, AskOracle(question="Any guards?"), PlayerDice([1, 20]))
    assert (event.die, event.app_rolled, event.likelihood) == (1, True, "even")
    line = command_sentence((event,), store.state.names())
    assert line == (
        'The oracle, asked "Any guards?" (even), rolled 1 (the app\'s die): No, and'
        " — a complication comes with it."
    )


def test_r_orc_1_the_same_seed_gives_the_same_answer():
    store = party_store()
    ask = AskOracle(question="Does it rain?", likelihood="unlikely")
    first = decide(store.state, ask, SeededDice(7))
    assert decide(store.state, ask, SeededDice(7)) == first


def test_r_orc_3_the_log_line_of_a_typed_19():
    store = party_store()
    ask = AskOracle(question="Is the  gate\nopen?", likelihood="even", die=19, event_die=3)
    events = run(store, ask)
    line = command_sentence(events, store.state.names())
    assert line == (
        'The oracle, asked "Is the gate open?" (even), rolled 19: Yes, and'
        " — a small gift comes with it."
    )


def test_one_question_is_one_undo_step():
    store = party_store()
    before = store.state
    events = run(store, AskOracle(question="Is anyone home?", die=8))
    assert store.undo() == tuple(events)
    assert store.state == before


@pytest.mark.parametrize(
    ("question", "reason"),
    [
        ("", "Type a question"),
        ("   \n\t ", "Type a question"),
        ("x" * (QUESTION_LIMIT + 1), f"{QUESTION_LIMIT} characters at most"),
        ("Is it \x1b[2J?", "no control characters"),
    ],
)
def test_a_question_that_cannot_be_kept_is_refused_with_the_reason(question, reason):
    store = party_store()
    before = store.state
    with pytest.raises(RuleViolation, match=reason):
        run(store, AskOracle(question=question, die=10))
    assert store.state == before
    assert preview(store.state, AskOracle(question=question)).problem is not None


def test_a_question_of_500_characters_is_kept_whole():
    store = party_store()
    (event,) = run(store, AskOracle(question="y" * QUESTION_LIMIT, die=3))
    assert event.question == "y" * QUESTION_LIMIT


def test_a_die_off_the_d20_is_refused():
    store = party_store()
    with pytest.raises(RuleViolation, match="d20 shows 1 to 20"):
        run(store, AskOracle(question="Is it?", die=21))


def test_any_players_seat_may_ask_in_solo_play_and_the_log_keeps_whose_seat_it_was():
    """With a GM the oracle is the GM's; in solo play any seat asks it."""
    store = party_store()
    with pytest.raises(RuleViolation, match="^Only the GM may ask the oracle"):
        decide(store.state, AskOracle(by="jun", question="Is it a trap?", die=5))
    store.dispatch(SettingsChanged(settings=replace(store.state.settings, solo=True)))
    (event,) = run(store, AskOracle(by="jun", question="Is it a trap?", die=5))
    assert event.seat == "jun"
    with pytest.raises(RuleViolation, match="No seat"):
        decide(store.state, AskOracle(by="stranger", question="Is it?", die=5))


def test_the_preview_shows_the_odds_before_any_question_is_typed():
    seen = preview(party_store().state, AskOracle(question=""))
    assert seen.likelihood == "even" and seen.yes_from == 11
    assert seen.problem == "Type a question for the oracle first."
    assert [row.words for row in seen.answers] == ["Yes, and", "Yes", "No", "No, and"]
    assert preview(party_store().state, AskOracle(question="Is it?")).problem is None
