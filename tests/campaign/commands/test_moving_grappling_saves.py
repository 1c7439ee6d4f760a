"""Moving in a fight (R-MOVE-2), grappling (R-GRAB-1) and a save (R-SAVE-1) as commands:
each one command, one log line, refused with one clear sentence when it cannot happen.
Played on Mara (Might 12, Speed 10, Intellect 8, Armor 1) and Jun against a level-3 thug
(damage 3); Mara acts first, then the thug, then Jun."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    ActWhileHeld,
    AddCondition,
    AddNpcs,
    Attack,
    BreakFree,
    Defend,
    Grab,
    LetGo,
    MoveInFight,
    NextTurn,
    Resist,
    ResistGrab,
    RollInitiative,
    StartCombat,
)
from strange_tui.campaign.model.events import (
    ActionTaken,
    CharacterCreated,
    ConditionAdded,
    ConditionRemoved,
    DamageTaken,
    MovedInFight,
    RollMade,
    TrackShifted,
)
from strange_tui.campaign.model.reduce import reduce
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import character, with_pool


def run(store: Store, command, dice=None):
    return store.apply(decide(store.state, command, dice))


def thug_fight(**mara) -> Store:
    """Mara (15) acts first, then the level-3 thug, then Jun (5): Mara's turn."""
    store = Store(Campaign(name="Test"))
    for who in (character("mara", **mara), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    run(store, StartCombat())
    run(store, AddNpcs(name="Thug", level=3))
    run(store, RollInitiative(dice={"mara": 15, "jun": 5}))
    return store


def debilitated() -> Store:
    """Mara's fight, and she is debilitated on her turn (R-DMG-3: two steps down)."""
    store = thug_fight()
    store.dispatch(TrackShifted(character="mara", steps=2))
    return store


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def names(store: Store, who: str) -> dict[str, object]:
    return {c.name: c for c in store.state.encounter.combatants[who].conditions}


def held_by_thug(store: Store) -> None:
    """The thug grabs Mara on its turn (her Might defense fails); back to Mara's turn."""
    run(store, NextTurn())
    run(store, ResistGrab(character="mara", npc="thug", die=2))
    run(store, NextTurn())
    run(store, NextTurn())


def maras_next_turn(store: Store) -> None:
    """R-CMB-8: one action a turn: the thug's and Jun's turns pass, Mara's comes again."""
    for _ in range(3):
        run(store, NextTurn())
    assert store.state.encounter.active.id == "mara"


# R-MOVE-2: moving in a fight.


def test_r_move_2_an_immediate_or_short_move_takes_no_roll_and_says_what_it_took():
    store = thug_fight()
    events = run(store, MoveInFight(character="mara", distance="immediate"))
    assert [type(e) for e in events] == [MovedInFight]
    assert line(store, events) == "Mara moved an immediate distance: part of another action."
    events = run(store, MoveInFight(character="mara", distance="short"))
    assert line(store, events) == "Mara moved a short distance: the whole action."
    shown = preview(store.state, MoveInFight(character="mara", distance="short"))
    assert shown.roll is None and shown.lines[0] == "Short distance: the whole action."
    with pytest.raises(RuleViolation, match="Only a long move takes a roll"):
        decide(store.state, MoveInFight(character="mara", distance="short", die=12))


def test_r_move_2_a_long_move_is_a_speed_task_at_the_gms_difficulty():
    store = thug_fight()
    shown = preview(store.state, MoveInFight(character="mara", distance="long"))
    assert shown.roll.stat is Stat.SPEED and shown.roll.odds.final_difficulty == 2
    assert any("A Speed task at 2 (the GM's)" in text for text in shown.lines)
    set_by_gm = preview(store.state, MoveInFight(character="mara", distance="long", difficulty=4))
    assert set_by_gm.roll.odds.final_difficulty == 4
    events = run(store, MoveInFight(character="mara", distance="long", die=9))
    made, moved = events
    assert isinstance(made, RollMade) and made.success and made.stat is Stat.SPEED
    assert moved == MovedInFight(character="mara", distance="long", seq=moved.seq,
                                 batch=moved.batch, at=moved.at)  # fmt: skip
    assert line(store, events).endswith("Mara moved a long distance: the whole action.")
    assert "for a long move" in line(store, events)


def test_r_move_2_difficult_terrain_halves_the_move_and_hinders_its_task():
    store = thug_fight()
    rough = preview(store.state, MoveInFight(character="mara", distance="long", difficult=True))
    assert rough.roll.odds.difficulty == 2 and rough.roll.odds.final_difficulty == 3
    events = run(store, MoveInFight(character="mara", distance="immediate", difficult=True))
    assert line(store, events) == (
        "Mara moved an immediate distance over difficult terrain: the whole action."
    )
    maras_next_turn(store)
    events = run(store, MoveInFight(character="mara", distance="short", difficult=True))
    assert line(store, events) == (
        "Mara moved a short distance over difficult terrain: the whole action, halfway there."
    )


def test_r_move_2_a_failed_long_move_stumbles_and_leaves_prone_only_when_the_gm_says():
    store = thug_fight()
    events = run(store, MoveInFight(character="mara", distance="long", die=3))
    assert [type(e) for e in events] == [RollMade, MovedInFight] and events[1].stumbled
    assert "slipped or stumbled on the long move: the GM says how far" in line(store, events)
    assert names(store, "mara") == {}
    maras_next_turn(store)
    events = run(store, MoveInFight(character="mara", distance="long", prone=True, die=3))
    assert isinstance(events[-1], ConditionAdded) and events[-1].condition.name == "prone"
    assert "prone" in names(store, "mara")
    store.undo()  # One command, one undo step: the roll, the stumble and the fall.
    assert names(store, "mara") == {}


def test_r_move_2_is_the_pcs_own_turn_only():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="It is Mara's turn, not Jun's"):
        decide(store.state, MoveInFight(character="jun"))
    with pytest.raises(RuleViolation, match="immediate, short or long"):
        decide(store.state, MoveInFight(character="mara", distance="very long"))


