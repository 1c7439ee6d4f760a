"""The combat commands: their events, previews and refusals, without the UI (R-CMB-1..5,
R-SPEC-2..5, R-DMG-1, R-DMG-4, R-DMG-5). Each runs through a Store as one transaction."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    UNARMED,
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
    defense_skill,
    out_of_fight,
    special_options,
    turn_of,
    weapons_of,
)
from strange_tui.campaign.model.events import (
    ActionTaken,
    CharacterCreated,
    CombatEnded,
    ConditionAdded,
    DamageTaken,
    InitiativeRolled,
    NpcHealthChanged,
    RollMade,
    TrackShifted,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.store import Store
from strange_tui.rules.dice import PlayerDice, SeededDice
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.track import DamageTrack
from tests.campaign.builders import character, with_pool

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


def test_r_dmg_4_a_debilitated_pc_is_still_in_a_new_fight_and_may_be_attacked():
    """Seed 000: a debilitated PC "may not take any actions other than to move", and one
    brought to 0 again "is dead": Jun, debilitated when the fight begins, is in it (no
    initiative roll: last in the order), the thug's attack simply hits him, and the hit
    that brings a pool to 0 kills him."""
    jun = with_pool(character("jun", track=DamageTrack.DEBILITATED), Stat.MIGHT, 2)
    store = fight(AddNpcs(name="Thug", level=3), pcs=(character("mara"), jun))
    assert store.state.encounter.order == ("mara", "jun", "thug")
    with pytest.raises(RuleViolation, match="already under way"):
        decide(store.state, StartCombat())
    run(store, RollInitiative(dice={"mara": 15}))
    assert store.state.encounter.order == ("mara", "thug", "jun")
    to_turn(store, "thug", 1)
    defend = Defend(character="jun", npc="thug")
    assert preview(store.state, defend).no_roll == (
        "Jun is debilitated and cannot defend: the attack hits.")  # fmt: skip
    (hit, *_) = run(store, defend)
    assert isinstance(hit, DamageTaken) and hit.character == "jun"
    assert store.state.characters["jun"].track is DamageTrack.DEAD


def test_r_dmg_4_only_the_dead_stay_out_of_a_new_fight():
    dead, down = DamageTrack.DEAD, DamageTrack.DEBILITATED
    store = fight(pcs=(character("mara", track=dead), character("jun", track=down)))
    assert store.state.encounter.order == ("jun",)
    alone = Store(Campaign(name="Test"))
    alone.dispatch(CharacterCreated(character=character("mara", track=dead)))
    with pytest.raises(RuleViolation, match="every PC here is dead"):
        decide(alone.state, StartCombat())


def struck_down(steps: int, speed: int | None = None) -> Store:
    """A fight against a level-3 thug in which Mara then moves ``steps`` down the damage
    track (debilitated: 2, dead: 3), perhaps with her Speed pool at ``speed``."""
    mara = character("mara")
    if speed is not None:
        mara = with_pool(mara, Stat.SPEED, speed)
    store = fight(AddNpcs(name="Thug", level=3), pcs=(mara, character("jun")))
    store.dispatch(TrackShifted(character="mara", steps=steps))
    return store


def test_r_dmg_4_a_debilitated_pc_can_only_move():
    """No initiative roll (a die typed for her is refused; she comes after the NPCs),
    her turn says she can only move, and an attack is refused with the reason."""
    store = struck_down(2)
    reason = "Mara is debilitated: can only move, an immediate distance"
    assert preview(store.state, RollInitiative()).unable == {"mara": reason + "."}
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, RollInitiative(dice={"mara": 20, "jun": 20}))
    (rolled,) = run(store, RollInitiative(dice={"jun": 20}))
    assert (rolled.dice, rolled.succeeded) == ({"jun": 20}, ("jun",))
    assert store.state.encounter.order == ("jun", "thug", "mara")
    to_turn(store, "mara", 1)
    assert turn_of(store.state).limit == reason + "."
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, Attack(character="mara", target="thug", die=20))


def test_r_dmg_4_a_debilitated_pc_with_speed_0_cannot_even_move():
    store = struck_down(2, speed=0)
    run(store, RollInitiative(dice={"jun": 20}))
    to_turn(store, "mara", 1)
    limit = turn_of(store.state).limit
    assert limit == "Mara is debilitated with Speed 0: cannot move, nor act."


def test_r_dmg_4_initiative_success_for_a_debilitated_pc_is_refused_by_the_rules():
    store = struck_down(2)
    with pytest.raises(RuleViolation, match="no initiative roll"):
        store.apply([InitiativeRolled(pcs=("mara", "jun"), dice={"mara": 20}, succeeded=("mara",))])


def test_r_dmg_4_a_debilitated_pc_cannot_defend_the_attack_hits():
    """No roll: the thug's 3 less Armor 1 lands (the preview shows it), one step."""
    store = struck_down(2)
    run(store, RollInitiative(dice={"jun": 20}))
    to_turn(store, "thug", 1)
    defend = Defend(character="mara", npc="thug")
    shown = preview(store.state, defend)
    assert shown.no_roll == "Mara is debilitated and cannot defend: the attack hits."
    assert shown.pools.might.current == 10
    (hit,) = run(store, defend)
    assert isinstance(hit, DamageTaken) and store.state.characters["mara"].pools == shown.pools
    with pytest.raises(RuleViolation, match="cannot defend"):
        decide(store.state, replace(defend, die=15))


