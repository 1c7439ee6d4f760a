"""The story's events folded into ``Campaign.story``: tension set or moved, a scene begun
or ended, a thread or a person listed or taken off (R-TEN-1, R-SCN-1, R-SCN-2, R-EVT-1).
They touch no character's numbers."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import (
    Listed,
    SceneEnded,
    SceneStarted,
    TensionSet,
    Unlisted,
)
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.story import LIST_LIMIT, Story
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.solo import scene_test

LIST_WORDS = {"threads": "thread", "people": "person"}


StoryEvent = TensionSet | SceneStarted | SceneEnded | Listed | Unlisted


def fold_story(state: Campaign, event: StoryEvent) -> Campaign:
    return replace(state, story=_story(state.story, event))


def _story(story: Story, event: StoryEvent) -> Story:
    match event:
        case TensionSet():
            if event.was != story.tension:
                raise RuleViolation(f"Tension is {story.tension}, not {event.was}.")
            return replace(story, tension=event.tension)
        case SceneStarted():
            if event.tension != story.tension:
                raise RuleViolation(f"Tension is {story.tension}, not {event.tension}.")
            scene_test(event.tension, event.die)  # Refuses a die off the d20.
            return replace(story, scene=event.expected, scenes=story.scenes + 1)
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
