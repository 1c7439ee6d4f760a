"""reduce: each event folds into the state as the rules say, or is refused unchanged; and
properties of random play with commands of several events (tests/campaign/random_events.py):
a command is applied whole or not at all, undone whole, replayed and reopened the same."""

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from strange_tui.campaign.event_log import MemoryLog
from strange_tui.campaign.model.events import (
    AdvancementBought,
    AnyEvent,
    CharacterCreated,
    ClockAdvanced,
    CypherGained,
    CypherUsed,
    DamageTaken,
    Healed,
    IntrusionAccepted,
    IntrusionRefused,
    NotesEdited,
    PointsSpent,
    RecoveryRolled,
    RollMade,
    TrackShifted,
    XpAwarded,
    XpSpent,
    batches,
    check_batch,
)
from strange_tui.campaign.model.folds.rolls import make_roll
from strange_tui.campaign.model.reduce import reduce, replay
from strange_tui.campaign.model.state import Campaign, Cypher
from strange_tui.campaign.store import Store
from strange_tui.rules import RuleViolation
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.builders import character, party_store
from tests.campaign.random_events import (
    REFUSED,
    RULESETS,
    proposals,
    random_play,
    rolls_of,
    set_up,
    stamped,
    start_store,
    valid_command,
)


def test_events_must_follow_in_order():
    """Replay refuses an event whose number does not follow the state's."""
    with pytest.raises(RuleViolation, match="does not follow"):
        reduce(Campaign(name="x"), ClockAdvanced(seconds=60, seq=5))


def test_character_ids_are_unique():
    store = party_store("mara")
    with pytest.raises(RuleViolation, match="already a character"):
        store.dispatch(CharacterCreated(character=character("mara")))


def test_r_dmg_2_damage_taken_spills_and_moves_the_track():
    """R-DMG-1..3: 15 damage, Armor 1, Might 12: Might 0, 2 spill to Speed, impaired."""
    store = party_store("mara")
    store.dispatch(DamageTaken(character="mara", amount=15, armor=1))
    mara = store.state.characters["mara"]
    assert (mara.pools.might.current, mara.pools.speed.current) == (0, 8)
    assert mara.track is DamageTrack.IMPAIRED


def test_r_eff_6_spending_more_than_you_have_is_refused_and_changes_nothing():
    """R-EFF-6: the store refuses, the state is the same object as before."""
    store = party_store("mara")
    before = store.state
    with pytest.raises(RuleViolation, match="Intellect has 8"):
        store.dispatch(PointsSpent(character="mara", stat=Stat.INTELLECT, amount=9))
    assert store.state is before


def test_healing_from_zero_moves_up_the_track():
    """R-REC-3 reading: a pool brought back from 0 lifts the track a step."""
    store = party_store("mara")
    store.dispatch(PointsSpent(character="mara", stat=Stat.INTELLECT, amount=8))
    assert store.state.characters["mara"].track is DamageTrack.IMPAIRED
    store.dispatch(Healed(character="mara", stat=Stat.INTELLECT, amount=20))
    mara = store.state.characters["mara"]
    assert mara.pools.intellect.current == 8 and mara.track is DamageTrack.HALE


def test_r_dmg_3_track_shift_and_dead_is_dead():
    """R-DMG-3, R-DMG-4: effects move the track; nothing brings back the dead."""
    store = party_store("mara")
    store.dispatch(TrackShifted(character="mara", steps=3, reason="fell off a tower"))
    assert store.state.characters["mara"].track is DamageTrack.DEAD
    with pytest.raises(RuleViolation, match="dead is dead"):
        store.dispatch(TrackShifted(character="mara", steps=-1))
    with pytest.raises(RuleViolation, match="dead is dead"):
        store.dispatch(Healed(character="mara", stat=Stat.MIGHT, amount=1))


def roll_setup(**changes) -> RollMade:
    fields = dict(character="mara", stat=Stat.MIGHT, difficulty=4, effort=1)
    fields.update(changes)
    return RollMade(**fields)


def test_r_eff_3_a_roll_pays_effort_less_edge():
    """R-EFF-1, R-EFF-3: one level of Effort on Might with Edge 1 costs 2."""
    store = party_store("mara")
    mara = store.state.characters["mara"]
    store.dispatch(make_roll(mara, roll_setup(), PlayerDice([10])))
    assert store.state.characters["mara"].pools.might.current == 10


