"""The GM's chair's own rules (rules/solo.py), enumerated over every face of the d20 and
every tension, against what the rules' words say, written out here rather than computed by
the code under test."""

from fractions import Fraction

import pytest

from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.oracle import LIKELIHOODS, YES_FROM, answer, oracle_odds
from strange_tui.rules.solo import (
    REACTIONS,
    moved_tension,
    random_event_chance,
    random_event_comes,
    reaction,
    reaction_modifier,
    reaction_odds,
    roll_tension_step,
    scene_odds,
    scene_test,
    tension_after_scene,
)

FACES = range(1, 21)
TENSIONS = range(1, 10)


def words_yes_from(likelihood: str, tension: int) -> int:
    """R-TEN-2 in the rules' words: one face down per point above 5, up per point below,
    never under 2 nor past 20."""
    return min(20, max(2, YES_FROM[likelihood] + 5 - tension))


@pytest.mark.parametrize("tension", TENSIONS)
@pytest.mark.parametrize("likelihood", LIKELIHOODS)
def test_r_ten_2_tension_moves_the_face_that_answers_yes(likelihood, tension):
    lowest = words_yes_from(likelihood, tension)
    counts = {"Yes, and": 0, "Yes": 0, "No": 0, "No, and": 0}
    for face in FACES:
        said = answer(likelihood, face, tension)
        if face == 1:
            assert said.words == "No, and"
        elif face == 20 or (face == 19 and face >= lowest):
            assert said.words == "Yes, and"
        else:
            assert said.yes is (face >= lowest), face
        counts[said.words] += 1
    assert oracle_odds(likelihood, tension) == {w: Fraction(n, 20) for w, n in counts.items()}


def test_r_ten_2_at_five_the_oracle_answers_as_without_tension():
    for likelihood in LIKELIHOODS:
        assert oracle_odds(likelihood, 5) == oracle_odds(likelihood)


def test_r_ten_2_even_odds_at_the_ends_of_the_scale():
    """Even at tension 9 says yes from 7 (70%); at tension 1 from 15 (30%)."""
    assert sum(v for w, v in oracle_odds("even", 9).items() if w.startswith("Yes")) == Fraction(
        14, 20
    )
    assert sum(v for w, v in oracle_odds("even", 1).items() if w.startswith("Yes")) == Fraction(
        6, 20
    )
    assert oracle_odds("impossible", 9)["Yes"] == Fraction(3, 20)  # 16 to 18; 19 is "and".
    assert oracle_odds("certain", 1)["No"] == Fraction(4, 20)  # 2 to 5.


@pytest.mark.parametrize("tension", TENSIONS)
def test_r_ten_3_the_event_die_brings_an_event_at_tension_less_three_or_under(tension):
    comes = [face for face in FACES if random_event_comes(tension, face)]
    assert comes == list(range(1, tension - 2))
    assert random_event_chance(tension) == Fraction(max(0, tension - 3), 20)


def test_r_ten_3_the_chances_from_calm_to_restless():
    assert [random_event_chance(t) for t in TENSIONS] == [
        0, 0, 0, Fraction(1, 20), Fraction(2, 20), Fraction(3, 20), Fraction(4, 20),
        Fraction(5, 20), Fraction(6, 20),
    ]  # fmt: skip


def test_r_ten_1_tension_is_held_to_the_scale():
    assert moved_tension(9, 1) == 9 and moved_tension(1, -1) == 1 and moved_tension(5, 2) == 7
    with pytest.raises(RuleViolation, match="1 to 9"):
        moved_tension(10, 0)
    with pytest.raises(RuleViolation, match="1 to 9"):
        random_event_comes(0, 5)


def test_r_ten_4_a_natural_one_or_an_intrusion_raises_a_twenty_lowers():
    assert [roll_tension_step(face) for face in FACES] == [1, *[0] * 18, -1]
    assert roll_tension_step(12, intrusion=True) == 1
    assert roll_tension_step(None) == 0  # An automatic success rolls no die.


@pytest.mark.parametrize("tension", TENSIONS)
def test_r_scn_1_a_face_at_or_under_tension_alters_odd_and_interrupts_even(tension):
    for face in FACES:
        want = "expected" if face > tension else ("altered" if face % 2 else "interrupted")
        assert scene_test(tension, face) == want, face
    odd = len([f for f in range(1, tension + 1) if f % 2])
    assert scene_odds(tension) == {
        "expected": Fraction(20 - tension, 20),
        "altered": Fraction(odd, 20),
        "interrupted": Fraction(tension - odd, 20),
    }


def test_r_scn_1_at_five_three_in_four_scenes_go_as_expected():
    assert scene_odds(5) == {
        "expected": Fraction(3, 4), "altered": Fraction(3, 20), "interrupted": Fraction(1, 10)
    }  # fmt: skip


def test_r_scn_2_a_scene_moves_tension_by_how_it_went():
    assert [tension_after_scene(5, went) for went in ("well", "mixed", "badly")] == [4, 5, 6]
    assert tension_after_scene(1, "well") == 1 and tension_after_scene(9, "badly") == 9
    with pytest.raises(RuleViolation, match="well, mixed, badly"):
        tension_after_scene(5, "great")


def words_reaction(face: int, modifier: int) -> str:
    """R-NPC-1 in the rules' words."""
    if face == 1:
        return "hostile"
    if face == 20:
        return "helpful"
    total = face + modifier
    if total <= 4:
        return "hostile"
    if total <= 8:
        return "unfriendly"
    if total <= 12:
        return "indifferent"
    return "friendly" if total <= 16 else "helpful"


@pytest.mark.parametrize("modifier", range(-10, 11))
def test_r_npc_1_every_face_with_every_modifier(modifier):
    counts = dict.fromkeys(REACTIONS, 0)
    for face in FACES:
        said = reaction(face, modifier)
        assert said == words_reaction(face, modifier), (face, modifier)
        counts[said] += 1
    assert reaction_odds(modifier) == {r: Fraction(n, 20) for r, n in counts.items()}


def test_r_npc_1_training_adds_three_a_step_and_level_three_is_even():
    assert reaction_modifier(0, 3) == 0
    assert reaction_modifier(1, 3) == 3 and reaction_modifier(2, 3) == 6
    assert reaction_modifier(-1, 3) == -3
    assert reaction_modifier(0, 0) == 3 and reaction_modifier(0, 7) == -4
    assert reaction_odds(0)["indifferent"] == Fraction(4, 20)  # 9 to 12.
    with pytest.raises(RuleViolation, match="inability"):
        reaction_modifier(3, 3)
    with pytest.raises(RuleViolation, match="0 to 10"):
        reaction_modifier(0, 11)
