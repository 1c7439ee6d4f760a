"""The store: dispatch, refusals, undo/redo, subscribers, checkpoints; and the properties
replay(log) == live state and undo-then-redo == original over random play."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from strange_tui.campaign.event_log import MemoryLog
from strange_tui.campaign.model.events import (
    CharacterCreated,
    ClockAdvanced,
    DamageTaken,
    RollMade,
    XpAwarded,
)
from strange_tui.campaign.model.folds.rolls import make_roll
from strange_tui.campaign.model.reduce import replay
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.store import Store
from strange_tui.rules import RuleViolation
from strange_tui.rules.dice import PlayerDice
from tests.campaign.builders import character
from tests.campaign.random_events import IDS, proposals


def new_store(log=None, **options) -> Store:
    store = Store(Campaign(name="Test"), log, **options)
    for id_ in IDS:
        store.dispatch(CharacterCreated(character=character(id_)))
    return store


def play(store: Store, events) -> int:
    """Dispatch each proposal; count the ones the rules allowed."""
    allowed = 0
    for event in events:
        try:
            if isinstance(event, RollMade):  # Let the rules fill in the result of the die.
                who = store.state.character(event.character)
                event = make_roll(who, event, PlayerDice([event.die or 1]))
            store.dispatch(event)
            allowed += 1
        except RuleViolation:
            pass
    return allowed


def test_dispatch_stamps_number_and_time():
    store = new_store()
    store.dispatch(ClockAdvanced(seconds=600))
    event = store.dispatch(XpAwarded(character="mara", amount=1))
    assert event.seq == store.state.seq == 4
    assert event.at == store.state.clock.seconds


def test_a_refused_event_is_not_logged_nor_announced():
    log = MemoryLog()
    store = new_store(log)
    heard = []
    store.subscribe(lambda state, event: heard.append(event))
    with pytest.raises(RuleViolation):
        store.dispatch(XpAwarded(character="nobody", amount=1))
    assert len(log.journal) == 2 and heard == []


def test_subscribers_hear_dispatch_undo_and_redo():
    store = new_store()
    heard = []
    unsubscribe = store.subscribe(lambda state, event: heard.append((state.seq, event)))
    sent = store.dispatch(XpAwarded(character="mara", amount=1))
    store.undo()
    store.redo()
    assert heard == [(3, (sent,)), (2, ()), (3, (sent,))]
    unsubscribe()
    store.undo()
    assert len(heard) == 3


def test_undo_drops_the_event_from_the_log_and_redo_puts_it_back():
    log = MemoryLog()
    store = new_store(log)
    store.dispatch(DamageTaken(character="mara", amount=3))
    store.undo()
    assert len(log.journal) == 2
    assert store.state.characters["mara"].pools.might.current == 12
    store.redo()
    assert len(log.journal) == 3
    assert store.state.characters["mara"].pools.might.current == 9


def test_a_new_event_clears_redo_and_nothing_to_undo_is_said():
    store = Store(Campaign(name="Empty"))
    with pytest.raises(RuleViolation, match="Nothing to undo"):
        store.undo()
    with pytest.raises(RuleViolation, match="Nothing to redo"):
        store.redo()
    store.dispatch(ClockAdvanced(seconds=60))
    store.undo()
    store.dispatch(ClockAdvanced(seconds=120))
    assert not store.can_redo


def test_checkpoint_seals_old_events_and_keeps_undo_depth():
    log = MemoryLog()
    store = new_store(log, checkpoint_every=10, undo_depth=3)
    for _ in range(20):
        store.dispatch(ClockAdvanced(seconds=60))
    assert log.snapshot is not None
    assert len(log.journal) <= 10 and len(log.journal) >= 3
    assert replay(log.snapshot, log.journal) == store.state
    for _ in range(3):
        store.undo()
    assert store.state.seq == 22 - 3


def test_compact_keeps_only_the_undo_depth_in_the_journal():
    log = MemoryLog()
    store = new_store(log, undo_depth=5)
    for _ in range(30):
        store.dispatch(ClockAdvanced(seconds=60))
    store.compact()
    assert len(log.journal) == 5 and log.snapshot.seq == 27
    assert replay(log.snapshot, log.journal) == store.state
    store.compact()
    assert len(log.journal) == 5
    for _ in range(5):
        store.undo()
    assert not store.can_undo


@given(st.lists(proposals, max_size=60))
def test_replay_of_the_log_is_the_live_state(events):
    """replay(log) == live state, across checkpoints."""
    log = MemoryLog()
    store = new_store(log, checkpoint_every=16, undo_depth=4)
    play(store, events)
    assert replay(Campaign(name="Test"), [*log.history, *log.journal]) == store.state
    if log.snapshot is not None:
        assert replay(log.snapshot, log.journal) == store.state


@given(st.lists(proposals, max_size=40), st.integers(1, 10))
def test_undo_then_redo_is_the_original(events, steps):
    """Undoing k events then redoing them gives back the same state and log."""
    log = MemoryLog()
    store = new_store(log)
    play(store, events)
    original, journal = store.state, list(log.journal)
    steps = min(steps, len(journal))
    for _ in range(steps):
        store.undo()
    assert store.state == replay(Campaign(name="Test"), journal[: len(journal) - steps])
    for _ in range(steps):
        store.redo()
    assert store.state == original and log.journal == journal


@given(st.lists(proposals, max_size=60))
def test_pools_never_negative_and_never_over_maximum(events):
    """Whatever is played, every pool stays within 0..maximum."""
    store = new_store()
    play(store, events)
    for who in store.state.characters.values():
        for pool in (who.pools.might, who.pools.speed, who.pools.intellect):
            assert 0 <= pool.current <= pool.maximum
