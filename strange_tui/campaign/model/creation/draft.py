"""The creation draft: the eleven steps' names, the choices made so far, and what a
changed choice makes stale.

Pure: content comes in as a ``Library`` (anything with ``kind(name) -> {id: entry}``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import msgspec
from msgspec import Struct, field

from strange_tui.rules.pools import Stat

STEP_NAMES: tuple[str, ...] = (
    "Descriptor",
    "Type",
    "Focus",
    "Stat pools",
    "Edge",
    "Type abilities",
    "Descriptor and focus",
    "Possessions",
    "Attacks",
    "Cyphers",
    "Name and background",
)


REVIEW = len(STEP_NAMES)  # The page after step 11.


class Library(Protocol):
    def kind(self, kind: str) -> Mapping[str, Any]: ...


class Draft(Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """The choices made so far; ``step`` is where the player is (0-based, REVIEW last)."""

    step: int = 0
    descriptor: str = ""
    type: str = ""
    focus: str = ""
    bonus: dict[Stat, int] = field(default_factory=dict)
    edge_choice: int = 0
    abilities: tuple[str, ...] = ()
    """The type's first-tier abilities, by id; one that asks a choice carries it after a
    colon: 'combat-prowess:melee', 'improved-edge:intellect'."""
    focus_choice: str = ""
    chosen_skills: tuple[str, ...] = ()
    answers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """The answers to what the chosen abilities, descriptor and focus ask, by the name of
    the entry that asks (skills by name; points as 'might=2')."""
    weapons: tuple[str, ...] = ()
    armor: str = ""
    """The armor an ability lets the character start with (an armor id; "": none)."""
    cyphers: tuple[str, ...] = ()
    name: str = ""
    notes: str = ""


# What a choice at a step makes stale further on (changing the type resets what hung on it).
RESETS: dict[str, dict[str, Any]] = {
    "descriptor": {"chosen_skills": (), "weapons": (), "answers": {}},
    "type": {
        "bonus": {},
        "edge_choice": 0,
        "abilities": (),
        "weapons": (),
        "armor": "",
        "cyphers": (),
        "answers": {},
    },
    "focus": {"focus_choice": "", "chosen_skills": (), "answers": {}},
}


def choose(draft: Draft, **changes: Any) -> Draft:
    """The draft with ``changes``; a changed descriptor, type or focus clears what depended
    on it (a Vector's abilities mean nothing to a Spinner)."""
    for name, resets in RESETS.items():
        if name in changes and changes[name] != getattr(draft, name):
            changes = {**resets, **changes}
    return msgspec.structs.replace(draft, **changes)


def sentence_of(library: Library, draft: Draft) -> str:
    """The sentence as it grows: 'I am a Tough Vector who Is Licensed to Carry'."""
    descriptor = library.kind("descriptors").get(draft.descriptor)
    kind = library.kind("types").get(draft.type)
    focus = library.kind("foci").get(draft.focus)
    words = [descriptor.name if descriptor else "…", kind.name if kind else "…"]
    article = "an" if words[0][:1].lower() in "aeiou" else "a"
    return f"I am {article} {' '.join(words)} who {focus.name if focus else '…'}"
