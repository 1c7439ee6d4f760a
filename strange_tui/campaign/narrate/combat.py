"""A fight as the log says it (R-CMB): its start and end, who joined it, initiative, NPC
health and conditions; and the cheat sheet's combat actions and hazards (R-ACT-1,
R-ACT-2, R-HAZ-1): 'Major fire burns Mara Quist: 6 (ambient), 4 Might and 2 Speed.',
'Mara Quist is guarding (the door) for 1 round.'"""

from __future__ import annotations

import re
from collections.abc import Iterable

from strange_tui.campaign.model.events import (
    ActionGranted,
    ActionTaken,
    AnyEvent,
    CombatEnded,
    CombatStarted,
    ConditionAdded,
    ConditionRemoved,
    DamageTaken,
    InitiativeRolled,
    MovedInFight,
    NpcFled,
    NpcHealthChanged,
    NpcsAdded,
    OrderChanged,
    TurnAdvanced,
    WaitTriggered,
)
from strange_tui.campaign.narrate.words import APP_DIE, Who, a_or_an, inline, listed, plural
from strange_tui.rules.combat import Condition, fight_move
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

COMBAT_EVENTS = (
    CombatStarted,
    NpcsAdded,
    InitiativeRolled,
    OrderChanged,
    TurnAdvanced,
    WaitTriggered,
    MovedInFight,
    ActionTaken,
    ActionGranted,
    NpcHealthChanged,
    NpcFled,
    ConditionAdded,
    ConditionRemoved,
    CombatEnded,
)


def combat_sentence(event: AnyEvent, who: Who) -> str:
    """One of a fight's events as a sentence."""

    def everyone(ids: Iterable[str]) -> str:
        return listed([who(some_id) for some_id in ids])

    match event:
        case CombatStarted():
            return "A fight began."
        case NpcsAdded(npcs=npcs):
            groups: list[tuple[str, list[str]]] = []
            for npc in npcs:  # Alike NPCs side by side: 'Guard 1 and Guard 2 (level 3)'.
                kind = f"level {npc.level}" + (", boss" if npc.boss else "")
                if npc.inanimate:  # R-HAZ-2: an object to attack.
                    kind = f"an object, level {npc.level}, Armor {npc.armor}"
                if groups and groups[-1][0] == kind:
                    groups[-1][1].append(npc.name)
                else:
                    groups.append((kind, [npc.name]))
            return (
                "Into the fight: "
                + ", ".join(f"{listed(group)} ({kind})" for kind, group in groups)
                + "."
            )
        case InitiativeRolled():
            return _initiative(event, who)
        case OrderChanged():
            return f"The players changed their order: {everyone(event.order)}."
        case TurnAdvanced():
            return "Next turn."
        case WaitTriggered():
            return wait_triggered(event, who(event.character))
        case MovedInFight():
            return moved(event, who(event.character))
        case ActionTaken():  # R-CMB-8: the action's own sentence says what it was.
            return ""
        case ActionGranted(source=source):  # R-CMB-8: the GM's ruling, or an ability.
            by = f" ({inline(source)})" if source else ", the GM's ruling"
            return f"{who(event.character)} may take another action this turn{by}."
        case NpcHealthChanged() if hazard := hazard_on_npcs(event, [who(t) for t in event.targets]):
            return hazard
        case NpcHealthChanged(trade=trade) if trade:
            return traded_hit(event, [who(t) for t in event.targets])
        case NpcHealthChanged():
            many = len(event.targets) > 1
            if event.amount >= 0:
                source = f" ({inline(event.source)})" if event.source else ""
                each = " each" if many else ""
                return f"{everyone(event.targets)} regained {event.amount} health{each}{source}."
            return npc_hit(event, [who(t) for t in event.targets]) + "."
        case NpcFled():  # R-NPC-3: why it fled is its morale draw's line, just before.
            return f"{event.name} leaves the fight."
        case ConditionAdded(condition=condition):
            lasting = (
                f"for {plural(condition.rounds, 'round')}"
                if condition.rounds
                else "for the rest of the fight"
            )
            many, whom = len(event.targets) > 1, everyone(event.targets)
            if said := condition_added(condition, whom, many, lasting):
                return said
            return f"{whom} {'are' if many else 'is'} {condition.name} {lasting}."
        case ConditionRemoved():
            if said := condition_removed(event.name, who(event.target)):
                return said
            return f"{who(event.target)} is no longer {event.name}."
        case CombatEnded():
            when = f"after {plural(event.rounds, 'round')}" if event.rounds else "before round 1"
            intrusions = (
                plural(event.intrusions, "intrusion") if event.intrusions else "no intrusions"
            )
            return (
                f"The fight ended {when}: {event.dealt} damage dealt, {event.taken} taken,"
                f" {intrusions}."
            )
    return type(event).__name__  # pragma: no cover


