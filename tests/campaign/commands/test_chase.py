"""Chases (R-CHASE-1) through their commands: StartChase, ChaseRoll (the Speed task at the
quarry's level, its count and the end, as one command) and EndChase; the state comes from
folding the events; the log says each step; the seats run their own chase."""

import msgspec
import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.chase import ChaseRoll, EndChase, StartChase
from strange_tui.campaign.commands.combat import StartCombat
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import (
    CharacterCreated,
    ChaseEnded,
    ChaseRolled,
    ChaseStarted,
    PointsSpent,
    RollMade,
)
from strange_tui.campaign.model.reduce import replay
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence, names_of
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character, party_store


def mara_quist() -> Store:
    """Mara Quist (Speed 10, Edge 1) and Jun Okafor."""
    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara", name="Mara Quist")))
    store.dispatch(CharacterCreated(character=character("jun", name="Jun Okafor")))
    return store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def said(store: Store, events) -> str:
    return command_sentence(events, names_of(store.state, store.journal()))


def test_r_chase_1_two_successes_win_a_level_2_chase():
    store = mara_quist()
    started = run(store, StartChase(character="mara", quarry="the courier", level=2))
    assert said(store, started) == "Mara Quist runs after the courier (level 2): needs 2 successes."
    first = run(store, ChaseRoll(character="mara", die=15))
    assert [type(e) for e in first] == [RollMade, ChaseRolled]
    roll = first[0]
    assert (roll.stat, roll.difficulty, roll.success) == (Stat.SPEED, 2, True)
    assert said(store, first) == (
        "Mara Quist rolled 15 for the chase after the courier (Standard 2, target 6): success."
        " Chase: success 1 of 2."
    )
    chase = store.state.chase
    assert (chase.successes, chase.failures, chase.outcome) == (1, 0, "")
    second = run(store, ChaseRoll(character="mara", die=6))
    assert [type(e) for e in second] == [RollMade, ChaseRolled, ChaseEnded]
    assert said(store, second).endswith("Chase: success 2 of 2. Mara Quist wins the chase.")
    assert store.state.chase.outcome == "won"
    # The chase is what its events fold into: the journal replayed gives the same state.
    assert replay(Campaign(name="Test"), store.journal()) == store.state


def test_r_chase_1_a_first_failure_loses_the_chase():
    """Read literally: no success yet, one failure, the failures outnumber the successes."""
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the hounds", level=3, flees=True))
    lost = run(store, ChaseRoll(character="mara", die=8))  # Target 9.
    assert [type(e) for e in lost] == [RollMade, ChaseRolled, ChaseEnded]
    assert lost[-1].outcome == "lost"
    assert said(store, lost) == (
        "Mara Quist rolled 8 for the chase from the hounds (Demanding 3, target 9): failure."
        " Chase: failure (1 failure against 0 of 3 successes). Mara Quist loses the chase."
    )
    with pytest.raises(RuleViolation, match="No chase is under way"):
        decide(store.state, ChaseRoll(character="mara", die=15))


def test_r_chase_1_failures_lose_only_once_they_outnumber_the_successes():
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the thief", level=4))
    run(store, ChaseRoll(character="mara", die=20))
    even = run(store, ChaseRoll(character="mara", die=2))
    assert [type(e) for e in even] == [RollMade, ChaseRolled]  # 1 and 1: it goes on.
    assert said(store, even).endswith("Chase: failure (1 failure against 1 of 4 successes).")
    seen = preview(store.state, ChaseRoll(character="mara"))
    assert (seen.on_success, seen.on_failure) == ("a success: 2 of 4", "a failure loses it")
    lost = run(store, ChaseRoll(character="mara", die=2))
    assert lost[-1] == ChaseEnded(
        seq=lost[-1].seq, at=lost[-1].at, batch=lost[-1].batch,
        character="mara", quarry="the thief", outcome="lost",
    )  # fmt: skip


def test_r_chase_1_the_preview_is_the_rolls_odds_and_what_each_result_leads_to():
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the courier", level=3))
    seen = preview(store.state, ChaseRoll(character="mara", effort=1, assets=1))
    same = preview(
        store.state,
        Roll(character="mara", stat=Stat.SPEED, difficulty=3, effort=1, assets=1,
             label="the chase after the courier"),
    )  # fmt: skip
    assert seen.roll == same
    assert (seen.roll.odds.final_difficulty, seen.roll.cost) == (1, 2)  # Effort 3 - Edge 1.
    assert (seen.successes, seen.failures, seen.level) == (0, 0, 3)
    assert (seen.on_success, seen.on_failure) == ("a success: 1 of 3", "a failure loses it")
    run(store, ChaseRoll(character="mara", die=12))
    run(store, ChaseRoll(character="mara", die=12))
    seen = preview(store.state, ChaseRoll(character="mara"))
    assert (seen.on_success, seen.on_failure) == (
        "a success wins the chase",
        "a failure: 1 failure against 2 successes",
    )


