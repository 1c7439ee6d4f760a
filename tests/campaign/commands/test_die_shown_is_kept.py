"""A die shown is a die kept (R-REC-1, R-REC-4): the recovery die is recorded when it is
shown, before the points are divided (``RollRecoveryDie``); the rest alone, or the part of
the party's rest answered at a seat, uses it; no second die is rolled while it waits, a
player's undo does not take it back, and the GM's take-back is said in the log."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.character import (
    AnswerRest,
    AskPartyRest,
    PartyRest,
    Rest,
    RestTheOthers,
    RollRecoveryDie,
    TakeBackRecoveryDie,
)
from strange_tui.campaign.model.dice_seen import REFUSED
from strange_tui.campaign.model.events import (
    CharacterCreated,
    RecoveryDieShown,
    RecoveryDieTakenBack,
    RecoveryRolled,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character, with_pool


class AppDice:
    """The app's dice, with known faces (not a player's typed die)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def roll(self, sides: int) -> int:
        return self.faces.pop(0)


def table() -> Store:
    """Mara Quist and Jun Okafor, each down 6 Might: each has points to recover."""
    store = Store(Campaign(name="Test"))
    for id_, name in (("mara", "Mara Quist"), ("jun", "Jun Okafor")):
        who = with_pool(character(id_, name=name), Stat.MIGHT, 6)
        store.dispatch(CharacterCreated(character=who))
    return store


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def said(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def shown_at_maras_seat(store: Store, face: int = 1):
    """Mara's seat opens her rest: the app's d6 shows ``face``, recorded as it is shown."""
    return run(store, RollRecoveryDie(character="mara", by="mara"), AppDice(face))


def test_r_rec_1_the_die_shown_is_recorded_and_said_as_it_is_shown():
    store = table()
    (shown,) = shown_at_maras_seat(store)
    assert isinstance(shown, RecoveryDieShown) and shown.app_rolled and shown.seat == "mara"
    assert store.state.characters["mara"].recovery_die == 1
    assert said(store, (shown,)) == "Mara Quist's recovery die shows 1 (the app's die)."
    (typed,) = run(store, RollRecoveryDie(character="jun", die=5, by="jun"), AppDice(6))
    assert (typed.die, typed.app_rolled) == (5, False)  # The player's own die, as typed.
    assert said(store, (typed,)) == "Jun Okafor's recovery die shows 5."


def test_r_rec_1_no_second_die_while_one_waits():
    """Escape and reopen, or a script: the die shown waits, and no fresh one is rolled."""
    store = table()
    shown_at_maras_seat(store)
    journal = store.journal()
    for by in ("mara", "gm"):
        with pytest.raises(RuleViolation, match="recovery die shows 1 already: the rest uses"):
            decide(store.state, RollRecoveryDie(character="mara", by=by), AppDice(6))
    assert store.journal() == journal


def test_r_rec_1_a_rest_alone_uses_the_die_shown_and_names_it_once():
    store = table()
    shown_at_maras_seat(store)
    assert preview(store.state, Rest(character="mara", by="mara")).die == 1
    (rest,) = run(store, Rest(character="mara", by="mara", kept=True), AppDice(6))
    assert isinstance(rest, RecoveryRolled) and rest.die == 1
    assert store.state.characters["mara"].recovery_die is None  # Used: the next is new.
    line = said(store, (rest,))
    assert line.count("d6 ") == 1 and "d6 1 + 1 = 2" in line, line
    # Another die than the one shown is refused, the app's or a typed one.
    shown_at_maras_seat(store, 2)
    with pytest.raises(RuleViolation, match="shows 2 already"):
        decide(store.state, Rest(character="mara", die=6, by="mara"))


def test_r_rec_1_a_rest_kept_to_its_die_is_refused_once_the_die_is_gone():
    """The dialog's rest is made with the die it showed: taken back meanwhile, the rest is
    refused, never rolled anew behind the player's back."""
    store = table()
    with pytest.raises(RuleViolation, match="No recovery die waits for Mara Quist"):
        decide(store.state, Rest(character="mara", die=1, kept=True, by="mara"))


def test_r_rec_4_the_answer_at_a_seat_uses_the_die_shown_there():
    store = table()
    run(store, AskPartyRest())
    shown_at_maras_seat(store, 1)
    answer = run(store, AnswerRest(character="mara", kept=True, by="mara"), AppDice(6))
    assert [e.die for e in answer if isinstance(e, RecoveryRolled)] == [1]
    assert store.state.characters["mara"].recovery_die is None
    # Jun saw his die, then left the table: the GM rests him with it, not a fresh one.
    run(store, RollRecoveryDie(character="jun", by="jun"), AppDice(2))
    rested = run(store, RestTheOthers(), AppDice(6))
    assert [e.die for e in rested if isinstance(e, RecoveryRolled)] == [2]


def test_r_rec_4_the_gms_party_rest_uses_a_die_shown():
    store = table()
    shown_at_maras_seat(store, 3)
    rested = run(store, PartyRest(), AppDice(6))
    dice = {e.character: e.die for e in rested if isinstance(e, RecoveryRolled)}
    assert dice == {"mara": 3, "jun": 6}
    run(store, RollRecoveryDie(character="mara"), AppDice(4))
    with pytest.raises(RuleViolation, match="shows 4 already"):
        decide(store.state, PartyRest(dice={"mara": 5}))


def test_r_rec_1_a_players_undo_does_not_take_the_die_shown_back():
    store = table()
    shown_at_maras_seat(store)
    before = store.state
    with pytest.raises(RuleViolation, match=f"^{REFUSED}$"):
        store.undo(seat="mara")
    assert store.state == before


def test_r_rec_1_only_the_gm_takes_the_die_back_and_the_log_says_so():
    store = table()
    shown_at_maras_seat(store)
    with pytest.raises(RuleViolation, match="Only the GM may take back a recovery die"):
        decide(store.state, TakeBackRecoveryDie(character="mara", by="mara"))
    (taken,) = run(store, TakeBackRecoveryDie(character="mara"))
    assert isinstance(taken, RecoveryDieTakenBack) and taken.die == 1
    assert said(store, (taken,)) == "The GM took back Mara Quist's recovery die (1)."
    assert store.state.characters["mara"].recovery_die is None
    (again,) = shown_at_maras_seat(store, 4)  # The next rest's die is rolled anew.
    assert again.die == 4
    with pytest.raises(RuleViolation, match="No recovery die is shown for Jun Okafor"):
        decide(store.state, TakeBackRecoveryDie(character="jun"))