def test_r_move_2_r_dmg_4_a_debilitated_pc_moves_an_immediate_distance_at_most():
    store = debilitated()
    events = run(store, MoveInFight(character="mara", distance="immediate"))
    assert [type(e) for e in events] == [MovedInFight]
    with pytest.raises(RuleViolation, match="debilitated: can only move, an immediate distance"):
        decide(store.state, MoveInFight(character="mara", distance="short"))
    mara = with_pool(store.state.characters["mara"], Stat.SPEED, 0)
    state = store.state.with_character(mara)
    with pytest.raises(RuleViolation, match="Speed 0: cannot move"):
        decide(state, MoveInFight(character="mara", distance="immediate"))


def test_r_move_2_r_grab_1_a_held_pc_cannot_move_away():
    store = thug_fight()
    held_by_thug(store)
    with pytest.raises(RuleViolation) as refused:
        decide(store.state, MoveInFight(character="mara", distance="immediate"))
    assert str(refused.value) == (
        "Mara is held by Thug and cannot move away until breaking free (a Might task)."
    )
    # The journal refuses it too.
    event = MovedInFight(character="mara", distance="short", seq=store.state.seq + 1)
    with pytest.raises(RuleViolation, match="held"):
        reduce(store.state, event)


# R-GRAB-1: grappling.


def test_r_grab_1_a_pc_grabs_an_npc_with_a_might_task_and_holds_it():
    store = thug_fight()
    shown = preview(store.state, Grab(character="mara", target="thug"))
    assert shown.roll.stat is Stat.MIGHT and shown.roll.odds.final_difficulty == 3
    assert shown.roll.cost == 0
    effort = preview(store.state, Grab(character="mara", target="thug", effort=1))
    assert effort.roll.cost == 2 and effort.roll.odds.final_difficulty == 2  # 3 - Edge 1.
    events = run(store, Grab(character="mara", target="thug", die=12))
    made, held, spent = events
    assert made.success and isinstance(held, ConditionAdded) and isinstance(spent, ActionTaken)
    assert (held.condition.name, held.condition.rounds, held.condition.note) == ("held", 0, "Mara")
    assert line(store, events).endswith(
        "Thug is held by Mara (a grapple) for the rest of the fight."
    )
    maras_next_turn(store)
    # Held, it defends a step harder: Mara's punch (level 3, bare hands -1) is 1, not 2.
    attack = preview(store.state, Attack(character="mara", target="thug"))
    assert attack.roll.odds.final_difficulty == 1 and ("held foe", -1) in attack.steps
    with pytest.raises(RuleViolation, match="Mara holds Thug already"):
        decide(store.state, Grab(character="mara", target="thug"))


