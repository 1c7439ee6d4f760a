"""R-NPC-1: how an NPC reacts on meeting the party (solo play, or a GM who lets the dice
say): a d20, plus the speaking PC's training in the skill they use, plus the NPC's level
against the pivot. The preview says the modifier in words and each reaction's exact chance
with the faces that give it; the reaction is one ``Drawn`` (table "reaction"), and, when
the party meets the NPC for the first time, the NPC joins the story's people in the same
step."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import MAX_NAME, Command, character_of, dice_for
from strange_tui.campaign.commands.combat.setup import slug
from strange_tui.campaign.commands.solo.oracle import CONTROLS, faces_text
from strange_tui.campaign.model.abilities import moment, skills_now
from strange_tui.campaign.model.events import AnyEvent, Drawn, Listed
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.story import StoryItem
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.solo import (
    D20,
    LEVEL_PIVOT,
    REACTIONS,
    TRAINING_STEP,
    reaction,
    reaction_modifier,
    reaction_odds,
)

TABLE = "reaction"
"""The table the log names for a reaction (Drawn.table)."""

REACTION_CHOICES: tuple[str, ...] = REACTIONS
"""The five reactions, from the worst to the best (for the screens)."""

STEPS = {"inability": -1, "trained": 1, "specialized": 2}
"""R-NPC-1: a skill level's steps of training."""

LEVEL_WORDS = {-1: "unable at", 0: "untrained in", 1: "trained in", 2: "specialized in"}


class ReactionOdds(msgspec.Struct, frozen=True, kw_only=True):
    """One reaction's chance before the die: 'friendly' on 9-12."""

    reaction: str
    faces: tuple[int, ...]
    """The d20 faces that give it (none: it cannot come)."""
    faces_text: str
    """'9-12', '1', '' (none)."""

    @property
    def chance(self) -> Fraction:
        return Fraction(len(self.faces), D20)


class ReactionPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the reaction dialog shows before the die: the speaker's training, the modifier
    and what makes it, each reaction's odds. ``problem`` says what stops the roll (no name
    typed); the odds stand regardless."""

    steps: int
    modifier: int
    words: str
    """'+3 Mara trained in persuasion, +1 level 2: +4'."""
    odds: tuple[ReactionOdds, ...]
    problem: str | None = None


def npc_name(text: str) -> str:
    """The NPC's name on one line, its words as typed."""
    return " ".join(text.split())


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot name the NPC (None: it can)."""
    name = npc_name(text)
    if not name:
        return "Type the NPC's name first."
    if len(name) > MAX_NAME:
        return f"An NPC's name is {MAX_NAME} characters at most; this one has {len(name)}."
    if CONTROLS.search(name):
        return "An NPC's name of words and signs only: no control characters."
    return None


def speaker_skills(who: Character, now: int | None = None) -> list[tuple[str, str]]:
    """The skills a PC may speak with that move the reaction: (skill, level) for each of
    their trainings, specializations and inabilities, by name."""
    return sorted(skills_now(who, now).items(), key=lambda item: item[0].casefold())


def training_steps(who: Character, skill: str, now: int | None = None) -> int:
    """R-NPC-1: the steps of ``who``'s training in ``skill`` (case does not matter): -1 an
    inability, 0 none (or no skill used), 1 trained, 2 specialized."""
    wanted = skill.strip().casefold()
    if not wanted:
        return 0
    levels = {name.strip().casefold(): level for name, level in skills_now(who, now).items()}
    return STEPS.get(levels.get(wanted, ""), 0)


def modifier_words(who: Character, skill: str, steps: int, level: int, total: int) -> str:
    """The modifier explained: '+3 Mara trained in persuasion, +1 level 2: +4 in all'."""
    parts = [f"{TRAINING_STEP * steps:+d} {who.name} {LEVEL_WORDS[steps]} {skill.strip()}"]
    if not skill.strip():
        parts = [f"+0 {who.name} speaks with no skill"]
    parts.append(f"{LEVEL_PIVOT - level:+d} level {level}")
    return f"{', '.join(parts)}: {total:+d} in all"


def reaction_rows(modifier: int) -> tuple[ReactionOdds, ...]:
    """R-NPC-1: each reaction's faces for ``modifier``, from the worst to the best."""
    chances = reaction_odds(modifier)
    rows = []
    for said in REACTIONS:
        faces = tuple(die for die in range(1, D20 + 1) if reaction(die, modifier) == said)
        assert Fraction(len(faces), D20) == chances[said]
        rows.append(ReactionOdds(reaction=said, faces=faces, faces_text=faces_text(faces)))
    return tuple(rows)


def person_id(state: Campaign, name: str) -> str:
    """An id for a person met, from their name, not yet on the story's people list."""
    base = slug(name)[:56]
    taken = {item.id for item in state.story.people}
    found, number = base, 1
    while found in taken:
        number += 1
        found = f"{base}-{number}"
    return found


def met_already(state: Campaign, name: str) -> bool:
    return any(item.name.casefold() == name.casefold() for item in state.story.people)


class ReactNpc(Command, frozen=True, kw_only=True):
    """R-NPC-1: an NPC of ``level`` meets the party and ``speaker`` (a PC's id) speaks,
    with ``skill`` ("" none); ``die`` is the player's own d20 (None: the app rolls).
    ``meet``: the NPC joins the story's people in the same step (unless already there).
    The GM's, or any seat's in solo play (``STORY_TOOL``)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "roll an NPC's reaction"

    npc: str
    level: int
    speaker: str
    skill: str = ""
    die: int | None = None
    meet: bool = False

    def modifier(self, state: Campaign) -> tuple[int, int, Character]:
        """The speaker's steps of training, the modifier, and the speaker."""
        who = character_of(state, self.speaker)
        if len(self.skill.strip()) > MAX_NAME or CONTROLS.search(self.skill):
            raise RuleViolation(
                "A skill's name of 80 characters at most, with no control characters."
            )
        steps = training_steps(who, self.skill, moment(state))
        return steps, reaction_modifier(steps, self.level), who

    def preview(self, state: Campaign) -> ReactionPreview:
        steps, modifier, who = self.modifier(state)
        return ReactionPreview(
            steps=steps,
            modifier=modifier,
            words=modifier_words(who, self.skill, steps, self.level, modifier),
            odds=reaction_rows(modifier),
            problem=name_problem(self.npc),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        _, modifier, _ = self.modifier(state)
        if problem := name_problem(self.npc):
            raise RuleViolation(problem)
        name = npc_name(self.npc)
        die = dice_for(self.die, dice).roll(D20)
        events: list[AnyEvent] = [
            Drawn(
                table=TABLE,
                result=f"{name}: {reaction(die, modifier)}",
                dice=(die,),
                level=self.level,
                character=self.speaker,
            )
        ]
        if self.meet and not met_already(state, name):
            item = StoryItem(id=person_id(state, name), name=name)
            events.append(Listed(list="people", item=item))
        return events
