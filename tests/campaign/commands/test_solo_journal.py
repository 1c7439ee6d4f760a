"""The story journal: a scene note is one command (any seat may write one), kept as the
player wrote it, paragraphs and all, and read back by the log in its place."""

import pytest

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.solo.journal import WriteScene
from strange_tui.campaign.model.events import SceneWritten
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import party_store


def test_a_scene_note_is_one_event_kept_as_written():
    store = party_store()
    note = "  We reach the lighthouse at dusk.\r\n\r\nThe door stands open.   \n"
    (written,) = store.apply(decide(store.state, WriteScene(text=note)))
    assert isinstance(written, SceneWritten)
    assert written.text == "We reach the lighthouse at dusk.\n\nThe door stands open."
    assert command_sentence((written,), store.state.names()) == written.text
    assert store.state.seq == written.seq  # It changes no number, only the log.


def test_any_seat_writes_the_story():
    store = party_store()
    (written,) = store.apply(decide(store.state, WriteScene(text="Jun keeps watch.", by="jun")))
    assert written.seat == "jun"
    with pytest.raises(RuleViolation, match="No seat 'nobody'"):
        decide(store.state, WriteScene(text="Hello", by="nobody"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "the note is empty"), ("  \n\n ", "the note is empty"), ("x" * 20_001, "at most")],
)
def test_an_empty_or_endless_note_is_refused(text, reason):
    store = party_store()
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, WriteScene(text=text))
