"""R-NPC-3: an NPC the app plays thinks of fleeing when its entry says (``Behaviour.flees``):
once hurt (below its full health), once badly hurt (half its health or less), or once its
side is losing (more of the NPCs down than standing; a side of one, once badly hurt);
never, for a mindless or bound creature. Then, as its turn begins, a d6: it flees on 1 to
3 at level 1 to 3 (1 in 2), on 1 or 2 at level 4 to 6 (1 in 3), on a 1 from level 7 (1 in
6). The Cypher System leaves morale to the GM; the bigger the creature, the braver."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.model.encounter import Combatant, Encounter
from strange_tui.rules.dice import DiceSource

MORALE_DIE = 6


def flees_on(level: int) -> int:
    """R-NPC-3: the d6's faces (1 to this) on which an NPC of ``level`` flees."""
    return 3 if level <= 3 else 2 if level <= 6 else 1


def odds(faces: int) -> str:
    """'1 in 2' for 3 faces of 6."""
    return {3: "1 in 2", 2: "1 in 3", 1: "1 in 6"}[faces]


def situation(encounter: Encounter, npc: Combatant) -> str:
    """R-NPC-3: why ``npc`` thinks of fleeing now, in words ('badly hurt'), or '' when its
    entry's ``flees`` is not due (never, for an NPC without a behaviour: a quick NPC)."""
    flees = npc.behaviour.flees if npc.behaviour else "never"
    hurt = npc.health < npc.max_health
    badly = npc.health * 2 <= npc.max_health
    if flees == "hurt" and hurt:
        return "badly hurt" if badly else "hurt"
    if flees == "badly hurt" and badly:
        return "badly hurt"
    if flees == "losing":
        side = [c for c in encounter.npcs() if not c.inanimate]
        down = sum(1 for c in side if c.defeated)
        if down * 2 > len(side):
            return f"its side is losing ({down} of {len(side)} down)"
        if len(side) == 1 and badly:
            return "alone and badly hurt"
    return ""


class Morale(msgspec.Struct, frozen=True, kw_only=True):
    """The morale die as its turn begins: ``fled`` when it shows a fleeing face; ``words``
    the log's account, with the die and its odds."""

    die: int
    fled: bool
    words: str


def check(npc: Combatant, why_now: str, dice: DiceSource) -> Morale:
    """R-NPC-3: the d6 for ``npc``, which thinks of fleeing because ``why_now``."""
    faces = flees_on(npc.level)
    die = dice.roll(MORALE_DIE)
    upto = "a 1" if faces == 1 else f"1 to {faces}"
    shown = f"morale: a d6 shows {die}; it flees on {upto}, {odds(faces)}"
    if die <= faces:
        reason = npc.behaviour.why.strip().rstrip(".") if npc.behaviour else ""
        said = f"{why_now}, and {reason}" if reason else why_now
        return Morale(die=die, fled=True, words=f"{npc.name} flees: {said} ({shown})")
    return Morale(die=die, fled=False, words=f"{npc.name} fights on, though {why_now} ({shown})")
