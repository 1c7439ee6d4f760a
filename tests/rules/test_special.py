"""Special rolls: 1, 17, 18, 19, 20 (R-SPEC)."""

import pytest

from strange_tui.rules import RuleViolation
from strange_tui.rules.special import (
    MAJOR_ATTACK_EFFECTS,
    MINOR_ATTACK_EFFECTS,
    Special,
    attack_damage_bonus,
    cost_after_special,
    effect_choices,
    intrusion_awards_xp,
    special_applies,
    special_of,
    trade_damage_cost,
)


def test_r_spec_1_a_natural_one_is_a_free_intrusion():
    """R-SPEC-1: a 1 brings the GM's intrusion, success or not, and awards no XP."""
    assert special_of(1) is Special.INTRUSION
    assert special_applies(1, success=True) and special_applies(1, success=False)
    assert not intrusion_awards_xp(1)


@pytest.mark.parametrize("die", range(2, 17))
def test_r_spec_faces_two_to_sixteen_are_plain(die):
    """R-SPEC-1..4: only 1 and 17-20 are special."""
    assert special_of(die) is None
    assert attack_damage_bonus(die) == 0


def test_r_spec_2_seventeen_and_eighteen_add_damage_to_attacks():
    """R-SPEC-2: 17 adds 1 damage, 18 adds 2; outside an attack they bring nothing."""
    assert (attack_damage_bonus(17), attack_damage_bonus(18)) == (1, 2)
    assert effect_choices(17, attack=False) == ()
    assert effect_choices(18, attack=True) == ()


def test_r_spec_3_nineteen_is_three_damage_or_a_minor_effect():
    """R-SPEC-3: on an attack +3 damage or a minor effect; otherwise a minor effect."""
    assert attack_damage_bonus(19) == 3
    assert effect_choices(19, attack=True) == MINOR_ATTACK_EFFECTS
    assert "distract" in MINOR_ATTACK_EFFECTS
    assert effect_choices(19, attack=False) == ("minor effect",)


def test_r_spec_4_twenty_is_four_damage_or_a_major_effect_and_refunds():
    """R-SPEC-4: +4 damage or a major effect (stun, disarm...), and the cost becomes 0."""
    assert attack_damage_bonus(20) == 4
    choices = effect_choices(20, attack=True)
    assert set(MAJOR_ATTACK_EFFECTS) <= set(choices)
    assert {"knock down", "disarm", "stun", "impair"} == set(MAJOR_ATTACK_EFFECTS)
    assert effect_choices(20, attack=False) == ("major effect",)
    assert cost_after_special(20, 5) == 0
    assert cost_after_special(19, 5) == 5


def test_r_spec_3_4_effects_only_on_success():
    """R-SPEC-3, R-SPEC-4: 17 to 20 count only when the roll succeeds."""
    for die in (17, 18, 19, 20):
        assert special_applies(die, success=True)
        assert not special_applies(die, success=False)


def test_r_spec_5_impaired_ignores_effects_and_gets_one_damage():
    """R-SPEC-5: impaired, any 17+ on an attack adds only 1 and no effect is offered."""
    assert [attack_damage_bonus(d, impaired=True) for d in (17, 18, 19, 20)] == [1, 1, 1, 1]
    assert effect_choices(19, attack=True, impaired=True) == ()
    assert effect_choices(20, attack=False, impaired=True) == ()


def test_r_spec_6_trading_damage_for_an_effect_adds_the_foes_level():
    """R-SPEC-6: the price (stun's 8) plus the foe's level; never a negative one."""
    assert trade_damage_cost(8, foe_level=3) == 11
    assert trade_damage_cost(1, foe_level=0) == 1
    with pytest.raises(RuleViolation, match="level is 0 or more"):
        trade_damage_cost(4, foe_level=-1)
