"""The combat commands: their events, previews and refusals, without the UI (R-CMB-1..5,
R-SPEC-2..5, R-DMG-1, R-DMG-4, R-DMG-5). Each runs through a Store as one transaction."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    AddCondition,
    AddNpcs,
    Attack,
    DamageNpcs,
    Defend,
    EndCombat,
    HealNpcs,
    MovePc,
    NextTurn,
    RemoveCondition,
    RollInitiative,
    StartCombat,
    WeaponUsed,
    can_act_now,
    commands_back_to_turn,
    special_options,
    turn_of,
)
from strange_tui.campaign.events import (
    CharacterCreated,
    CombatEnded,
    ConditionAdded,
    DamageTaken,
    InitiativeRolled,
    NpcHealthChanged,
    RollMade,
)
from strange_tui.campaign.state import Campaign
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import character

MACE = WeaponUsed(name="Mace", category="medium", damage=4)


def run(store: Store, command, dice=None):
    """Decide ``command`` on the store's state and apply it as one transaction."""
    return store.apply(decide(store.state, command, dice))


def fight(*npcs: AddNpcs, pcs=None, dice=None) -> Store:
    """A store with the PCs (Mara and Jun by default) in a fight with ``npcs``; with
    ``dice``, initiative is rolled with them."""
    store = Store(Campaign(name="Test"))
    for who in pcs or (character("mara"), character("jun")):
        store.dispatch(CharacterCreated(character=who))
    run(store, StartCombat())
    for add in npcs:
        run(store, add)
    if dice is not None:
        run(store, RollInitiative(dice=dice))
    return store


def thug_fight(**npc) -> Store:
    """Mara first (15), then the thug, then Jun (5): Mara's turn."""
    return fight(AddNpcs(name="Thug", level=3, **npc), dice={"mara": 15, "jun": 5})


# Starting the fight.


def test_r_cmb_1_no_fight_without_a_party():
    with pytest.raises(RuleViolation, match="No one to fight: the party is empty."):
        decide(Campaign(name="Empty"), StartCombat())


def test_r_dmg_4_a_debilitated_pc_does_not_join_the_fight():
    store = fight(pcs=(character("mara"), character("jun", track=DamageTrack.DEBILITATED)))
    assert store.state.encounter.order == ("mara",)
    with pytest.raises(RuleViolation, match="already under way"):
        decide(store.state, StartCombat())


# NPCs.


def test_r_dmg_5_quick_npcs_have_their_levels_health_and_damage_and_ids_of_their_own():
    store = fight(AddNpcs(name="Thug", level=3))
    (added,) = run(store, AddNpcs(name="Thug", level=2, count=2))
    thugs = [(n.id, n.name, n.health, n.damage) for n in added.npcs]
    assert thugs == [("thug-2", "Thug 2", 6, 2), ("thug-3", "Thug 3", 6, 2)]
    (added,) = run(store, AddNpcs(name="Thug", level=1))
    assert [(n.id, n.name) for n in added.npcs] == [("thug-4", "Thug 4")]


def test_r_cmb_5_a_swarm_is_one_creature_a_level_higher_with_2_more_damage():
    store = fight()
    shown = preview(store.state, AddNpcs(name="Rats", level=2, swarm=True)).npcs
    (added,) = run(store, AddNpcs(name="Rats", level=2, swarm=True))
    assert added.npcs == shown
    (rats,) = shown
    assert (rats.id, rats.level, rats.health, rats.damage) == ("rats-swarm", 3, 9, 4)
    assert rats.swarm
    with pytest.raises(RuleViolation, match="one swarm at a time"):
        decide(store.state, AddNpcs(name="Rats", level=2, swarm=True, count=2))


def test_r_cmb_5_a_boss_deals_3_more_and_a_pack_creature_keeps_its_numbers():
    store = fight()
    (added,) = run(store, AddNpcs(name="Ogre", level=5, health=30, damage=6, armor=2, boss=True))
    (ogre,) = added.npcs
    assert (ogre.level, ogre.health, ogre.damage, ogre.armor, ogre.boss) == (5, 30, 9, 2, True)


@pytest.mark.parametrize(
    ("add", "reason"),
    [
        (AddNpcs(name="Titan", level=11), "0 to 10"),
        (AddNpcs(name="Horde", level=1, count=21), "1 to 20"),
        (AddNpcs(name="  ", level=1), "Name the NPC"),
    ],
)
def test_r_dmg_5_npcs_the_tracker_cannot_take_are_refused(add, reason):
    with pytest.raises(RuleViolation, match=reason):
        decide(fight().state, add)