def test_r_dmg_4_a_dead_pc_is_out_of_the_fight():
    """No roll, no turn (skipped), no defense."""
    store = struck_down(3)
    (rolled,) = run(store, RollInitiative(dice={"jun": 20}))
    assert rolled.dice == {"jun": 20}
    seen = []
    for _ in range(4):
        seen.append(turn_of(store.state).active)
        run(store, NextTurn())
    assert seen == ["jun", "thug", "jun", "thug"]
    assert out_of_fight(store.state, "mara") and not out_of_fight(store.state, "jun")
    run(store, NextTurn())
    with pytest.raises(RuleViolation, match="Mara is dead: out of the fight"):
        decide(store.state, Defend(character="mara", npc="thug"))


# NPCs.


def test_r_dmg_5_quick_npcs_have_their_levels_health_and_damage_and_ids_of_their_own():
    store = fight(AddNpcs(name="Thug", level=3))
    (added,) = run(store, AddNpcs(name="Thug", level=2, count=2))
    thugs = [(n.id, n.name, n.health, n.damage) for n in added.npcs]
    assert thugs == [("thug-2", "Thug 2", 6, 2), ("thug-3", "Thug 3", 6, 2)]
    (added,) = run(store, AddNpcs(name="Thug", level=1))
    assert [(n.id, n.name) for n in added.npcs] == [("thug-4", "Thug 4")]


def test_r_cmb_5_four_creatures_make_one_swarm_and_the_rest_fight_alone():
    """S3: four creatures act as one of the highest level + 1, dealing at least 2 more.
    Nine level-2 rats: two swarms (level 3, health 9, damage 4) and one rat on its own."""
    store = fight()
    shown = preview(store.state, AddNpcs(name="Rats", level=2, count=9, swarm=True)).npcs
    (added,) = run(store, AddNpcs(name="Rats", level=2, count=9, swarm=True))
    assert added.npcs == shown
    made = [(n.id, n.name, n.level, n.health, n.damage, n.swarm) for n in shown]
    assert made == [
        ("rats-swarm", "Rats swarm 1", 3, 9, 4, True),
        ("rats-swarm-2", "Rats swarm 2", 3, 9, 4, True),
        ("rats", "Rats", 2, 6, 2, False),
    ]
    (again,) = run(store, AddNpcs(name="Rats", level=2, count=4, swarm=True))
    assert [(n.id, n.name) for n in again.npcs] == [("rats-swarm-3", "Rats swarm 3")]


