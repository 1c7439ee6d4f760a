"""What an NPC's creature records mean where the table acts (R-NPC-1, R-NPC-2): the level
it defends, attacks or acts at for a task, its Armor against a kind of harm, its riders,
its several attacks, its regeneration. Each answer comes with the line the preview shows
("AI Zombie: Speed defense as level 2"), so the player sees why."""

from __future__ import annotations

from collections.abc import Iterable

from strange_tui.campaign.model.encounter import Combatant
from strange_tui.content.creature_powers import (
    AreaAttack,
    Attacks,
    AsLevel,
    IgnoresArmor,
    Immune,
    KindArmor,
    Regenerates,
    Rider,
    Rises,
)
from strange_tui.rules import combat

OPPOSED = {
    "stealth": "perception",
    "perception": "stealth",
}
"""A PC's task and the creature's task it meets: a PC sneaking meets its perception, a PC
looking for it meets its stealth; a lie, a plea or a threat meets the same task, resisted."""
NO_REGENERATION = "no regeneration"
"""The condition a hit of a kind that stops a creature's regeneration leaves until its
next turn."""


def _as_levels(npc: Combatant) -> list[AsLevel]:
    return [e for e in npc.effects if isinstance(e, AsLevel)]


def level_for(
    npc: Combatant, tags: Iterable[str], situations: Iterable[str] = ()
) -> tuple[int, str]:
    """R-NPC-1, R-CMB-5: the level ``npc`` performs or resists a task with ``tags`` at,
    and the line that says why ('' at its own level). A modification replaces its level
    for that task; a situational one counts only when the table says its situation holds
    (``situations``); of several that match, the one furthest from its level counts. A
    swarm's +1 applies on top (the boss's +1 is the callers', as for its own level)."""
    wanted, held = set(tags), set(situations)
    found = [
        e for e in _as_levels(npc)
        if set(e.tasks) & wanted and (not e.situational or e.situation in held)
    ]  # fmt: skip
    own = npc.level - (combat.SWARM_LEVEL if npc.swarm else 0)
    if not found:
        return npc.level, ""
    chosen = max(found, key=lambda e: abs(e.level - own))
    level = chosen.level + (combat.SWARM_LEVEL if npc.swarm else 0)
    tasks = " and ".join(chosen.tasks)
    when = f" ({chosen.situation})" if chosen.situational else ""
    return level, f"{npc.name}: {tasks[:1].upper()}{tasks[1:]} as level {chosen.level}{when}"


def situations_for(npc: Combatant, tags: Iterable[str]) -> tuple[str, ...]:
    """The situations the table may say hold for a task with ``tags`` against ``npc``:
    each situational modification that would change the level."""
    wanted = set(tags)
    return tuple(
        dict.fromkeys(e.situation for e in _as_levels(npc) if e.situational and set(e.tasks) & wanted)
    )


def defense_tags(stat: str) -> set[str]:
    """The creature's tags for resisting a PC's attack in ``stat`` (Speed: dodging)."""
    return {"defense", f"{stat} defense"}


def attack_tags(ranged: bool | None) -> set[str]:
    """The creature's tags for its attack: every attack, and by reach when the table
    says (None: not said, so only what holds of every attack)."""
    if ranged is None:
        return {"attacks"}
    return {"attacks", "ranged attacks" if ranged else "melee attacks"}


def opposed_tags(pc_tags: Iterable[str]) -> set[str]:
    """The creature's tags that meet a PC's task with ``pc_tags``."""
    tags = set(pc_tags) & {"stealth", "perception", "deception", "persuasion",
                           "intimidation", "social", "knowledge", "chase", "escape"}  # fmt: skip
    return {OPPOSED.get(tag, tag) for tag in tags}


def kind_armor(npc: Combatant, kind: str) -> tuple[int, str]:
    """R-NPC-2: the Armor ``npc`` has against harm of ``kind`` beyond its own (negative: a
    weakness), and its line."""
    if not kind:
        return 0, ""
    extra = sum(e.value for e in npc.effects if isinstance(e, KindArmor) and e.against == kind)
    if not extra:
        return 0, ""
    return extra, f"{npc.name}: {extra:+d} Armor against {kind}"


def immune_to(npc: Combatant, what: str) -> bool:
    """R-NPC-2: ``npc`` cannot be touched by ``what`` (a condition, a kind of harm)."""
    return any(isinstance(e, Immune) and what in e.to for e in npc.effects)


def riders(npc: Combatant, area: str = "") -> list[Rider]:
    """R-NPC-2: what a hit of ``npc`` brings: of its area attack named ``area``, or of its
    blow ("" : every rider but those of its area attacks)."""
    areas = {e.name for e in area_attacks(npc)}
    found = []
    for e in npc.effects:
        if not isinstance(e, Rider):
            continue
        if (area and e.attack in ("", area)) or (not area and e.attack not in areas):
            found.append(e)
    return found


def area_attack(npc: Combatant, name: str) -> AreaAttack | None:
    """R-NPC-2: ``npc``'s area attack called ``name``."""
    return next((e for e in area_attacks(npc) if e.name == name), None)


def ignores_armor(npc: Combatant, attack: str = "") -> bool:
    """R-NPC-2: ``npc``'s attack goes through Armor."""
    return any(
        isinstance(e, IgnoresArmor) and (not e.attack or e.attack == attack) for e in npc.effects
    )


def attacks_a_turn(npc: Combatant) -> int:
    """R-NPC-2: how many attacks ``npc`` makes on its turn (1 unless its entry says)."""
    return max((e.count for e in npc.effects if isinstance(e, Attacks)), default=1)


def blow_damage(npc: Combatant) -> int:
    """R-NPC-2: the damage of each of its blows: what its several attacks say, else its own."""
    said = [e.damage for e in npc.effects if isinstance(e, Attacks) and e.damage]
    return said[0] if said else npc.damage


def area_attacks(npc: Combatant) -> list[AreaAttack]:
    return [e for e in npc.effects if isinstance(e, AreaAttack)]


def regeneration(npc: Combatant) -> int:
    """R-NPC-2: the health ``npc`` regains as its turn begins now: none at 0 (only rising
    stands it up), none when a hit stopped it, never past its most. A regeneration whose
    entry gives a situation ("while it can pick up radio signals") is the GM's to apply
    (the tracker shows it; heal it with h): the app cannot know the situation holds."""
    if npc.health <= 0 or npc.health >= npc.max_health:
        return 0
    if any(c.name == NO_REGENERATION for c in npc.conditions):
        return 0
    regained = sum(
        e.health for e in npc.effects if isinstance(e, Regenerates) and not e.situational
    )
    return min(regained, npc.max_health - npc.health)


def stops_regeneration(npc: Combatant, kind: str) -> bool:
    """A hit of ``kind`` stops ``npc``'s regeneration until its next turn."""
    return bool(kind) and any(
        isinstance(e, Regenerates) and kind in e.stopped_by for e in npc.effects
    )


def rises(npc: Combatant) -> Rises | None:
    return next((e for e in npc.effects if isinstance(e, Rises)), None)
