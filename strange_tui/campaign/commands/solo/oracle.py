"""Asking the oracle (solo play, or a GM who wants the dice to decide): a yes/no question,
how likely a yes seems, and a d20 (the player's or the app's) that answers it (R-ORC-1..3).

The preview is the exact chance of each of the four answers before the die, over the
twenty faces, with the faces that give it; ``reply_of`` reads a recorded question back as
the dialog and the shell show it. Nothing here changes a number: the question and its
answer go to the log."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, dice_for
from strange_tui.campaign.model.events import AnyEvent, OracleAsked
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.solo import TWISTS
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.oracle import (
    D20,
    LIKELIHOODS,
    YES_FROM,
    answer,
    check_likelihood,
    oracle_odds,
)

QUESTION_LIMIT = 500
"""A question is a sentence or two; the log shows it whole."""

CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""What the campaign files refuse in text (an escape sequence would reach a terminal)."""

ANSWERS = ("Yes, and", "Yes", "No", "No, and")
"""The four answers, from the best to the worst."""

LIKELIHOOD_CHOICES: tuple[str, ...] = LIKELIHOODS
"""How likely a yes may be judged, from the most to the least likely (for the screens,
which do not reach into the rules)."""

DEFAULT_LIKELIHOOD = "even"

SHORT_TWISTS = {
    (True, False): "a small gift",
    (True, True): "something big",
    (False, True): "a complication",
}
"""A twist in a word or two, for the odds table (the log says it whole: TWISTS)."""


class AnswerOdds(msgspec.Struct, frozen=True, kw_only=True):
    """One answer's chance before the die: 'Yes, and' 10% on 19-20."""

    words: str
    faces: tuple[int, ...]
    """The d20 faces that give this answer (none: it cannot come)."""
    chance: float
    """Exactly ``len(faces) / 20``."""
    faces_text: str
    """'19-20', '1', '' (none)."""
    twist: str = ""
    """What comes with it, in a word or two ('a complication'), when anything does."""


class OraclePreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the oracle shows before the die: the likelihood, the lowest face that answers
    yes, each answer's odds, and the chance of a yes of either kind. ``problem`` says what
    stops the question being asked (none typed, too long); the odds stand regardless."""

    likelihood: str
    yes_from: int
    answers: tuple[AnswerOdds, ...]
    p_yes: float
    """Yes of either kind."""
    yes_faces: int
    problem: str | None = None


class OracleReply(msgspec.Struct, frozen=True, kw_only=True):
    """A recorded question read back: the die, the answer and its twist in words."""

    question: str
    likelihood: str
    die: int
    app_rolled: bool
    yes: bool
    words: str
    """'Yes', 'Yes, and', 'No', 'No, and'."""
    twist: str = ""
    """'a complication comes with it', or '' when the answer is plain."""

    @property
    def headline(self) -> str:
        """'No, and: a complication comes with it', or 'Yes'."""
        return f"{self.words}: {self.twist}" if self.twist else self.words


def tidy_question(text: str) -> str:
    """The question on one line, its spaces as typed between the words."""
    return " ".join(text.split())


def question_problem(text: str) -> str | None:
    """Why ``text`` cannot be put to the oracle (None: it can)."""
    question = tidy_question(text)
    if not question:
        return "Type a question for the oracle first."
    if len(question) > QUESTION_LIMIT:
        return f"A question of {QUESTION_LIMIT} characters at most; this one has {len(question)}."
    if CONTROLS.search(question):
        return "A question of words and signs only: no control characters."
    return None


def twist_words(yes: bool, big: bool, twist: str) -> str:
    """What comes with an answer, in the log's own words ('' for a plain answer)."""
    return TWISTS.get((yes, big), "") if twist else ""


def faces_text(faces: Sequence[int]) -> str:
    """'8-18', '1', '' for the faces of one answer (always a run of faces)."""
    if not faces:
        return ""
    low, high = faces[0], faces[-1]
    return str(low) if low == high else f"{low}-{high}"


def row_twist(faces: Sequence[int]) -> str:
    """What comes with an answer that ``faces`` give, in few words: 'a complication';
    'a small gift (19) or something big (20)' when its faces bring different ones."""
    said = [(die, answer("certain", die)) for die in faces]
    # Only the 1, the 19 of a yes and the 20 bring a twist, whatever the likelihood
    # (R-ORC-2, R-ORC-3); "certain" answers yes on each of those but the 1.
    kinds = {die: SHORT_TWISTS[(a.yes, a.big)] for die, a in said if a.twist}
    if len(set(kinds.values())) == 1:
        return next(iter(kinds.values()))
    return " or ".join(f"{words} ({die})" for die, words in kinds.items())


def answer_odds(likelihood: str) -> tuple[AnswerOdds, ...]:
    """R-ORC-1..3: each answer's faces and exact chance for a question judged ``likelihood``."""
    chances = oracle_odds(likelihood)
    rows = []
    for words in ANSWERS:
        faces = tuple(die for die in range(1, D20 + 1) if answer(likelihood, die).words == words)
        rows.append(
            AnswerOdds(
                words=words,
                faces=faces,
                chance=float(chances[words]),
                faces_text=faces_text(faces),
                twist=row_twist(faces) if words.endswith(", and") else "",
            )
        )
    return tuple(rows)


def reply_of(event: OracleAsked) -> OracleReply:
    """What a recorded question came to, for the player."""
    said = answer(event.likelihood, event.die)
    return OracleReply(
        question=event.question,
        likelihood=event.likelihood,
        die=event.die,
        app_rolled=event.app_rolled,
        yes=said.yes,
        words=said.words,
        twist=twist_words(said.yes, said.big, said.twist),
    )


class AskOracle(Command, frozen=True, kw_only=True):
    """R-ORC-1..3: put a yes/no question to the oracle; ``die`` is the player's own d20
    (None: the app rolls). Any seat may ask: it touches no one's numbers."""

    ANY_SEAT: ClassVar[bool] = True

    question: str
    likelihood: str = DEFAULT_LIKELIHOOD
    die: int | None = None

    def preview(self, state: Campaign) -> OraclePreview:
        likelihood = check_likelihood(self.likelihood)
        answers = answer_odds(likelihood)
        yes_faces = sum(len(row.faces) for row in answers if row.words.startswith("Yes"))
        return OraclePreview(
            likelihood=likelihood,
            yes_from=YES_FROM[likelihood],
            answers=answers,
            p_yes=yes_faces / D20,
            yes_faces=yes_faces,
            problem=question_problem(self.question),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        likelihood = check_likelihood(self.likelihood)
        if problem := question_problem(self.question):
            raise RuleViolation(problem)
        die = dice_for(self.die, dice).roll(D20)
        return [
            OracleAsked(
                question=tidy_question(self.question),
                likelihood=likelihood,
                die=die,
                app_rolled=self.die is None,
            )
        ]


def oracle_scale() -> str:
    """R-ORC-1..3 in one line for Help: how each likelihood maps to the d20, and the
    special faces' twists."""
    steps = []
    for likelihood in LIKELIHOOD_CHOICES:
        rows = answer_odds(likelihood)
        yes = [face for row in rows if row.words.startswith("Yes") for face in row.faces]
        steps.append(f"{likelihood} {min(yes)}+ ({len(yes) * 5}%)")
    return (
        "yes on the d20 from: " + ", ".join(steps) + " · a 1 is always no, and: a"
        " complication · a 19 that says yes is yes, and: a small gift · a 20 is always yes,"
        " and: something big"
    )