def test_r_cmb_5_a_pack_creature_swarms_with_its_own_health_if_higher():
    store = fight()
    (added,) = run(store, AddNpcs(name="Ghoul", level=3, health=20, damage=5, armor=1,
                                  count=4, swarm=True))  # fmt: skip
    (ghouls,) = added.npcs
    assert (ghouls.level, ghouls.health, ghouls.damage, ghouls.armor) == (4, 20, 7, 1)


@pytest.mark.parametrize(
    ("add", "reason"),
    [
        (AddNpcs(name="Rats", level=2, swarm=True), "A swarm is 4 creatures acting as one: 1"),
        (AddNpcs(name="Rats", level=2, count=3, swarm=True), "3 cannot make one"),
        (AddNpcs(name="Rats", level=2, count=81, swarm=True), "1 to 80 creatures in swarms"),
        (AddNpcs(name="Rats", level=2, count=8, swarm=True, boss=True), "not for a swarm"),
    ],
)
def test_r_cmb_5_what_makes_no_swarm_is_refused(add, reason):
    with pytest.raises(RuleViolation, match=reason):
        decide(fight().state, add)


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


def conditions(store: Store, who: str) -> list[tuple[str, int]]:
    return [(c.name, c.rounds) for c in store.state.encounter.combatants[who].conditions]


def to_turn(store: Store, who: str, round_: int) -> None:
    """Next turn until it is ``who``'s turn in round ``round_``."""
    while (turn_of(store.state).active, turn_of(store.state).round) != (who, round_):
        run(store, NextTurn())


@pytest.mark.parametrize(("stunner", "stunned_in"), [("mara", 1), ("jun", 2)])
def test_r_cmb_4_a_stun_costs_the_foe_its_next_action_whoever_gave_it(stunner, stunned_in):
    """S0: a stun makes the foe lose its next action. Mara acts before the thug, Jun after
    it: either way the thug's next turn is lost (it cannot attack), then the stun is gone."""
    store = thug_fight()
    to_turn(store, stunner, 1)
    run(store, Attack(character=stunner, target="thug", on_20="stun", die=20))
    assert conditions(store, "thug") == [("stunned", 1)]
    to_turn(store, "thug", stunned_in)
    assert conditions(store, "thug") == [("stunned", 1)]
    turn = turn_of(store.state)
    assert turn.loses_turn and not can_act_now(store.state, "thug")
    with pytest.raises(RuleViolation, match="Thug is stunned and loses this turn"):
        decide(store.state, Defend(character="mara", npc="thug", die=2))
    run(store, NextTurn())  # The thug's lost turn ends, and the stun with it.
    assert conditions(store, "thug") == []
    to_turn(store, "thug", stunned_in + 1)
    assert not turn_of(store.state).loses_turn
    assert decide(store.state, Defend(character="mara", npc="thug", die=15))


def test_r_cmb_4_knock_down_and_distract_last_until_the_foe_has_had_its_next_turn():
    """Jun (after the thug) knocks it down: it stays prone, easier to hit, through Mara's
    next turn, until its own turn ends. Mara's distraction hinders the thug's attack on
    its next turn (easier to defend against), then ends."""
    store = thug_fight()
    to_turn(store, "jun", 1)
    run(store, Attack(character="jun", target="thug", on_20="knock down", die=20))
    to_turn(store, "mara", 2)
    assert conditions(store, "thug") == [("prone", 1)]
    eased = preview(store.state, Attack(character="mara", target="thug"))
    assert eased.roll.odds.final_difficulty == 1  # 3 - light - prone
    run(store, Attack(character="mara", target="thug", on_19="distract", die=19))
    assert conditions(store, "thug") == [("prone", 1), ("distracted", 1)]
    run(store, NextTurn())
    defense = preview(store.state, Defend(character="mara", npc="thug"))
    assert defense.roll.odds.final_difficulty == 2  # 3 - distracted
    run(store, NextTurn())
    assert conditions(store, "thug") == []


