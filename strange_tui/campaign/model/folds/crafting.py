"""Folding a crafted item into the crafter's sheet (R-CRAFT-1); part of ``reduce``."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import CraftingAttempted
from strange_tui.campaign.model.state import Character
from strange_tui.rules.crafting import crafting_time, materials
from strange_tui.rules.errors import RuleViolation

MAX_EQUIPMENT = 200
"""No sheet carries more: a runaway loop of crafting stops here."""


def craft(character: Character, event: CraftingAttempted) -> Character:
    """R-CRAFT-1: a success puts the item among the crafter's equipment; the materials and
    the time recorded must be the rule's for the item's level and the training's use."""
    if tuple(event.materials) != materials(event.level, reduced=event.training == "materials"):
        raise RuleViolation(f"A level {event.level} item takes other materials.")
    time = crafting_time(event.level, shortened=event.training == "time")
    fits = (
        event.seconds == 0
        if time.least is None or time.most is None
        else time.least <= event.seconds <= time.most
    )
    if not fits:
        raise RuleViolation(f"A level {event.level} item takes {time.words}.")
    if not event.success:
        return character
    if len(character.equipment) >= MAX_EQUIPMENT:
        raise RuleViolation(f"{character.name} cannot carry {MAX_EQUIPMENT} things.")
    return replace(character, equipment=(*character.equipment, event.item))
