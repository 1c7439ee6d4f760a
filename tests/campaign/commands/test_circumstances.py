"""Circumstances in rolls, attacks and defenses, driven through decide and preview
(R-CIR-1, R-CIR-2, R-CIR-3): the steps itemised with who gains, support for darkness, the
range gravity leaves a weapon, and what the tracker applies on its own in a round."""

import pytest
from msgspec.structs import replace

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.combat import (
    AddNpcs,
    Attack,
    Defend,
    NextTurn,
    WeaponUsed,
)
from strange_tui.campaign.commands.rolls.circumstances import circumstance_choices
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import (
    ActionTaken,
    ConditionAdded,
    NpcHealthChanged,
    RollMade,
    TrackShifted,
    XpAwarded,
    XpSpent,
)
from strange_tui.campaign.narrate.log import command_sentence
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from tests.campaign.builders import character
from tests.campaign.commands.test_combat import fight, run, thug_fight

MACE = WeaponUsed(name="Mace", category="medium", damage=4)
PISTOL = WeaponUsed(name="Pistol", category="medium", damage=4, ranged=True, range="long")
CANNON = WeaponUsed(name="Cannon", category="heavy", damage=6, ranged=True, range="long")
COVER_AND_LIGHT = ("partial-cover", "dim-light")
NAMES = {"mara": "Mara", "jun": "Jun", "ika": "Ika", "thug": "Thug"}


def test_r_cir_1_partial_cover_and_dim_light_make_an_attack_two_steps_harder():
    store = thug_fight()
    plain = preview(store.state, Attack(character="mara", target="thug", weapon=MACE))
    attack = Attack(character="mara", target="thug", weapon=MACE, circumstances=COVER_AND_LIGHT)
    shown = preview(store.state, attack)
    assert (plain.roll.odds.final_difficulty, shown.roll.odds.final_difficulty) == (3, 5)
    lines = (("partial cover, the target's advantage", 1), ("dim light, the target's advantage", 1))
    assert shown.roll.circumstances == lines
    assert shown.steps == lines  # itemised, not lumped into 'hindered'
    events = run(store, replace(attack, die=14))
    assert [type(e) for e in events] == [RollMade, ActionTaken]  # 14 misses at 5 (target 15)
    assert events[0].circumstances == ("partial cover", "dim light")
    assert events[0].hindrances == 2
    line = command_sentence(events, NAMES)
    assert "(partial cover and dim light; Challenging 5, target 15): failure" in line


def test_r_cir_1_the_same_circumstances_ease_a_defense_two_steps():
    store = fight(AddNpcs(name="Thug", level=3), dice={"mara": 1, "jun": 1})
    assert store.state.encounter.active.id == "thug"
    defend = Defend(character="mara", npc="thug", circumstances=COVER_AND_LIGHT)
    shown = preview(store.state, defend)
    assert shown.roll.odds.final_difficulty == 1
    assert shown.roll.circumstances == (
        ("partial cover, the target's advantage", -1),
        ("dim light, the target's advantage", -1),
    )
    (made, *_) = run(store, replace(defend, die=4))
    assert made.success and made.eased == 2 and made.circumstances == ("partial cover", "dim light")


def test_r_cir_1_a_task_in_dim_light_is_hindered():
    store = thug_fight()
    roll = Roll(character="jun", stat=Stat.INTELLECT, difficulty=2, circumstances=("dim-light",))
    shown = preview(store.state, roll)
    assert shown.odds.final_difficulty == 3
    assert shown.circumstances == (("dim light, the target's advantage", 1),)
    assert shown.support_needed is None


def test_r_cir_1_darkness_without_support_is_refused_and_xp_lets_it_through():
    store = fight(AddNpcs(name="Thug", level=1), dice={"mara": 15, "jun": 5})
    attack = Attack(character="mara", target="thug", weapon=MACE, circumstances=("darkness",))
    shown = preview(store.state, attack)
    assert shown.roll.support_needed is not None
    assert "total darkness" in shown.roll.support_needed
    assert shown.roll.odds.final_difficulty == 5  # level 1, 4 steps harder
    with pytest.raises(RuleViolation, match="misses unless a supporting task succeeds first"):
        decide(store.state, replace(attack, die=20))
    # No XP: refused with a clear message, in the preview and the decision alike.
    paid = replace(attack, support="xp", die=20)
    assert "has no XP" in (preview(store.state, paid).roll.problem or "")
    with pytest.raises(RuleViolation, match="Mara has no XP: 1 XP would let the attack"):
        decide(store.state, paid)
    store.dispatch(XpAwarded(character="mara", amount=2))
    events = run(store, paid)
    assert [type(e) for e in events] == [XpSpent, RollMade, NpcHealthChanged, ActionTaken]
    assert events[0].amount == 1 and "total darkness" in events[0].reason
    assert events[1].support == "xp" and events[1].circumstances == ("total darkness",)
    assert store.state.characters["mara"].xp == 1
    assert "1 XP let it through" in command_sentence(events, NAMES)