def test_r_grab_1_a_missed_grab_holds_no_one():
    store = thug_fight()
    events = run(store, Grab(character="mara", target="thug", die=4))
    assert [type(e) for e in events] == [RollMade, ActionTaken]
    assert names(store, "thug") == {}


def test_r_grab_1_a_pc_lets_go_with_no_roll():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Mara does not hold Thug"):
        decide(store.state, LetGo(character="mara", target="thug"))
    run(store, Grab(character="mara", target="thug", die=12))
    events = run(store, LetGo(character="mara", target="thug"))
    assert events == (ConditionRemoved(target="thug", name="held", seq=events[0].seq,
                                       at=events[0].at),)  # fmt: skip
    assert line(store, events) == "Thug is no longer held."
    assert names(store, "thug") == {}


def test_r_grab_1_an_npc_grabs_a_pc_who_defends_with_might_then_defends_a_step_harder():
    store = thug_fight()
    run(store, NextTurn())  # The thug's turn.
    before = preview(store.state, Defend(character="mara", npc="thug"))
    assert before.roll.odds.final_difficulty == 3
    shown = preview(store.state, ResistGrab(character="mara", npc="thug"))
    assert shown.roll.stat is Stat.MIGHT and shown.roll.odds.final_difficulty == 3
    assert run(store, ResistGrab(character="mara", npc="thug", die=15))[0].success
    assert names(store, "mara") == {}
    events = run(store, ResistGrab(character="mara", npc="thug", die=2))
    assert line(store, events).endswith(
        "Mara is held by Thug (a grapple) for the rest of the fight."
    )
    after = preview(store.state, Defend(character="mara", npc="thug"))
    assert after.roll.odds.final_difficulty == 4  # +1 difficulty to defend, held.


def test_r_grab_1_a_held_pc_breaks_free_with_a_might_task_at_the_holders_level():
    store = thug_fight()
    held_by_thug(store)
    shown = preview(store.state, BreakFree(character="mara"))
    assert shown.roll.stat is Stat.MIGHT and shown.roll.odds.final_difficulty == 3
    assert shown.title == "Break free of Thug"
    failed = run(store, BreakFree(character="mara", die=4))
    assert [type(e) for e in failed] == [RollMade, ActionTaken]  # Her turn's action.
    assert "held" in names(store, "mara")
    maras_next_turn(store)
    events = run(store, BreakFree(character="mara", die=14))
    assert [type(e) for e in events] == [RollMade, ConditionRemoved, ActionTaken]
    assert names(store, "mara") == {}
    maras_next_turn(store)
    with pytest.raises(RuleViolation, match="Mara is not held"):
        decide(store.state, BreakFree(character="mara"))


def test_r_grab_1_a_held_pcs_physical_action_first_needs_a_might_task():
    store = thug_fight()
    held_by_thug(store)
    attack = preview(store.state, Attack(character="mara", target="thug"))
    assert (
        attack.notes
        and "Held by Thug: a physical attack first needs a Might task" in (attack.notes[0])
    )
    events = run(store, ActWhileHeld(character="mara", die=16))
    assert [type(e) for e in events] == [RollMade] and events[0].stat is Stat.MIGHT
    assert "for Struggle to act, held by Thug" in line(store, events)
    assert "held" in names(store, "mara")  # Still held.
    # R-CMB-8: the task let the attack through; the attack is the turn's action.
    assert isinstance(run(store, Attack(character="mara", target="thug", die=12))[-1], ActionTaken)


