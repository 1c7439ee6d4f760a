"""R-REC-4: the party rests together. Each living PC makes their next recovery roll of the
day as R-REC-1..3 say (their die, or the app's; their division, or the suggested one), and
the clock moves once, by the longest of their rests: in one step (PartyRest), or asked at
the seats (AskPartyRest, AnswerRest), the GM resting the absent (RestTheOthers)."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import (
    AnswerRest,
    AskPartyRest,
    PartyRest,
    Rest,
    RestTheOthers,
)
from strange_tui.campaign.commands.combat import StartCombat
from strange_tui.campaign.model.events import (
    CharacterCreated,
    ClockAdvanced,
    PromptClosed,
    PromptRaised,
    RecoveryRolled,
)
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import character, with_pool

HOUR = 3600


def store_of(*people: Character) -> Store:
    store = Store(Campaign(name="Test"))
    for who in people:
        store.dispatch(CharacterCreated(character=who))
    return store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def party() -> Store:
    """Mara on her fourth rest of the day (ten hours), Jun on his second (ten minutes),
    Tess on her first (one action); each down some Might."""
    return store_of(
        replace(with_pool(character("mara"), Stat.MIGHT, 4), rests_today=3),
        replace(with_pool(character("jun"), Stat.MIGHT, 6), rests_today=1),
        with_pool(character("tess"), Stat.MIGHT, 9),
    )


def said(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def test_r_rec_4_the_clock_moves_once_by_the_longest_rest():
    store = party()
    start = store.state.clock.seconds
    seen = preview(store.state, PartyRest())
    assert (seen.seconds, seen.longest) == (10 * HOUR, "Mara")
    events = run(store, PartyRest(), PlayerDice([3, 4, 5]))
    clocks = [e for e in events if isinstance(e, ClockAdvanced)]
    assert [c.seconds for c in clocks] == [10 * HOUR]
    assert all(e.clock == 0 for e in events if isinstance(e, RecoveryRolled))
    assert store.state.clock.seconds == start + 10 * HOUR  # Not 10 h + 10 min + 6 s.
    line = said(store, events)
    assert line.count("made a recovery roll") == 3 and "10 h passed (the party's rest)" in line


def test_r_rec_4_each_pcs_roll_is_a_recovery_roll_as_r_rec_1_says():
    """Mara's typed 3, the app's dice for the others; each d6 + tier, divided as
    given (Mara) or as suggested (Might first: the emptiest)."""
    store = party()
    command = PartyRest(dice={"mara": 3}, allocations={"mara": {Stat.MIGHT: 2, Stat.SPEED: 0}})
    seen = preview(store.state, command)
    assert (seen.rests["mara"].die, seen.rests["mara"].points) == (3, 4)
    assert seen.rests["jun"].die is None  # The app's die: known once rolled.
    events = run(store, command, PlayerDice([4, 5]))
    rolled = {e.character: e for e in events if isinstance(e, RecoveryRolled)}
    assert {cid: (r.die, r.bonus) for cid, r in rolled.items()} == {
        "mara": (3, 1), "jun": (4, 1), "tess": (5, 1)
    }  # fmt: skip
    assert rolled["mara"].allocation == {Stat.MIGHT: 2}
    assert rolled["jun"].allocation == {Stat.MIGHT: 5}  # The suggested division.
    mara, jun = store.state.characters["mara"], store.state.characters["jun"]
    assert (mara.pools.might.current, jun.pools.might.current) == (6, 11)
    # R-REC-2: each PC's rest counts as that PC's next one.
    assert [c.rests_today for c in store.state.characters.values()] == [0, 2, 1]


def test_r_rec_4_one_undo_takes_the_whole_rest_back():
    store = party()
    before = store.state
    events = run(store, PartyRest(), PlayerDice([1, 2, 3]))
    assert store.undo() == events
    assert store.state == before


def test_r_rec_4_a_dead_pc_is_left_out():
    store = party()
    store.dispatch(CharacterCreated(character=character("ghost", track=DamageTrack.DEAD)))
    seen = preview(store.state, PartyRest())
    assert "ghost" not in seen.rests and seen.left_out == ("Ghost: dead",)
    events = run(store, PartyRest(), PlayerDice([1, 2, 3]))
    assert "ghost" not in {e.character for e in events if isinstance(e, RecoveryRolled)}
    with pytest.raises(RuleViolation, match="does not rest with the party"):
        preview(store.state, PartyRest(dice={"ghost": 4}))


def test_r_rec_4_a_pc_with_nothing_to_recover_keeps_the_day_s_roll():
    """A full, hale PC (Luck full too) does not spend a recovery roll on nothing: left out,
    with the reason, and their rests of the day unchanged; with no one to rest, refused."""
    store = party()
    store.dispatch(CharacterCreated(character=character("nia", name="Nia")))
    seen = preview(store.state, PartyRest())
    assert "nia" not in seen.rests and seen.left_out == ("Nia: nothing to recover",)
    run(store, PartyRest(), PlayerDice([1, 2, 3]))
    assert store.state.characters["nia"].rests_today == 0
    full = store_of(character("nia", name="Nia"))
    with pytest.raises(RuleViolation, match="No one needs a rest: Nia: nothing to recover"):
        preview(full.state, PartyRest())


def test_r_rec_4_a_party_rest_is_the_gms_and_not_in_a_fight():
    store = party()
    with pytest.raises(RuleViolation, match="Only the GM may rest the whole party"):
        decide(store.state, PartyRest(by="mara"))
    run(store, StartCombat())
    with pytest.raises(RuleViolation, match="End the fight first"):
        decide(store.state, PartyRest())


def test_r_rec_4_asked_at_the_seats_the_last_answer_moves_the_clock_once():
    """The GM calls the rest; Jun and Mara answer at their seats with their own dice and
    divisions; the clock moves with the last of them, by the longest (Mara's ten hours)."""
    store = store_of(*party().state.characters.values())
    start = store.state.clock.seconds
    asked = run(store, AskPartyRest())
    assert [(e.character, e.seconds) for e in asked if isinstance(e, PromptRaised)] == [
        ("mara", 10 * HOUR), ("jun", 10 * HOUR), ("tess", 10 * HOUR)
    ]  # fmt: skip
    assert said(store, asked).startswith("The GM calls a rest: Mara, Jun and Tess make")
    with pytest.raises(RuleViolation, match="asked at the seats already"):
        decide(store.state, PartyRest())
    jun = AnswerRest(character="jun", die=6, allocation={Stat.MIGHT: 6, Stat.SPEED: 1}, by="jun")
    assert preview(store.state, jun).seconds == 0  # Not the last: the clock stays.
    events = run(store, jun)
    assert [type(e) for e in events] == [RecoveryRolled, PromptClosed]
    assert store.state.clock.seconds == start
    run(store, AnswerRest(character="mara", die=2, by="mara"))
    assert store.state.clock.seconds == start
    tess = AnswerRest(character="tess", die=1, by="tess")
    assert preview(store.state, tess).seconds == 10 * HOUR
    events = run(store, tess)
    assert [e.seconds for e in events if isinstance(e, ClockAdvanced)] == [10 * HOUR]
    assert store.state.clock.seconds == start + 10 * HOUR and store.state.prompts == ()
    with pytest.raises(RuleViolation, match="not asked to rest"):
        decide(store.state, AnswerRest(character="tess", die=1, by="tess"))


def test_r_rec_4_a_seat_answers_for_its_own_pc_only():
    store = party()
    run(store, AskPartyRest())
    with pytest.raises(RuleViolation, match="acts for Jun only"):
        decide(store.state, AnswerRest(character="mara", die=2, by="jun"))


def test_r_rec_4_the_gm_rests_the_others_in_one_step():
    """Jun rested at his seat; the GM rests the absent Mara and Tess with the app's dice:
    one command, their questions closed, the clock moved once by the call's longest."""
    store = party()
    start = store.state.clock.seconds
    run(store, AskPartyRest())
    run(store, AnswerRest(character="jun", die=6, by="jun"))
    seen = preview(store.state, RestTheOthers())
    assert seen.asked == ("Mara", "Tess") and seen.seconds == 10 * HOUR
    before = store.state
    events = run(store, RestTheOthers(), PlayerDice([2, 3]))
    assert [e.character for e in events if isinstance(e, RecoveryRolled)] == ["mara", "tess"]
    assert sum(isinstance(e, PromptClosed) for e in events) == 2
    assert store.state.prompts == () and store.state.clock.seconds == start + 10 * HOUR
    assert store.undo() == events and store.state == before


def test_r_rec_2_a_rest_alone_still_moves_the_clock_when_the_gm_says_so():
    store = party()
    start = store.state.clock.seconds
    run(store, Rest(character="jun", die=3, advance_clock=False))
    assert store.state.clock.seconds == start
    run(store, Rest(character="jun", die=3))
    assert store.state.clock.seconds == start + HOUR