def test_r_cmb_4_conditions_count_their_holders_own_turns():
    """Dazed for 2 rounds: two of the thug's turns. A condition that comes during its
    holder's own turn covers the holder's next turn (this one does not count)."""
    store = thug_fight()
    run(store, AddCondition(targets=("thug",), name="dazed", rounds=2))
    run(store, AddCondition(targets=("mara",), name="distracted", rounds=1))
    run(store, NextTurn())  # Mara's turn ends: her distraction still covers her next one.
    assert conditions(store, "mara") == [("distracted", 1)]
    run(store, NextTurn())
    assert conditions(store, "thug") == [("dazed", 1)]
    to_turn(store, "mara", 2)
    assert conditions(store, "mara") == [("distracted", 1)]
    hindered = preview(store.state, Attack(character="mara", target="thug"))
    assert hindered.roll.odds.final_difficulty == 3  # 3 - light + distracted
    run(store, NextTurn())
    assert conditions(store, "mara") == []
    run(store, NextTurn())
    assert conditions(store, "thug") == []


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
    """A 20 with a stun: the roll, 2 damage and the condition are one command, and so is
    the turn's action it spends (R-CMB-8)."""
    store = thug_fight()
    before = store.state
    events = run(store, Attack(character="mara", target="thug", on_20="stun", die=20))
    assert [type(e) for e in events] == [RollMade, NpcHealthChanged, ConditionAdded, ActionTaken]
    assert events[0].effect == "stun" and events[1].amount == -2
    assert events[3].character == "mara"
    thug = store.state.encounter.combatants["thug"]
    assert thug.health == 7 and [c.name for c in thug.conditions] == ["stunned"]
    assert store.undo() == events
    assert store.state == before


def test_r_cmb_2_a_miss_is_only_the_roll():
    store = thug_fight()
    events = run(store, Attack(character="mara", target="thug", die=3))
    assert [type(e) for e in events] == [RollMade, ActionTaken]  # The turn's action is spent.
    assert not events[0].success
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
    shown = preview(store.state, Attack(character="mara", target="thug"))
    faces = [(h.die, h.bonus, h.effect, h.damage) for h in shown.hits]
    assert faces == [(None, 0, "", 2), *((die, 1, "", 3) for die in (17, 18, 19, 20))]
    with pytest.raises(RuleViolation, match=r"an impaired attacker gets \+1 damage instead"):
        decide(store.state, Attack(character="mara", target="thug", on_20="stun", die=20))
    (roll, hit, spent) = run(store, Attack(character="mara", target="thug", die=20))
    assert hit.amount == -3  # unarmed 2 + 1
    assert isinstance(spent, ActionTaken)


def test_r_spec_4_a_minor_effect_is_no_choice_for_a_19_beyond_the_minor_list():
    store = thug_fight()
    assert "stun" not in special_options(store.state, "mara").effects[19]
    with pytest.raises(RuleViolation, match="cannot bring"):
        decide(store.state, Attack(character="mara", target="thug", on_19="stun", die=19))


def test_r_cmb_2_attacks_are_made_on_the_attackers_turn():
    store = thug_fight()
    with pytest.raises(RuleViolation, match="Mara's turn, not Jun's"):
        decide(store.state, Attack(character="jun", target="thug", die=15))
    run(store, NextTurn())  # Stunned on the thug's turn: Mara loses her next one.
    run(store, AddCondition(targets=("mara",), name="stunned"))
    to_turn(store, "mara", 2)
    assert not can_act_now(store.state, "mara")
    with pytest.raises(RuleViolation, match="stunned and loses this turn"):
        preview(store.state, Attack(character="mara", target="thug"))


PISTOL = WeaponUsed(name="Heavy pistol", category="medium", damage=4, ranged=True, gun=True)


