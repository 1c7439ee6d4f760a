"""The cheat sheet's combat actions as commands (R-ACT-1) and surprise (R-ACT-2): each
leaves a condition the next rolls apply, one command each, refused with a reason when it
cannot happen. Played on Mara (Speed 10, Intellect 8, Armor 1) and Jun against a level-3
thug (damage 3)."""

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    ActOnWait,
    AddNpcs,
    Attack,
    CoveringFire,
    Defend,
    Distract,
    DrawAttack,
    GetPast,
    Guard,
    NextTurn,
    RemoveCondition,
    RollInitiative,
    StartCombat,
    StopPasser,
    Surprise,
    TakeAttack,
    Wait,
)
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.commands.table.questions import AskDefense
from strange_tui.campaign.model.events import (
    ActionTaken,
    CharacterCreated,
    ConditionAdded,
    DamageTaken,
    NpcHealthChanged,
    PromptClosed,
    RollMade,
    WaitTriggered,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.rules.combat import Condition
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.errors import RuleViolation
from tests.campaign.builders import character


def run(store: Store, command, dice=None):
    """Decide ``command`` and apply it as one transaction; its events."""
    return store.apply(decide(store.state, command, dice))


def thug_fight(jun: int = 5) -> Store:
    """Mara (15) acts first, then the level-3 thug, then Jun (5; with 15, before the
    thug): Mara's turn."""
    store = Store(Campaign(name="Test"))
    for who in (character("mara"), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    run(store, StartCombat())
    run(store, AddNpcs(name="Thug", level=3))
    run(store, RollInitiative(dice={"mara": 15, "jun": jun}))
    return store


def conditions(store: Store, who: str) -> dict[str, object]:
    return {c.name: c for c in store.state.encounter.combatants[who].conditions}


def defense_difficulty(store: Store, who: str = "mara") -> int:
    shown = preview(store.state, Defend(character=who, npc="thug"))
    return shown.roll.odds.final_difficulty


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


# R-ACT-1: covering fire.


def test_r_act_1_covering_fire_hits_for_no_damage_and_pins_the_foe_down():
    store = thug_fight()
    shown = preview(store.state, CoveringFire(character="mara", target="thug"))
    # The attack's own task: level 3, eased for bare hands (light): 2.
    assert shown.roll.odds.final_difficulty == 2
    events = run(store, CoveringFire(character="mara", target="thug", die=15))
    made, pinned, spent = events
    assert isinstance(made, RollMade) and made.success and not made.attack
    assert isinstance(spent, ActionTaken) and spent.character == "mara"  # R-CMB-8
    assert isinstance(pinned, ConditionAdded) and pinned.condition.name == "pinned down"
    assert not any(isinstance(e, NpcHealthChanged) for e in events)
    assert store.state.encounter.combatants["thug"].health == 9
    assert "pinned down by Mara's covering fire" in line(store, events)
    # The thug's turn: its attack is hindered, so Mara's defense is a step easier (3 -> 2).
    run(store, NextTurn())
    assert defense_difficulty(store) == 2
    # Its turn over, the pin is gone: 3 again on its next turn.
    run(store, NextTurn())
    run(store, NextTurn())
    run(store, NextTurn())
    assert "pinned down" not in conditions(store, "thug")
    assert defense_difficulty(store) == 3


def test_r_act_1_covering_fire_that_misses_pins_no_one():
    store = thug_fight()
    events = run(store, CoveringFire(character="mara", target="thug", die=3))
    assert [type(e) for e in events] == [RollMade, ActionTaken]  # Still the turn's action.
    assert conditions(store, "thug") == {}


def test_r_act_1_covering_fire_is_the_pcs_own_turn_only():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="It is Mara's turn, not Jun's"):
        decide(store.state, CoveringFire(character="jun", target="thug"))


# R-ACT-1: distract.


def test_r_act_1_a_distracted_foe_is_easier_to_defend_against_and_distractions_do_not_stack():
    store = thug_fight(jun=15)  # Mara, Jun, then the thug.
    events = run(store, Distract(character="mara", target="thug"))
    (added, spent) = events
    assert isinstance(spent, ActionTaken)
    assert (added.condition.name, added.condition.rounds) == ("distracted", 1)
    assert line(store, events) == "Thug is distracted by Mara for 1 round."
    # Jun's turn: a second distraction replaces the first: one step, not two.
    run(store, NextTurn())
    shown = preview(store.state, Distract(character="jun", target="thug"))
    assert any("do not add up" in text for text in shown.lines)
    run(store, Distract(character="jun", target="thug"))
    assert [c.name for c in store.state.encounter.combatants["thug"].conditions] == ["distracted"]
    run(store, NextTurn())
    assert defense_difficulty(store) == 2
    # Its turn over, the distraction is too.
    run(store, NextTurn())
    assert conditions(store, "thug") == {}


# R-ACT-1: draw the attack.


def test_r_act_1_drawing_the_attack_with_a_task_and_the_npc_then_attacks_that_pc():
    store = thug_fight()
    shown = preview(store.state, DrawAttack(character="mara", npc="thug", roll=True))
    assert shown.roll.stat.value == "intellect" and shown.roll.odds.final_difficulty == 3
    failed = run(store, DrawAttack(character="mara", npc="thug", roll=True, die=4))
    assert [type(e) for e in failed] == [RollMade, ActionTaken]  # R-CMB-8: her action.
    assert conditions(store, "mara") == {}
    store.undo()
    events = run(store, DrawAttack(character="mara", npc="thug", roll=True, die=15))
    assert [type(e) for e in events] == [RollMade, ConditionAdded, ActionTaken]
    drawn = events[1].condition
    assert (drawn.name, drawn.note) == ("drawing the attack", "Thug")
    assert "Mara draws Thug's attack" in line(store, events)
    # Solo play: the app's NPC attacks the PC who drew it, no die over the others.
    run(store, NextTurn())
    chosen, asked = decide(store.state, NpcAttacks(npc="thug"), PlayerDice([]))
    assert (chosen.character, chosen.dice, asked.character) == ("mara", (), "mara")


def test_r_act_1_a_prominent_character_drawing_the_attack_defends_a_step_harder():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="No task asked for"):
        decide(store.state, DrawAttack(character="mara", npc="thug", die=5))
    events = run(store, DrawAttack(character="mara", npc="thug", prominent=True))
    # No task asked for: at once, and it is her action (R-CMB-8).
    assert [type(e) for e in events] == [ConditionAdded, ActionTaken]
    run(store, NextTurn())
    assert defense_difficulty(store) == 4