def test_r_grab_1_a_hold_the_gm_gave_without_a_holder_asks_who_holds():
    store = thug_fight()
    run(store, AddCondition(targets=("mara",), name="held", rounds=0))
    with pytest.raises(RuleViolation, match="Say who holds Mara"):
        decide(store.state, BreakFree(character="mara"))
    shown = preview(store.state, BreakFree(character="mara", holder="thug"))
    assert shown.roll.odds.final_difficulty == 3
    assert (
        preview(store.state, Attack(character="mara", target="thug")).notes[0].startswith("Held: ")
    )


# R-SAVE-1: a save.


def test_r_save_1_a_failed_save_out_of_a_fight_lands_its_damage_armor_not_counting():
    store = Store(Campaign(name="Test"))
    store.dispatch(CharacterCreated(character=character("mara")))
    venom = Resist(character="mara", level=3, damage=4, effect="the spider's venom")
    shown = preview(store.state, venom)
    assert shown.roll.stat is Stat.MIGHT and shown.roll.odds.final_difficulty == 3
    assert "On a failure: 4 Might damage, no Armor → M8 S10 I8, hale." in shown.lines
    events = run(store, replace(venom, die=2))
    assert [type(e) for e in events] == [RollMade, DamageTaken]
    assert events[1].armor == 0 and store.state.characters["mara"].pools.might.current == 8
    said = line(store, events)
    assert said.startswith("Mara rolled 2 for Resist the spider's venom")
    assert said.endswith("Mara took 4 Might damage from the spider's venom.")
    store.undo()  # One undo step: the roll and the damage.
    assert store.state.characters["mara"].pools.might.current == 12


def test_r_save_1_a_successful_save_changes_nothing():
    store = thug_fight()
    before = store.state.characters["mara"]
    events = run(store, Resist(character="mara", level=3, damage=4, effect="the venom", die=15))
    assert [type(e) for e in events] == [RollMade]
    assert store.state.characters["mara"] == replace(before, xp=before.xp)


def test_r_save_1_a_failure_may_move_the_pc_down_the_track_in_the_stat_the_gm_picks():
    store = thug_fight()
    disease = Resist(character="mara", level=2, stat=Stat.INTELLECT, damage=2,
                     pool=Stat.SPEED, track=1, effect="brain fever")  # fmt: skip
    shown = preview(store.state, disease)
    assert shown.roll.stat is Stat.INTELLECT
    assert "2 Speed damage, no Armor and 1 step down the damage track" in shown.lines[1]
    assert shown.lines[1].endswith("M12 S8 I8, impaired.")
    events = run(store, replace(disease, die=3))
    assert [type(e) for e in events] == [RollMade, DamageTaken, TrackShifted]
    assert store.state.characters["mara"].track is DamageTrack.IMPAIRED
    assert "moved 1 step down the damage track (brain fever)" in line(store, events)


def test_r_save_1_r_grab_1_a_held_pc_resists_a_step_harder():
    store = thug_fight()
    plain = preview(store.state, Resist(character="mara", level=3, damage=1, effect="gas"))
    held_by_thug(store)
    held = preview(store.state, Resist(character="mara", level=3, damage=1, effect="gas"))
    assert (plain.roll.odds.final_difficulty, held.roll.odds.final_difficulty) == (3, 4)


def test_r_save_1_r_dmg_4_a_debilitated_pc_cannot_resist_and_the_effect_lands():
    store = debilitated()
    save = Resist(character="mara", level=3, damage=2, effect="the venom")
    shown = preview(store.state, save)
    assert shown.roll is None and "cannot resist: the effect lands" in shown.lines[0]
    assert [type(e) for e in run(store, save)] == [DamageTaken]


def test_r_save_1_needs_an_effect_and_a_name_for_it():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Say what a failure does"):
        decide(store.state, Resist(character="mara", level=3, effect="the venom"))
    with pytest.raises(RuleViolation, match="Say what is resisted"):
        decide(store.state, Resist(character="mara", level=3, damage=2))
