"""The cheat sheet's circumstances as rules: steps by role, groups, support, ranges and
the weapon distinctions (R-CIR-1, R-CIR-2, R-WPN-1)."""

import pytest

from strange_tui.rules.circumstances import (
    CIRCUMSTANCES,
    RANGES,
    circumstance_steps,
    circumstances_of,
    distinction_damage,
    heavy_weapon_damage,
    needs_support,
    range_shift,
    reach_steps,
    shifted_range,
    stabbing_damage,
)
from strange_tui.rules.errors import RuleViolation


def test_r_cir_1_an_advantage_hinders_one_side_and_eases_the_other():
    cover_and_light = circumstances_of(["partial-cover", "dim-light"])
    assert circumstance_steps(cover_and_light, "attacker") == (
        ("partial cover", 1),
        ("dim light", 1),
    )
    assert circumstance_steps(cover_and_light, "target") == (
        ("partial cover", -1),
        ("dim light", -1),
    )
    unaware = circumstances_of(["unaware"])
    assert circumstance_steps(unaware, "attacker") == (("unaware target", -1),)


def test_r_cir_1_one_of_a_group_and_each_kind_of_attack_its_own():
    with pytest.raises(RuleViolation, match="Pick one light: dim light or total darkness"):
        circumstances_of(["dim-light", "darkness"])
    with pytest.raises(RuleViolation, match="counts for ranged attacks only"):
        circumstances_of(["point-blank"], ranged=False)
    with pytest.raises(RuleViolation, match="No circumstance"):
        circumstances_of(["fog-of-war"])
    assert circumstances_of(["point-blank"], ranged=True)[0].favours == "attacker"


def test_r_cir_1_darkness_invisibility_and_dense_mist_need_support():
    needing = {c.id for c in needs_support(CIRCUMSTANCES.values())}
    assert needing == {"darkness", "invisible", "dense-mist-short"}
    assert CIRCUMSTANCES["darkness"].steps == CIRCUMSTANCES["invisible"].steps == 4


def test_r_cir_2_gravity_moves_ranges_and_heavy_damage():
    low = circumstances_of(["low-gravity"])
    assert (range_shift(low), heavy_weapon_damage(low)) == (1, -2)
    assert circumstance_steps(low, "attacker") == ()
    assert range_shift(circumstances_of(["high-gravity"])) == -1
    assert RANGES == ("immediate", "short", "long", "very long")
    assert shifted_range("short", 1) == "long"
    assert shifted_range("long", 5) == "very long"
    assert shifted_range("immediate", -1) == "immediate"


def test_r_wpn_1_distinctions_by_armor_and_die():
    assert [distinction_damage("armor-piercing", armor) for armor in (0, 1, 3)] == [-1, 1, 1]
    assert [distinction_damage("slashing", armor) for armor in (0, 2)] == [1, -1]
    assert distinction_damage("", 2) == 0
    assert [stabbing_damage("stabbing", die) for die in (None, 5, 6, 16, 17, 20)] == [
        0,
        -1,
        0,
        0,
        1,
        1,
    ]
    assert stabbing_damage("slashing", 20) == 0


def test_r_wpn_1_reach_eases_unless_the_foe_has_reach_or_quarters_are_close():
    assert reach_steps("reaching", ()) == -1
    assert reach_steps("reaching", circumstances_of(["foe-has-reach"])) == 0
    assert reach_steps("reaching", circumstances_of(["close-quarters"])) == 1
    assert reach_steps("slashing", ()) == 0
    assert circumstance_steps(circumstances_of(["close-quarters"]), "attacker") == ()


def test_r_wpn_1_pushed_ranges():
    pushed = [CIRCUMSTANCES[f"pushed-{feet}"].steps for feet in (200, 500, 1000)]
    assert pushed == [2, 4, 6]