def sheet_fight(mara, *npcs: AddNpcs) -> Store:
    """Mara (as given) first, then the NPCs (a level-3 thug by default), then Jun."""
    return fight(*(npcs or (AddNpcs(name="Thug", level=3),)), pcs=(mara, character("jun")),
                 dice={"mara": 15, "jun": 5})  # fmt: skip


@pytest.mark.parametrize(
    ("skills", "weapon", "final", "steps", "recorded"),
    [
        ({}, MACE, 3, (), ("", False)),
        ({"Medium weapons": "inability"}, MACE, 4, (("inability (Medium weapons)", 1),),
         ("", True)),
        ({"light weapons": "specialized"}, UNARMED, 0,
         (("light weapon", -1), ("specialized (light weapons)", -2)), ("specialized", False)),
        ({"Guns": "trained"}, PISTOL, 2, (("trained (Guns)", -1),), ("trained", False)),
        ({"Guns": "trained", "medium weapons": "inability"}, PISTOL, 3,
         (("trained (Guns)", -1), ("inability (medium weapons)", 1)), ("trained", True)),
    ],
)  # fmt: skip
def test_r_cmb_2_the_attack_reads_the_weapons_training_from_the_sheet(
    skills, weapon, final, steps, recorded
):
    """R-TASK-3: trained eases, specialized eases two steps, an inability hinders; trained
    and an inability cancel. The roll records what the sheet gave."""
    store = sheet_fight(character("mara", skills=skills))
    attack = Attack(character="mara", target="thug", weapon=weapon)
    shown = preview(store.state, attack)
    assert (shown.roll.odds.final_difficulty, shown.steps) == (final, steps)
    (made, *_) = run(store, replace(attack, die=20 if final else None))
    assert (made.skill, made.inability) == recorded


def test_r_task_3_assets_and_a_bonus_count_on_the_attack():
    """Two assets ease two steps (a third is refused); a +2 bonus adds to the die: a mace
    against the level-3 thug: difficulty 1, target 3, and a 1 + 2 hits."""
    store = thug_fight()
    attack = Attack(character="mara", target="thug", weapon=MACE, assets=2, bonus=2)
    shown = preview(store.state, attack)
    assert (shown.roll.odds.final_difficulty, shown.roll.odds.target) == (1, 3)
    assert ("2 assets", -2) in shown.steps
    with pytest.raises(RuleViolation, match="0 to 2 assets"):
        decide(store.state, replace(attack, assets=3))
    (made, hit, spent) = run(store, replace(attack, die=1))
    assert isinstance(spent, ActionTaken)
    assert (made.assets, made.bonus, made.success, hit.amount) == (2, 2, True, -4)


def test_r_cmb_2_gunner_adds_1_damage_with_a_gun_only():
    """Is Licensed to Carry's Gunner: +1 damage with guns (a heavy pistol: 4 + 1), not
    with a knife; without the ability, no extra."""
    gunner = character("mara", abilities=("Gunner",))
    store = sheet_fight(gunner)
    shown = preview(store.state, Attack(character="mara", target="thug", weapon=PISTOL))
    assert shown.parts == (("Heavy pistol", 4), ("Gunner", 1))
    assert {h.die: h.damage for h in shown.hits}[None] == 5
    (_, hit, spent) = run(store, Attack(character="mara", target="thug", weapon=PISTOL, die=12))
    assert isinstance(spent, ActionTaken)
    assert hit.amount == -5
    knife = WeaponUsed(name="Combat knife", category="light", damage=2)
    stabbing = Attack(character="mara", target="thug", weapon=knife)
    assert preview(sheet_fight(gunner).state, stabbing).parts == (("Combat knife", 2),)
    plain = sheet_fight(character("mara"))
    assert preview(plain.state, Attack(character="mara", target="thug", weapon=PISTOL)).parts == (
        ("Heavy pistol", 4),
    )


