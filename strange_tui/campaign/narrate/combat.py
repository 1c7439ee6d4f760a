"""The log's sentences for the cheat sheet's combat actions and hazards (R-ACT-1, R-ACT-2,
R-HAZ-1): 'Major fire burns Mara Quist: 6 (ambient), 4 Might and 2 Speed.', 'Mara Quist
is guarding (the door) for 1 round.' ``narrate`` asks here first; None means the plain
sentence will do."""

from __future__ import annotations

import re

from strange_tui.campaign.model.events import DamageTaken, NpcHealthChanged, WaitTriggered
from strange_tui.rules.combat import Condition
from strange_tui.rules.damage import spill_targets
from strange_tui.rules.hazards import HAZARDS

VERBS = {
    "acid-splash": "burns",
    "acid-bath": "burns",
    "cold": "chills",
    "severe-cold": "freezes",
    "collision": "strikes",
    "crush": "crushes",
    "huge-crush": "crushes",
    "shock": "jolts",
    "electrocution": "electrocutes",
    "minor-fire": "burns",
    "major-fire": "burns",
}
LABELS = {hazard.label: VERBS.get(hazard.id, "hurts") for hazard in HAZARDS.values()}
FALL = re.compile(r"^falling (\d+) ft$")
"""A fall's source, as ApplyHazard records it ('falling 30 ft')."""


def _struck(source: str, whom: str) -> str | None:
    """'Major fire burns Mara Quist', 'Mara Quist fell 30 feet'; None: not a hazard."""
    if fall := FALL.match(source):
        return f"{whom} fell {fall.group(1)} feet"
    if source in LABELS:
        return f"{source[:1].upper()}{source[1:]} {LABELS[source]} {whom}"
    return None


def hazard_hit(event: DamageTaken, name: str) -> str | None:
    """A hazard's ambient damage to a PC, and where its points went."""
    struck = _struck(event.source, name) if event.ambient else None
    if struck is None:
        return None
    if not event.spill:
        return f"{struck}: {event.amount} (ambient)."
    went = [
        f"{event.spill[stat]} {stat.value.title()}"
        for stat in spill_targets(event.stat)
        if event.spill.get(stat)
    ]
    lost = event.amount - sum(event.spill.values())
    if lost:
        went.append(f"{lost} with no pool left to take {'it' if lost == 1 else 'them'}")
    return f"{struck}: {event.amount} (ambient), {_listed(went)}."


def hazard_on_npcs(event: NpcHealthChanged, names: list[str]) -> str | None:
    """A hazard's ambient damage to NPCs: 'Minor fire burns Thug and Guard: 3 each'."""
    if event.amount >= 0 or not event.ignore_armor:
        return None
    struck = _struck(event.source, _listed(names))
    if struck is None:
        return None
    each = " each" if len(names) > 1 else ""
    return f"{struck}: {-event.amount}{each} (ambient)."


def condition_added(condition: Condition, whom: str, many: bool, lasting: str) -> str | None:
    """The sentence for a condition an action or a hazard leaves; None: the plain one."""
    verb = "are" if many else "is"
    if condition.damage:
        return (
            f"{whom} {verb} in the {condition.name}: {condition.damage} more at the start of"
            " each of their turns, until it is taken off."
        )
    note = condition.note
    match condition.name:
        case "waiting":
            return f"{whom} {'wait' if many else 'waits'} for a trigger: {note}."
        case "drawing the attack" | "drawing the attack (prominent)" if note:
            prominent = " (prominent: a step harder to defend)" if "(" in condition.name else ""
            return f"{whom} {'draw' if many else 'draws'} {note}'s attack{prominent} {lasting}."
        case "pinned down" if note:
            return f"{whom} {verb} pinned down by {note}'s covering fire {lasting}."
        case "distracted" if note:
            return f"{whom} {verb} distracted by {note} {lasting}."
    if note:
        return f"{whom} {verb} {condition.name} ({note}) {lasting}."
    return None


def condition_removed(name: str, who: str) -> str | None:
    if name in LABELS:
        return f"{who} is out of the {name}."
    if name == "waiting":
        return f"{who}'s wait is over."
    return None


def wait_triggered(event: WaitTriggered, who: str) -> str:
    trigger = f" ({event.trigger})" if event.trigger else ""
    return f"{who}'s trigger came{trigger}: {who} acts now."


def _listed(items: list[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
