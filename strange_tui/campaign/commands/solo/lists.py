"""The two lists a GM keeps in their head, kept by the app in solo play: the threads still
open and the people met. A random event picks from them (R-EVT-1); the player adds to them
and closes what is done. Each entry's id is made from its name, unique in its list."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import ClassVar, get_args

from strange_tui.campaign.commands.base import Command, text
from strange_tui.campaign.model.events import AnyEvent, Listed, Unlisted
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.model.story import ListName, StoryItem
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation

LISTS: tuple[str, ...] = get_args(ListName)
"""'threads', 'people'."""

ENTRY_WORDS = {"threads": "thread", "people": "person"}
NAME_LIMIT = 80
"""A name as StoryItem keeps it."""
NOTE_LIMIT = 500
"""A note as StoryItem keeps it."""
ID_LIMIT = 56
"""The stem of an id (it may take '-2' and more to be unique, up to the 64 an id holds)."""


def check_list(which: str) -> str:
    if which not in LISTS:
        raise RuleViolation(f"A list is one of: {', '.join(LISTS)}.")
    return which


def item_id(name: str, taken: set[str], which: str) -> str:
    """An id for ``name``: its letters and digits, lower case, joined by dashes ('the
    lighthouse keeper' -> 'the-lighthouse-keeper'), with a number after it when ``taken``
    holds it already."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:ID_LIMIT].strip("-")
    stem = stem or ENTRY_WORDS[which]
    found, number = stem, 1
    while found in taken:
        number += 1
        found = f"{stem}-{number}"
    return found


class AddToList(Command, frozen=True, kw_only=True):
    """A thread opens, or someone is met: ``name`` (and a ``note`` in the player's words)
    onto the list ``list`` ('threads' or 'people'). The GM's, or any seat's in solo
    play (``STORY_TOOL``)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "open a thread or add someone met"

    list: str
    name: str
    note: str = ""

    def preview(self, state: Campaign) -> StoryItem:
        """The entry as it will be kept (RuleViolation: no name, too long, on it already)."""
        which = check_list(self.list)
        name = " ".join(self.name.split())
        if not name:
            raise RuleViolation(f"Name the {ENTRY_WORDS[which]} first.")
        if len(name) > NAME_LIMIT:
            raise RuleViolation(f"A name is {NAME_LIMIT} characters at most.")
        note = " ".join(text(self.note, "A note", NOTE_LIMIT).split())
        items = state.story.items(which)
        if any(item.name.casefold() == name.casefold() for item in items):
            raise RuleViolation(f"{name} is on the list already.")
        taken = {item.id for item in items}
        return StoryItem(id=item_id(name, taken, which), name=name, note=note)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [Listed(list=self.list, item=self.preview(state))]  # type: ignore[arg-type]


class CloseInList(Command, frozen=True, kw_only=True):
    """A thread is closed, or a person leaves the story: the entry ``id`` off the list
    ``list`` (the log keeps it)."""

    STORY_TOOL: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "close a thread or see someone leave the story"

    list: str
    id: str

    def preview(self, state: Campaign) -> StoryItem:
        """The entry it takes off (RuleViolation: none of that id on the list)."""
        which = check_list(self.list)
        for item in state.story.items(which):
            if item.id == self.id:
                return item
        raise RuleViolation(f"No {ENTRY_WORDS[which]} {self.id!r} on the list.")

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        self.preview(state)
        return [Unlisted(list=self.list, id=self.id)]  # type: ignore[arg-type]
