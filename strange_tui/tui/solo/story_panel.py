"""Home's Story panel in solo play: the tension, the scene under way, the threads still open
and the people met (as many names as the panel's width holds, then how many more); and
the two keys that open the story's dialogs (e: scenes and tension, k: the lists), which
Home takes in as a mixin. Hidden in a campaign with a GM."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.story import Story, StoryItem

FALLBACK_WIDTH = 30
"""The width to fit the names to before the panel has been laid out."""

LIST_WORDS = {"threads": "Threads", "people": "People"}
NONE_YET = {"threads": "none open", "people": "nobody met yet"}


def fitted(items: Sequence[StoryItem], room: int) -> str:
    """'The courier · Ilse +3 more': as many names as ``room`` characters hold (the first
    always), then how many are left out."""
    shown: list[str] = []
    for index, item in enumerate(items):
        left = len(items) - index - 1
        more = f" +{left} more" if left else ""
        name = item.name
        if not shown and len(name) + len(more) > room:  # The first, cut to fit.
            name = name[: max(1, room - len(more) - 1)] + "…"
        line = " · ".join([*shown, name])
        if shown and len(line) + len(more) > room:
            break
        shown.append(name)
    rest = len(items) - len(shown)
    return " · ".join(shown) + (f" +{rest} more" if rest else "")


def story_text(story: Story, width: int) -> Text:
    """Four lines: tension, the scene, the threads, the people."""
    text = Text(f"Tension {story.tension}/9", style="bold yellow" if story.tension > 5 else "bold")
    if story.scene:
        scene = " ".join(story.scene.split())
        room = 2 * width - len(f"Scene {story.scenes}: ")  # Two lines at most.
        scene = scene if len(scene) <= room else scene[: max(1, room - 1)] + "…"
        text.append(f"\nScene {story.scenes}: ", style="bold")
        text.append(scene, style="italic")
    else:
        text.append("\nNo scene under way — e", style="dim")
    for which, label in LIST_WORDS.items():
        items = story.items(which)
        text.append(f"\n{label}: ", style="bold cyan")
        room = max(8, width - len(label) - 2)
        text.append(fitted(items, room) if items else f"{NONE_YET[which]} — k",
                    style="" if items else "dim")  # fmt: skip
    return text


class StoryPanel(Static):
    """The story at a glance (solo play only)."""

    DEFAULT_CSS = """
    StoryPanel { height: auto; }
    """

    def __init__(self) -> None:
        super().__init__(id="story", classes="panel")
        self.border_title = "Story"
        self.story: Story | None = None

    def show(self, state: Campaign) -> None:
        self.display = state.settings.solo
        self.story = state.story
        if self.display:
            self.redraw()

    def redraw(self) -> None:
        if self.story is not None:
            width = self.content_size.width or FALLBACK_WIDTH
            self.update(story_text(self.story, width))

    def on_resize(self) -> None:
        self.redraw()


class StoryKeys(Screen):
    """Home's story keys in solo play: e opens scenes and tension, k the threads and the
    people met (any seat may use them: they touch no one's numbers). Home is built on it:
    the keys and what they open live here, with the panel, and Home stays short."""

    BINDINGS = [
        Binding("e", "scene", "Scene", id="home.scene", show=False,
                tooltip="solo play: start a scene (a d20 against tension) or end it; set tension"),
        Binding("k", "threads", "Threads", id="home.threads", show=False,
                tooltip="solo play: the threads open and the people met; add or close one"),
    ]  # fmt: skip

    def action_scene(self) -> None:
        from strange_tui.tui.solo.scenes import ScenesDialog

        self.app.push_screen(ScenesDialog())

    def action_threads(self) -> None:
        from strange_tui.tui.solo.lists import ListsDialog

        self.app.push_screen(ListsDialog())