# Initiative, order and turns.


def test_r_cmb_1_initiative_is_one_command_with_typed_and_rolled_dice():
    """Against level 3 (target 9): Mara's typed 15 succeeds; Jun's die is the app's."""
    store = fight(AddNpcs(name="Thug", level=3), AddNpcs(name="Cur", level=1))
    shown = preview(store.state, RollInitiative())
    assert shown.difficulty == 3 and list(shown.odds) == ["mara", "jun"]
    assert shown.odds["mara"].p_success == pytest.approx(0.6)
    (rolled,) = run(store, RollInitiative(dice={"mara": 15}), PlayerDice([4]))
    assert isinstance(rolled, InitiativeRolled)
    assert rolled.dice == {"mara": 15, "jun": 4} and rolled.succeeded == ("mara",)
    assert store.state.encounter.order == ("mara", "thug", "cur", "jun")
    assert store.state.encounter.round == 1


def test_r_cmb_1_training_in_initiative_eases_it_and_an_automatic_success_rolls_nothing():
    sharp = character("mara", skills={"Initiative": "specialized"})
    store = fight(AddNpcs(name="Cur", level=2), pcs=(sharp,))
    assert preview(store.state, RollInitiative()).odds["mara"].automatic
    (rolled,) = run(store, RollInitiative())
    assert rolled.dice == {} and rolled.succeeded == ("mara",)


def test_r_cmb_1_initiative_needs_an_npc_and_only_the_fights_pcs():
    store = fight()
    with pytest.raises(RuleViolation, match="Add an NPC first"):
        decide(store.state, RollInitiative())
    run(store, AddNpcs(name="Thug", level=3))
    with pytest.raises(RuleViolation, match="tess"):
        decide(store.state, RollInitiative(dice={"tess": 12}))


def test_r_cmb_1_the_players_change_their_order_among_the_pcs_only():
    store = fight(AddNpcs(name="Thug", level=3), dice={"mara": 15, "jun": 16})
    assert store.state.encounter.order == ("mara", "jun", "thug")
    run(store, MovePc(character="jun", steps=-1))
    assert store.state.encounter.order == ("jun", "mara", "thug")
    with pytest.raises(RuleViolation, match="only with the PC next to them"):
        decide(store.state, MovePc(character="mara", steps=1))
    with pytest.raises(RuleViolation, match="cannot move further"):
        decide(store.state, MovePc(character="jun", steps=-1))


def test_r_cmb_4_a_new_round_ticks_the_conditions_down():
    store = thug_fight()
    run(store, AddCondition(targets=("thug",), name="Dazed", rounds=1))
    assert turn_of(store.state).name == "Mara"
    for _ in range(3):
        run(store, NextTurn())
    assert turn_of(store.state).round == 2
    assert store.state.encounter.combatants["thug"].conditions == ()


def test_r_cmb_1_next_turn_needs_initiative():
    store = fight(AddNpcs(name="Thug", level=3))
    with pytest.raises(RuleViolation, match="Roll initiative first"):
        decide(store.state, NextTurn())


def test_r_cmb_1_previous_turn_undoes_the_commands_back_to_the_last_next_turn():
    store = thug_fight()
    assert commands_back_to_turn(store.journal()) is None  # The first turn.
    run(store, NextTurn())
    run(store, AddCondition(targets=("mara",), name="prone"))
    run(store, DamageNpcs(targets=("thug",), amount=2))
    assert commands_back_to_turn(store.journal()) == 3
    for _ in range(3):
        store.undo()
    assert turn_of(store.state).name == "Mara"
    assert commands_back_to_turn(store.journal()) is None


# A PC's attack (R-CMB-2).


def test_r_cmb_2_attack_is_one_undo_step():
    """A 20 with a stun: the roll, 2 damage and the condition are one command."""
    store = thug_fight()
    before = store.state
    events = run(store, Attack(character="mara", target="thug", on_20="stun", die=20))
    assert [type(e) for e in events] == [RollMade, NpcHealthChanged, ConditionAdded]
    assert events[0].effect == "stun" and events[1].amount == -2
    thug = store.state.encounter.combatants["thug"]
    assert thug.health == 7 and [c.name for c in thug.conditions] == ["stunned"]
    assert store.undo() == events
    assert store.state == before


