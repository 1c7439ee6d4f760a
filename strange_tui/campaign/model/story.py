"""The story a solo campaign keeps, beside its numbers: how restless it is (tension), the
scene under way, and the two lists a GM would keep in their head: the threads still open
and the people met (R-TEN-1, R-SCN-1, R-EVT-1)."""

# Annotations are evaluated here, not kept as text: msgspec would compile each one on
# the first decode of every start (tests/storage/test_decoding_types.py).

from typing import Annotated, Literal

from msgspec import Meta

from strange_tui.campaign.model.types import Frozen, Id, Name, Text

Tension = Annotated[int, Meta(ge=1, le=9)]
SceneNumber = Annotated[int, Meta(ge=0, le=100_000)]
ListName = Literal["threads", "people"]
LIST_LIMIT = 100
"""The most entries a list holds open (a closed one leaves it; the log keeps it)."""


class StoryItem(Frozen):
    """A thread still open or a person met: its name, and a note in the player's words."""

    id: Id
    name: Name
    note: Annotated[str, Meta(max_length=500)] = ""


class Story(Frozen):
    """What the app remembers for the GM's chair in solo play."""

    tension: Tension = 5
    scene: Text = ""
    """The scene under way, as it turned out once tested ('' when none is)."""
    scenes: SceneNumber = 0
    """R-SCN-3: the scenes the story has opened so far, the last one's number (the scene
    under way, when one is): the next one's number is one more (``scene_opened``)."""
    threads: Annotated[tuple[StoryItem, ...], Meta(max_length=LIST_LIMIT)] = ()
    people: Annotated[tuple[StoryItem, ...], Meta(max_length=LIST_LIMIT)] = ()

    def items(self, which: str) -> tuple[StoryItem, ...]:
        """The open entries of the list ``which`` ('threads' or 'people')."""
        return self.threads if which == "threads" else self.people


def scene_opened(story: Story, *, note: bool, fighting: bool) -> int:
    """R-SCN-3: the number of the scene a step opens in the story (0: it opens none), the
    one count Home, the scenes dialog, the log and the Markdown story all show. A scene
    begun (R-SCN-1) opens the next; a note opens the next only with no scene under way and
    no fight (its first words head it), else it stays in the scene or the fight."""
    if note and (story.scene or fighting):
        return 0
    return story.scenes + 1
