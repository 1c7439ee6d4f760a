"""One set of limits for writer and reader: what a command would make that the files could
not hold is refused before anything is written, with a message; what is accepted opens."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strange_tui.campaign.model.events import ClockAdvanced, NotesEdited, XpAwarded
from strange_tui.rules.errors import RuleViolation
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.builders import party_store
from tests.storage.test_folder import new_campaign


def test_xp_past_what_a_file_keeps_is_refused_before_the_write():
    store = party_store()
    for _ in range(100):
        store.dispatch(XpAwarded(character="mara", amount=100))
    with pytest.raises(RuleViolation, match="xp would be more than 10000"):
        store.dispatch(XpAwarded(character="mara", amount=1))
    assert store.state.characters["mara"].xp == 10_000


def test_notes_longer_than_a_file_keeps_are_refused():
    store = party_store()
    with pytest.raises(RuleViolation, match="longer than 20000"):
        store.dispatch(NotesEdited(character="mara", notes="x" * 20_001))


def test_the_clock_cannot_run_past_its_bound():
    store = party_store()
    with pytest.raises(RuleViolation, match="more than"):
        for _ in range(1001):
            store.dispatch(ClockAdvanced(seconds=10**9))


@pytest.mark.parametrize(
    "text", ["\x1b]0;owned\x07", "\x1b[2J", "\x9b31m", "two\nlines", "nul\x00"]
)
def test_control_characters_never_reach_a_name(text):
    store = party_store()
    from strange_tui.campaign.model.events import CypherGained
    from strange_tui.campaign.model.state import Cypher

    with pytest.raises(RuleViolation, match="control characters"):
        store.dispatch(CypherGained(character="mara", cypher=Cypher(name=f"Orb {text}")))


def test_notes_keep_their_line_breaks_but_no_escapes():
    store = party_store()
    store.dispatch(NotesEdited(character="mara", notes="one\n\ttwo"))
    with pytest.raises(RuleViolation, match="control characters"):
        store.dispatch(NotesEdited(character="mara", notes="\x1b[31mred"))


events = st.one_of(
    st.builds(XpAwarded, character=st.just("mara"), amount=st.integers(1, 100)),
    st.builds(ClockAdvanced, seconds=st.integers(1, 10**9)),
    st.builds(
        NotesEdited,
        character=st.just("jun"),
        notes=st.text(st.characters(codec="utf-8"), max_size=30) | st.just("y" * 20_001),
    ),
)


@settings(max_examples=40)
@given(st.lists(events, max_size=25))
def test_whatever_the_model_accepts_opens_again(tmp_path_factory, proposed):
    """The property: accepted events always round-trip through the files (snapshot,
    journal, history), however close to the limits."""
    folder = new_campaign(tmp_path_factory.mktemp("limits"), durable=False)
    store = folder.open(checkpoint_every=8, undo_depth=2)
    for event in proposed:
        try:
            store.dispatch(event)
        except RuleViolation:
            pass
    store.compact()
    assert CampaignFolder(Path(folder.path)).open().state == store.state
