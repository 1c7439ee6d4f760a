"""R-NPC-3: in solo play the app plays a pack's creature by its entry: whom it attacks (its
behaviour's target), its several attacks a turn and its area attack (R-NPC-2), and its
morale when its entry says it thinks of fleeing. Each die goes into the draw, and the log's
one line says what it did, why, and the odds."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide
from strange_tui.campaign.commands.combat import Defend, NextTurn
from strange_tui.campaign.commands.solo.morale import flees_on
from strange_tui.campaign.commands.solo.npcs import NpcAttacks
from strange_tui.campaign.model.events import DamageTaken, NpcFled, PromptRaised
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.campaign.store import Store
from strange_tui.content.creature_powers import AreaAttack, Attacks, Behaviour
from strange_tui.rules.dice import PlayerDice
from strange_tui.rules.combat import Condition
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import campaign, fighting, npc, with_pool

THIEF_WHY = "she prefers escape to murder"


def thiefs_turn(*effects, target="random", flees="never", health=9, pcs=("mara", "jun", "tess"),
                **changes) -> Store:  # fmt: skip
    """Mara, Jun and Tess won initiative against a level-3 thief (9 health) played by her
    entry; the PCs have had their turns: it is hers."""
    thief = npc(
        "thief", level=3, health=health, effects=effects,
        behaviour=Behaviour(target=target, flees=flees, why=THIEF_WHY), **changes,
    )  # fmt: skip
    store = Store(fighting(campaign(*pcs), thief))
    for _ in pcs:
        store.apply(decide(store.state, NextTurn()))
    assert store.state.encounter.active.id == "thief"
    return store


def line(store: Store, events) -> str:
    return command_sentence(events, store.state.names())


def attacks_on_thief(store: Store, this_round=(), last_round=()) -> Store:
    """The fight remembers these attacks on the thief: (attacker, ranged, hit)."""
    encounter = replace(
        store.state.encounter,
        attacks={"thief": tuple(this_round)},
        last_attacks={"thief": tuple(last_round)},
    )
    return Store(replace(store.state, encounter=encounter))


def test_r_npc_3_random_a_die_over_every_pc_with_its_odds():
    store = thiefs_turn(target="random")
    events = store.apply(decide(store.state, NpcAttacks(npc="thief"), PlayerDice([2])))
    drawn, asked = events
    assert (drawn.table, drawn.character, drawn.dice) == ("tactic", "jun", (2,))
    assert asked.character == "jun"
    assert line(store, events) == (
        "Thief picks its target at random: a d3 over Mara, Jun and Tess shows 2, 1 in 3 each."
        " Thief attacks Jun, who rolls a Speed defense."
    )


def test_r_npc_3_weakest_the_pc_with_the_fewest_points_left_no_die():
    store = thiefs_turn(target="weakest")
    tess = store.state.characters["tess"]
    store = Store(store.state.with_character(with_pool(tess, Stat.MIGHT, 4)))
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([]))
    assert (events[0].character, events[0].dice) == ("tess", ())
    assert line(store, events).startswith("Thief goes for the weakest: Tess, 22 points left.")


def test_r_npc_3_weakest_an_impaired_pc_before_points_and_ties_go_to_a_die():
    store = thiefs_turn(target="weakest")
    state = store.state
    for cid in ("jun", "tess"):
        state = state.with_character(replace(state.characters[cid], track=DamageTrack.IMPAIRED))
    events = decide(state, NpcAttacks(npc="thief"), PlayerDice([2]))
    assert (events[0].character, events[0].dice) == ("tess", (2,))
    said = command_sentence(events, state.names())
    assert said.startswith(
        "Thief goes for the weakest: Jun and Tess are even, impaired, 30 points left each,"
        " and a d2 over Jun and Tess shows 2, 1 in 2 each."
    )


def test_r_npc_3_strongest_the_pc_with_the_most_points_left():
    store = thiefs_turn(target="strongest")
    state = store.state
    for cid in ("mara", "tess"):
        state = state.with_character(with_pool(state.characters[cid], Stat.SPEED, 3))
    events = decide(state, NpcAttacks(npc="thief"), PlayerDice([]))
    assert events[0].character == "jun"
    assert "Thief goes for the strongest: Jun, 30 points left" in command_sentence(
        events, state.names()
    )


def test_r_npc_3_hurt_it_the_pc_whose_attacks_hit_it_most_this_round_and_the_last():
    store = thiefs_turn(target="hurt-it")
    store = attacks_on_thief(
        store,
        this_round=[("tess", True, True), ("mara", False, True)],
        last_round=[("tess", True, True), ("jun", False, False), ("jun", False, False)],
    )  # Jun swung twice and missed: a miss hurts no one.
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([]))
    assert events[0].character == "tess"
    assert line(store, events).startswith(
        "Thief turns on whoever hurt it: Tess hit it 2 times this round and the last."
    )


def test_r_npc_3_hurt_it_with_no_hit_on_record_falls_back_to_a_die_and_says_so():
    store = thiefs_turn(target="hurt-it")
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([1]))
    assert (events[0].character, events[0].dice) == ("mara", (1,))
    assert line(store, events).startswith(
        "Thief would turn on whoever hurt it, but no one hit it this round or the last,"
        " and a d3 over Mara, Jun and Tess shows 1, 1 in 3 each."
    )


def test_r_npc_3_nearest_the_pc_who_last_fought_it_in_melee():
    store = thiefs_turn(target="nearest")
    store = attacks_on_thief(
        store,
        this_round=[("mara", False, False), ("jun", False, True), ("tess", True, True)],
    )
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([]))
    assert events[0].character == "jun"  # Tess shot from afar; Jun came to blows last.
    assert line(store, events).startswith(
        "Thief turns on the nearest: Jun fought it in melee this round."
    )


def test_r_npc_3_nearest_with_no_melee_on_record_is_a_die():
    store = thiefs_turn(target="nearest")
    store = attacks_on_thief(store, last_round=[("tess", True, True)])
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([3]))
    assert (events[0].character, events[0].dice) == ("tess", (3,))


def test_r_npc_3_a_pc_who_drew_its_attack_comes_before_its_behaviour_r_act_1():
    store = thiefs_turn(target="weakest")
    tess = store.state.characters["tess"]
    state = store.state.with_character(with_pool(tess, Stat.MIGHT, 1))  # The weakest...
    jun = state.encounter.combatants["jun"]
    drawing = Condition(name="drawing the attack", note="Thief")
    combatants = {**state.encounter.combatants, "jun": replace(jun, conditions=(drawing,))}
    state = replace(state, encounter=replace(state.encounter, combatants=combatants))
    events = decide(state, NpcAttacks(npc="thief"), PlayerDice([]))
    assert events[0].character == "jun"  # ...but Jun drew its attack.
    assert command_sentence(events, state.names()).startswith("Jun draws Thief's attack.")


def test_r_npc_2_several_attacks_a_turn_each_a_d_then_it_is_done():
    store = thiefs_turn(Attacks(count=2), target="random")
    first = store.apply(decide(store.state, NpcAttacks(npc="thief"), PlayerDice([1])))
    assert line(store, first).startswith("Thief's attack 1 of 2 this turn. Thief picks")
    store.apply(decide(store.state, Defend(character="mara", npc="thief", die=20)))
    second = store.apply(decide(store.state, NpcAttacks(npc="thief"), PlayerDice([3])))
    assert (second[0].character, store.state.encounter.npc_attacks) == ("tess", 2)
    store.apply(decide(store.state, Defend(character="tess", npc="thief", die=20)))
    with pytest.raises(RuleViolation, match="its 2 attacks, or its area attack"):
        decide(store.state, NpcAttacks(npc="thief"), PlayerDice([1]))


def test_r_npc_2_an_area_attack_asks_every_pc_on_a_die_of_1_in_3_its_whole_turn():
    blast = AreaAttack(name="smoke bomb", damage=2, range="short", stat="might")
    store = thiefs_turn(blast, Attacks(count=2))
    events = store.apply(decide(store.state, NpcAttacks(npc="thief"), PlayerDice([1])))
    drawn, *asked = events
    assert (drawn.table, drawn.dice) == ("area", (1,))
    assert [(a.character, a.stat, a.what) for a in asked] == [
        (pc, Stat.MIGHT, "smoke bomb") for pc in ("mara", "jun", "tess")
    ]
    assert all(isinstance(a, PromptRaised) and a.prompt == "defense" for a in asked)
    assert line(store, events).startswith(
        "Thief uses its smoke bomb on every PC within short range (the area die: a d3 shows"
        " 1; its smoke bomb on a 1, 1 in 3)."
    )
    for pc in ("mara", "jun", "tess"):
        store.apply(decide(store.state, Defend(character=pc, npc="thief", area="smoke bomb",
                                               stat=Stat.MIGHT, die=20)))  # fmt: skip
    with pytest.raises(RuleViolation, match="has acted this turn"):
        decide(store.state, NpcAttacks(npc="thief"), PlayerDice([1, 1]))


def test_r_npc_2_the_area_die_missing_it_strikes_a_single_pc():
    blast = AreaAttack(name="smoke bomb", damage=2)
    store = thiefs_turn(blast)
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([3, 2]))
    assert (events[0].table, events[0].dice, events[0].character) == ("tactic", (3, 2), "jun")
    assert line(store, events).startswith(
        "Thief strikes rather than use its smoke bomb (the area die: a d3 shows 3; its smoke"
        " bomb on a 1, 1 in 3). Thief picks its target at random"
    )


def test_r_npc_2_a_debilitated_pc_in_the_area_is_hit_without_a_roll():
    blast = AreaAttack(name="smoke bomb", damage=2)
    store = thiefs_turn(blast, pcs=("mara", "jun"))
    jun = store.state.characters["jun"]
    state = store.state.with_character(replace(jun, track=DamageTrack.DEBILITATED))
    _, asked, hit = decide(state, NpcAttacks(npc="thief"), PlayerDice([1]))
    assert isinstance(asked, PromptRaised) and asked.character == "mara"
    assert isinstance(hit, DamageTaken) and (hit.character, hit.amount) == ("jun", 2)


def test_r_npc_3_morale_badly_hurt_a_level_3_thief_flees_on_1_to_3_and_leaves_the_fight():
    store = thiefs_turn(flees="badly hurt", health=4)
    events = store.apply(decide(store.state, NpcAttacks(npc="thief"), PlayerDice([2])))
    assert (events[0].table, events[0].dice) == ("morale", (2,))
    assert isinstance(events[-1], NpcFled)
    assert "thief" not in store.state.encounter.combatants
    assert store.state.encounter.order == ("mara", "jun", "tess")
    assert store.state.encounter.active.id == "mara"
    assert line(store, events) == (
        "Thief flees: badly hurt, and she prefers escape to murder (morale: a d6 shows 2; it"
        " flees on 1 to 3, 1 in 2). Next turn. Thief leaves the fight."
    )


def test_r_npc_3_morale_holds_on_a_higher_face_and_it_attacks_in_the_same_step():
    store = thiefs_turn(flees="badly hurt", health=4)
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([4, 1]))
    drawn, asked = events
    assert (drawn.table, drawn.dice, asked.character) == ("tactic", (4, 1), "mara")
    assert line(store, events).startswith(
        "Thief fights on, though badly hurt (morale: a d6 shows 4; it flees on 1 to 3, 1 in 2)."
        " Thief picks its target at random"
    )


def test_r_npc_3_morale_is_not_checked_before_its_entry_says():
    store = thiefs_turn(flees="badly hurt", health=5)  # Hurt, not badly: 5 of 9.
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([1]))
    assert events[0].dice == (1,) and "morale" not in line(store, events)


def test_r_npc_3_morale_never_a_creature_that_never_flees_fights_at_1_health():
    store = thiefs_turn(flees="never", health=1)
    events = decide(store.state, NpcAttacks(npc="thief"), PlayerDice([1]))
    assert events[0].table == "tactic" and events[0].dice == (1,)


def test_r_npc_3_morale_losing_more_of_its_side_down_than_standing():
    store = thiefs_turn(flees="losing")
    guards = [npc(f"guard-{n}", level=2, health=0, max_health=6) for n in (1, 2)]
    encounter = store.state.encounter
    combatants = {**encounter.combatants, **{g.id: g for g in guards}}
    order = (*encounter.order, *(g.id for g in guards))
    state = replace(store.state, encounter=replace(encounter, combatants=combatants, order=order))
    events = decide(state, NpcAttacks(npc="thief"), PlayerDice([3]))
    assert command_sentence(events, state.names()).startswith(
        "Thief flees: its side is losing (2 of 3 down), and she prefers escape to murder"
    )


@pytest.mark.parametrize(("level", "faces"), [(1, 3), (3, 3), (4, 2), (6, 2), (7, 1), (10, 1)])
def test_r_npc_3_the_bigger_the_creature_the_braver(level, faces):
    assert flees_on(level) == faces


def test_r_npc_3_a_quick_npc_without_an_entry_keeps_the_plain_policy_and_never_flees():
    store = Store(fighting(campaign("mara", "jun"), npc("thug", level=3, health=1, max_health=9)))
    for _ in range(2):
        store.apply(decide(store.state, NextTurn()))
    drawn, _ = decide(store.state, NpcAttacks(npc="thug"), PlayerDice([2]))
    assert (drawn.table, drawn.result, drawn.dice) == ("target", "Thug attacks Jun", (2,))
