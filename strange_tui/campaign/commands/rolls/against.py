"""A task against a creature of the fight (R-NPC-1): the level it meets the roll's task at
(a PC sneaking meets its perception, a lie its deception), with the line the roll dialog
shows, and the situations its entry names that would change that level. A boss's +1 is
for its attacks and defenses only (R-CMB-5), so not here; a swarm's is in the level."""

from __future__ import annotations

from collections.abc import Iterable

from strange_tui.campaign.commands.combat.views import combatant_of, encounter_of
from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.campaign.model.creatures import level_for, opposed_tags, situations_for
from strange_tui.campaign.model.state import Campaign


def standing_npcs(state: Campaign) -> tuple[tuple[str, str], ...]:
    """(name, id) of each NPC standing in the fight under way, in its order; none without
    a fight."""
    encounter = state.encounter
    if encounter is None:
        return ()
    npcs = [c for c in encounter.combatants.values() if not c.pc and not c.defeated]
    ranked = {cid: index for index, cid in enumerate(encounter.order)}
    npcs.sort(key=lambda c: ranked.get(c.id, len(ranked)))
    return tuple((c.name, c.id) for c in npcs)


def against_level(
    state: Campaign, npc_id: str, roll: Roll, situations: Iterable[str] = ()
) -> tuple[int, str]:
    """R-NPC-1: the level the NPC ``npc_id`` meets ``roll``'s task at, and the line that
    says why ("AI Zombie: Perception as level 7"; at its own level, "AI Zombie: level 3,
    its own"). ``situations``: those the table says hold."""
    npc = combatant_of(encounter_of(state), npc_id)
    level, line = level_for(npc, opposed_tags(roll.tags()), situations)
    return level, line or f"{npc.name}: level {level}, its own"


def against_situations(state: Campaign, npc_id: str, roll: Roll) -> tuple[str, ...]:
    """R-NPC-1: the situations of the NPC's situational modifications that would change
    the level it meets ``roll``'s task at, for the table to say whether they hold."""
    npc = combatant_of(encounter_of(state), npc_id)
    return situations_for(npc, opposed_tags(roll.tags()))