def test_r_spec_4_a_natural_twenty_refunds_the_cost():
    """R-SPEC-4: a 20 makes the cost 0: the pool is untouched."""
    store = party_store("mara")
    event = make_roll(store.state.characters["mara"], roll_setup(), PlayerDice([20]))
    assert event.cost == 0 and event.success
    store.dispatch(event)
    assert store.state.characters["mara"].pools.might.current == 12


def test_r_eff_2_more_effort_than_the_score_is_refused():
    """R-EFF-2: Effort 1 cannot put one level on the task and one on damage."""
    store = party_store("mara")
    with pytest.raises(RuleViolation, match="Effort of 1"):
        make_roll(store.state.characters["mara"], roll_setup(damage_effort=1), PlayerDice([5]))


def test_r_eff_4_impaired_roll_costs_more():
    """R-EFF-4: impaired, one level costs 4, less Edge 1: 3."""
    store = party_store("mara")
    store.dispatch(TrackShifted(character="mara", steps=1))
    store.dispatch(make_roll(store.state.characters["mara"], roll_setup(), PlayerDice([3])))
    assert store.state.characters["mara"].pools.might.current == 9


def test_r_dmg_4_a_debilitated_character_cannot_roll():
    """R-DMG-4: debilitated, no action but a crawl."""
    store = party_store("mara")
    store.dispatch(TrackShifted(character="mara", steps=2))
    with pytest.raises(RuleViolation, match="cannot act"):
        make_roll(store.state.characters["mara"], roll_setup(), PlayerDice([3]))


def test_a_roll_whose_recorded_result_is_wrong_is_refused():
    """A hand-edited journal cannot claim a success the die did not give."""
    store = party_store("mara")
    event = make_roll(store.state.characters["mara"], roll_setup(difficulty=6), PlayerDice([2]))
    assert not event.success
    from msgspec.structs import replace

    with pytest.raises(RuleViolation, match="does not match"):
        store.dispatch(replace(event, success=True))


def test_r_task_4_an_automatic_success_is_not_rolled():
    """R-TASK-4: no die is taken for an automatic task, and none may be recorded."""
    store = party_store("mara")
    setup = roll_setup(difficulty=1, effort=0, skill="trained")
    event = make_roll(store.state.characters["mara"], setup, PlayerDice([]))
    assert event.die is None and event.success
    from msgspec.structs import replace

    with pytest.raises(RuleViolation, match="not rolled"):
        store.dispatch(replace(event, die=12))


def test_r_xp_1_intrusion_gives_two_xp_one_to_a_friend():
    """R-XP-1: the character keeps 1 XP and gives 1 to another PC."""
    store = party_store("mara", "jun")
    store.dispatch(IntrusionAccepted(character="mara", given_to="jun"))
    assert (store.state.characters["mara"].xp, store.state.characters["jun"].xp) == (1, 1)
    with pytest.raises(RuleViolation, match="another character"):
        store.dispatch(IntrusionAccepted(character="mara"))
    with pytest.raises(RuleViolation, match="another character"):
        store.dispatch(IntrusionAccepted(character="mara", given_to="mara"))


def test_r_xp_1_a_lone_character_keeps_both_xp():
    """R-XP-1: with nobody to give to, the character keeps 2."""
    store = party_store("mara")
    store.dispatch(IntrusionAccepted(character="mara"))
    assert store.state.characters["mara"].xp == 2


def test_r_xp_1_refusing_costs_one_xp_and_is_impossible_at_zero():
    """R-XP-1: refusing costs 1 XP; with 0 XP it cannot be refused."""
    store = party_store("mara")
    with pytest.raises(RuleViolation, match="no XP"):
        store.dispatch(IntrusionRefused(character="mara"))
    store.dispatch(XpAwarded(character="mara", amount=2))
    store.dispatch(IntrusionRefused(character="mara"))
    assert store.state.characters["mara"].xp == 1


def test_r_xp_2_spending_xp_needs_xp():
    """R-XP-2: a reroll costs 1 XP, which the character must have."""
    store = party_store("mara")
    with pytest.raises(RuleViolation, match="has 0 XP"):
        store.dispatch(XpSpent(character="mara", amount=1, reason="reroll"))


