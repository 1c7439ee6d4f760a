"""Whether a held NPC may act yet (R-GRAB-1): the PC holding it rolls to keep hold before
its physical action (``held_npc.KeepHold``); until then, or once the hold is kept, it
makes none this turn. ``views.acting_problem`` asks here for every NPC whose turn it is.
A hold by a PC who cannot act (R-DMG-4: debilitated, dead) keeps no one from acting."""

from __future__ import annotations

from strange_tui.campaign.commands.combat.attack_situation import holder_of
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.track import can_act

KEEP_HOLD_KEY = "c"
"""The tracker's key for the grapple, where the roll to keep hold is made."""


def npc_holder(state: Campaign, npc: Combatant) -> Combatant | None:
    """R-GRAB-1, R-DMG-4: the PC holding ``npc`` who can keep hold of it (able to act),
    if any."""
    encounter = state.encounter
    if npc.pc or encounter is None:
        return None
    holder = holder_of(encounter, npc)
    if holder is None or not holder.pc or holder.id not in state.characters:
        return None
    return holder if can_act(state.characters[holder.id].track) else None


def struggle_problem(state: Campaign, npc: Combatant) -> str | None:
    """R-GRAB-1: why the NPC whose turn it is cannot make a physical action now (its
    holder has yet to roll to keep hold, or kept it), or None (no PC who can keep hold
    holds it, or it slipped the hold enough to act)."""
    encounter = state.encounter
    holder = npc_holder(state, npc)
    if encounter is None or holder is None or encounter.hold_tested == "slipped":
        return None
    if encounter.hold_tested == "kept":
        return f"{holder.name} kept hold of {npc.name}: no physical action for it this turn."
    return (
        f"{npc.name} is held by {holder.name}: before it acts, {holder.name} rolls to keep"
        f" hold ({KEEP_HOLD_KEY})."
    )
