"""The story's events folded into ``Campaign.story``: tension set or moved, a scene begun
or ended, a note that opens a scene, a thread or a person listed or taken off (R-TEN-1,
R-SCN-1, R-SCN-2, R-SCN-3, R-EVT-1). They touch no character's numbers."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import (
    Listed,
    SceneEnded,
    SceneStarted,
    SceneWritten,
    TensionSet,
    Unlisted,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.story import LIST_LIMIT, Story, scene_opened
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.solo import scene_test

LIST_WORDS = {"threads": "thread", "people": "person"}


StoryEvent = TensionSet | SceneStarted | SceneEnded | Listed | Unlisted


def fold_story(state: Campaign, event: StoryEvent) -> Campaign:
    return replace(state, story=_story(state.story, event, fighting=state.encounter is not None))


def fold_note(state: Campaign, event: SceneWritten) -> Campaign:
    """R-SCN-3: a note written with no scene under way and no fight opens the next scene."""
    fighting = state.encounter is not None
    opened = _opened(state.story, event.opens, note=True, fighting=fighting)
    return replace(state, story=replace(state.story, scenes=opened)) if opened else state


def _opened(story: Story, said: int | None, *, note: bool, fighting: bool) -> int:
    """R-SCN-3: the scene a step opens (0: none), as the event says it when it does (an
    event saved before the numbers were kept says none: 0 for a scene, None for a note)."""
    opened = scene_opened(story, note=note, fighting=fighting)
    if said is None or (said == 0 and not note) or said == opened:
        return opened
    if not opened:
        raise RuleViolation("A note in a scene or a fight opens no scene of its own.")
    raise RuleViolation(f"The story's next scene is scene {opened}, not {said}.")


def _story(story: Story, event: StoryEvent, *, fighting: bool) -> Story:
    match event:
        case TensionSet():
            if event.was != story.tension:
                raise RuleViolation(f"Tension is {story.tension}, not {event.was}.")
            return replace(story, tension=event.tension)
        case SceneStarted():
            if event.tension != story.tension:
                raise RuleViolation(f"Tension is {story.tension}, not {event.tension}.")
            scene_test(event.tension, event.die)  # Refuses a die off the d20.
            number = _opened(story, event.number, note=False, fighting=fighting)
            return replace(story, scene=event.expected, scenes=number)
        case SceneEnded():
            if not story.scene:
                raise RuleViolation("No scene is under way.")
            return replace(story, scene="")
        case Listed():
            items = story.items(event.list)
            if any(item.id == event.item.id for item in items):
                raise RuleViolation(f"{event.item.name} is on the list already.")
            if len(items) >= LIST_LIMIT:
                raise RuleViolation(f"The list holds {LIST_LIMIT} at the most: close one first.")
            return replace(story, **{event.list: (*items, event.item)})
        case Unlisted():
            items = story.items(event.list)
            kept = tuple(item for item in items if item.id != event.id)
            if len(kept) == len(items):
                raise RuleViolation(f"No {LIST_WORDS[event.list]} {event.id!r} on the list.")
            return replace(story, **{event.list: kept})