def test_r_cmb_2_combat_prowess_adds_1_to_the_kind_of_attack_chosen():
    ranged = character("mara", abilities=("Combat Prowess (ranged)",))
    shown = preview(sheet_fight(ranged).state, Attack(character="mara", target="thug",
                                                      weapon=PISTOL))  # fmt: skip
    assert ("Combat Prowess (ranged)", 1) in shown.parts
    shown = preview(sheet_fight(ranged).state, Attack(character="mara", target="thug"))
    assert ("Combat Prowess", 1) not in shown.parts


def test_r_cmb_2_the_weapons_offered_are_the_pcs_own():
    """The equipment the weapons pack names (a pack name, an example, an example within
    the name, or a kind of weapon in another size: medium), then bare hands; the rest of
    the equipment is no weapon."""
    from strange_tui.content.loader import Content

    mara = character("mara", equipment=("Leather jacket", "Heavy pistol", "Combat knife",
                                         "Flashlight", "Heavy melee weapon", "Rifle"))  # fmt: skip
    weapons = weapons_of(mara, Content())
    listed = [(w.name, w.category, w.damage, w.ranged, w.gun) for w in weapons]
    assert listed == [
        ("Heavy pistol", "medium", 4, True, True),
        ("Combat knife", "light", 2, False, False),
        ("Heavy melee weapon", "heavy", 6, False, False),
        ("Rifle", "heavy", 6, True, True),
        ("Unarmed", "light", 2, False, False),
    ]
    brawler = character("jun", abilities=("No Need for Weapons",))
    (fists,) = weapons_of(brawler, Content())
    assert (fists.name, fists.category, fists.damage) == ("Unarmed", "medium", 4)


def two_thugs() -> Store:
    """Mara first against a level-2 and a level-4 thug (Armor 1), Jun last."""
    return fight(AddNpcs(name="Lout", level=2), AddNpcs(name="Brute", level=4, armor=1),
                 dice={"mara": 20, "jun": 1})  # fmt: skip


def test_r_eff_5_an_area_attack_adds_2_a_level_to_each_target_the_die_reaches():
    """One die against each target (Lout level 2: 6 with a light weapon... here a mace:
    target 6; Brute level 4: target 12); Effort on damage adds 2 per level to each,
    not 3. A 9 hits the lout only: 4 + 2 = 6; the brute is missed."""
    store = two_thugs()
    area = Attack(character="mara", target="brute", others=("lout",), area=True,
                  weapon=MACE, damage_effort=1)  # fmt: skip
    shown = preview(store.state, area)
    assert shown.parts == (("Mace", 4), ("Effort 1 (area)", 2))
    assert [(h.die, h.damage) for h in shown.hits][0] == (None, 5)  # 6 less Armor 1
    (lout,) = shown.others
    assert (lout.name, lout.final_difficulty, lout.p_hit, lout.damage) == ("Lout", 2, 0.75, 6)
    made, hit, spent = run(store, replace(area, die=9))
    assert isinstance(spent, ActionTaken)  # One action, however many targets.
    assert made.difficulty == 4 and not made.success  # Recorded against the hardest.
    assert (hit.targets, hit.amount) == (("lout",), -6)
    npcs = store.state.encounter.combatants
    assert (npcs["lout"].health, npcs["brute"].health) == (0, 12)


def test_r_eff_5_an_area_attack_that_reaches_every_target_hits_each_less_its_armor():
    store = two_thugs()
    made, hit, spent = run(store, Attack(character="mara", target="lout", others=("brute",),
                                         area=True, die=18))  # fmt: skip
    assert isinstance(spent, ActionTaken)
    assert made.success and hit.targets == ("lout", "brute") and hit.amount == -4  # 2 + 2
    npcs = store.state.encounter.combatants
    assert (npcs["lout"].health, npcs["brute"].health) == (2, 9)