def test_r_cir_1_a_supporting_task_or_the_gms_intrusion_is_recorded():
    store = thug_fight()
    for support, words in (("task", "a supporting task"), ("intrusion", "the GM intruded")):
        attack = Attack(
            character="mara",
            target="thug",
            circumstances=("invisible",),
            support=support,
            die=3,
        )
        shown = preview(store.state, attack)
        assert shown.roll.support_needed is None
        (made, spent) = decide(store.state, attack)
        assert made.support == support and made.hindrances == 4
        assert isinstance(spent, ActionTaken)
        assert words in command_sentence([made], NAMES)


def test_r_cir_1_one_of_a_group_and_ranged_only_on_a_ranged_attack():
    store = thug_fight()
    both = Attack(character="mara", target="thug", circumstances=("dim-light", "darkness"))
    with pytest.raises(RuleViolation, match="Pick one light"):
        preview(store.state, both)
    point_blank = Attack(
        character="mara", target="thug", weapon=MACE, circumstances=("point-blank",)
    )
    with pytest.raises(RuleViolation, match="counts for ranged attacks only"):
        decide(store.state, replace(point_blank, die=15))
    shot = replace(point_blank, weapon=PISTOL)
    assert preview(store.state, shot).steps[0] == (
        "point-blank range, the attacker's advantage",
        -1,
    )


def test_r_cir_2_gravity_moves_the_range_and_low_gravity_lightens_heavy_weapons():
    store = thug_fight()
    attack = Attack(character="mara", target="thug", weapon=CANNON)
    assert preview(store.state, attack).range == "long"
    low = replace(attack, circumstances=("low-gravity",))
    shown = preview(store.state, low)
    assert shown.range == "very long"
    assert shown.parts == (("Cannon", 6), ("heavy weapon in low gravity", -2))
    assert shown.roll.odds.final_difficulty == 3  # low gravity gives no one an advantage
    high = preview(store.state, replace(attack, circumstances=("high-gravity",)))
    assert high.range == "short" and high.roll.odds.final_difficulty == 4
    assert preview(store.state, Attack(character="mara", target="thug", weapon=MACE)).range == (
        "immediate"
    )
    events = run(store, replace(low, die=12))
    assert events[1].amount == -4


def three_fight():
    """Mara, Jun and Ika act first (in that order), then the thug (level 3, 30 health)."""
    pcs = (character("mara"), character("jun"), character("ika"))
    store = fight(
        AddNpcs(name="Thug", level=3, health=30), pcs=pcs, dice={"mara": 18, "jun": 15, "ika": 12}
    )
    assert store.state.encounter.order[:3] == ("mara", "jun", "ika")
    return store


def test_r_cir_3_a_melee_and_a_ranged_hit_catch_the_foe_high_and_low():
    store = three_fight()
    shot = run(store, Attack(character="mara", target="thug", weapon=PISTOL, die=15))
    assert [type(e) for e in shot] == [RollMade, NpcHealthChanged, ActionTaken]
    assert store.state.encounter.attacks["thug"] == (("mara", True, True),)
    run(store, NextTurn())
    swing = run(store, Attack(character="jun", target="thug", weapon=MACE, die=15))
    assert [type(e) for e in swing] == [RollMade, NpcHealthChanged, ConditionAdded, ActionTaken]
    assert swing[2].condition.name == "caught high and low" and swing[2].condition.rounds == 1
    thug = store.state.encounter.combatants["thug"]
    assert [c.name for c in thug.conditions] == ["caught high and low"]
    assert thug.conditions[0].hinders == 1
    # A third hit of either kind does not make a new pair this round.
    run(store, NextTurn())
    again = run(store, Attack(character="ika", target="thug", weapon=MACE, die=15))
    assert ConditionAdded not in [type(e) for e in again]
    # The thug's next task (its attack) is hindered: Mara defends at 2, not 3.
    run(store, NextTurn())
    defend = preview(store.state, Defend(character="mara", npc="thug"))
    assert defend.roll.odds.final_difficulty == 2


def test_r_cir_3_a_miss_makes_no_pair():
    store = three_fight()
    run(store, Attack(character="mara", target="thug", weapon=PISTOL, die=2))
    run(store, NextTurn())
    swing = run(store, Attack(character="jun", target="thug", weapon=MACE, die=15))
    assert ConditionAdded not in [type(e) for e in swing]