# R-ACT-1: guard, and the Speed tasks around a guard.


def test_r_act_1_a_guard_defends_a_step_easier_and_stops_a_passer_a_step_easier():
    store = thug_fight()
    events = run(store, Guard(character="mara", what="the door"))
    guard = events[0].condition
    assert (guard.name, guard.note, guard.rounds) == ("guarding", "the door", 1)
    assert line(store, events) == "Mara is guarding (the door) for 1 round."
    run(store, NextTurn())
    assert defense_difficulty(store) == 2
    # The thug tries to pass: Mara's Speed task at its level 3, a step easier.
    stop = preview(store.state, StopPasser(character="mara", passer="thug"))
    assert (stop.roll.stat.value, stop.roll.odds.final_difficulty) == ("speed", 2)
    (made,) = run(store, StopPasser(character="mara", passer="thug", die=7))
    assert made.success and made.label == "Stop Thug (the door)"
    with pytest.raises(RuleViolation, match="Jun is not on guard"):
        decide(store.state, StopPasser(character="jun", passer="thug"))


def test_r_act_1_getting_past_an_npc_on_guard_is_a_step_harder():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Thug is not on guard"):
        preview(store.state, GetPast(character="mara", npc="thug"))
    store.dispatch(ConditionAdded(targets=("thug",), condition=guarding("the vault")))
    shown = preview(store.state, GetPast(character="mara", npc="thug"))
    assert (shown.roll.stat.value, shown.roll.odds.final_difficulty) == ("speed", 4)
    (made, spent) = run(store, GetPast(character="mara", npc="thug", die=12))
    assert isinstance(spent, ActionTaken)
    assert made.success and made.label == "Get past Thug (the vault)"


def guarding(what: str) -> Condition:
    return Condition(name="guarding", rounds=1, note=what)


# R-ACT-1: take the attack.


def thugs_turn() -> Store:
    store = thug_fight()
    run(store, NextTurn())
    assert store.state.encounter.active.id == "thug"
    return store


def test_r_act_1_taking_the_attack_hits_for_its_damage_plus_one_less_armor():
    store = thugs_turn()
    shown = preview(store.state, TakeAttack(character="jun", npc="thug", ally="mara"))
    assert shown.roll.stat.value == "speed" and shown.roll.odds.final_difficulty == 3
    assert shown.taken == 3  # 3 + 1 = 4, less Armor 1.
    events = run(store, TakeAttack(character="jun", npc="thug", ally="mara", die=12))
    made, hit = events
    assert made.success and isinstance(hit, DamageTaken)
    assert (hit.character, hit.amount, hit.armor) == ("jun", 4, 1)
    assert store.state.characters["jun"].pools.might.current == 9
    assert store.state.characters["mara"].pools.might.current == 12


