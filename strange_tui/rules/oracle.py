"""The solo oracle and the app's intrusions: the project's own rules for play without a GM
(docs/rules-added.md, "Solo play"). The Cypher System has the players roll everything; here
the d20 also answers the questions a GM would, with its special faces as twists.

- R-ORC-1 How likely the asker judges a yes sets the lowest face that answers yes.
- R-ORC-2 A natural 1 answers "no, and": no, with a complication (the face of a GM
  intrusion), whatever the likelihood.
- R-ORC-3 A 19 that answers yes is "yes, and" (a small gift); a natural 20 is always
  "yes, and" with a large one, even for the impossible.
- R-ORC-4 On a player's roll the app proposes an intrusion: always on a natural 1 (the free
  intrusion, no XP changes hands); otherwise when a separate d20 shows a face of the
  chance the player set (off: never; rare: 20; often: 18-20), answered as at a table
  (R-XP-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, get_args

from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.solo import TENSION_START, shifted_yes_from

D20 = 20

Likelihood = Literal[
    "certain", "very likely", "likely", "even", "unlikely", "very unlikely", "impossible"
]
LIKELIHOODS: tuple[Likelihood, ...] = get_args(Likelihood)
"""From most to least likely."""

YES_FROM: dict[str, int] = {
    "certain": 2,
    "very likely": 5,
    "likely": 8,
    "even": 11,
    "unlikely": 14,
    "very unlikely": 17,
    "impossible": 20,
}
"""R-ORC-1: the lowest d20 face that answers yes, by likelihood (each step is 3 faces,
15 points of chance; 'certain' fails only on a 1, 'impossible' happens only on a 20)."""

Twist = Literal["", "and"]


@dataclass(frozen=True)
class OracleAnswer:
    """The oracle's answer: yes or no, and whether a twist comes with it ("and"), and how
    large (``big``: a natural 20's gift or a natural 1's complication)."""

    yes: bool
    twist: Twist = ""
    big: bool = False

    @property
    def words(self) -> str:
        """'Yes', 'Yes, and', 'No', 'No, and'."""
        said = "Yes" if self.yes else "No"
        return f"{said}, and" if self.twist else said


def check_likelihood(likelihood: str) -> Likelihood:
    if likelihood not in YES_FROM:
        raise RuleViolation(f"How likely: one of {', '.join(LIKELIHOODS)}.")
    return likelihood  # type: ignore[return-value]


def yes_from(likelihood: str, tension: int = TENSION_START) -> int:
    """R-ORC-1, R-TEN-2: the lowest face that answers yes, at ``tension``."""
    return shifted_yes_from(YES_FROM[check_likelihood(likelihood)], tension)


def answer(likelihood: str, die: int, tension: int = TENSION_START) -> OracleAnswer:
    """R-ORC-1..3, R-TEN-2: what the d20 ``die`` answers to a question judged
    ``likelihood`` at ``tension``."""
    lowest_yes = yes_from(likelihood, tension)
    if not 1 <= die <= D20:
        raise RuleViolation("A d20 shows 1 to 20.")
    if die == 1:
        return OracleAnswer(yes=False, twist="and", big=True)
    if die == D20:
        return OracleAnswer(yes=True, twist="and", big=True)
    yes = die >= lowest_yes
    if yes and die == 19:
        return OracleAnswer(yes=True, twist="and")
    return OracleAnswer(yes=yes)


def oracle_odds(likelihood: str, tension: int = TENSION_START) -> dict[str, Fraction]:
    """The exact chance of each answer ('Yes', 'Yes, and', 'No', 'No, and'), over the
    twenty faces, at ``tension``."""
    counts: dict[str, int] = {"Yes, and": 0, "Yes": 0, "No": 0, "No, and": 0}
    for die in range(1, D20 + 1):
        counts[answer(likelihood, die, tension).words] += 1
    return {words: Fraction(count, D20) for words, count in counts.items()}


INTRUSION_FACES: dict[str, range] = {"off": range(0), "rare": range(20, 21), "often": range(18, 21)}
"""R-ORC-4: the faces of the app's separate d20 on which it proposes an intrusion."""


def intrusion_proposed(chance: str, check_die: int) -> bool:
    """R-ORC-4: whether the app proposes an intrusion on a roll that is not a 1."""
    if chance not in INTRUSION_FACES:
        raise RuleViolation("Intrusions: off, rare or often.")
    return check_die in INTRUSION_FACES[chance]


def intrusion_chance(chance: str) -> Fraction:
    """R-ORC-4: the exact chance that a roll (not a 1) brings a proposed intrusion."""
    if chance not in INTRUSION_FACES:
        raise RuleViolation("Intrusions: off, rare or often.")
    return Fraction(len(INTRUSION_FACES[chance]), D20)


INTRUSION_KINDS: tuple[str, ...] = (
    "bad luck",
    "a complication",
    "an opponent's luck or skill",
    "a fumble",
    "partial success",
    "increased difficulty",
)
"""R-ORC-4: the kinds of intrusion a GM uses (seed 003's list); the app draws one with a
d6, then an example of it from the packs."""