def test_r_cmb_2_a_miss_is_only_the_roll():
    store = thug_fight()
    events = run(store, Attack(character="mara", target="thug", die=3))
    assert len(events) == 1 and not events[0].success
    assert store.state.encounter.combatants["thug"].health == 9


def test_r_cmb_2_the_preview_shows_odds_cost_and_the_damage_of_each_face():
    """A mace (4) with one level of Effort on damage (+3) against Armor 1: 6 on a hit,
    7 to 9 on 17 to 19; a 20 taken as a stun deals 6 and stuns. The Effort costs 3 less
    Might Edge 1."""
    store = thug_fight(armor=1)
    attack = Attack(character="mara", target="thug", weapon=MACE, damage_effort=1, on_20="stun")
    shown = preview(store.state, attack)
    odds = shown.roll.odds
    assert (odds.final_difficulty, shown.roll.cost, shown.roll.stat) == (3, 2, Stat.MIGHT)
    hits = {hit.die: (hit.damage, hit.condition, hit.health) for hit in shown.hits}
    assert hits == {
        None: (6, "", 3),
        17: (7, "", 2),
        18: (8, "", 1),
        19: (9, "", 0),
        20: (6, "stunned", 3),
    }
    for die in (12, 17, 20):  # What the attack does is what its preview said.
        scratch = thug_fight(armor=1)
        run(scratch, replace(attack, die=die))
        face = die if die >= 17 else None
        assert scratch.state.encounter.combatants["thug"].health == hits[face][2]


def test_r_cmb_2_a_light_weapon_eases_and_a_stunned_foe_is_easier_to_hit():
    store = thug_fight()
    unarmed = preview(store.state, Attack(character="mara", target="thug"))
    mace = preview(store.state, Attack(character="mara", target="thug", weapon=MACE))
    assert (unarmed.roll.odds.final_difficulty, mace.roll.odds.final_difficulty) == (2, 3)
    run(store, AddCondition(targets=("thug",), name="stunned"))
    stunned = preview(store.state, Attack(character="mara", target="thug"))
    assert stunned.roll.odds.final_difficulty == 1


def test_r_spec_5_an_impaired_attacker_gets_1_damage_and_no_effects():
    hurt = character("mara", track=DamageTrack.IMPAIRED)
    store = fight(AddNpcs(name="Thug", level=3), pcs=(hurt, character("jun")), dice={"mara": 15})
    options = special_options(store.state, "mara")
    assert options.bonus == {19: 1, 20: 1} and options.effects == {19: (), 20: ()}
    with pytest.raises(RuleViolation, match="R-SPEC-5"):
        decide(store.state, Attack(character="mara", target="thug", on_20="stun", die=20))
    (roll, hit) = run(store, Attack(character="mara", target="thug", die=20))
    assert hit.amount == -3  # unarmed 2 + 1


def test_r_spec_4_a_minor_effect_is_no_choice_for_a_19_beyond_the_minor_list():
    store = thug_fight()
    assert "stun" not in special_options(store.state, "mara").effects[19]
    with pytest.raises(RuleViolation, match="cannot bring"):
        decide(store.state, Attack(character="mara", target="thug", on_19="stun", die=19))


def test_r_cmb_2_attacks_are_made_on_the_attackers_turn():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Mara's turn, not Jun's"):
        decide(store.state, Attack(character="jun", target="thug", die=15))
    run(store, AddCondition(targets=("mara",), name="stunned"))
    assert not can_act_now(store.state, "mara")
    with pytest.raises(RuleViolation, match="stunned and loses this turn"):
        preview(store.state, Attack(character="mara", target="thug"))


def test_r_cmb_2_a_defeated_npc_is_no_target():
    store = thug_fight()
    run(store, DamageNpcs(targets=("thug",), amount=9))
    with pytest.raises(RuleViolation, match="already defeated"):
        decide(store.state, Attack(character="mara", target="thug", die=15))


# An NPC's attack: the PC's defense (R-CMB-3).


def npc_turn() -> Store:
    """The thug's turn, Mara defending (Might 12, Armor 1)."""
    store = thug_fight()
    run(store, NextTurn())
    return store


def test_r_cmb_3_a_failed_defense_is_one_step_the_roll_and_the_damage_less_armor():
    store = npc_turn()
    before = store.state
    defend = Defend(character="mara", npc="thug", effort=1, die=2)
    shown = preview(store.state, defend)
    assert (shown.damage, shown.armor, shown.taken, shown.roll.cost) == (3, 1, 2, 2)
    events = run(store, defend)
    assert [type(e) for e in events] == [RollMade, DamageTaken]
    mara = store.state.characters["mara"]
    assert (shown.pools, shown.track) == (mara.pools, mara.track)
    assert (mara.pools.speed.current, mara.pools.might.current) == (8, 10)
    assert store.undo() == events and store.state == before


