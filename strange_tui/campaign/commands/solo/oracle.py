"""Asking the oracle (solo play, or a GM who wants the dice to decide): a yes/no question,
how likely a yes seems, and a d20 (the player's or the app's) that answers it at the
campaign's tension (R-ORC-1..3, R-TEN-2), with the event die beside it (R-TEN-3); or the
answer the player chooses instead of rolling.

The preview is the exact chance of each of the four answers before the die, over the
twenty faces, with the faces that give it, and the chance of a random event. What the dice
bring is drawn in the same step: the complication of a "No, and", the gift of a "Yes,
and", the random event of the event die (``oracle_draws``). ``reply_of`` reads a recorded
question back as the dialog and the shell show it. Nothing here changes a number."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, dice_for
from strange_tui.campaign.commands.solo.oracle_draws import OracleDrawn, draws_of, oracle_draws
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AnyEvent, OracleAsked
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.solo import TWISTS
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.oracle import (
    D20,
    LIKELIHOODS,
    answer,
    check_likelihood,
    oracle_odds,
    yes_from,
)
from strange_tui.rules.solo import TENSION_START, random_event_chance, random_event_comes

QUESTION_LIMIT = 500
"""A question is a sentence or two; the log shows it whole."""

CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""What the campaign files refuse in text (an escape sequence would reach a terminal)."""

ANSWERS = ("Yes, and", "Yes", "No", "No, and")
"""The four answers, from the best to the worst (also what a player may choose)."""

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
    """What the oracle shows before the die: the likelihood, the tension, the lowest face
    that answers yes at that tension, each answer's odds, the chance of a yes of either
    kind, and the chance that the event die brings a random event. ``problem`` says what
    stops the question being asked (none typed, too long, an answer that is not one); the
    odds stand regardless."""

    likelihood: str
    tension: int
    yes_from: int
    answers: tuple[AnswerOdds, ...]
    p_yes: float
    """Yes of either kind."""
    yes_faces: int
    event_chance: float
    """Exactly the event die's faces that bring a random event, over twenty."""
    event_faces_text: str
    """'1-2', '1', '' (none: no event at this tension)."""
    problem: str | None = None


class OracleReply(msgspec.Struct, frozen=True, kw_only=True):
    """A recorded question read back: the die (or the answer chosen), the answer and its
    twist in words, the tension, the event die, and what was drawn in the same step."""

    question: str
    likelihood: str
    die: int | None
    """None: the player chose the answer."""
    app_rolled: bool
    yes: bool
    words: str
    """'Yes', 'Yes, and', 'No', 'No, and'."""
    twist: str = ""
    """'a complication comes with it', or '' when the answer is plain (or chosen)."""
    chosen: bool = False
    tension: int = TENSION_START
    event_die: int | None = None
    event_came: bool = False
    """The event die brought a random event."""
    drawn: tuple[OracleDrawn, ...] = ()
    """The complication, gift or random event drawn with it, in order."""

    @property
    def headline(self) -> str:
        """'No, and: a complication comes with it', 'Yes', 'Yes, and (your choice)'."""
        if self.chosen:
            return f"{self.words} (your choice)"
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


def chosen_problem(chosen: str) -> str | None:
    """Why ``chosen`` is not an answer a player may choose (None: it is, or none is)."""
    if chosen and chosen not in ANSWERS:
        return 'Choose "Yes, and", "Yes", "No" or "No, and" as the answer, or roll for it.'
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


def answer_odds(likelihood: str, tension: int = TENSION_START) -> tuple[AnswerOdds, ...]:
    """R-ORC-1..3, R-TEN-2: each answer's faces and exact chance for a question judged
    ``likelihood`` at ``tension``."""
    chances = oracle_odds(likelihood, tension)
    rows = []
    for words in ANSWERS:
        faces = tuple(
            die for die in range(1, D20 + 1) if answer(likelihood, die, tension).words == words
        )
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


