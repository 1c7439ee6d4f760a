"""The oracle's answers and their exact odds (R-ORC-1..3), every face of the d20 for every
likelihood, through the command the app and the shell send (AskOracle).

The expected answers are written out here from the rules' words, not computed by them:
'certain' says yes from 2, each step down three faces later, 'impossible' only on a 20; a
natural 1 is always 'No, and'; a 19 that says yes and any 20 are 'Yes, and'."""

from fractions import Fraction

import pytest

from strange_tui.campaign.commands import decide, preview
from strange_tui.campaign.commands.solo.oracle import LIKELIHOOD_CHOICES, AskOracle, reply_of
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.oracle import oracle_odds

TABLE = Campaign(name="Test")
FACES = range(1, 21)
YES_FROM = {
    "certain": 2,
    "very likely": 5,
    "likely": 8,
    "even": 11,
    "unlikely": 14,
    "very unlikely": 17,
    "impossible": 20,
}
"""R-ORC-1 as the rules describe it: the lowest face that says yes."""


def expected(likelihood: str, face: int) -> str:
    """The answer the rules' words give to ``face``."""
    if face == 1:
        return "No, and"
    if face == 20 or (face == 19 and face >= YES_FROM[likelihood]):
        return "Yes, and"
    return "Yes" if face >= YES_FROM[likelihood] else "No"


def asked(likelihood: str, face: int):
    """The question put with ``face`` on the player's own d20, as recorded and read back."""
    (event,) = decide(TABLE, AskOracle(question="Is it?", likelihood=likelihood, die=face))
    return reply_of(event)


def test_the_likelihoods_run_from_certain_to_impossible():
    assert LIKELIHOOD_CHOICES == tuple(YES_FROM)


@pytest.mark.parametrize("likelihood", list(YES_FROM))
def test_r_orc_1_the_likelihood_sets_the_lowest_face_that_answers_yes(likelihood):
    """Every face: yes from the likelihood's face up (a 1 never, a 20 always); the preview
    names that face and the exact chance of a yes."""
    yes_faces = [face for face in FACES if asked(likelihood, face).yes]
    lowest = YES_FROM[likelihood]
    assert yes_faces == list(range(lowest, 21))
    seen = preview(TABLE, AskOracle(question="", likelihood=likelihood))
    assert seen.yes_from == lowest
    assert seen.yes_faces == 21 - lowest
    assert Fraction(seen.p_yes).limit_denominator(20) == Fraction(21 - lowest, 20)


def test_r_orc_1_likely_says_yes_on_13_faces_of_20():
    """The dialog's figure: a 'likely' question is answered yes 65% of the time (8-20)."""
    seen = preview(TABLE, AskOracle(question="", likelihood="likely"))
    assert (seen.yes_from, seen.yes_faces, seen.p_yes) == (8, 13, 0.65)
    odds = {row.words: (row.faces_text, row.chance) for row in seen.answers}
    assert odds == {
        "Yes, and": ("19-20", 0.10),
        "Yes": ("8-18", 0.55),
        "No": ("2-7", 0.30),
        "No, and": ("1", 0.05),
    }


@pytest.mark.parametrize("likelihood", list(YES_FROM))
def test_r_orc_2_a_natural_1_is_no_and_a_complication_whatever_the_likelihood(likelihood):
    reply = asked(likelihood, 1)
    assert (reply.yes, reply.words) == (False, "No, and")
    assert reply.twist == "a complication comes with it"
    assert reply.headline == "No, and: a complication comes with it"
    assert [face for face in FACES if asked(likelihood, face).words == "No, and"] == [1]


@pytest.mark.parametrize("likelihood", list(YES_FROM))
def test_r_orc_3_a_19_that_says_yes_and_any_20_are_yes_and(likelihood):
    """A 20 is 'Yes, and' with something big, even for the impossible; a 19 brings a small
    gift when it says yes at all (not for the impossible), and is a plain no otherwise."""
    twenty = asked(likelihood, 20)
    assert (twenty.words, twenty.twist) == (
        "Yes, and",
        "something big in your favour comes with it",
    )
    nineteen = asked(likelihood, 19)
    if likelihood == "impossible":
        assert (nineteen.words, nineteen.twist) == ("No", "")
    else:
        assert (nineteen.words, nineteen.twist) == ("Yes, and", "a small gift comes with it")
    for face in range(2, 19):  # No other face brings a twist.
        assert asked(likelihood, face).twist == ""


@pytest.mark.parametrize("likelihood", list(YES_FROM))
def test_r_orc_1_to_3_every_face_and_the_exact_odds(likelihood):
    """All twenty faces answer as the rules' words say, and the preview's (and the rules')
    odds of each answer are exactly its faces over twenty."""
    answers = {face: asked(likelihood, face).words for face in FACES}
    assert answers == {face: expected(likelihood, face) for face in FACES}
    seen = preview(TABLE, AskOracle(question="", likelihood=likelihood))
    exact = oracle_odds(likelihood)
    for row in seen.answers:
        faces = tuple(face for face in FACES if answers[face] == row.words)
        assert row.faces == faces, row.words
        assert exact[row.words] == Fraction(len(faces), 20)
        assert row.chance == len(faces) / 20
    assert sum(exact.values()) == 1


def test_r_orc_1_an_unknown_likelihood_is_refused_with_the_choices():
    with pytest.raises(RuleViolation, match="certain, very likely, likely, even"):
        decide(TABLE, AskOracle(question="Is it?", likelihood="probable", die=10))
    with pytest.raises(RuleViolation, match="How likely"):
        preview(TABLE, AskOracle(question="Is it?", likelihood="probable"))


@pytest.mark.parametrize(
    ("chance", "faces"), [("off", set()), ("rare", {20}), ("often", {18, 19, 20})]
)
def test_r_orc_4_the_intrusion_chance_enumerated_over_the_check_die(chance, faces):
    """Every face of the app's separate d20: which propose an intrusion, and the exact
    chance that makes (off 0, rare 1/20, often 3/20)."""
    from fractions import Fraction

    from strange_tui.rules.oracle import intrusion_chance, intrusion_proposed

    proposing = {die for die in range(1, 21) if intrusion_proposed(chance, die)}
    assert proposing == faces
    assert intrusion_chance(chance) == Fraction(len(faces), 20)


def test_r_orc_4_an_unknown_chance_is_refused():
    from strange_tui.rules.errors import RuleViolation
    from strange_tui.rules.oracle import intrusion_chance, intrusion_proposed

    with pytest.raises(RuleViolation):
        intrusion_proposed("always", 20)
    with pytest.raises(RuleViolation):
        intrusion_chance("always")