def test_r_adv_1_four_steps_raise_the_tier():
    """R-ADV-1: four different steps at 4 XP each, then tier 2 and a fresh list."""
    store = party_store("mara")
    store.dispatch(XpAwarded(character="mara", amount=16))
    store.dispatch(
        AdvancementBought(character="mara", step="pools", pools={Stat.MIGHT: 3, Stat.SPEED: 1})
    )
    store.dispatch(AdvancementBought(character="mara", step="edge", edge=Stat.INTELLECT))
    store.dispatch(AdvancementBought(character="mara", step="effort"))
    with pytest.raises(RuleViolation, match=r"already bought \+1 Effort"):
        store.dispatch(AdvancementBought(character="mara", step="effort"))
    store.dispatch(AdvancementBought(character="mara", step="skill", skill="Guns"))
    mara = store.state.characters["mara"]
    assert (mara.tier, mara.xp, mara.advancements) == (2, 0, ())
    assert (mara.pools.might.maximum, mara.pools.might.current) == (15, 15)
    assert mara.pools.intellect.edge == 1 and mara.effort == 2
    assert mara.skills["Guns"] == "specialized"


def test_r_adv_1_needs_four_xp_and_exactly_four_pool_points():
    """R-ADV-1: a step costs 4 XP; the pool step divides exactly 4 points."""
    store = party_store("mara")
    with pytest.raises(RuleViolation, match="a step costs 4"):
        store.dispatch(AdvancementBought(character="mara", step="effort"))
    store.dispatch(XpAwarded(character="mara", amount=4))
    with pytest.raises(RuleViolation, match="exactly 4"):
        store.dispatch(AdvancementBought(character="mara", step="pools", pools={Stat.MIGHT: 3}))


def test_r_adv_1_training_cancels_an_inability():
    """R-TASK-3, R-ADV-1: training a skill you have an inability in cancels both."""
    store = party_store()
    store.dispatch(CharacterCreated(character=character("ana", skills={"Lore": "inability"})))
    store.dispatch(XpAwarded(character="ana", amount=4))
    store.dispatch(AdvancementBought(character="ana", step="skill", skill="Lore"))
    assert "Lore" not in store.state.characters["ana"].skills


def test_r_cyp_1_cyphers_come_and_go():
    """R-CYP-1: gaining may go over the limit (the app warns); using removes the named one."""
    store = party_store("mara")
    for name in ("A", "B", "C"):
        store.dispatch(CypherGained(character="mara", cypher=Cypher(name=name, level=2)))
    assert len(store.state.characters["mara"].cyphers) == 3
    with pytest.raises(RuleViolation, match="does not carry"):
        store.dispatch(CypherUsed(character="mara", index=0, name="B"))
    store.dispatch(CypherUsed(character="mara", index=1, name="B"))
    assert [c.name for c in store.state.characters["mara"].cyphers] == ["A", "C"]


def test_r_rec_1_recovery_roll_restores_and_counts_the_rest():
    """R-REC-1, R-REC-2: d6 + tier, divided; the rest counts and the clock moves."""
    store = party_store("mara")
    store.dispatch(DamageTaken(character="mara", amount=7))
    start = store.state.clock.seconds
    store.dispatch(
        RecoveryRolled(character="mara", die=4, bonus=1, allocation={Stat.MIGHT: 5}, clock=600)
    )
    mara = store.state.characters["mara"]
    assert mara.pools.might.current == 10 and mara.rests_today == 1
    assert store.state.clock.seconds == start + 600


def test_r_rec_1_recovery_bonus_must_be_the_characters():
    """R-REC-1: a tier-1 character without bonuses adds exactly 1."""
    store = party_store("mara")
    with pytest.raises(RuleViolation, match="add 1, not 3"):
        store.dispatch(RecoveryRolled(character="mara", die=4, bonus=3))


def test_r_rec_3_recovery_step_up_the_track_instead():
    """R-REC-3: with every pool above 0, a roll may buy a step up the track instead."""
    store = party_store("mara")
    store.dispatch(TrackShifted(character="mara", steps=1))
    store.dispatch(RecoveryRolled(character="mara", die=2, bonus=1, track_step=True))
    assert store.state.characters["mara"].track is DamageTrack.HALE


def test_r_rec_2_the_fourth_rest_starts_a_new_day():
    """R-REC-2: after four rests the count starts again."""
    store = party_store("mara")
    for _ in range(4):
        store.dispatch(RecoveryRolled(character="mara", die=1, bonus=1))
    assert store.state.characters["mara"].rests_today == 0


def test_notes_and_clock():
    store = party_store("mara")
    store.dispatch(NotesEdited(character="mara", notes="Owes Jun money.\nHates boats."))
    store.dispatch(ClockAdvanced(seconds=3600 * 20))
    assert store.state.characters["mara"].notes.endswith("boats.")
    assert store.state.clock.label() == "Day 2, 04:00"