def _initiative(event: InitiativeRolled, who: Who) -> str:
    """R-CMB-1: each PC's die, and who acts before the NPCs: 'Initiative: Mara 14, Jun 9
    — Mara acts before the NPCs.'"""
    dice = []
    for pc in event.pcs:
        if pc in event.dice:
            by_app = APP_DIE if pc in event.app_rolled else ""
            # R-SPEC-1: a natural 1, here too, is the GM's free intrusion.
            one = " (a 1: the GM's free intrusion)" if event.dice[pc] == 1 else ""
            dice.append(f"{who(pc)} {event.dice[pc]}{by_app}{one}")
        elif pc in event.succeeded:
            dice.append(f"{who(pc)} (no roll needed)")
        else:
            dice.append(f"{who(pc)} (no roll)")
    first = [who(pc) for pc in event.succeeded]
    if not first:
        order = "the NPCs act first"
    else:
        verb = "acts" if len(first) == 1 else "act"
        order = f"{listed(first)} {verb} before the NPCs"
    rolled = f"{', '.join(dice)} — " if dice else ""
    return f"Initiative: {rolled}{order}."


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
    return f"{struck}: {event.amount} (ambient), {listed(went)}."


def hazard_on_npcs(event: NpcHealthChanged, names: list[str]) -> str | None:
    """A hazard's ambient damage to NPCs: 'Minor fire burns Thug and Guard: 3 each'."""
    if event.amount >= 0 or not event.ignore_armor:
        return None
    struck = _struck(event.source, listed(names))
    if struck is None:
        return None
    each = " each" if len(names) > 1 else ""
    return f"{struck}: {-event.amount}{each} (ambient)."


def npc_hit(event: NpcHealthChanged, names: list[str]) -> str:
    """R-DMG-5: what a hit did to NPCs, what landed first, then why, as a PC's damage
    says it: 'Thug took 5 damage (6, less Armor 1)', 'Thug 1 and Thug 2 each took 4
    damage (6, less Armor 2; Onslaught)'. A journal older than the Armor it records says
    the hit before Armor: 'Thug was hit for 6'."""
    hit = -event.amount
    source = [inline(event.source)] if event.source else []

    def why(*reasons: str) -> str:
        said = "; ".join([*(r for r in reasons if r), *source])
        return f" ({said})" if said else ""

    ignoring = "ignoring Armor" if event.ignore_armor else ""
    if len(event.armor) != len(names):
        verb = "were each" if len(names) > 1 else "was"
        return f"{listed(names)} {verb} hit for {hit}{why(ignoring)}"
    by_armor: dict[int, list[str]] = {}
    for name, armor in zip(names, event.armor, strict=True):
        by_armor.setdefault(armor, []).append(name)
    said = []
    for armor, group in by_armor.items():
        each = " each" if len(group) > 1 else ""
        less = f"{hit}, less Armor {armor}" if armor and not ignoring else ignoring
        took = hit if ignoring else max(0, hit - armor)
        said.append(f"{listed(group)}{each} took {took} damage{why(less)}")
    return "; ".join(said)


def traded_hit(event: NpcHealthChanged, names: list[str]) -> str:
    """R-SPEC-6: a hit that gave up damage for an effect: 'Gave up 6 damage to knock Thug
    down: Thug took 2 damage (3, less Armor 1).'"""
    gave = f"Gave up {event.traded} damage to {inline(event.trade)}"
    if event.amount >= 0:
        source = f" ({inline(event.source)})" if event.source else ""
        return f"{gave}: {listed(names)} took no damage{source}."
    return f"{gave}: {npc_hit(event, names)}."


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
        case "held" if note:
            return f"{whom} {verb} held by {note} (a grapple) {lasting}."
    if note:
        return f"{whom} {verb} {condition.name} ({note}) {lasting}."
    return None


def condition_removed(name: str, who: str) -> str | None:
    if name in LABELS:
        return f"{who} is out of the {name}."
    if name == "waiting":
        return f"{who}'s wait is over."
    if name == "held":
        return f"{who} is no longer held."
    return None


def moved(event: MovedInFight, who: str) -> str:
    """R-MOVE-2: how far a PC moved and what it took: 'Mara moved a short distance: the
    whole action.'; a long move's stumble."""
    over = " over difficult terrain" if event.difficult else ""
    if event.stumbled:
        return f"{who} slipped or stumbled on the long move{over}: the GM says how far they got."
    distance = f"{a_or_an(event.distance)} distance"
    return f"{who} moved {distance}{over}: {fight_move(event.distance, difficult=event.difficult)}."


def wait_triggered(event: WaitTriggered, who: str) -> str:
    trigger = f" ({event.trigger})" if event.trigger else ""
    return f"{who}'s trigger came{trigger}: {who} acts now."
