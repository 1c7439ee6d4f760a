"""The GM asks for a roll, and the player answers it at their own seat (see
``campaign.prompts``): the player says what they try, the GM sets the stat and the
difficulty (R-TASK-1, R-TASK-8), shown to the player or kept; the player chooses skill,
assets and Effort and rolls (R-TASK-3). One ask is one step, for one character or the whole party;
each answer closes its question in the same step as its roll."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, text
from strange_tui.campaign.commands.rolls.effects import EffectStep
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.campaign.commands.rolls.roll import HelperSkill, Roll
from strange_tui.campaign.model.events import (
    AnyEvent,
    DifficultyRevealed,
    PromptClosed,
    PromptRaised,
)
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.prompts import Prompt, ask_of, open_prompt
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.words import where_in
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat
from strange_tui.rules.task import difficulty_steps, step_breakdown
from strange_tui.rules.track import can_act

MAX_TASK = 200
"""The longest task in words the GM's question records."""

PARTY = ""
"""``AskRoll.character`` for the whole party."""


class AskPreview(msgspec.Struct, frozen=True, kw_only=True):
    """Whom the ask reaches, who is left out and why, and the questions it raises."""

    asked: tuple[str, ...]
    """The characters asked, by id."""
    left_out: tuple[str, ...] = ()
    """Why a character of the party is not asked, one line each."""
    events: tuple[PromptRaised, ...] = ()


class AskRoll(Command, frozen=True, kw_only=True):
    """R-TASK-1, R-TASK-8: the GM asks a character, or the whole party (``character``
    ""), for a roll of ``stat`` at ``difficulty``, the task in the GM's words; ``secret``
    keeps the difficulty from the player's seat (None: the campaign's setting). R-DMG-4: a PC who
    cannot act is not asked; with the party, neither is one who stayed in another
    recursion, nor one already asked for a roll."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "ask for a roll"

    character: str = PARTY
    stat: Stat = Stat.MIGHT
    label: str = ""
    difficulty: int = 3
    secret: bool | None = None

    def asked(self, state: Campaign) -> tuple[list[str], list[str]]:
        """R-DMG-4: the characters asked, and why each one of the party is not."""
        if self.character != PARTY:
            who = character_of(state, self.character)
            if not can_act(who.track):
                raise RuleViolation(
                    f"{who.name} is {who.track.label} and cannot act: no roll to ask for."
                )
            if open_prompt(state.prompts, "roll", who.id):
                raise RuleViolation(
                    f"{who.name} is already asked for a roll (! shows it, to take it back)."
                )
            return [who.id], []
        asked, left_out = [], []
        for who in state.characters.values():
            if not can_act(who.track):
                left_out.append(f"{who.name} is {who.track.label} and cannot act.")
            elif who.travel.recursion:
                left_out.append(f"{who.name} is {where_in(who.travel.recursion.title())}.")
            elif open_prompt(state.prompts, "roll", who.id):
                left_out.append(f"{who.name} is asked for a roll already.")
            else:
                asked.append(who.id)
        if not asked:
            raise RuleViolation("No one in the party can be asked: " + " ".join(left_out))
        return asked, left_out

    def raised(self, state: Campaign) -> tuple[PromptRaised, ...]:
        if not 0 <= self.difficulty <= 10:
            raise RuleViolation("A difficulty is 0 to 10.")
        label = text(self.label, "The task", MAX_TASK)
        secret = state.settings.secret_difficulty if self.secret is None else self.secret
        asked, _ = self.asked(state)
        return tuple(
            PromptRaised(
                prompt="roll",
                character=cid,
                stat=self.stat,
                difficulty=self.difficulty,
                secret=secret,
                label=label,
            )
            for cid in asked
        )

    def preview(self, state: Campaign) -> AskPreview:
        events = self.raised(state)
        _, left_out = self.asked(state)
        return AskPreview(
            asked=tuple(e.character for e in events), left_out=tuple(left_out), events=events
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return list(self.raised(state))


class AnswerPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the answer dialog shows before the die. With the difficulty shown (or at the
    GM's seat), ``roll`` is the whole roll's preview (R-TASK-5). Kept by the GM (R-TASK-8),
    ``roll`` is None: the player sees what their choices do (each step, ``eased`` in all), the
    bonus and the cost, never the difficulty, the target or the odds."""

    stat: Stat
    label: str
    difficulty: int | None
    """The GM's difficulty; None at a player's seat when the GM keeps it."""
    roll: RollPreview | None = None
    steps: tuple[tuple[str, int], ...] = ()
    """R-TASK-3: each reason the difficulty moves, with its steps (- eases)."""
    eased: int = 0
    """The steps the choices ease the task in all (negative: they hinder it)."""
    bonus: int = 0
    cost: int = 0
    problem: str | None = None
    effects: tuple[EffectStep, ...] = ()
    abilities: tuple[str, ...] = ()


