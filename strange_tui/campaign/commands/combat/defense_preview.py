"""What the defense dialog shows before the die (R-CMB-3): the odds and cost, the hit a
failure takes and where it lands (R-DMG-1, R-DMG-2), and what the attacker's entry brings
(R-NPC-1, R-NPC-2). ``Defend.preview`` computes it, with the command's own events."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.character.damage import Spill
from strange_tui.campaign.commands.rolls.odds import RollPreview
from strange_tui.rules.pools import Pools, Stat
from strange_tui.rules.track import DamageTrack


class DefensePreview(msgspec.Struct, frozen=True, kw_only=True):
    """The defense roll's odds and cost, and what a failure would do to the PC."""

    roll: RollPreview
    npc: str
    damage: int
    """The NPC's damage (R-DMG-5), or its area attack's (R-NPC-2)."""
    armor: int
    """The PC's Armor that counts against it (R-DMG-1)."""
    taken: int
    """The damage after Armor."""
    pools: Pools | None = None
    """The PC's pools after a failure (its cost paid, then the hit)."""
    track: DamageTrack | None = None
    problem: str | None = None
    """Why no failure is shown (an automatic success), or why it cannot happen."""
    skill: str = ""
    """The training (or inability) the roll uses; the sheet's unless chosen."""
    no_roll: str = ""
    """R-DMG-4: why the defender makes no roll (debilitated): the attack simply hits."""
    pool: Stat = Stat.MIGHT
    """R-DMG-1: the pool a failure's damage goes to."""
    spill: Spill = ()
    """R-DMG-2: where a failure's hit lands after Armor, pool by pool: what an emptied
    pool cannot take goes on to the next ("3 Might, 4 Speed")."""
    lost: int = 0
    """Points of that hit with no pool left to take them."""
    rider_landing: tuple[str, ...] = ()
    """R-NPC-2, R-DMG-2: where a rider's damage would land, its roll failed too, after the
    hit, when not all of it on its own pool ("Spider's sting, its roll failed too: 1 Might,
    3 Speed damage")."""
    armor_from: tuple[tuple[str, int], ...] = ()
    """R-ABL-1: what the Armor is made of (the armor worn, a descriptor, an ability)."""
    armor_maybe: tuple[str, ...] = ()
    """Armor that counts only against some harm or in some situation, for the table."""
    training: str = ""
    """The sheet's training in this defense and the abilities it comes from."""
    creature: tuple[str, ...] = ()
    """R-NPC-1, R-NPC-2: what the attacker's entry changes: the level it attacks at, Armor
    it goes through, what its hit brings beyond the damage."""
    situations: tuple[str, ...] = ()
    """R-NPC-1: the situations of its situational modifications the table may say hold."""
