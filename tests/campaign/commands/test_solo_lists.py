"""The story's lists in solo play (R-EVT-1 draws from them): a thread opens or someone is
met, each with an id made from its name, unique in its list; a name on it already, an empty
or a too long one is refused; closing takes the entry off, and the log keeps both."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.lists import AddToList, CloseInList
from strange_tui.campaign.model.events import Listed, Unlisted
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules import RuleViolation
from tests.campaign.builders import party_store


def add(store: Store, which: str, name: str, note: str = ""):
    return store.apply(decide(store.state, AddToList(list=which, name=name, note=note)))


def test_r_evt_1_a_thread_opens_with_an_id_made_from_its_name():
    store = party_store()
    (listed,) = add(store, "threads", "  The lighthouse   keeper's debt ", "owed since Ruk")
    assert isinstance(listed, Listed) and listed.list == "threads"
    assert (listed.item.id, listed.item.name, listed.item.note) == (
        "the-lighthouse-keeper-s-debt",
        "The lighthouse keeper's debt",
        "owed since Ruk",
    )
    assert store.state.story.threads == (listed.item,)
    line = command_sentence((listed,), store.state.names())
    assert line == "A thread opens: The lighthouse keeper's debt (owed since Ruk)."


def test_r_evt_1_ids_stay_unique_in_a_list_and_lists_keep_apart():
    store = party_store()
    add(store, "people", "Alys!")
    (second,) = add(store, "people", "Alys?")
    (élan,) = add(store, "people", "Élan")
    (thread,) = add(store, "threads", "Alys!")  # Another list: the same id is free.
    assert (second.item.id, élan.item.id, thread.item.id) == ("alys-2", "elan", "alys")
    (odd,) = add(store, "people", "???")
    assert odd.item.id == "person"


@pytest.mark.parametrize(
    ("which", "name", "reason"),
    [
        ("threads", "   ", "^Name the thread first"),
        ("people", "x" * 81, "^A name is 80 characters at most"),
        ("threads", "the MISSING courier", "^the MISSING courier is on the list already"),
        ("rumours", "A rumour", "^A list is one of: threads, people"),
    ],
)
def test_r_evt_1_a_name_empty_too_long_or_listed_already_is_refused(which, name, reason):
    store = party_store()
    add(store, "threads", "The missing courier")
    command = AddToList(list=which, name=name)
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)
    with pytest.raises(RuleViolation, match=reason):
        preview(store.state, command)


def test_r_evt_1_closing_takes_the_entry_off_and_the_log_says_which():
    store = party_store()
    add(store, "threads", "The missing courier")
    add(store, "threads", "A debt to Ilse")
    (closed,) = store.apply(
        decide(store.state, CloseInList(list="threads", id="the-missing-courier"))
    )
    assert isinstance(closed, Unlisted)
    assert [item.name for item in store.state.story.threads] == ["A debt to Ilse"]
    assert (
        command_sentence((closed,), store.state.names()) == "A thread closes: The missing courier."
    )
    with pytest.raises(RuleViolation, match="^No thread 'the-missing-courier' on the list"):
        decide(store.state, CloseInList(list="threads", id="the-missing-courier"))
    with pytest.raises(RuleViolation, match="^No person 'a-debt-to-ilse' on the list"):
        decide(store.state, CloseInList(list="people", id="a-debt-to-ilse"))
