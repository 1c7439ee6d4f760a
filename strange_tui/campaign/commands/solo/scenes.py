"""Scenes in solo play: one begins with what the player expects of it, tested by a d20
against tension (R-SCN-1): above it, the scene goes as expected; at or under it, an odd
face alters it (the packs' alterations say how) and an even face interrupts it with a
random event (R-EVT-1). Whatever the die brings is drawn in the same step. A scene's end
says how it went for the party, which moves tension (R-SCN-2).

The preview is the exact chance of each outcome before the die, with the faces that give
it, at the tension now."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command, text
from strange_tui.campaign.commands.solo.draw import line_of, pick
from strange_tui.campaign.commands.solo.events import draw_random_event
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import (
    AnyEvent,
    Drawn,
    SceneEnded,
    SceneStarted,
    TensionSet,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.story import scene_opened
from strange_tui.content.solo_fit import fitting
from strange_tui.rules.dice import DiceSource, check_face
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.solo import (
    D20,
    SCENE_ENDS,
    SCENE_TESTS,
    scene_odds,
    scene_test,
    tension_after_scene,
)

EXPECTED_LIMIT = 1000
"""What the player expects of a scene: a sentence or a few (SceneStarted keeps 1000)."""

SCENE_END_CHOICES: tuple[str, ...] = SCENE_ENDS
"""How a scene may have gone, from the party's way to badly (for the screens)."""

ALTERATION = "alteration"
"""The table the log names for what alters a scene (Drawn.table)."""

ALTERATIONS = "alterations"
"""The packs' kind that says how a scene is altered."""

END_WHY = {"well": "the scene went the party's way", "badly": "the scene went badly"}
"""What a scene's end says moved tension (TensionSet.why)."""

UNDER_WAY = "End the scene first (e)."


class SceneOdds(msgspec.Struct, frozen=True, kw_only=True):
    """One outcome of the scene's die: its exact chance and the faces that give it."""

    test: str
    """'expected', 'altered' or 'interrupted'."""
    chance: Fraction
    faces: tuple[int, ...]


class ScenePreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the scene's dialog shows before the die: the tension, each outcome's odds;
    ``problem`` says what stops the scene from starting (none expected, a scene under
    way); the odds stand regardless."""

    tension: int
    odds: tuple[SceneOdds, ...]
    problem: str | None = None


class EndPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What ending the scene does to tension, for each way it may have gone."""

    scene: str
    tension: int
    after: dict[str, int]
    """The tension once the scene ends, by how it went ('well', 'mixed', 'badly')."""


def scene_faces(tension: int) -> tuple[SceneOdds, ...]:
    """R-SCN-1: each outcome's exact chance and faces at ``tension``."""
    chances = scene_odds(tension)
    return tuple(
        SceneOdds(
            test=test,
            chance=chances[test],
            faces=tuple(die for die in range(1, D20 + 1) if scene_test(tension, die) == test),
        )
        for test in SCENE_TESTS
    )


def expected_text(value: str) -> str:
    """What the player expects, on one line as the log keeps it."""
    return " ".join(text(value, "What you expect", EXPECTED_LIMIT).split())


def draw_alteration(state: Campaign, content: Library, dice: DiceSource) -> Drawn:
    """R-SCN-1: how the scene is altered: a die over the packs' alterations that fit the
    party's recursion."""
    found = fitting(content.kind(ALTERATIONS).values(), recursion=state.recursion)
    if not found:
        raise RuleViolation("The packs hold no alterations to alter the scene with.")
    index, rolled = pick(dice, len(found))
    return Drawn(table=ALTERATION, result=line_of(found[index]), dice=rolled)


class StartScene(Command, frozen=True, kw_only=True):
    """R-SCN-1: a scene begins with what the player ``expected``; ``die`` is the player's
    own d20 against tension (None: the app rolls); ``content`` the campaign's packs, from
    which an alteration or a random event is drawn with the app's dice. The GM's, or any
    seat's in solo play (``STORY_TOOL``)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "begin a scene"

    expected: str
    die: int | None = None
    content: Library | None = None

    def problem(self, state: Campaign) -> str | None:
        """Why the scene cannot start now (None: it can)."""
        if state.story.scene:
            return UNDER_WAY
        if not expected_text(self.expected):
            return "Say what you expect of the scene first."
        return None

    def preview(self, state: Campaign) -> ScenePreview:
        tension = state.story.tension
        return ScenePreview(tension=tension, odds=scene_faces(tension), problem=self.problem(state))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        if problem := self.problem(state):
            raise RuleViolation(problem)
        if self.die is not None:
            check_face(self.die, D20)
        die = self.die if self.die is not None else dice.roll(D20)
        tension = state.story.tension
        events: list[AnyEvent] = [
            SceneStarted(
                expected=expected_text(self.expected),
                die=die,
                tension=tension,
                app_rolled=self.die is None,
                number=scene_opened(state.story, note=False, fighting=bool(state.encounter)),
            )
        ]
        test = scene_test(tension, die)
        if test != "expected":
            if self.content is None:
                raise RuleViolation("No content packs to draw from.")
            if test == "altered":
                events.append(draw_alteration(state, self.content, dice))
            else:
                events.append(draw_random_event(state, self.content, dice))
        return events


class EndScene(Command, frozen=True, kw_only=True):
    """R-SCN-2: the scene under way ends; how it ``went`` for the party ('well', 'mixed',
    'badly') moves tension a step down, not at all, or a step up."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "end a scene"

    went: str

    def preview(self, state: Campaign) -> EndPreview:
        if not state.story.scene:
            raise RuleViolation("No scene is under way: start one first (e).")
        if self.went not in SCENE_ENDS:
            raise RuleViolation(f"A scene went one of: {', '.join(SCENE_ENDS)}.")
        tension = state.story.tension
        return EndPreview(
            scene=state.story.scene,
            tension=tension,
            after={went: tension_after_scene(tension, went) for went in SCENE_ENDS},
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        seen = self.preview(state)
        events: list[AnyEvent] = [SceneEnded(went=self.went)]  # type: ignore[arg-type]
        after = seen.after[self.went]
        if after != seen.tension:
            events.append(TensionSet(tension=after, was=seen.tension, why=END_WHY[self.went]))
        return events
