"""Identifying a cypher or an artifact (R-ART-1): an Intellect task made by ``Roll`` (the
usual Effort, odds, die and cost), then the study's minutes pass, as ``PassTime`` passes
them (15 minutes to an hour for a cypher, to three hours for an artifact); a success marks
the item identified. ``intellect_roll`` makes the task from a command's choices, as using
an artifact (``artifacts.UseArtifact``) does too.

Seats: the character's own action, like crafting (which also moves the clock): the
character's seat may send it, and the GM's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, Union

import msgspec

from strange_tui.campaign.commands.base import Command, character_of
from strange_tui.campaign.commands.character.previews import after_events
from strange_tui.campaign.commands.crafting import clock_command
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.commands.table.clock import MINUTE, ClockPreview
from strange_tui.campaign.model.events import AnyEvent, IdentifyAttempted, RollMade
from strange_tui.campaign.model.state import Artifact, Campaign, Character
from strange_tui.rules.cyphers import IDENTIFY_MINUTES, identify_difficulties
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat

STUDY_STEP = 15
"""The dialog offers the study's minutes in steps of a quarter hour."""


def study_minutes(item: str) -> tuple[int, ...]:
    """R-ART-1: the study times the dialog offers, a quarter hour apart (15 to 60 minutes
    for a cypher, to 180 for an artifact)."""
    least, most = IDENTIFY_MINUTES[item]
    return tuple(range(least, most + 1, STUDY_STEP))


def difficulties_for(item: str, level: int) -> tuple[int, ...]:
    """R-ART-1: the difficulties the study may take (a cypher's 1 or 2, an artifact's level)."""
    return identify_difficulties(item, level)


class IdentifyPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The study: the Intellect task's odds and cost, the time and where the clock goes."""

    item: str
    name: str
    difficulty: int
    difficulties: tuple[int, ...]
    minutes: int
    choices: tuple[int, ...]
    """The minutes to choose from."""
    time: str
    """'30 minutes: the clock goes to Day 6, 09:51'."""
    roll: RollPreview
    clock: ClockPreview | None = None


def intellect_roll(command: Any, difficulty: int, label: str) -> Roll:
    """The Intellect task ``command`` makes (R-TASK, R-EFF): its training, inability,
    assets, Effort and the player's die (None: the app rolls), sent by its seat."""
    return Roll(character=command.character, stat=Stat.INTELLECT, difficulty=difficulty,
                label=label, skill=command.skill, training=command.training,
                inability=command.inability,
                assets=command.assets, effort=command.effort, die=command.die,
                by=command.by)  # fmt: skip


Study = Union["IdentifyArtifact", "IdentifyCypher"]


def held(study: Study, who: Character) -> tuple[str, int, bool]:
    """The studied item's name, level and whether it is identified."""
    if study.ITEM == "artifact":
        artifact = artifact_at(who, study.index)
        return artifact.name, artifact.level, artifact.identified
    if not 0 <= study.index < len(who.cyphers):
        raise RuleViolation(f"{who.name} carries no cypher number {study.index + 1}.")
    cypher = who.cyphers[study.index]
    return cypher.name, cypher.level, cypher.identified


def studied(study: Study, state: Campaign) -> tuple[str, int, int]:
    """R-ART-1: the name, the task's difficulty and the seconds; refusals before any die."""
    who = character_of(state, study.character)
    name, level, known = held(study, who)
    if known:
        raise RuleViolation(f"{name} is identified already.")
    if state.encounter is not None:
        raise RuleViolation("End the fight first: identifying takes a quarter hour at least.")
    least, most = IDENTIFY_MINUTES[study.ITEM]
    minutes = least if study.minutes is None else study.minutes
    if not least <= minutes <= most:
        raise RuleViolation(f"Identifying a {study.ITEM} takes {least} to {most} minutes.")
    difficulty = getattr(study, "difficulty", None) or difficulties_for(study.ITEM, level)[0]
    if difficulty not in difficulties_for(study.ITEM, level):
        raise RuleViolation("Identifying a cypher is a task of difficulty 1 or 2.")
    return name, difficulty, minutes * MINUTE


def study_roll(study: Study, state: Campaign) -> Roll:
    name, difficulty, _ = studied(study, state)
    return intellect_roll(study, difficulty, f"identifying the {study.ITEM} {name}")


def study_preview(study: Study, state: Campaign) -> IdentifyPreview:
    """The task's odds and cost, and the time the study takes, as the clock will pass it."""
    name, difficulty, seconds = studied(study, state)
    level = held(study, character_of(state, study.character))[1]
    clock = clock_command(seconds, f"studying {name}").preview(state)
    return IdentifyPreview(
        item=study.ITEM,
        name=name,
        difficulty=difficulty,
        difficulties=difficulties_for(study.ITEM, level),
        minutes=seconds // MINUTE,
        choices=study_minutes(study.ITEM),
        time=f"{seconds // MINUTE} minutes: the clock goes to {clock.until}",
        roll=study_roll(study, state).preview(state),
        clock=clock,
    )


def study_events(study: Study, state: Campaign, dice: DiceSource) -> list[AnyEvent]:
    """The task's roll, the try recorded (a success identifies), then the time passing."""
    name, difficulty, seconds = studied(study, state)
    events: list[AnyEvent] = list(study_roll(study, state).decide(state, dice))
    made = next(event for event in events if isinstance(event, RollMade))
    events.append(IdentifyAttempted(character=study.character, item=study.ITEM,
                                    index=study.index, name=name, difficulty=difficulty,
                                    success=made.success, seconds=seconds))  # fmt: skip
    passed = clock_command(seconds, f"studying {name}")
    events.extend(passed.decide(after_events(state, events)))
    return events


class _Study(Command, frozen=True, kw_only=True):
    """R-ART-1: what studying a cypher or an artifact shares: the item at ``index``, the
    minutes that pass, and the Intellect task's choices (training, an inability, assets,
    Effort, the player's die; None: the app rolls)."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    ITEM: ClassVar[Literal["cypher", "artifact"]] = "artifact"
    character: str
    index: int
    minutes: int | None = None
    skill: Literal["", "trained", "specialized"] = ""
    training: str = ""
    """R-TASK-9: the sheet's skill ``skill`` comes from (see ``Roll.training``)."""
    inability: bool = False
    assets: int = 0
    effort: int = 0
    die: int | None = None

    def preview(self, state: Campaign) -> IdentifyPreview:
        return study_preview(self, state)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return study_events(self, state, dice)


class IdentifyArtifact(_Study, frozen=True, kw_only=True):
    """R-ART-1: study the artifact at ``index``: an Intellect task at its level, then
    ``minutes`` pass (15 to 180; None: 15)."""

    ITEM: ClassVar[Literal["cypher", "artifact"]] = "artifact"


class IdentifyCypher(_Study, frozen=True, kw_only=True):
    """R-ART-1: study the cypher at ``index``: an Intellect task of ``difficulty`` 1 or 2
    (the GM's pick), then ``minutes`` pass (15 to 60; None: 15)."""

    ITEM: ClassVar[Literal["cypher", "artifact"]] = "cypher"
    difficulty: int = 1


def artifact_at(who: Character, index: int) -> Artifact:
    if not 0 <= index < len(who.artifacts):
        raise RuleViolation(f"{who.name} carries no artifact number {index + 1}.")
    return who.artifacts[index]
