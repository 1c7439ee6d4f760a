"""What a campaign state must hold together beyond each field's own bounds (a fight's turn
within its order, every combatant there, every PC with a sheet, every record under its own
id). The reader checks it, so `check` accepts only states the app can show."""

from __future__ import annotations

from strange_tui.campaign.model.state import Campaign


def problems(state: Campaign) -> list[tuple[str, str]]:
    """(field path, what is wrong) for each way ``state`` does not hold together."""
    found: list[tuple[str, str]] = []
    for key, character in state.characters.items():
        if character.id != key:
            found.append((f"characters.{key}.id", f"is {character.id!r}, not {key!r}"))
    for key, hunter in state.hunters.items():
        if hunter.id != key:
            found.append((f"hunters.{key}.id", f"is {hunter.id!r}, not {key!r}"))
    for key, challenge in state.challenges.items():
        if challenge.id != key:
            found.append((f"challenges.{key}.id", f"is {challenge.id!r}, not {key!r}"))
    encounter = state.encounter
    if encounter is None:
        return found
    for key, combatant in encounter.combatants.items():
        if combatant.id != key:
            found.append((f"encounter.combatants.{key}.id", f"is {combatant.id!r}"))
        if combatant.pc and key not in state.characters:
            found.append((f"encounter.combatants.{key}", "is a PC with no character sheet"))
    for index, cid in enumerate(encounter.order):
        if cid not in encounter.combatants:
            found.append((f"encounter.order[{index}]", f"names {cid!r}, who is not in the fight"))
    if len(set(encounter.order)) != len(encounter.order):
        found.append(("encounter.order", "names someone twice"))
    if encounter.order and encounter.turn >= len(encounter.order):
        found.append(("encounter.turn", f"{encounter.turn} is past the order's end"))
    if not encounter.order and encounter.turn:
        found.append(("encounter.turn", "is set with no one in the order"))
    return found