def test_r_act_1_a_failed_take_the_attack_does_nothing_and_the_ally_defends():
    store = thugs_turn()
    events = run(store, TakeAttack(character="jun", npc="thug", ally="mara", die=2))
    assert [type(e) for e in events] == [RollMade]
    assert store.state.characters["jun"].pools.might.current == 12


def test_r_act_1_taking_the_attack_without_a_task_answers_the_allys_defense_question():
    store = thugs_turn()
    run(store, AskDefense(character="mara", npc="thug"))
    events = run(store, TakeAttack(character="jun", npc="thug", ally="mara", roll=False))
    assert [type(e) for e in events] == [DamageTaken, PromptClosed]
    assert store.state.prompts == ()
    with pytest.raises(RuleViolation, match="someone else"):
        decide(store.state, TakeAttack(character="jun", npc="thug", ally="jun"))


def test_r_act_1_an_attack_is_taken_on_the_npcs_turn_only():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="It is Mara's turn, not Thug's"):
        decide(store.state, TakeAttack(character="jun", npc="thug", ally="mara"))


# R-ACT-1: wait.


def test_r_act_1_a_wait_names_its_trigger_and_the_pc_acts_when_it_comes():
    store = thug_fight()
    events = run(store, Wait(character="mara", trigger="the thug draws"))
    waiting = events[0].condition
    assert (waiting.name, waiting.rounds, waiting.note) == ("waiting", 0, "the thug draws")
    run(store, NextTurn())
    assert store.state.encounter.active.id == "thug"
    (event,) = events = run(store, ActOnWait(character="mara"))
    assert isinstance(event, WaitTriggered)
    assert (event.character, event.trigger) == ("mara", "the thug draws")
    encounter = store.state.encounter
    # The thug's turn ended; Mara acts now, and keeps this place in the order.
    assert encounter.active.id == "mara" and encounter.order == ("thug", "mara", "jun")
    assert "waiting" not in conditions(store, "mara")
    assert "Mara's trigger came (the thug draws)" in line(store, events)
    run(store, NextTurn())
    assert store.state.encounter.active.id == "jun"


def test_r_act_1_a_wait_ends_when_the_pcs_next_turn_comes():
    store = thug_fight()
    run(store, Wait(character="mara", trigger="a door opens"))
    for _ in range(3):
        events = run(store, NextTurn())
    assert store.state.encounter.active.id == "mara"
    assert "waiting" not in conditions(store, "mara")
    assert "Mara's wait is over." in line(store, events)
    with pytest.raises(RuleViolation, match="Mara is not waiting"):
        decide(store.state, ActOnWait(character="mara"))


def test_r_act_1_a_players_seat_takes_its_own_pcs_actions_only():
    store = thug_fight()
    assert decide(store.state, Guard(character="mara", what="Jun", by="mara"))
    with pytest.raises(RuleViolation, match="acts for Jun only"):
        decide(store.state, Guard(character="mara", what="Jun", by="jun"))


# R-ACT-2: surprise.


def test_r_act_2_surprised_pcs_defend_without_effort_and_surprised_npcs_are_easier_to_hit():
    store = thug_fight()
    shown = preview(store.state, Surprise(targets=("jun", "thug")))
    assert any("the GM may adjust" in text for text in shown.lines)
    events = run(store, Surprise(targets=("jun", "thug")))
    assert events[0].condition.name == "surprised"
    attack = preview(store.state, Attack(character="mara", target="thug"))
    assert attack.roll.odds.final_difficulty == 1  # 3, bare hands -1, surprised -1.
    run(store, NextTurn())
    with pytest.raises(RuleViolation, match="no Effort on this defense"):
        decide(store.state, Defend(character="jun", npc="thug", effort=1, die=5))
    # The GM may adjust: the condition taken off, Effort is allowed.
    run(store, RemoveCondition(targets=("jun",), name="surprised"))
    assert decide(store.state, Defend(character="jun", npc="thug", effort=1, die=15))


def test_r_act_2_surprise_is_for_the_start_of_a_fight_and_the_gms():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Only the GM may decide who is surprised"):
        decide(store.state, Surprise(targets=("thug",), by="mara"))
    for _ in range(3):
        run(store, NextTurn())
    assert store.state.encounter.round == 2
    with pytest.raises(RuleViolation, match="by the end of round 1; this is round 2"):
        decide(store.state, Surprise(targets=("thug",)))
