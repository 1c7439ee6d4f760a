"""Artifacts on the sheet (R-ART-1, R-ART-2): gaining one (its level and depletion,
"1 in 1d20"), using one (its first use once identified is an Intellect task at its level,
a use unidentified one at its level + 2, made by ``Roll``; then the depletion die: a face
in its range, and that use works but is its last) and letting one go. Identifying one is
in ``identify``. Each is one command, one step; the character's seat may send them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.commands.character.cyphers import MAX_NAME
from strange_tui.campaign.commands.character.identify import artifact_at, intellect_roll
from strange_tui.campaign.commands.character.text import _check_text
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.events import (
    AnyEvent,
    ArtifactDropped,
    ArtifactGained,
    ArtifactUsed,
    RollMade,
)
from strange_tui.campaign.model.folds.rolls import app_rolled
from strange_tui.campaign.model.state import Artifact, Campaign
from strange_tui.rules.cyphers import (
    depleted,
    depletion_chance,
    depletion_words,
    parse_depletion,
    use_difficulty,
)
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

MAX_ARTIFACT_LEVEL = 10


def chance_words(depletion_in: int, die: int) -> str:
    """R-ART-1: a use's chance of being the last: '1 in 20: 5%', '2 in 10: 20%'; 'never
    depletes'; 'automatic: one use'."""
    if die == 0:
        return "automatic: one use" if depletion_in else "never depletes"
    return f"{depletion_in} in {die}: {depletion_chance(depletion_in, die):.0%}"


class ArtifactPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What gaining an artifact puts on the sheet."""

    name: str
    level: int
    depletion: str
    """'1 in 1d20', 'never', 'automatic'."""
    chance: str
    """'1 in 20: 5%'."""
    identified: bool
    carried: int
    """Artifacts carried before."""


class UsePreview(msgspec.Struct, frozen=True, kw_only=True):
    """A use: the Intellect task it takes (None: none), and its depletion."""

    name: str
    task: str
    """Why there is a task ('first use once identified: an Intellect task at its level');
    '' when there is none."""
    roll: RollPreview | None
    depletion: str
    chance: str
    die: int
    """The depletion die's faces (0: none is rolled)."""


class DropPreview(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    spent: bool


class GainArtifact(Command, frozen=True, kw_only=True):
    """R-ART-1: a character comes by an artifact: its level (1 to 10), its depletion
    ('1 in 1d20', '1-2 in 1d10', 'never', 'automatic'), its effect; perhaps unidentified."""

    character: str
    name: str
    level: int = 1
    depletion: str = "1 in 1d20"
    effect: str = ""
    identified: bool = True

    def artifact(self, state: Campaign) -> Artifact:
        character_of(state, self.character)
        name = self.name.strip()
        if not name:
            raise RuleViolation("Name the artifact.")
        if len(name) > MAX_NAME:
            raise RuleViolation(f"An artifact's name is at most {MAX_NAME} characters.")
        if not 1 <= self.level <= MAX_ARTIFACT_LEVEL:
            raise RuleViolation(f"An artifact's level runs from 1 to {MAX_ARTIFACT_LEVEL}.")
        _check_text(self.effect, "The effect")
        depletion_in, die = parse_depletion(self.depletion)
        return Artifact(name=name, level=self.level, depletion_in=depletion_in,
                        depletion_die=die, effect=self.effect.strip(),  # type: ignore[arg-type]
                        identified=self.identified)  # fmt: skip

    def preview(self, state: Campaign) -> ArtifactPreview:
        made = self.artifact(state)
        return ArtifactPreview(
            name=made.name,
            level=made.level,
            depletion=depletion_words(made.depletion_in, made.depletion_die),
            chance=chance_words(made.depletion_in, made.depletion_die),
            identified=made.identified,
            carried=len(character_of(state, self.character).artifacts),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [ArtifactGained(character=self.character, artifact=self.artifact(state))]


TASK_WHY = {
    "first": "its first use once identified: an Intellect task at its level",
    "blind": "unidentified: using it is an Intellect task at its level + 2",
}


class UseArtifact(Command, frozen=True, kw_only=True):
    """R-ART-1, R-ART-2: use the artifact at ``index``. Its first use once identified is
    an Intellect task at its level (unidentified, every use is one at its level + 2); a
    failure does nothing. Then its depletion die (``depletion``: the player's; None: the
    app's): a face in its range, and the use works but is its last."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    index: int
    skill: Literal["", "trained", "specialized"] = ""
    training: str = ""
    """R-TASK-9: the sheet's skill ``skill`` comes from (see ``Roll.training``)."""
    inability: bool = False
    assets: int = 0
    effort: int = 0
    die: int | None = None
    """The task's d20, when the use takes one (None: the app rolls)."""
    depletion: int | None = None

    def usable(self, state: Campaign) -> tuple[Artifact, int | None]:
        """The artifact and its task's difficulty (None: no task); a spent one refused."""
        artifact = artifact_at(character_of(state, self.character), self.index)
        if artifact.spent:
            raise RuleViolation(f"{artifact.name} is spent: it works no more.")
        difficulty = use_difficulty(artifact.level, identified=artifact.identified,
                                    used_once=artifact.used_once)  # fmt: skip
        return artifact, difficulty

    def roll(self, artifact: Artifact, difficulty: int | None) -> Roll | None:
        if difficulty is None:
            return None
        return intellect_roll(self, difficulty, f"using the artifact {artifact.name}")

    def preview(self, state: Campaign) -> UsePreview:
        artifact, difficulty = self.usable(state)
        roll = self.roll(artifact, difficulty)
        why = "" if roll is None else TASK_WHY["first" if artifact.identified else "blind"]
        return UsePreview(
            name=artifact.name,
            task=why,
            roll=roll.preview(state) if roll is not None else None,
            depletion=depletion_words(artifact.depletion_in, artifact.depletion_die),
            chance=chance_words(artifact.depletion_in, artifact.depletion_die),
            die=artifact.depletion_die,
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        artifact, difficulty = self.usable(state)
        events: list[AnyEvent] = []
        roll = self.roll(artifact, difficulty)
        worked = True
        if roll is not None:
            events += roll.decide(state, dice)
            worked = next(e for e in events if isinstance(e, RollMade)).success
        face, by_app, sides = 0, False, artifact.depletion_die
        if worked and sides:
            source = dice_for(self.depletion, dice, sides)
            face = source.roll(sides)
            by_app = app_rolled(face, source)
        spent = worked and depleted(face, artifact.depletion_in, sides)
        events.append(ArtifactUsed(character=self.character, index=self.index,
                                   name=artifact.name, worked=worked, die=face, spent=spent,
                                   app_rolled=by_app))  # fmt: skip
        return events


class DropArtifact(Command, frozen=True, kw_only=True):
    """A character lets go of the artifact at ``index`` (given, sold, or spent)."""

    character: str
    index: int

    def event(self, state: Campaign) -> ArtifactDropped:
        artifact = artifact_at(character_of(state, self.character), self.index)
        return ArtifactDropped(character=self.character, index=self.index, name=artifact.name)

    def preview(self, state: Campaign) -> DropPreview:
        artifact = artifact_at(character_of(state, self.character), self.index)
        return DropPreview(name=artifact.name, spent=artifact.spent)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]
