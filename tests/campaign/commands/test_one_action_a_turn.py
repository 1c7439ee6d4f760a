"""One action a PC's turn (R-CMB-8), in the command layer: whatever seat sends it, the
second action of a turn is refused in one line and nothing changes; the GM's ruling or an
ability that says so grants exactly one more, and the log says which; an immediate move
goes with the action, a short one is the action; what a PC does on another's turn (a
defense, a wait that triggers) spends nothing of their own; the next turn starts afresh.
Mara (15) acts first, then a level-3 thug, then Jun (5)."""

import re

import msgspec
import pytest

from strange_tui.campaign.commands import GM, decide, preview
from strange_tui.campaign.commands.character.abilities import UseAbility
from strange_tui.campaign.commands.combat import (
    ActOnWait,
    AddNpcs,
    Attack,
    Defend,
    GrantAction,
    MoveInFight,
    NextTurn,
    Wait,
)
from strange_tui.campaign.commands.combat.grappling import ActWhileHeld, ResistGrab
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import (
    AbilityUsed,
    ActionGranted,
    ActionTaken,
    MovedInFight,
    RollMade,
)
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character
from tests.campaign.commands.test_combat import fight

SPENT = "Mara has acted this turn: end the turn, or the GM grants another action."


def thug_fight(mara=None) -> Store:
    """Mara's turn: she acts first, then the thug, then Jun."""
    pcs = (mara or character("mara"), character("jun"))
    return fight(AddNpcs(name="Thug", level=3), pcs=pcs, dice={"mara": 15, "jun": 5})


def send(store: Store, command, by: str = GM):
    """``command`` sent from the seat ``by``, decided and applied as one step."""
    return store.apply(decide(store.state, msgspec.structs.replace(command, by=by)))


def refused(store: Store, command, reason: str, by: str = GM) -> None:
    """``command`` from ``by`` is refused with exactly ``reason``; nothing changes."""
    before, journal = store.state, store.journal()
    with pytest.raises(RuleViolation, match=f"^{re.escape(reason)}$"):
        send(store, command, by)
    assert (store.state, store.journal()) == (before, journal)


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def hit(die: int = 12) -> Attack:
    return Attack(character="mara", target="thug", die=die)


def maras_next_turn(store: Store) -> None:
    """Next turn until Mara's comes again."""
    send(store, NextTurn())
    while store.state.encounter.active.id != "mara":
        send(store, NextTurn())


def test_r_cmb_8_a_second_attack_in_one_turn_is_refused_at_every_seat_even_the_gms():
    store = thug_fight()
    first = send(store, hit(), by="mara")
    assert [type(e) for e in first] == [RollMade, type(first[1]), ActionTaken]
    assert first[-1].character == "mara" and store.state.encounter.acted == 1
    assert line(store, first) == (  # The attack's own line says what the action was.
        "Mara rolled 12 for Attack Thug with unarmed (Standard 2, target 6): success."
        " Thug took 2 damage."
    )
    refused(store, hit(), SPENT, by="mara")
    refused(store, hit(), SPENT)  # The GM's seat is held to it too.
    refused(store, Roll(character="mara", stat=Stat.SPEED, difficulty=2, die=12), SPENT)
    refused(store, Wait(character="mara", trigger="the door opens"), SPENT, by="mara")


def test_r_cmb_8_the_gms_ruling_grants_exactly_one_more_action_and_the_log_says_so():
    store = thug_fight()
    send(store, hit(), by="mara")
    granted = send(store, GrantAction())
    assert [(type(e), e.character, e.source) for e in granted] == [(ActionGranted, "mara", "")]
    assert line(store, granted) == "Mara may take another action this turn, the GM's ruling."
    refused(store, GrantAction(), "Only the GM may grant another action.", by="mara")
    assert isinstance(send(store, hit(), by="mara")[-1], ActionTaken)  # The one more.
    refused(store, hit(), SPENT, by="mara")  # And no more than that.
    assert (store.state.encounter.acted, store.state.encounter.granted) == (2, 1)


def test_r_cmb_8_the_gms_reason_is_said_as_the_gms_ruling_never_as_an_abilitys_name():
    store = thug_fight()
    granted = send(store, GrantAction(why="The thug slipped."))
    assert line(store, granted) == (
        "Mara may take another action this turn (the GM's ruling: The thug slipped)."
    )


def test_r_cmb_8_another_action_is_granted_on_a_pcs_turn_only():
    store = thug_fight()
    send(store, NextTurn())  # The thug's turn: it attacks once (R-NPC-2), nothing to grant.
    refused(store, GrantAction(), "Another action is granted on a PC's turn.")


def test_r_cmb_8_again_and_again_grants_one_more_action_with_its_name_in_the_log():
    store = thug_fight(character("mara", abilities=("Again and Again",)))
    send(store, hit(), by="mara")
    events = send(store, UseAbility(character="mara", ability="Again and Again"), by="mara")
    # An enabler spends no action of its own: it grants one.
    assert [type(e) for e in events] == [AbilityUsed, ActionGranted]
    assert events[1].source == "Again and Again"
    assert line(store, events) == (
        "Mara used Again and Again: 7 Speed. Mara may take another action this turn"
        " (Again and Again)."
    )
    assert isinstance(send(store, hit(), by="mara")[-1], ActionTaken)
    refused(store, hit(), SPENT, by="mara")


