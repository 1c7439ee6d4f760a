"""PassTime (commands.clock): the clock moves in either ruleset, with what ends, what a night
does (R-REC-2) and the 24-hour translation penalty wearing off (R-TR-3); one undo step."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import Rest
from strange_tui.campaign.commands.combat import StartCombat
from strange_tui.campaign.commands.table.clock import PassTime, next_morning
from strange_tui.campaign.commands.translation import Translate
from strange_tui.campaign.model.events import CharacterCreated, ClockAdvanced
from strange_tui.campaign.model.state import Campaign, PartyEffect
from strange_tui.campaign.model.types import START_OF_PLAY
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character, with_pool

HOUR, DAY = 3600, 86_400


def party(*ids: str, effects=()) -> Store:
    store = Store(Campaign(name="Test", effects=tuple(effects)))
    for id_ in ids or ("mara", "jun"):
        tired = with_pool(character(id_), Stat.MIGHT, 2)
        store.dispatch(CharacterCreated(character=tired))
    return store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def one_undo_step(store: Store, events) -> None:
    before = store.state
    assert store.undo() == tuple(events)
    store.redo()
    assert store.state == before


def test_r_rec_2_a_night_starts_a_new_day_of_recovery_rolls():
    """Two rests taken (an action, then ten minutes): to the next morning, Mara's recovery
    rolls start again from the first; Jun, who has not rested, has nothing to reset."""
    store = party()
    run(store, Rest(character="mara", die=1))
    run(store, Rest(character="mara", die=1))
    assert store.state.characters["mara"].rests_today == 2
    night = PassTime(unit="morning")
    shown = preview(store.state, night)
    assert shown.new_day and shown.until == "Day 2, 08:00" and shown.rests_reset == ("Mara",)
    events = run(store, night)
    assert [type(e) for e in events] == [ClockAdvanced]
    assert events[0].new_day and events[0].reason == "the night"
    assert store.state.characters["mara"].rests_today == 0
    assert preview(store.state, Rest(character="mara", die=1)).number == 1
    assert "A new day" in command_sentence(events, store.state.names())
    one_undo_step(store, events)
    store.undo()
    assert store.state.characters["mara"].rests_today == 2


def test_r_rec_2_hours_in_the_day_are_not_a_night_but_hours_across_one_are():
    store = party()
    run(store, Rest(character="mara", die=1))
    shown = preview(store.state, PassTime(amount=2, unit="hours"))
    assert not shown.new_day and shown.until == "Day 1, 10:00"
    run(store, PassTime(amount=2, unit="hours"))
    assert store.state.characters["mara"].rests_today == 1
    run(store, PassTime(amount=13, unit="hours"))  # to 23:00
    events = run(store, PassTime(amount=10, unit="hours"))  # to 09:00: a night passed
    assert events[0].new_day and store.state.characters["mara"].rests_today == 0


@pytest.mark.parametrize(
    ("now", "morning"),
    [
        (START_OF_PLAY, DAY + START_OF_PLAY),  # Day 1 08:00: tomorrow's
        (23 * HOUR, DAY + START_OF_PLAY),  # the evening: the coming one
        (DAY + 1 * HOUR, DAY + START_OF_PLAY),  # 01:00: still this night's
        (DAY + 3 * HOUR, 2 * DAY + START_OF_PLAY),  # 03:00: too short a night
    ],
)
def test_r_rec_2_the_next_morning_is_a_nights_sleep_away(now, morning):
    assert next_morning(now) == morning
    state = replace(Campaign(name="Test"), clock=replace(Campaign(name="Test").clock, seconds=now))
    (event,) = decide(state, PassTime(unit="morning"))
    assert event.seconds == morning - now and event.new_day


def test_pass_time_lists_the_party_effects_that_end():
    """An effect until 10:00 ends within 3 hours, not within 1; one bound to the recursion
    (until 0) never ends by the clock."""
    effects = (
        PartyEffect(label="Focus tasks eased", until=10 * HOUR),
        PartyEffect(label="Out of sync", until=0, recursion="earth"),
    )
    store = party(effects=effects)
    assert preview(store.state, PassTime(amount=1, unit="hours")).ending == ()
    shown = preview(store.state, PassTime(amount=3, unit="hours"))
    assert shown.ending == ("Focus tasks eased (until Day 1, 10:00)",)
    run(store, PassTime(amount=3, unit="hours"))
    assert [e.label for e in store.state.active_effects()] == ["Out of sync"]


def test_r_tr_3_the_translation_penalty_wears_off_with_the_clock():
    """Mara and Jun translate to Ruk (two participant-translations); the two translating back
    take +2 steps until 24 hours have passed since that one began, then none."""
    store = party()
    run(store, Translate(destination="ruk", recursion_difficulty=5, initiator="mara",
                         helpers=("jun",), die=20))  # fmt: skip
    back = Translate(destination="earth", recursion_difficulty=5, initiator="mara",
                     helpers=("jun",))  # fmt: skip
    parts = {p.label: p.steps for p in preview(store.state, back).parts}
    assert parts["translated within 24 hours"] == 2
    shown = preview(store.state, PassTime(amount=10, unit="hours"))
    assert shown.translation_steps == (2, 2)
    shown = preview(store.state, PassTime(amount=1, unit="days"))
    assert shown.translation_steps == (2, 0)
    run(store, PassTime(amount=1, unit="days"))
    parts = {p.label: p.steps for p in preview(store.state, back).parts}
    assert "translated within 24 hours" not in parts and parts["recursion"] == 5


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (PassTime(amount=0), "From 1 to 1000"),
        (PassTime(amount=1001, unit="minutes"), "From 1 to 1000"),
        (PassTime(amount=1, unit="years"), "Time passes in"),
    ],
)
def test_pass_time_refuses_what_it_cannot_do(command, reason):
    with pytest.raises(RuleViolation, match=reason):
        decide(party().state, command)


def test_pass_time_waits_for_the_end_of_a_fight():
    store = party()
    run(store, StartCombat())
    with pytest.raises(RuleViolation, match="End the fight first"):
        decide(store.state, PassTime(amount=1, unit="hours"))


def test_r_cmb_6_passing_time_in_armor_unpracticed_costs_might_per_hour():
    """R-CMB-6 (the seed's rule): light armor worn unpracticed costs 1 Might an hour; three
    hours passed cost 3, in the same step as the clock."""
    from strange_tui.campaign.commands import decide
    from strange_tui.campaign.commands.character import ChangeArmor
    from strange_tui.campaign.commands.table.clock import PassTime
    from tests.campaign.builders import party_store

    store = party_store()
    store.apply(decide(store.state, ChangeArmor(character="mara", armor="light")))
    might = store.state.characters["mara"].pools.might.current
    applied = store.apply(decide(store.state, PassTime(amount=3, unit="hours")))
    assert store.state.characters["mara"].pools.might.current == might - 3
    assert len(store.undo()) == len(applied)
