"""What the fight is now: its combatants, whose turn it is, who may act (R-CMB-1, R-DMG-4)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

import msgspec

from strange_tui.campaign.commands.base import character_of
from strange_tui.campaign.commands.combat.holds import struggle_problem
from strange_tui.campaign.model import creatures
from strange_tui.campaign.model.encounter import Combatant, Encounter, action_spent
from strange_tui.campaign.model.state import Campaign
from strange_tui.content import creature_powers as cp
from strange_tui.rules.combat import Condition
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.task import MAX_DIFFICULTY
from strange_tui.rules.track import DamageTrack, can_act, can_move


def encounter_of(state: Campaign) -> Encounter:
    """The fight under way; RuleViolation when there is none."""
    if state.encounter is None:
        raise RuleViolation("There is no fight under way.")
    return state.encounter


def combatant_of(encounter: Encounter, combatant_id: str) -> Combatant:
    """A combatant of the fight; RuleViolation when there is none by that id."""
    try:
        return encounter.combatants[combatant_id]
    except KeyError:
        raise RuleViolation(f"No combatant {combatant_id!r} in this fight.") from None


def capped(difficulty: int) -> tuple[int, int]:
    """R-TASK-4: a difficulty past 10 is recorded as 10 plus hindrance steps."""
    return min(difficulty, MAX_DIFFICULTY), max(0, difficulty - MAX_DIFFICULTY)


def defense_reasons(conditions: Sequence[Condition], beyond: int) -> list[tuple[str, int]]:
    """The words for a defense's steps (R-CMB-4, R-ACT-1): each condition that hinders
    the holder's tasks or moves their defense ('pinned down', +1; 'guarding', -1), and a
    difficulty past 10 (R-TASK-4). Defense steps that cancel read as one line."""
    reasons = [("past difficulty 10", beyond)]
    reasons += [(c.name, c.hinders) for c in conditions if c.hinders]
    moving = [(c.name, c.defense) for c in conditions if c.defense]
    if len({n > 0 for _, n in moving}) > 1:
        moving = [("conditions on defense", sum(n for _, n in moving))]
    return reasons + moving


def acting_problem(state: Campaign, combatant_id: str) -> str | None:
    """Why ``combatant_id`` cannot act now (R-CMB-1, R-CMB-4, R-DMG-4, R-GRAB-1), or None
    when it is their turn and they can."""
    encounter = state.encounter
    if encounter is None:
        return "There is no fight under way."
    who = encounter.combatants.get(combatant_id)
    if who is None:
        return f"No combatant {combatant_id!r} in this fight."
    active = encounter.active
    if active is None:
        return "Roll initiative first."
    if active.id != who.id:
        return f"It is {active.name}'s turn, not {who.name}'s."
    if who.pc and (limit := pc_limit(state, who.id)):
        return limit
    if loses_this_turn(encounter, who):
        return f"{who.name} is stunned and loses this turn."
    if who.defeated:
        return f"{who.name} is defeated."
    if not who.pc and (struggle := struggle_problem(state, who)):
        return struggle  # R-GRAB-1: held, it struggles before a physical action.
    if who.pc and (spent := action_spent(encounter, who.id)):
        return spent  # R-CMB-8: one action a turn, unless granted more.
    return None


def loses_this_turn(encounter: Encounter, who: Combatant) -> bool:
    """R-CMB-4: whether ``who`` loses its turn to a condition (a stun). One that came
    during its own turn costs it the next one, not the one it is taking: its rounds count
    from then (the encounter keeps it among the turn's fresh conditions)."""
    fresh = encounter.fresh.get(who.id, ())
    return any(c.loses_turn and c.name not in fresh for c in who.conditions)


def pc_limit(state: Campaign, character_id: str) -> str | None:
    """R-DMG-4: why a PC can take no action (debilitated: at most a move of an immediate
    distance, none with Speed 0; dead: out of the fight), or None when they can act."""
    pc = character_of(state, character_id)
    if pc.track is DamageTrack.DEAD:
        return f"{pc.name} is dead: out of the fight."
    if can_act(pc.track):
        return None
    if can_move(pc.track, pc.pools.speed.current):
        return f"{pc.name} is debilitated: can only move, an immediate distance."
    return f"{pc.name} is debilitated with Speed 0: cannot move, nor act."


def out_of_fight(state: Campaign, combatant_id: str) -> bool:
    """Whether the combatant is out of the fight: a defeated NPC, or a dead PC (R-DMG-4)."""
    encounter = state.encounter
    who = encounter.combatants.get(combatant_id) if encounter else None
    if who is None:
        return True
    if who.pc:
        pc = state.characters.get(combatant_id)
        return pc is None or pc.track is DamageTrack.DEAD
    return who.defeated


def can_act_now(state: Campaign, combatant_id: str) -> bool:
    """Whether it is ``combatant_id``'s turn and they can act on it."""
    return acting_problem(state, combatant_id) is None


def check_acting(state: Campaign, combatant_id: str) -> None:
    problem = acting_problem(state, combatant_id)
    if problem is not None:
        raise RuleViolation(problem)


class TurnView(msgspec.Struct, frozen=True, kw_only=True):
    """Whose turn it is and what they may do, for the tracker to show."""

    round: int
    active: str | None = None
    name: str = ""
    pc: bool = False
    loses_turn: bool = False
    """R-CMB-4: the active combatant is stunned and loses this turn."""
    limit: str | None = None
    """R-DMG-4: why the active PC can take no action (debilitated: only a move, none
    with Speed 0; dead)."""
    damage: int = 0
    """The active NPC's damage (R-DMG-5)."""
    drawn_by: str = ""
    """R-ACT-1: the PC (by name) who drew the active NPC's attack."""
    surprised: tuple[str, ...] = ()
    """R-ACT-2: the PCs (by name) surprised: no Effort to defend."""
    spent: str | None = None
    """R-CMB-8: why the active PC has no action left this turn (None: one is left)."""
    granted: int = 0
    """R-CMB-8: the further actions granted to the active PC this turn."""
    dealt: int = 0
    taken: int = 0
    intrusions: int = 0


def turn_of(state: Campaign) -> TurnView | None:
    """The fight's round and whose turn it is (None when there is no fight)."""
    encounter = state.encounter
    if encounter is None:
        return None
    totals = {
        "round": encounter.round,
        "dealt": encounter.dealt,
        "taken": encounter.taken,
        "intrusions": encounter.intrusions,
    }
    pcs = [c for c in encounter.combatants.values() if c.pc and not out_of_fight(state, c.id)]
    surprised = tuple(c.name for c in pcs if any(x.no_effort for x in c.conditions))
    active = encounter.active
    if active is None:
        return TurnView(**totals, surprised=surprised)
    drew = [c.name for c in pcs if drawing(c, active)]
    return TurnView(
        **totals,
        active=active.id,
        name=active.name,
        pc=active.pc,
        loses_turn=loses_this_turn(encounter, active),
        limit=pc_limit(state, active.id) if active.pc else None,
        damage=active.damage,
        drawn_by=" and ".join(drew),
        surprised=surprised,
        spent=action_spent(encounter, active.id) if active.pc else None,
        granted=encounter.granted if active.pc else 0,
    )


NOTE_SHOWN = 18
"""The characters of a condition's note the tracker shows (its table stays in 80 columns)."""
DRAWING = "drawing the attack"
DRAWING_PROMINENT = "drawing the attack (prominent)"
"""R-ACT-1: the conditions of a PC who drew an NPC's attack (its note names the NPC)."""


def drawing(who: Combatant, npc: Combatant) -> bool:
    """Whether ``who`` has drawn ``npc``'s attack (R-ACT-1)."""
    return any(
        c.name in (DRAWING, DRAWING_PROMINENT) and c.note in (npc.name, npc.id)
        for c in who.conditions
    )


def condition_words(condition: Condition) -> str:
    """'stunned 1', 'guarding 1 (the door)', 'minor fire ∞ (3/round)' (R-HAZ-1: a hazard
    shows what it burns each round; R-ACT-1: a guard what it guards, a wait its trigger)."""
    words = f"{condition.name} {condition.rounds or '∞'}"
    if condition.damage:
        return f"{words} ({condition.damage}/round)"
    if condition.note:
        note = condition.note
        # Cut at a word's end: a word is shown whole or not at all.
        cut = note if len(note) <= NOTE_SHOWN else note[:NOTE_SHOWN].rsplit(" ", 1)[0] + "…"
        return f"{words} ({cut})"
    return words


class CreatureView(msgspec.Struct, frozen=True, kw_only=True):
    """What an NPC's creature entry gives in a fight (R-NPC-1, R-NPC-2), for the tracker
    and the attack and defense dialogs: which choices to offer, and its powers in words."""

    powers: tuple[str, ...] = ()
    """Its attacks a turn, area attacks, regeneration, immunities, rising at 0."""
    intrusion: str = ""
    """The GM intrusion its entry suggests (the GM's seat only)."""
    reach: bool = False
    """R-NPC-1: it attacks at another level at range or in melee (a defense says which)."""
    areas: tuple[str, ...] = ()
    """R-NPC-2: its area attacks, by name (a defense says which it is against)."""
    harm: tuple[tuple[str, str], ...] = ()
    """R-NPC-2: the kinds of harm its entry singles out, each with what it does to them
    ('+5 Armor', 'stops its regeneration', 'immune'), for a PC's attack."""

    @property
    def empty(self) -> bool:
        return not (self.powers or self.intrusion)


def creature_view(npc: Combatant) -> CreatureView:
    """R-NPC-2: ``npc``'s creature records as the table reads them (empty for a quick NPC)."""
    powers = []
    if (count := creatures.attacks_a_turn(npc)) > 1:
        powers.append(f"{count} attacks a turn")
    for area in creatures.area_attacks(npc):
        powers.append(f"{area.name}: every PC within {area.range} range")
    harm: dict[str, list[str]] = {}
    for e in npc.effects:
        when = f" ({e.situation})" if e.situational else ""
        if isinstance(e, cp.Regenerates):
            stops = f", not after {' or '.join(e.stopped_by)}" if e.stopped_by else ""
            powers.append(f"regenerates {e.health} a round{stops}{when}")
            for kind in e.stopped_by:
                harm.setdefault(kind, []).append("stops its regeneration")
        elif isinstance(e, cp.Immune):
            powers.append(f"immune to {', '.join(e.to)}")
            for kind in e.to:
                harm.setdefault(kind, []).append("immune")
        elif isinstance(e, cp.KindArmor):
            harm.setdefault(e.against, []).append(f"{e.value:+d} Armor")
    if creatures.rises(npc) is not None:
        powers.append("at 0 it may stand again next round: the GM's intrusion")
    kinds = get_args(cp.DamageKind)
    return CreatureView(
        powers=tuple(powers),
        intrusion=npc.intrusion,
        reach=any(
            isinstance(e, cp.AsLevel) and {"ranged attacks", "melee attacks"} & set(e.tasks)
            for e in npc.effects
        ),
        areas=tuple(area.name for area in creatures.area_attacks(npc)),
        harm=tuple((k, ", ".join(harm[k])) for k in kinds if k in harm),
    )