def reply_of(event: OracleAsked, step: Sequence[AnyEvent] = ()) -> OracleReply:
    """What a recorded question came to, for the player; ``step`` is the events of its
    command (the draws that came with it)."""
    if event.die is None:
        words, yes, twist, came = event.chosen, event.chosen.startswith("Yes"), "", False
    else:
        said = answer(event.likelihood, event.die, event.tension)
        words, yes = said.words, said.yes
        twist = twist_words(said.yes, said.big, said.twist)
        came = event.event_die is not None and random_event_comes(event.tension, event.event_die)
    return OracleReply(
        question=event.question,
        likelihood=event.likelihood,
        die=event.die,
        app_rolled=event.app_rolled,
        yes=yes,
        words=words,
        twist=twist,
        chosen=event.die is None,
        tension=event.tension,
        event_die=event.event_die,
        event_came=came,
        drawn=draws_of(step),
    )


class AskOracle(Command, frozen=True, kw_only=True):
    """R-ORC-1..3, R-TEN-2, R-TEN-3: put a yes/no question to the oracle at the campaign's
    tension. ``die`` is the player's own d20 and ``event_die`` their second one (None: the
    app rolls it); ``content`` the packs the twist and the random event are drawn from
    (None: nothing is drawn, the dice are still kept). ``chosen`` is an answer the player
    picks instead of rolling: then no die is rolled and nothing drawn. The GM's, or any
    seat's in solo play (``STORY_TOOL``)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "ask the oracle"

    question: str
    likelihood: str = DEFAULT_LIKELIHOOD
    die: int | None = None
    event_die: int | None = None
    chosen: str = ""
    content: Library | None = None

    def preview(self, state: Campaign) -> OraclePreview:
        likelihood = check_likelihood(self.likelihood)
        tension = state.story.tension
        answers = answer_odds(likelihood, tension)
        yes_faces = sum(len(row.faces) for row in answers if row.words.startswith("Yes"))
        events = [die for die in range(1, D20 + 1) if random_event_comes(tension, die)]
        return OraclePreview(
            likelihood=likelihood,
            tension=tension,
            yes_from=yes_from(likelihood, tension),
            answers=answers,
            p_yes=yes_faces / D20,
            yes_faces=yes_faces,
            event_chance=float(random_event_chance(tension)),
            event_faces_text=faces_text(events),
            problem=question_problem(self.question) or chosen_problem(self.chosen),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        likelihood = check_likelihood(self.likelihood)
        if problem := question_problem(self.question) or chosen_problem(self.chosen):
            raise RuleViolation(problem)
        asked = OracleAsked(
            question=tidy_question(self.question),
            likelihood=likelihood,
            tension=state.story.tension,
        )
        if self.chosen:
            if self.die is not None or self.event_die is not None:
                raise RuleViolation("Choose the answer or roll for it, not both.")
            return [msgspec.structs.replace(asked, chosen=self.chosen)]
        die = dice_for(self.die, dice).roll(D20)
        event_die = dice_for(self.event_die, dice).roll(D20)
        asked = msgspec.structs.replace(
            asked, die=die, app_rolled=self.die is None, event_die=event_die
        )
        if self.content is None:
            return [asked]
        return [asked, *oracle_draws(state, self.content, asked, dice)]


def oracle_scale() -> str:
    """R-ORC-1..3, R-TEN-2 in one line for Help: how each likelihood maps to the d20, the
    special faces' twists, and how tension moves it."""
    steps = []
    for likelihood in LIKELIHOOD_CHOICES:
        rows = answer_odds(likelihood)
        yes = [face for row in rows if row.words.startswith("Yes") for face in row.faces]
        steps.append(f"{likelihood} {min(yes)}+ ({len(yes) * 5}%)")
    return (
        "yes on the d20 from: " + ", ".join(steps) + f" (at tension {TENSION_START}; each"
        f" point of tension above {TENSION_START} brings the yes a face lower, each point"
        " below a face higher) · a 1 is always no, and: a complication · a 19 that says yes"
        " is yes, and: a small gift · a 20 is always yes, and: something big"
    )