def test_r_cmb_3_the_failure_shown_is_the_damage_track_reduce_gives():
    """Might 2, Armor 1, a level-4 NPC (4 damage): 3 after Armor empties Might and spills
    1 to Speed; the PC is impaired (R-DMG-2, R-DMG-3)."""
    mara = character("mara")
    mara = replace(mara, pools=mara.pools.replace(Stat.MIGHT, mara.pools.might.with_current(2)))
    store = fight(AddNpcs(name="Brute", level=4), pcs=(mara,), dice={"mara": 2})
    shown = preview(store.state, Defend(character="mara", npc="brute"))
    assert (shown.pools.might.current, shown.pools.speed.current) == (0, 9)
    assert shown.track is DamageTrack.IMPAIRED
    run(store, Defend(character="mara", npc="brute", die=5))
    assert store.state.characters["mara"].pools == shown.pools
    assert store.state.characters["mara"].track is DamageTrack.IMPAIRED


def test_r_cmb_3_a_defended_attack_is_only_the_roll():
    store = npc_turn()
    events = run(store, Defend(character="mara", npc="thug", die=15))
    assert len(events) == 1 and events[0].success
    assert store.state.characters["mara"].pools.might.current == 12


def test_r_cmb_3_the_app_rolls_when_no_die_is_typed_and_only_on_the_npcs_turn():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Mara's turn, not Thug's"):
        decide(store.state, Defend(character="mara", npc="thug"))
    run(store, NextTurn())
    (roll, *_) = run(store, Defend(character="jun", npc="thug"), SeededDice(7))
    assert roll.die is not None and roll.character == "jun"


# NPC health and conditions.


def test_r_dmg_1_marked_npcs_take_damage_together_each_less_its_armor():
    store = fight(AddNpcs(name="Thug", level=2), AddNpcs(name="Guard", level=2, armor=2))
    hurt = DamageNpcs(targets=("thug", "guard"), amount=5)
    shown = preview(store.state, hurt)
    assert [(n.name, n.health, n.after) for n in shown.npcs] == [("Thug", 6, 1), ("Guard", 6, 3)]
    run(store, hurt)
    assert [store.state.encounter.combatants[i].health for i in ("thug", "guard")] == [1, 3]
    run(store, DamageNpcs(targets=("guard",), amount=2, ignore_armor=True))
    assert store.state.encounter.combatants["guard"].health == 1
    run(store, HealNpcs(targets=("thug", "guard"), amount=10))
    assert [store.state.encounter.combatants[i].health for i in ("thug", "guard")] == [6, 6]
    with pytest.raises(RuleViolation, match="is a PC"):
        decide(store.state, DamageNpcs(targets=("mara",), amount=1))
    with pytest.raises(RuleViolation, match="1 to 1000"):
        decide(store.state, DamageNpcs(targets=("thug",), amount=0))


def test_r_cmb_4_a_condition_is_added_to_the_marked_and_taken_off_early():
    store = fight(AddNpcs(name="Thug", level=2, count=2))
    run(store, AddCondition(targets=("thug", "thug-2"), name="Prone", rounds=0))
    events = run(store, RemoveCondition(targets=("thug", "thug-2", "mara"), name="prone"))
    assert [e.target for e in events] == ["thug", "thug-2"]
    assert all(not c.conditions for c in store.state.encounter.combatants.values())
    with pytest.raises(RuleViolation, match="No one marked is prone"):
        decide(store.state, RemoveCondition(targets=("thug",), name="prone"))
    with pytest.raises(RuleViolation, match="0 or more rounds"):
        decide(store.state, AddCondition(targets=("thug",), name="dazed", rounds=-1))


def test_end_combat_keeps_the_summary():
    store = thug_fight()
    run(store, Attack(character="mara", target="thug", die=18))
    assert preview(store.state, EndCombat()).dealt == 4
    (ended,) = run(store, EndCombat())
    assert isinstance(ended, CombatEnded) and (ended.rounds, ended.dealt) == (1, 4)
    assert store.state.encounter is None
    with pytest.raises(RuleViolation, match="no fight under way"):
        decide(store.state, EndCombat())