def test_events_about_unknown_characters_are_refused():
    store = party_store("mara")
    with pytest.raises(RuleViolation, match="No character 'zed'"):
        store.dispatch(XpAwarded(character="zed", amount=1))


# Properties over random play: mostly valid commands of one to four events (which the store
# must accept), blind proposals, undo and redo, in Strange and Hunters campaigns.


def refused_after(state: Campaign, proposal: AnyEvent) -> AnyEvent:
    """``proposal`` if the rules refuse it in ``state``, else an event they always refuse."""
    try:
        reduce(state, stamped(proposal, state))
    except RuleViolation:
        return proposal
    return REFUSED


@given(st.data())
@pytest.mark.starts_first  # One of the longest: started first.
def test_a_command_with_a_refused_event_changes_nothing(data):
    """Store.apply is all or nothing: when one event of a command is refused, the state, the
    journal, the undo and redo stacks are as they were, and nobody is told."""
    log = MemoryLog()
    store = start_store(data.draw(RULESETS, label="ruleset"), log)
    random_play(data, store, max_moves=15)
    if store.can_undo and data.draw(st.booleans(), label="undo first"):
        store.undo()
    command = data.draw(valid_command(store.state, rolls_of(store)), label="command")
    cut = data.draw(st.integers(0, len(command)), label="cut")
    poison = refused_after(replay(store.state, command[:cut]), data.draw(proposals))
    state, journal, done = store.state, list(log.journal), store.journal()
    last, can_redo, heard = store.last_command, store.can_redo, []
    store.subscribe(lambda *change: heard.append(change))
    with pytest.raises(RuleViolation):
        store.apply([*command[:cut], poison, *command[cut:]])
    assert store.state is state
    assert (log.journal, store.journal(), store.last_command) == (journal, done, last)
    assert (store.can_redo, heard) == (can_redo, [])
    if last:
        assert store.undo() == last


@given(st.data())
@pytest.mark.starts_first  # One of the longest: started first.
def test_undo_of_a_command_restores_the_state_exactly(data):
    """A command's events are one journal batch and one undo step; undo gives back the
    state before it and the journal without it; redo puts them back."""
    log = MemoryLog()
    store = start_store(data.draw(RULESETS, label="ruleset"), log)
    random_play(data, store, max_moves=15)
    before, journal = store.state, list(log.journal)
    command = data.draw(valid_command(store.state, rolls_of(store)), label="command")
    done = store.apply(command)
    check_batch(done)
    assert [e.seq for e in done] == list(range(before.seq + 1, before.seq + 1 + len(command)))
    assert log.journal == [*journal, *done] and store.last_command == done
    assert store.undo() == done
    assert store.state == before and log.journal == journal
    assert store.redo() == done
    assert store.state == replay(before, done) and log.journal == [*journal, *done]


@given(st.data())
@pytest.mark.starts_first  # One of the longest: started first.
def test_replay_of_the_log_is_the_live_state_with_commands(data):
    """replay(log) == live state when commands have several events, across checkpoints;
    the log keeps each command as one batch."""
    ruleset = data.draw(RULESETS, label="ruleset")
    log = MemoryLog()
    store = start_store(ruleset, log, checkpoint_every=16, undo_depth=4)
    random_play(data, store)
    everything = [*log.history, *log.journal]
    assert replay(Campaign(name="Test", ruleset=ruleset), everything) == store.state
    for command in batches(everything):
        check_batch(command)
    assert batches(log.journal) == batches(store.journal())
    snapshot = log.snapshot or Campaign(name="Test", ruleset=ruleset)
    reopened = Store(snapshot, journal=log.journal)
    assert reopened.state == store.state and reopened.last_command == store.last_command


@settings(max_examples=40)
@given(st.data())
@pytest.mark.starts_first  # One of the longest: started first.
def test_open_of_save_is_the_state_with_commands(data):
    """open(save) == state with commands of several events, across checkpoints; undo after
    opening takes back the last command whole, in the files too."""
    ruleset = data.draw(RULESETS, label="ruleset")
    with tempfile.TemporaryDirectory() as saves:
        folder = CampaignFolder.create(Path(saves), "The Glass Door", ruleset=ruleset)
        folder.durable = False
        store = set_up(folder.open(checkpoint_every=12, undo_depth=3))
        random_play(data, store)
        again = CampaignFolder(folder.path, durable=False).open()
        assert again.state == store.state
        assert again.last_command == store.last_command
        if again.can_undo:
            assert again.undo() == store.last_command
            assert CampaignFolder(folder.path).open().state == again.state
