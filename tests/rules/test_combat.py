"""Combat rules: initiative, attack and defense, swarms and bosses, conditions (R-CMB)."""

import pytest

from strange_tui.rules import RuleViolation
from strange_tui.rules.combat import (
    Condition,
    attack_damage,
    attack_difficulty,
    boss,
    defense_difficulty,
    hindrance,
    initiative_difficulty,
    initiative_order,
    swarm,
    swarm_split,
    tick,
)


def test_r_cmb_1_initiative_successes_then_npcs_then_failures():
    """R-CMB-1: PCs who succeed act before the NPCs, in the players' order; others after."""
    order = initiative_order(["mara", "jun", "tess"], ["thug", "rats"], succeeded={"tess", "mara"})
    assert order == ("mara", "tess", "thug", "rats", "jun")


def test_r_cmb_1_initiative_is_set_by_the_highest_npc_level():
    assert initiative_difficulty([2, 5, 3]) == 5
    with pytest.raises(RuleViolation, match="Add an NPC first"):
        initiative_difficulty([])


def test_r_cmb_2_attack_at_the_target_level_light_eases():
    """R-CMB-2: a task at the target's level, eased one step for light weapons."""
    assert attack_difficulty(4) == 4
    assert attack_difficulty(4, light=True) == 3


def test_r_cmb_2_damage_is_weapon_plus_effort_plus_special_less_armor():
    """R-CMB-2: 4 + 3 (Effort) + 2 (an 18) - Armor 2 = 7; never below 0."""
    assert attack_damage(4, 3, 2, armor=2) == 7
    assert attack_damage(2, 0, 0, armor=5) == 0


def test_r_cmb_3_defense_at_the_npc_level_eased_when_it_is_hindered():
    """R-CMB-3, R-CMB-4: defend at the NPC's level; a dazed NPC is easier to defend against."""
    assert defense_difficulty(3) == 3
    assert defense_difficulty(3, npc=[Condition(name="dazed", rounds=1)]) == 2


def test_r_cmb_4_exposed_foes_are_easier_to_hit():
    """R-CMB-4: a stunned or prone foe is hit more easily."""
    assert attack_difficulty(4, target=[Condition(name="stunned")]) == 3


def test_r_cmb_4_conditions_count_down_and_expire():
    """R-CMB-4: each round takes one off; at 0 they are gone; 0-round ones last."""
    conditions = (Condition(name="stunned", rounds=1), Condition(name="dazed", rounds=2),
                  Condition(name="impaired", rounds=0))  # fmt: skip
    after = tick(conditions)
    assert [(c.name, c.rounds) for c in after] == [("dazed", 1), ("impaired", 0)]
    assert [c.name for c in tick(after)] == ["impaired"]
    assert hindrance(after) == 2


def test_r_cmb_5_swarm_and_boss():
    """R-CMB-5: a swarm acts as one of level + 1 with 2 more damage; a boss adds 3 damage."""
    assert swarm(2, 2) == (3, 4)
    assert boss(5) == 8
    assert attack_difficulty(4, boss=True) == 5 and defense_difficulty(4, boss=True) == 5


def test_r_cmb_5_every_four_creatures_make_a_swarm_the_rest_fight_alone():
    """R-CMB-5: 9 creatures: 2 swarms and 1 creature; fewer than 4 make no swarm."""
    assert swarm_split(9) == (2, 1)
    assert swarm_split(4) == (1, 0)
    with pytest.raises(RuleViolation, match="3 cannot make one"):
        swarm_split(3)


def test_r_cmb_6_armor_and_its_burden():
    """R-CMB-6: light/medium/heavy give 1/2/3 Armor; unpracticed, Might 1/2/3 an hour and
    2/3/5 off the Speed pool; practiced, no burden. The CSRD reading: +1/+2/+3 per level of
    Speed Effort."""
    from strange_tui.rules.combat import armor_burden, armor_effort_penalty

    assert [armor_burden(c, practiced=False) for c in ("light", "medium", "heavy")] == [
        (1, 1, 2), (2, 2, 3), (3, 3, 5),
    ]  # fmt: skip
    assert armor_burden("heavy", practiced=True) == (3, 0, 0)
    assert armor_effort_penalty("medium") == 2
    with pytest.raises(RuleViolation):
        armor_burden("mithril", practiced=True)


def test_r_cmb_7_distances_and_movement():
    from strange_tui.rules.combat import distance_band, movement

    assert [distance_band(m) for m in (2, 3, 10, 30, 31)] == [
        "immediate", "immediate", "short", "long", "very long",
    ]  # fmt: skip
    assert movement("immediate") == "as part of another action"
    assert movement("long").endswith("Speed task")
