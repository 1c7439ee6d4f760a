"""A die once seen stays seen (the store's undo, with the seat that asks for it): a player's
seat never takes back a step that rolled a die, the GM's does and the log keeps its trace;
every other step keeps its rules, and solo play undoes as it always did."""

import os
import socket

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.character import EditNotes
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Defend,
    RollInitiative,
    StartCombat,
    commands_back_to_turn,
)
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.dice_seen import REFUSED, dice_shown, shows_a_die
from strange_tui.campaign.model.events import (
    ArtifactUsed,
    CharacterCreated,
    ContestRolled,
    CypherUsed,
    Drawn,
    HunterRolled,
    InitiativeCast,
    InitiativeRolled,
    NotesEdited,
    OracleAsked,
    RecoveryRolled,
    RollMade,
    RollRerolled,
    SettingsChanged,
    StepTakenBack,
    TranslationMade,
    TurnAdvanced,
)
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign, Settings
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.storage.folder import CampaignFolder
from tests.campaign.builders import character

HOST = socket.gethostname()


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def said(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def set_up(store: Store, solo: bool = False) -> Store:
    """Mara and Jun against a level-3 thug (target 9) on the thug's turn; solo: no GM."""
    if solo:
        store.dispatch(SettingsChanged(settings=Settings(solo=True)))
    for id_ in ("mara", "jun"):
        store.dispatch(CharacterCreated(character=character(id_)))
    run(store, StartCombat())
    run(store, AddNpcs(name="Thug", level=3))
    run(store, RollInitiative(dice={"mara": 2, "jun": 2}))
    assert store.state.encounter.active.id == "thug"
    return store


def defend_at_marias_seat(store: Store):
    """The GM asks Mara's seat; she defends with a level of Effort and rolls a 9."""
    run(store, AskDefense(character="mara", npc="thug"))
    return run(store, Defend(character="mara", npc="thug", effort=1, die=9, by="mara"))


def test_a_players_undo_of_a_step_that_rolled_a_die_is_refused_and_changes_nothing():
    store = set_up(Store(Campaign(name="Test")))
    defend_at_marias_seat(store)
    before, journal = store.state, store.journal()
    with pytest.raises(RuleViolation, match=f"^{REFUSED}$"):
        store.undo(seat="mara")
    assert store.state == before and store.journal() == journal
    assert not store.can_redo
    assert REFUSED == "Only the GM can take back a roll once its die is seen."


def test_a_players_undo_of_a_step_with_no_die_keeps_todays_rules():
    """Notes, armor, a spend: Mara's own step, taken back at her seat, leaves no trace."""
    store = set_up(Store(Campaign(name="Test")))
    before = store.state
    run(store, EditNotes(character="mara", notes="Owes Jun a favour.", by="mara"))
    store.undo(seat="mara")
    assert store.state == before
    assert not any(isinstance(e, StepTakenBack) for e in store.journal())
    run(store, Roll(character="mara", stat=Stat.SPEED, difficulty=0, by="mara"))  # No die.
    store.undo(seat="mara")
    assert store.state == before


def test_the_gms_undo_of_a_players_roll_takes_it_back_and_the_log_says_so():
    store = set_up(Store(Campaign(name="Test")))
    run(store, AskDefense(character="mara", npc="thug"))
    asked = store.state
    answer = run(store, Defend(character="mara", npc="thug", effort=1, die=9, by="mara"))
    assert store.state.characters["mara"].pools != asked.characters["mara"].pools
    assert store.undo(seat=GM) == answer
    # The question is open again, the Effort and the hit taken back...
    assert replace(store.state, seq=asked.seq) == asked
    # ...and in its place the log keeps what was taken back, and by whom.
    trace = store.journal()[-1]
    assert isinstance(trace, StepTakenBack) and trace.seat == ""
    assert (trace.character, trace.made_at, trace.what) == ("mara", "mara", "defense roll (die 9)")
    assert said(store, (trace,)) == "The GM took back Mara's defense roll (die 9)."
    # The trace is no step: the next undo takes back the question, the trace stays.
    assert store.last_command[0].seq == asked.seq
    store.undo(seat=GM)
    assert store.state.prompts == () and isinstance(store.journal()[-1], StepTakenBack)
    assert isinstance(store.last_command[0], InitiativeRolled)


def test_redo_after_the_gms_undo_puts_the_same_die_back_after_its_trace():
    store = set_up(Store(Campaign(name="Test")))
    answer = defend_at_marias_seat(store)
    after = store.state.characters["mara"]
    store.undo(seat=GM)
    assert store.can_redo
    redone = store.redo()
    assert [type(e) for e in redone] == [type(e) for e in answer]
    assert redone[0].die == 9 and redone[0].seat == "mara"
    assert store.state.characters["mara"] == after and store.state.prompts == ()
    kinds = [type(e).__name__ for e in store.journal()[-len(answer) - 1 :]]
    assert kinds == ["StepTakenBack", *(type(e).__name__ for e in answer)]
    with pytest.raises(RuleViolation, match=f"^{REFUSED}$"):
        store.undo(seat="mara")  # Put back, it is still a die Mara has seen.


def test_the_gms_undo_of_the_gms_own_roll_keeps_todays_rules():
    """The GM rolled for an absent player in the GM's window: taken back as before."""
    store = set_up(Store(Campaign(name="Test")))
    run(store, AskDefense(character="jun", npc="thug"))
    before = store.state
    run(store, Defend(character="jun", npc="thug", die=18))
    store.undo()
    assert store.state == before
    assert not any(isinstance(e, StepTakenBack) for e in store.journal())


def test_solo_play_undoes_a_roll_as_it_always_did():
    """No GM: the one window is every seat, and undo stays as it was (no trace)."""
    store = set_up(Store(Campaign(name="Test")), solo=True)
    run(store, AskDefense(character="mara", npc="thug"))
    before = store.state
    defended = run(store, Defend(character="mara", npc="thug", effort=1, die=9, by="mara"))
    assert store.undo(seat="mara") == defended
    assert store.state == before
    run(store, Roll(character="jun", stat=Stat.MIGHT, difficulty=2, die=12))
    store.undo()
    assert store.state == before
    assert not any(isinstance(e, StepTakenBack) for e in store.journal())


def test_the_gms_window_takes_back_a_roll_made_in_the_players_window(tmp_path):
    """Mara's window may not take it back, so the GM's may, though another window made it:
    the trace is on disk, and Mara's window reads it when it follows."""
    folder = CampaignFolder.create(tmp_path, "The Glass Door")
    gm = set_up(folder.open(origin=f"{HOST}:{os.getpid()}"))
    mara = CampaignFolder(folder.path).open(origin=f"{HOST}:1")  # pid 1 is always running
    defend_at_marias_seat(mara)
    with pytest.raises(RuleViolation, match=f"^{REFUSED}$"):
        mara.undo(seat="mara")
    gm.catch_up()
    gm.undo(seat=GM)
    assert mara.catch_up()
    assert mara.state == gm.state == CampaignFolder(folder.path).open().state
    trace = mara.journal()[-1]
    assert isinstance(trace, StepTakenBack) and trace.what == "defense roll (die 9)"
    # The GM's undo of another window's step with no die keeps today's rule.
    run(mara, EditNotes(character="mara", notes="Owes Jun a favour.", by="mara"))
    with pytest.raises(RuleViolation, match="another window"):
        gm.undo(seat=GM)


def test_previous_turn_counts_no_trace_as_a_step():
    """The tracker's "previous turn" undoes as many steps as there are since the turn
    began: a trace of a roll taken back is none of them."""
    store = set_up(Store(Campaign(name="Test")))
    assert commands_back_to_turn(store.journal()) is None  # The initiative came first.
    store.dispatch(TurnAdvanced())  # Mara's turn.
    run(store, EditNotes(character="mara", notes="Owes Jun a favour.", by="mara"))
    run(store, Roll(character="mara", stat=Stat.MIGHT, difficulty=2, die=12, by="mara"))
    store.undo(seat=GM)
    assert isinstance(store.journal()[-1], StepTakenBack)
    assert commands_back_to_turn(store.journal()) == 2  # The notes, the next turn.


SHOWN = [
    (RollMade(character="mara", stat=Stat.MIGHT, difficulty=2, die=7), (7,)),
    (RollMade(character="mara", stat=Stat.MIGHT, difficulty=0), ()),  # Automatic: no die.
    (RollRerolled(character="mara", roll=RollMade(character="mara", stat=Stat.MIGHT,
                                                  difficulty=2, die=3), die=15), (15,)),
    (ContestRolled(first="mara", second="jun", first_die=4, second_die=11, winner="jun"),
     (4, 11)),
    (InitiativeRolled(pcs=("mara",), dice={"mara": 12}), (12,)),
    (InitiativeCast(character="mara", die=14), (14,)),
    (InitiativeCast(character="mara"), ()),  # No roll was needed.
    (TranslationMade(destination="ardeyn", initiator="mara", die=6, reroll=17), (6, 17)),
    (RecoveryRolled(character="mara", die=5, bonus=1), (5,)),
    (HunterRolled(hunter="ash", cr=8, dice=(3, 4)), (3, 4)),
    (OracleAsked(question="Is it locked?", likelihood="even", die=13), (13,)),
    (Drawn(table="creature", result="AI Zombie", dice=(8,)), (8,)),
    (ArtifactUsed(character="mara", index=0, name="Wand", die=2), (2,)),
    (CypherUsed(character="mara", index=1, name="Pill", vanished=2), (2,)),
    (NotesEdited(character="mara", notes="Owes Jun."), ()),
]  # fmt: skip


@pytest.mark.parametrize(("event", "dice"), SHOWN, ids=lambda v: type(v).__name__)
def test_every_event_that_carries_a_die_marks_its_step_as_rolled(event, dice):
    assert dice_shown(event) == dice
    assert shows_a_die([NotesEdited(character="mara", notes=""), event]) == bool(dice)
