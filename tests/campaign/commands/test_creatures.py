"""A pack's creature in a fight: its modifications and powers apply where the table acts
(R-NPC-1, R-NPC-2), through the same commands a quick "level N" NPC uses."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Attack,
    DamageNpcs,
    Defend,
    NextTurn,
    WeaponUsed,
)
from strange_tui.campaign.model.creatures import attacks_a_turn, immune_to, level_for, rises
from strange_tui.campaign.model.events import (
    ConditionAdded,
    DamageTaken,
    NpcHealthChanged,
    RollMade,
    TrackShifted,
)
from strange_tui.content.creature_powers import (
    AreaAttack,
    Attacks,
    AsLevel,
    IgnoresArmor,
    Immune,
    Rider,
    Rises,
)
from strange_tui.content.loader import Content
from strange_tui.rules.track import DamageTrack
from tests.campaign.commands.test_combat import MACE, fight, run

CREATURES = Content().kind("creatures")
BLASTER = WeaponUsed(name="Blaster", category="medium", damage=4, ranged=True)


def creature_fight(creature_id: str, *, npc_first: bool = False, **choices):
    """Mara and Jun against one creature of the built-in pack; Mara acts first unless
    ``npc_first``."""
    add = AddNpcs.of_creature(CREATURES[creature_id], **choices)
    order = {"mara": 5, "jun": 4} if npc_first else {"mara": 15, "jun": 5}
    return fight(add, dice=order)


def npc_id(store) -> str:
    return next(c.id for c in store.state.encounter.combatants.values() if not c.pc)


def test_r_npc_1_a_pc_attacks_the_ai_zombie_at_its_speed_defense_level_2():
    store = creature_fight("ai-zombie")
    attack = Attack(character="mara", target=npc_id(store), weapon=MACE)
    shown = preview(store.state, attack)
    assert shown.roll.odds.final_difficulty == 2
    assert ("AI Zombie: Speed defense as level 2", -1) in shown.steps
    events = decide(store.state, replace(attack, die=6))
    (made,) = [e for e in events if isinstance(e, RollMade)]
    assert made.success  # 6 reaches the target of 6 (level 2); at level 3 it would miss.


def test_r_npc_1_a_pc_defends_against_ranged_attacks_as_level_5():
    """The manticore (level 6) makes its ranged attacks as level 5: at range, 5."""
    store = creature_fight("manticore", npc_first=True)
    manticore = npc_id(store)
    melee = preview(store.state, Defend(character="mara", npc=manticore, ranged=False))
    at_range = preview(store.state, Defend(character="mara", npc=manticore, ranged=True))
    assert melee.roll.odds.final_difficulty == 6
    assert at_range.roll.odds.final_difficulty == 5
    assert "Manticore: Ranged attacks as level 5" in at_range.creature


def test_r_npc_1_a_situational_modification_counts_when_the_gm_says_it_holds():
    """The assassin attacks from hiding as level 7 (its own level is 6)."""
    store = creature_fight("assassin", npc_first=True)
    assassin = npc_id(store)
    plain = preview(store.state, Defend(character="mara", npc=assassin))
    hidden = Defend(character="mara", npc=assassin, situations=("attacking from hiding",))
    assert plain.roll.odds.final_difficulty == 6
    assert "attacking from hiding" in plain.situations
    assert preview(store.state, hidden).roll.odds.final_difficulty == 7


def test_r_npc_1_the_swarm_and_boss_packages_apply_on_top():
    store = creature_fight("ai-zombie", boss=True)
    attack = Attack(character="mara", target=npc_id(store), weapon=MACE)
    assert preview(store.state, attack).roll.odds.final_difficulty == 3  # 2, +1 boss.
    swarm = fight(AddNpcs.of_creature(CREATURES["ai-zombie"], count=4, swarm=True))
    assert level_for(swarm.state.encounter.npcs()[0], {"speed defense"})[0] == 3  # 2, +1.


@pytest.mark.parametrize(
    ("tasks", "tags", "level"),
    [
        (("speed defense",), {"defense", "speed defense"}, 2),
        (("might defense",), {"defense", "might defense"}, 6),
        (("intellect defense",), {"defense", "intellect defense"}, 7),
        (("attacks",), {"attacks", "melee attacks"}, 5),
        (("melee attacks",), {"attacks", "melee attacks"}, 5),
        (("perception",), {"perception"}, 7),
        (("stealth",), {"stealth"}, 8),
        (("deception",), {"deception"}, 1),
        (("knowledge",), {"knowledge"}, 9),
    ],
)
def test_r_npc_1_every_kind_of_modification_sets_the_level_of_its_task(tasks, tags, level):
    store = fight(AddNpcs(name="Oddity", level=4, effects=(AsLevel(tasks=tasks, level=level),)))
    npc = store.state.encounter.npcs()[0]
    assert level_for(npc, tags)[0] == level
    assert level_for(npc, {"swimming"})[0] == 4  # Any other task: its own level.


def test_r_npc_2_the_abomination_regains_2_health_as_its_turn_begins():
    store = creature_fight("abomination")
    abomination = npc_id(store)
    run(store, DamageNpcs(targets=(abomination,), amount=10))  # 22 - (10 - Armor 2) = 14.
    events = run(store, NextTurn())  # Mara's turn ends: the abomination's begins.
    regained = [e for e in events if isinstance(e, NpcHealthChanged)]
    assert [(e.amount, e.source) for e in regained] == [(2, "regenerates")]
    assert store.state.encounter.combatants[abomination].health == 16


def test_r_npc_2_the_abomination_takes_5_less_from_an_energy_attack():
    store = creature_fight("abomination")
    abomination = npc_id(store)
    plain = Attack(character="mara", target=abomination, weapon=BLASTER, die=16)
    energy = Attack(character="mara", target=abomination, weapon=BLASTER, die=16, harm="energy")
    assert preview(store.state, plain).hits[0].damage == 2  # 4 - Armor 2.
    shown = preview(store.state, energy)
    assert shown.hits[0].damage == 0  # 4 - (2 + 5), never below 0.
    assert "Abomination: +5 Armor against energy" in shown.creature
    run(store, energy)
    assert store.state.encounter.combatants[abomination].health == 22


def test_r_npc_2_the_abominations_bite_asks_a_might_defense_or_a_step_down_the_track():
    store = creature_fight("abomination", npc_first=True)
    abomination = npc_id(store)
    defend = Defend(character="mara", npc=abomination, die=2, rider_die=3)
    assert any("Might defense at level 5" in line for line in preview(store.state, defend).creature)
    events = run(store, defend)
    rolls = [e for e in events if isinstance(e, RollMade)]
    assert [(r.stat.value, r.die, r.success) for r in rolls] == [
        ("speed", 2, False), ("might", 3, False),
    ]  # fmt: skip
    assert any(isinstance(e, DamageTaken) for e in events)
    assert [e.steps for e in events if isinstance(e, TrackShifted)] == [1]
    assert store.state.characters["mara"].track is DamageTrack.IMPAIRED


def test_r_npc_2_a_rider_resisted_lands_nothing_more():
    store = creature_fight("abomination", npc_first=True)
    events = run(store, Defend(character="mara", npc=npc_id(store), die=2, rider_die=20))
    assert not any(isinstance(e, TrackShifted) for e in events)


def test_r_npc_2_a_rider_condition_lands_on_a_failure():
    rider = Rider(stat="speed", condition="paralysed", rounds=2)
    store = fight(AddNpcs(name="Ghoul", level=2, effects=(rider,)), dice={"mara": 1, "jun": 1})
    events = run(store, Defend(character="mara", npc="ghoul", die=1, rider_die=1))
    (added,) = [e for e in events if isinstance(e, ConditionAdded)]
    assert (added.targets, added.condition.name, added.condition.rounds) == (
        ("mara",), "paralysed", 2,
    )  # fmt: skip


def test_r_npc_2_an_attack_that_ignores_armor_takes_the_whole_damage():
    """Mara wears Armor 1: a wraith's touch goes through it, a thug's blow does not."""
    wraith = AddNpcs(name="Wraith", level=3, effects=(IgnoresArmor(),))
    store = fight(wraith, dice={"mara": 1, "jun": 1})
    shown = preview(store.state, Defend(character="mara", npc="wraith"))
    assert (shown.armor, shown.taken) == (0, 3)
    assert "Wraith: its attack goes through Armor" in shown.creature
    store = fight(AddNpcs(name="Thug", level=3), dice={"mara": 1, "jun": 1})
    assert preview(store.state, Defend(character="mara", npc="thug")).taken == 2


def test_r_npc_2_several_attacks_immunities_and_rising_are_read_from_the_records():
    npc = fight(
        AddNpcs(
            name="Hydra",
            level=5,
            effects=(
                Attacks(count=3),
                AreaAttack(name="breath", damage=4, range="short"),
                Immune(to=("poison", "stun")),
                Rises(health=5),
            ),
        )
    ).state.encounter.npcs()[0]
    assert attacks_a_turn(npc) == 3
    assert immune_to(npc, "stun") and not immune_to(npc, "grab")
    assert rises(npc) == Rises(health=5)


def test_r_npc_2_an_area_attack_asks_each_pc_its_own_defense_with_its_damage_and_pool():
    breath = AreaAttack(name="breath", damage=6, range="short", stat="speed", half=True)
    store = fight(AddNpcs(name="Drake", level=4, effects=(breath,)), dice={"mara": 1, "jun": 1})
    shown = preview(store.state, Defend(character="mara", npc="drake", area="breath"))
    assert (shown.damage, shown.taken) == (6, 5)  # Less Mara's Armor 1.
    assert "Drake's breath: every PC within short range; half on a success" in shown.creature
    failed = run(store, Defend(character="mara", npc="drake", area="breath", die=1))
    assert [e.amount for e in failed if isinstance(e, DamageTaken)] == [6]
    dodged = run(store, Defend(character="jun", npc="drake", area="breath", die=20))
    assert [e.amount for e in dodged if isinstance(e, DamageTaken)] == [3]
    with pytest.raises(Exception, match="no area attack called 'bite'"):
        decide(store.state, Defend(character="mara", npc="drake", area="bite"))


def test_r_npc_1_a_grab_meets_the_creatures_might_defense_and_an_immune_one_refuses():
    from strange_tui.campaign.commands.combat import Grab

    troll = AsLevel(tasks=("might defense",), level=7)
    store = fight(AddNpcs(name="Troll", level=5, effects=(troll,)), dice={"mara": 20, "jun": 20})
    shown = preview(store.state, Grab(character="mara", target="troll"))
    assert shown.roll.odds.final_difficulty == 7
    assert "Troll's level 7 (Might defense as level 7)" in shown.lines[0]
    ooze = AddNpcs(name="Ooze", level=2, effects=(Immune(to=("grab",)),))
    store = fight(ooze, dice={"mara": 20, "jun": 20})
    with pytest.raises(Exception, match="Ooze cannot be grabbed"):
        decide(store.state, Grab(character="mara", target="ooze"))


def test_r_npc_2_several_attacks_each_deal_the_damage_their_record_gives():
    heads = Attacks(count=3, damage=2, name="heads")
    store = fight(AddNpcs(name="Hydra", level=5, effects=(heads,)), dice={"mara": 1, "jun": 1})
    assert preview(store.state, Defend(character="mara", npc="hydra")).damage == 2


def test_r_npc_2_the_defense_preview_shows_the_hit_before_a_rider_die_is_typed():
    store = creature_fight("abomination", npc_first=True)
    shown = preview(store.state, Defend(character="mara", npc=npc_id(store)))
    assert shown.problem is None and shown.track is DamageTrack.HALE


def test_r_npc_2_a_situational_regeneration_is_left_to_the_gm():
    """The AI Zombie regenerates only while it picks up radio signals: the app cannot know."""
    store = creature_fight("ai-zombie")
    zombie = npc_id(store)
    run(store, DamageNpcs(targets=(zombie,), amount=4))
    events = run(store, NextTurn())
    assert not [e for e in events if isinstance(e, NpcHealthChanged)]
    assert store.state.encounter.combatants[zombie].health == 8
