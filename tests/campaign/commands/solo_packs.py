"""A small pack of the solo tables for the scene and tension tests: alterations (one of them
for Ruk only), event foci (one picking a thread), and two words of each meaning table."""

from collections.abc import Mapping
from typing import Any

from strange_tui.content.model import EventFocus, IntrusionIdea, Meaning, SoloEntry
from strange_tui.rules.oracle import INTRUSION_KINDS

ALTERATIONS = (
    SoloEntry(id="alt-late", name="Too late", text="You arrive after it is over."),
    SoloEntry(id="alt-ruk", name="Chaos-touched", text="The Chaosphere leaks in.", recursion="ruk"),
    SoloEntry(id="alt-crowd", name="A crowd", text="Someone is watching."),
)
FOCI = (
    EventFocus(id="focus-thread", name="A thread moves", text="Something happens.", picks="thread"),
    EventFocus(id="focus-far", name="Far away", text="Elsewhere, it moves."),
)
MEANINGS = (
    Meaning(id="act-1", name="betray", table="action"),
    Meaning(id="act-2", name="protect", table="action"),
    Meaning(id="sub-1", name="a hidden door", table="subject"),
    Meaning(id="sub-2", name="a promise", table="subject"),
)
IDEAS = tuple(
    IntrusionIdea(id=f"idea-{n}", name=f"Idea {n}", text=f"{kind} it is.", kind=kind)
    for n, kind in enumerate(INTRUSION_KINDS, 1)
)


class SoloPack:
    """The packs as the commands see them (``kind``): each table above by its kind."""

    def __init__(self, alterations: tuple[SoloEntry, ...] = ALTERATIONS) -> None:
        self.kinds: dict[str, tuple[Any, ...]] = {
            "alterations": alterations,
            "event_foci": FOCI,
            "meanings": MEANINGS,
            "intrusions": IDEAS,
        }

    def kind(self, kind: str) -> Mapping[str, Any]:
        return {entry.id: entry for entry in self.kinds.get(kind, ())}
