"""A held NPC struggles before it acts (R-GRAB-1; seed 003: "Physical actions are
opportunity actions requiring Might task to attempt"): on its turn the PC holding it rolls
to keep hold (the GM never rolls), and only a failure lets it attack. Played on Mara and
Jun against a level-3 thug (damage 3) that Mara holds: Mara, then the thug, then Jun."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    Defend,
    Grab,
    KeepHold,
    NextTurn,
    ResistGrab,
    TakeAttack,
    acting_problem,
)
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import DamageTaken, RollMade, TrackShifted
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.commands.test_moving_grappling_saves import run, thug_fight

AWAITED = r"Thug is held by Mara: before it acts, Mara rolls to keep hold \(c\)\."
KEPT = "Mara kept hold of Thug: no physical action for it this turn."


def held_thug():
    """Mara grabs the thug on her turn (a 15 at level 3); the thug's turn."""
    store = thug_fight()
    run(store, Grab(character="mara", target="thug", die=15))
    run(store, NextTurn())
    assert store.state.encounter.active.id == "thug"
    return store


@pytest.mark.parametrize(
    "attack",
    [
        Defend(character="jun", npc="thug", die=2),
        Defend(character="mara", npc="thug", die=2),
        AskDefense(character="jun", npc="thug"),
        ResistGrab(character="jun", npc="thug", die=2),
        TakeAttack(character="jun", npc="thug", ally="mara", die=15),
        NpcAttacks(npc="thug"),
    ],
    ids=lambda c: type(c).__name__,
)
def test_r_grab_1_a_held_npc_makes_no_physical_action_before_its_holder_rolls(attack):
    """Seed 003: the held thug's physical action needs its Might task first: no attack,
    grab or attack taken for another is made until Mara rolls to keep hold."""
    store = held_thug()
    with pytest.raises(RuleViolation, match=AWAITED):
        decide(store.state, attack)


def test_r_grab_1_the_holder_keeps_hold_and_the_npc_does_not_act_this_turn():
    """Mara's Might defense at the thug's level 3 (target 9): a 12 keeps hold; its attack
    on Jun is refused for the turn, it stays held, and the log says so. On its next turn
    it struggles again."""
    store = held_thug()
    keep = KeepHold(character="mara", npc="thug")
    shown = preview(store.state, keep)
    assert shown.roll.stat is Stat.MIGHT and shown.roll.odds.final_difficulty == 3
    assert shown.lines[0] == "Thug struggles to act in Mara's hold: a Might defense at its level."
    events = run(store, replace(keep, die=12))
    (made,) = events
    assert isinstance(made, RollMade) and made.success and made.target == "thug"
    assert store.state.encounter.hold_tested == "kept"
    said = command_sentence(events, store.state.names())
    assert said == (
        "Mara rolled 12 for Keep Thug from acting in the hold (Demanding 3, target 9): success."
    )
    with pytest.raises(RuleViolation, match=KEPT):
        decide(store.state, Defend(character="jun", npc="thug", die=2))
    assert acting_problem(store.state, "thug") == KEPT
    with pytest.raises(RuleViolation, match="has rolled to keep hold of Thug already"):
        decide(store.state, replace(keep, die=15))
    held = store.state.encounter.combatants["thug"].conditions
    assert [(c.name, c.note) for c in held] == [("held", "Mara")]
    for _ in range(3):  # Jun's turn, round 2: Mara's, then the thug's again.
        run(store, NextTurn())
    assert store.state.encounter.hold_tested == ""
    with pytest.raises(RuleViolation, match=AWAITED):
        decide(store.state, Defend(character="jun", npc="thug", die=2))


def test_r_grab_1_a_failed_roll_lets_the_held_npc_attempt_its_attack():
    """A 2 fails: the thug attacks Jun (his 2 fails: 3 less Armor 1), still held."""
    store = held_thug()
    run(store, KeepHold(character="mara", npc="thug", die=2))
    assert store.state.encounter.hold_tested == "slipped"
    events = run(store, Defend(character="jun", npc="thug", die=2))
    assert any(isinstance(e, DamageTaken) and e.character == "jun" for e in events)
    assert [c.name for c in store.state.encounter.combatants["thug"].conditions] == ["held"]


@pytest.mark.parametrize(
    ("keep", "reason"),
    [
        (KeepHold(character="jun", npc="thug", die=12), "Jun holds no Thug"),
        (KeepHold(character="mara", npc="mara", die=12), "on the held NPC's turn, not Thug's"),
    ],
)
def test_r_grab_1_only_the_holder_rolls_on_the_held_npcs_turn(keep, reason):
    store = held_thug()
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, keep)


def test_r_grab_1_an_npc_held_by_no_one_attacks_at_once_and_no_hold_is_kept():
    store = thug_fight()
    run(store, NextTurn())
    with pytest.raises(RuleViolation, match="Mara holds no Thug"):
        decide(store.state, KeepHold(character="mara", npc="thug", die=12))
    assert run(store, Defend(character="jun", npc="thug", die=15))


def test_r_grab_1_r_dmg_4_a_debilitated_holder_keeps_no_one_from_acting():
    store = held_thug()
    store.dispatch(TrackShifted(character="mara", steps=2))
    assert acting_problem(store.state, "thug") is None
    with pytest.raises(RuleViolation, match="Mara holds no Thug"):
        decide(store.state, KeepHold(character="mara", npc="thug", die=12))