@pytest.mark.parametrize(
    ("attack", "reason"),
    [
        (Attack(character="mara", target="lout", others=("brute",)), "area attack"),
        (Attack(character="mara", target="lout", others=("lout",), area=True), "once"),
        (Attack(character="mara", target="lout", area=True, on_20="stun"), "as damage"),
        (Attack(character="mara", target="lout", others=("jun",), area=True), "is a PC"),
    ],
)
def test_r_eff_5_what_makes_no_area_attack_is_refused(attack, reason):
    with pytest.raises(RuleViolation, match=reason):
        decide(two_thugs().state, attack)


@pytest.mark.parametrize(
    ("skills", "stat", "skill", "final"),
    [
        ({"Speed defense": "trained"}, Stat.SPEED, "trained", 2),
        ({"Might defense": "inability"}, Stat.MIGHT, "inability", 4),
        ({"Mental defense": "specialized"}, Stat.INTELLECT, "specialized", 1),
        ({"Might defense": "trained"}, Stat.SPEED, "", 3),
    ],
)
def test_r_cmb_3_the_defense_reads_the_defense_training_from_the_sheet(skills, stat, skill, final):
    store = sheet_fight(character("mara", skills=skills))
    run(store, NextTurn())
    assert defense_skill(store.state, "mara", stat) == skill
    shown = preview(store.state, Defend(character="mara", npc="thug", stat=stat))
    assert (shown.skill, shown.roll.odds.final_difficulty) == (skill, final)
    (made, *_) = run(store, Defend(character="mara", npc="thug", stat=stat, die=2))
    assert ("inability" if made.inability else made.skill) == skill


def test_r_cmb_3_the_player_may_choose_another_defense_skill_than_the_sheets():
    store = sheet_fight(character("mara", skills={"Speed defense": "trained"}))
    run(store, NextTurn())
    shown = preview(store.state, Defend(character="mara", npc="thug", skill=""))
    assert (shown.skill, shown.roll.odds.final_difficulty) == ("", 3)


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
    ended, *_ = run(store, EndCombat())
    assert isinstance(ended, CombatEnded) and (ended.rounds, ended.dealt) == (1, 4)
    assert store.state.encounter is None
    with pytest.raises(RuleViolation, match="no fight under way"):
        decide(store.state, EndCombat())


def test_r_cmb_9_ending_a_fight_moves_the_clock_by_its_rounds_in_the_same_step():
    """Eleven rounds are 66 seconds of game time: the fight's end moves the clock by them,
    one step (one undo), and the log says why; a fight that never rolled initiative took
    no time."""
    from strange_tui.campaign.model.events import ClockAdvanced
    from strange_tui.campaign.narrate.log import command_sentence, names_of

    store = thug_fight()
    began = store.state.clock.seconds
    for _ in range(10 * len(store.state.encounter.order)):
        run(store, NextTurn())
    assert store.state.encounter.round == 11
    events = run(store, EndCombat())
    assert [type(e) for e in events][:2] == [CombatEnded, ClockAdvanced]
    assert store.state.clock.seconds == began + 66
    assert "the fight's 11 rounds" in command_sentence(events, names_of(store.state))
    store.undo()
    assert (store.state.clock.seconds, store.state.encounter is not None) == (began, True)
    unrolled = fight(AddNpcs(name="Thug", level=3), dice=None)
    assert [type(e) for e in run(unrolled, EndCombat())] == [CombatEnded]


def test_r_spec_1_a_natural_1_on_initiative_is_the_gms_free_intrusion():
    """Mara's initiative die shows 1: the log says so, and the fight counts the intrusion."""
    from strange_tui.campaign.narrate.log import command_sentence, names_of

    store = fight(AddNpcs(name="Thug", level=3))
    (rolled,) = run(store, RollInitiative(dice={"mara": 1, "jun": 12}))
    assert store.state.encounter.intrusions == 1
    line = command_sentence((rolled,), names_of(store.state))
    assert "Mara 1 (a 1: the GM's free intrusion)" in line and "Jun 12 (" not in line