def test_r_chase_1_effort_on_a_chase_roll_is_paid_as_on_any_roll():
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the courier", level=5))
    events = run(store, ChaseRoll(character="mara", effort=1, die=12))  # 5 eased to 4: 12.
    assert events[0].success and events[0].cost == 2
    assert store.state.characters["mara"].pools.speed.current == 8
    assert not any(isinstance(e, PointsSpent) for e in events)


def test_r_chase_1_each_roll_is_one_undo_step():
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the courier", level=1))
    before = store.state
    won = run(store, ChaseRoll(character="mara", die=10))
    assert store.state.chase.outcome == "won"
    assert store.undo() == won
    assert store.state == before and store.state.chase.outcome == ""


def test_r_chase_1_called_off():
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the courier", level=3))
    run(store, ChaseRoll(character="mara", die=12))
    assert preview(store.state, EndChase(character="mara")) == (
        "Call off the chase after the courier (1 of 3 successes so far)?"
    )
    ended = run(store, EndChase(character="mara"))
    assert said(store, ended) == "The chase between Mara Quist and the courier is called off."
    assert store.state.chase.outcome == "abandoned"
    # Over: a new chase may start, and replaces the one that ended.
    run(store, StartChase(character="jun", quarry="a stolen car", level=4))
    assert store.state.chase.character == "jun" and store.state.chase.successes == 0


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (StartChase(character="mara", quarry="  ", level=2), "Name the quarry"),
        (StartChase(character="mara", quarry="x", level=0), "from 1 to 10"),
        (StartChase(character="mara", quarry="x", level=11), "from 1 to 10"),
        (StartChase(character="nobody", quarry="x", level=2), "No character 'nobody'"),
        (ChaseRoll(character="mara", die=12), "No chase is under way"),
        (EndChase(character="mara"), "No chase is under way"),
    ],
)
def test_r_chase_1_refusals_change_nothing(command, reason):
    store = mara_quist()
    before = store.state
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, command)
    assert store.state == before


def test_r_chase_1_one_chase_at_a_time_and_it_is_its_runners():
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the courier", level=2))
    with pytest.raises(RuleViolation, match="A chase is under way"):
        decide(store.state, StartChase(character="jun", quarry="a cat", level=1))
    with pytest.raises(RuleViolation, match="The chase is Mara Quist's, not Jun Okafor's"):
        decide(store.state, ChaseRoll(character="jun", die=12))
    with pytest.raises(RuleViolation, match="The chase is Mara Quist's"):
        decide(store.state, EndChase(character="jun"))


def test_r_chase_1_reduce_refuses_a_count_or_an_outcome_the_rolls_do_not_give():
    store = mara_quist()
    run(store, StartChase(character="mara", quarry="the courier", level=2))
    with pytest.raises(RuleViolation, match="count does not match"):
        store.dispatch(ChaseRolled(character="mara", success=True, successes=2, needed=2))
    with pytest.raises(RuleViolation, match="The chase goes on, not won"):
        store.dispatch(ChaseEnded(character="mara", quarry="the courier", outcome="won"))
    store.dispatch(ChaseRolled(character="mara", success=False, failures=1, needed=2))
    with pytest.raises(RuleViolation, match="The chase was lost: no more rolls"):
        store.dispatch(ChaseRolled(character="mara", success=True, successes=1, failures=1,
                                   needed=2))  # fmt: skip
    with pytest.raises(RuleViolation, match="The chase was lost, not abandoned"):
        store.dispatch(ChaseEnded(character="mara", quarry="the courier", outcome="abandoned"))


def test_r_chase_1_a_chase_in_a_fight_counts_like_any_roll():
    """A chase may start in the middle of a fight (someone bolts): its roll is a roll."""
    store = party_store("mara", "jun")
    run(store, StartCombat())
    run(store, StartChase(character="mara", quarry="the thug", level=1))
    events = run(store, ChaseRoll(character="mara", die=3))
    assert store.state.chase.outcome == "won" and isinstance(events[0], RollMade)


# Seats: a player's seat runs its own character's chase.


def by(command, seat: str):
    return msgspec.structs.replace(command, by=seat)


def test_r_chase_1_a_players_seat_starts_rolls_and_ends_its_own_chase():
    store = mara_quist()
    run(store, by(StartChase(character="mara", quarry="the courier", level=3), "mara"))
    assert store.journal()[-1].seat == "mara"
    run(store, by(ChaseRoll(character="mara", die=14), "mara"))
    for command in (
        StartChase(character="mara", quarry="x", level=2),
        ChaseRoll(character="mara", die=14),
        EndChase(character="mara"),
    ):
        with pytest.raises(RuleViolation, match="^Jun Okafor's seat acts for Jun Okafor only"):
            decide(store.state, by(command, "jun"))
    run(store, by(EndChase(character="mara"), "mara"))
    assert store.state.chase.outcome == "abandoned"
    # The GM's seat may start one for anyone.
    run(store, StartChase(character="jun", quarry="a drone", level=2))
    assert isinstance(store.journal()[-1], ChaseStarted) and store.journal()[-1].seat == ""