class AnswerRoll(Command, frozen=True, kw_only=True):
    """R-TASK-1, R-TASK-3: a player answers the GM's question (``prompt``; 0: the one
    open to ``character``) with a roll at the GM's stat and difficulty, adding their
    skill, assets, a helper and Effort; the roll closes the question in the same step.
    R-TASK-5: the odds are shown first, unless the GM keeps the difficulty from this seat
    (R-TASK-8: then what the choices do, without the target). R-DMG-4: a PC who cannot act does not
    roll (the GM takes the question back)."""

    character: str
    prompt: int = 0
    skill: Literal["", "trained", "specialized"] = ""
    training: str = ""
    """R-TASK-9: the sheet's skill ``skill`` comes from (see ``Roll.training``)."""
    inability: bool = False
    assets: int = 0
    effort: int = 0
    helper: HelperSkill = "none"
    kinds: tuple[str, ...] = ()
    """R-ABL-1: the kinds of task the player says it is (see ``Roll.kinds``)."""
    die: int | None = None

    def question(self, state: Campaign) -> Prompt:
        """The open roll question this answers (RuleViolation when there is none)."""
        who = character_of(state, self.character)
        asked = next(
            (
                p
                for p in state.prompts
                if p.kind == "roll"
                and p.character == self.character
                and (not self.prompt or p.id == self.prompt)
            ),
            None,
        )
        if asked is None:
            raise RuleViolation(f"No roll is asked of {who.name} (or it was answered).")
        if not can_act(who.track):
            raise RuleViolation(
                f"{who.name} is {who.track.label} and cannot act: the GM may take it back."
            )
        return asked

    def roll(self, state: Campaign) -> Roll:
        """The roll this answer makes: the GM's stat, difficulty and task, the player's
        choices."""
        asked = self.question(state)
        return Roll(
            by=self.by,
            character=self.character,
            stat=asked.stat,
            difficulty=asked.difficulty,
            label=asked.label,
            skill=self.skill,
            training=self.training,
            inability=self.inability,
            assets=self.assets,
            effort=self.effort,
            helper=self.helper,
            kinds=self.kinds,
            die=self.die,
        )

    def kept(self, state: Campaign) -> bool:
        """Whether the difficulty is kept from the seat that sends this (the GM's seat,
        and the one window of solo play, see it)."""
        return self.question(state).secret and self.by != GM

    def preview(self, state: Campaign) -> AnswerPreview:
        asked, roll = self.question(state), self.roll(state)
        full = roll.preview(state)
        if not self.kept(state):
            return AnswerPreview(
                stat=asked.stat, label=asked.label, difficulty=asked.difficulty, roll=full
            )
        task = task_of(roll.setup(state))
        return AnswerPreview(
            stat=asked.stat,
            label=asked.label,
            difficulty=None,
            steps=step_breakdown(task),
            eased=-difficulty_steps(task),
            bonus=task.bonus,
            cost=full.cost,
            problem=full.problem,
            effects=full.effects,
            abilities=full.abilities,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        asked = self.question(state)
        return [*self.roll(state).decide(state, dice), PromptClosed(prompt=asked.id)]


class RevealDifficulty(Command, frozen=True, kw_only=True):
    """R-TASK-8: the GM shows the players the difficulty of a roll asked and kept, before
    every seat asked has rolled (``prompt``: one of its open questions): each question of
    that ask still open shows it from now on, and the log gives it in every roll of the ask
    at every seat (until then a player's seat reads the rolls without it)."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "reveal a kept difficulty"

    prompt: int

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        asked = next((p for p in state.prompts if p.id == self.prompt), None)
        if asked is None or asked.kind != "roll":
            raise RuleViolation("No such roll is asked (or every seat asked has rolled).")
        if not asked.secret:
            raise RuleViolation("That roll's difficulty is shown already.")
        ask = ask_of(asked)
        kept = tuple(
            p.id for p in state.prompts if p.kind == "roll" and p.secret and ask_of(p) == ask
        )
        return [
            DifficultyRevealed(
                prompts=kept, label=asked.label, stat=asked.stat, difficulty=asked.difficulty
            )
        ]
