"""The line a window is told when a question it could see closes by another window's
command: the journal's PromptClosed and the seat that sent the command say who did it."""

from msgspec.structs import replace

from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import PromptClosed
from strange_tui.campaign.model.seats import GM
from strange_tui.tui.table.closing import closing_news, sent_from
from tests.campaign.test_prompts import run, table, thugs_turn


def asked_of_mara():
    store = thugs_turn(table())
    (raised,) = run(store, AskDefense(character="mara", npc="thug"))
    (prompt,) = store.state.prompts
    return store.state, prompt, raised


def test_the_same_seat_in_another_window_is_told_the_question_was_answered_there():
    state, prompt, _ = asked_of_mara()
    answered = PromptClosed(prompt=prompt.id)
    for seat in ("mara", GM):  # A player's two windows, or the GM's.
        assert closing_news(state, prompt, answered, by=seat, seat=seat) == (
            "In another window",
            "Mara's defense was answered in another window.",
        )
    withdrawn = PromptClosed(prompt=prompt.id, withdrawn=True)
    assert closing_news(state, prompt, withdrawn, by=GM, seat=GM) == (
        "In another window",
        "Mara's defense was taken back in another window.",
    )


def test_another_seat_is_named_the_gm_answering_taking_back_or_moving_the_table_on():
    state, prompt, _ = asked_of_mara()
    answered = PromptClosed(prompt=prompt.id)
    said = "Mara rolled 18 for Defend against Thug: success."
    assert closing_news(state, prompt, answered, by=GM, seat="mara", said=said) == (
        "The GM answered for you (defense against Thug (Speed))",
        said,
    )
    assert closing_news(state, prompt, answered, by="mara", seat=GM, said=said) == (
        "Answered at Mara's seat",
        said,
    )
    withdrawn = PromptClosed(prompt=prompt.id, withdrawn=True)
    assert closing_news(state, prompt, withdrawn, by=GM, seat="mara") == (
        "Question taken back",
        "The GM took back the question (defense against Thug (Speed)).",
    )
    dropped = PromptClosed(prompt=prompt.id, dropped=True, character="mara", npc="thug")
    assert closing_news(state, prompt, dropped, by=GM, seat="mara") == (
        "Question dropped",
        "No longer asked: defense against Thug (Speed). The GM moved the table on.",
    )


def test_another_players_question_is_not_told_at_a_players_seat():
    state, prompt, _ = asked_of_mara()
    answered = PromptClosed(prompt=prompt.id)
    assert closing_news(state, prompt, answered, by="mara", seat="jun") is None


def test_the_seat_that_sent_a_command_is_its_first_events_the_gms_when_it_names_none():
    _, _, raised = asked_of_mara()
    assert sent_from([raised]) == GM
    assert sent_from([replace(raised, seat="mara")]) == "mara"