def test_r_cir_3_three_melee_attackers_each_get_1_once_the_third_joins():
    """Seed 003: "If three characters attack a single foe in melee, they all gain +1 bonus
    on attack". The third gets it as they join (the first two had rolled); in the next
    round each of the three keeps it while attacking the same foe; the log says why."""
    store = three_fight()
    run(store, Attack(character="mara", target="thug", weapon=MACE, die=2))  # a miss counts
    run(store, NextTurn())
    jun = Attack(character="jun", target="thug", weapon=MACE)
    assert preview(store.state, jun).bonuses == ()
    run(store, replace(jun, die=2))
    run(store, NextTurn())
    ika = Attack(character="ika", target="thug", weapon=MACE)
    shown = preview(store.state, ika)
    assert shown.bonuses == (("three attack it in melee (with Jun and Mara)", 1),)
    assert shown.roll.odds.bonus == 1
    # A ranged attack gets nothing from it.
    assert preview(store.state, replace(ika, weapon=PISTOL)).bonuses == ()
    made, _, spent = run(store, replace(ika, die=8))  # 8 + 1 hits a level 3 foe (target 9)
    assert made.bonus == 1 and made.die == 8 and made.success
    assert "three attack it in melee (with Jun and Mara): +1" in made.circumstances
    assert isinstance(spent, ActionTaken)
    run(store, NextTurn())  # the thug's turn
    run(store, NextTurn())  # round 2: Mara, first of the three to attack again
    assert store.state.encounter.round == 2 and store.state.encounter.attacks == {}
    mara = Attack(character="mara", target="thug", weapon=MACE)
    assert preview(store.state, mara).bonuses == (
        ("three attack it in melee (with Ika and Jun)", 1),)  # fmt: skip
    assert preview(store.state, replace(mara, weapon=PISTOL)).bonuses == ()


def test_r_cir_3_three_who_set_on_a_foe_together_all_get_1_from_the_first_roll():
    """Seed 003: "they all gain +1 bonus on attack": Mara says she attacks the thug with
    Jun and Ika, and her roll has the +1 already; Jun says he joins Ika (Mara has rolled),
    and has it too; Ika, the third, has it as before. Without saying so, the first gets
    nothing (two others must attack it with her)."""
    store = three_fight()
    mara = Attack(character="mara", target="thug", weapon=MACE)
    assert preview(store.state, mara).bonuses == ()
    together = replace(mara, joining=("jun", "ika"))
    assert preview(store.state, together).bonuses == (
        ("three attack it in melee (with Ika and Jun)", 1),)  # fmt: skip
    assert preview(store.state, replace(together, weapon=PISTOL)).bonuses == ()
    made, *_ = run(store, replace(together, die=8))  # 8 + 1 hits a level 3 foe (target 9)
    assert (made.bonus, made.success) == (1, True)
    assert "three attack it in melee (with Ika and Jun): +1" in made.circumstances
    run(store, NextTurn())
    jun = Attack(character="jun", target="thug", weapon=MACE, joining=("ika",))
    assert preview(store.state, jun).roll.odds.bonus == 1
    (made, *_) = run(store, replace(jun, die=8))
    assert made.bonus == 1
    run(store, NextTurn())
    assert preview(store.state, Attack(character="ika", target="thug", weapon=MACE)).bonuses


@pytest.mark.parametrize(
    ("joining", "reason"),
    [
        (("mara",), "Mara cannot join the attack"),
        (("thug",), "thug cannot join the attack"),
        (("jun", "jun"), "each one the attack joins once"),
        (("nobody",), "nobody cannot join the attack"),
    ],
)
def test_r_cir_3_an_attack_joins_only_the_other_pcs_of_the_fight(joining, reason):
    store = three_fight()
    attack = Attack(character="mara", target="thug", weapon=MACE, joining=joining)
    with pytest.raises(RuleViolation, match=reason):
        decide(store.state, attack)


def test_r_cir_3_r_dmg_4_a_debilitated_pc_joins_no_attack():
    store = three_fight()
    store.dispatch(TrackShifted(character="ika", steps=2))
    attack = Attack(character="mara", target="thug", weapon=MACE, joining=("jun", "ika"))
    with pytest.raises(RuleViolation, match="Ika cannot join the attack"):
        decide(store.state, attack)


def test_r_cir_1_the_dialogs_choices_fit_the_roll():
    melee = {c.id: c.text for c in circumstance_choices("attack", ranged=False)}
    assert melee["dim-light"] == "dim light: target +1"
    assert melee["darkness"] == "total darkness: target +4 (needs support)"
    assert melee["close-quarters"] == "close quarters: reaching weapons"
    assert "point-blank" not in melee and "prone-melee" in melee
    task = {c.id for c in circumstance_choices("task")}
    assert "close-quarters" not in task and "low-gravity" in task