def test_r_cmb_8_an_immediate_move_goes_with_the_action_a_short_move_is_the_action():
    store = thug_fight()
    moved = send(store, MoveInFight(character="mara", distance="immediate"), by="mara")
    assert [type(e) for e in moved] == [MovedInFight]  # No action of its own.
    send(store, hit(), by="mara")
    refused(store, MoveInFight(character="mara", distance="immediate"),
            f"A move that far is an action: {SPENT}", by="mara")  # fmt: skip
    maras_next_turn(store)
    send(store, hit(), by="mara")  # The action first, its immediate move after it.
    assert send(store, MoveInFight(character="mara", distance="immediate"), by="mara")
    maras_next_turn(store)
    said = line(store, send(store, MoveInFight(character="mara", distance="short"), by="mara"))
    assert said == "Mara moved a short distance: the whole action."
    refused(store, hit(), SPENT, by="mara")


def test_r_cmb_8_a_defense_on_an_npcs_turn_is_not_the_pcs_action():
    store = thug_fight()
    send(store, NextTurn())  # The thug's turn: it attacks Mara, who defends at her seat.
    send(store, AskDefense(character="mara", npc="thug"))
    defended = send(store, Defend(character="mara", npc="thug", die=15), by="mara")
    assert ActionTaken not in [type(e) for e in defended]
    assert store.state.encounter.acted == 0
    maras_next_turn(store)
    assert isinstance(send(store, hit(), by="mara")[-1], ActionTaken)


def test_r_cmb_8_a_triggered_wait_gives_the_pc_a_turn_with_its_own_action():
    """Mara waits (her action); on Jun's turn, after Jun's attack, her trigger comes: Jun's
    spent action is not hers, she acts now, once."""
    store = thug_fight()
    waited = send(store, Wait(character="mara", trigger="the door opens"), by="mara")
    assert isinstance(waited[-1], ActionTaken)
    send(store, NextTurn())
    send(store, NextTurn())  # Jun's turn.
    send(store, Attack(character="jun", target="thug", die=12), by="jun")
    triggered = send(store, ActOnWait(character="mara"), by="mara")
    assert ActionTaken not in [type(e) for e in triggered]
    assert store.state.encounter.active.id == "mara" and store.state.encounter.acted == 0
    assert isinstance(send(store, hit(), by="mara")[-1], ActionTaken)
    refused(store, hit(), SPENT, by="mara")


def test_r_cmb_8_r_grab_1_the_struggle_of_a_held_pc_leads_into_the_action():
    """Held, Mara's Might task to act is the way into her action, not an action of its
    own: a success leaves her the attack; a failure spends the turn's action."""
    store = thug_fight()
    send(store, NextTurn())
    send(store, ResistGrab(character="mara", npc="thug", die=2), by="mara")  # Held.
    maras_next_turn(store)
    struggled = send(store, ActWhileHeld(character="mara", die=16), by="mara")
    assert [type(e) for e in struggled] == [RollMade]
    assert isinstance(send(store, hit(), by="mara")[-1], ActionTaken)
    maras_next_turn(store)
    failed = send(store, ActWhileHeld(character="mara", die=2), by="mara")
    assert [type(e) for e in failed] == [RollMade, ActionTaken]
    refused(store, hit(), SPENT, by="mara")


def test_r_cmb_8_the_next_turn_starts_afresh():
    store = thug_fight()
    send(store, hit(), by="mara")
    send(store, GrantAction())
    send(store, hit(), by="mara")
    send(store, NextTurn(), by="mara")  # Mara ends her own turn.
    assert (store.state.encounter.acted, store.state.encounter.granted) == (0, 0)
    send(store, NextTurn())
    send(store, Attack(character="jun", target="thug", die=12), by="jun")  # Jun's own.
    send(store, NextTurn(), by="jun")
    assert store.state.encounter.round == 2
    assert isinstance(send(store, hit(), by="mara")[-1], ActionTaken)
    refused(store, hit(), SPENT, by="mara")  # One again: the grant was last turn's.


def test_r_cmb_8_the_move_preview_says_a_short_move_is_not_possible_once_the_action_is_spent():
    """Before the die: the dialog's lines say why a short move cannot be made now; an
    immediate one, part of the action taken, says nothing of the kind."""
    store = thug_fight()
    send(store, hit())
    short = preview(store.state, MoveInFight(character="mara", distance="short"))
    assert any(line.startswith("Not now: ") and "has acted this turn" in line
               for line in short.lines)  # fmt: skip
    close = preview(store.state, MoveInFight(character="mara", distance="immediate"))
    assert not any(line.startswith("Not now: ") for line in close.lines)
