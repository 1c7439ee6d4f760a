"""Folding the combat events into the encounter (R-CMB); part of ``reduce``. What the fight
reads from the rolls made in it is ``combat_rolls``.

Past 300 lines: one fold, a case per combat event, each checked against the fight."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.creatures import kind_armor
from strange_tui.campaign.model.encounter import (
    MAX_ACTIONS,
    Combatant,
    Encounter,
    action_spent,
    actions_allowed,
)
from strange_tui.campaign.model.events import (
    ActionGranted,
    ActionTaken,
    CombatEnded,
    CombatStarted,
    ConditionAdded,
    ConditionRemoved,
    InitiativeRolled,
    MovedInFight,
    NpcFled,
    NpcHealthChanged,
    NpcsAdded,
    OrderChanged,
    TurnAdvanced,
    WaitTriggered,
)
from strange_tui.campaign.model.folds.combat_rolls import note_attack as note_attack
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.combat import initiative_order, tick
from strange_tui.rules.damage import damage_npc
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.track import DamageTrack, can_act, can_move

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


def fold_combat(state: Campaign, event: object) -> Campaign:
    """The state after a combat event, or RuleViolation."""
    if isinstance(event, CombatStarted):
        if state.encounter is not None:
            raise RuleViolation("A fight is already under way.")
        unknown = [pc for pc in event.pcs if pc not in state.characters]
        if unknown:
            raise RuleViolation(f"No character {unknown[0]!r} in this campaign.")
        pcs = {pc: Combatant(id=pc, name=state.characters[pc].name, pc=True) for pc in event.pcs}
        return replace(state, encounter=Encounter(order=tuple(pcs), combatants=pcs))
    encounter = state.encounter
    if encounter is None:
        raise RuleViolation("There is no fight under way.")
    if isinstance(event, InitiativeRolled):
        _check_initiative(state, event)
    if isinstance(event, TurnAdvanced):
        return replace(state, encounter=_next_turn(encounter, dead_pcs(state)))
    if isinstance(event, WaitTriggered):
        return replace(state, encounter=_wait_over(encounter, event, dead_pcs(state)))
    if isinstance(event, MovedInFight):
        _check_move(state, encounter, event)
        return replace(state, encounter=_moved(encounter, event))
    return replace(state, encounter=_fold(encounter, event))


def _wait_over(encounter: Encounter, event: WaitTriggered, dead: set[str]) -> Encounter:
    """R-ACT-1: the waiting PC's trigger came: the wait is over; on another's turn, that
    turn ends and the PC, moved to just after it in the order, acts now."""
    who = _combatant(encounter, event.character)
    if not any(c.name == "waiting" for c in who.conditions):
        raise RuleViolation(f"{who.name} is not waiting.")
    if who.id in dead or who.defeated:
        raise RuleViolation(f"{who.name} is out of the fight.")
    encounter = _with(
        encounter, replace(who, conditions=tuple(c for c in who.conditions if c.name != "waiting"))
    )
    active = encounter.active
    if active is None:
        raise RuleViolation("Roll initiative first.")
    if active.id == who.id:
        return encounter
    order = [cid for cid in encounter.order if cid != who.id]
    turn = order.index(active.id)
    order.insert(turn + 1, who.id)
    return _next_turn(replace(encounter, order=tuple(order), turn=turn), dead)


def _check_move(state: Campaign, encounter: Encounter, event: MovedInFight) -> None:
    """R-MOVE-2, R-DMG-4, R-GRAB-1: a PC of the fight moves; not one held in a grapple,
    a debilitated one an immediate distance at most (none with Speed 0), never the dead."""
    who = _combatant(encounter, event.character)
    pc = state.characters.get(who.id)
    if not who.pc or pc is None:
        raise RuleViolation(f"{who.name} is not a PC: the NPCs' moves are the GM's.")
    if any(c.name == "held" for c in who.conditions):
        raise RuleViolation(f"{who.name} is held and cannot move away.")
    if not can_move(pc.track, pc.pools.speed.current):
        raise RuleViolation(f"{who.name} is {pc.track.label} and cannot move.")
    if not can_act(pc.track) and event.distance != "immediate":
        raise RuleViolation(f"{who.name} is debilitated: an immediate distance at most.")


def _moved(encounter: Encounter, event: MovedInFight) -> Encounter:
    """R-CMB-8, R-MOVE-2: on the mover's own turn an immediate move is part of an action
    (one with each action the turn allows, counted apart); any other move, one over
    difficult terrain, or an immediate one past those, is an action itself: refused when
    the turn's actions are spent."""
    active = encounter.active
    if active is None or active.id != event.character or not active.pc:
        return encounter
    free = event.distance == "immediate" and not event.difficult
    if free and encounter.moved < actions_allowed(encounter):
        return replace(encounter, moved=encounter.moved + 1)
    if spent := action_spent(encounter, event.character):
        raise RuleViolation(f"A move that far is an action: {spent}")
    return replace(encounter, acted=encounter.acted + 1)


def _turn_pc(encounter: Encounter, character: str) -> Combatant:
    """R-CMB-8: the PC whose turn it is, named by a turn's action or grant."""
    who, active = _combatant(encounter, character), encounter.active
    if not who.pc:
        raise RuleViolation(f"{who.name} is not a PC: an NPC acts once a turn.")
    if active is None:
        raise RuleViolation("Roll initiative first.")
    if active.id != who.id:
        raise RuleViolation(f"It is {active.name}'s turn, not {who.name}'s.")
    return who


def dead_pcs(state: Campaign) -> set[str]:
    """R-DMG-4: the PCs of the fight who are dead: out of it (their turns are skipped)."""
    encounter = state.encounter
    if encounter is None:
        return set()
    return {
        cid
        for cid, c in encounter.combatants.items()
        if c.pc and cid in state.characters and state.characters[cid].track is DamageTrack.DEAD
    }


def _check_initiative(state: Campaign, event: InitiativeRolled) -> None:
    """R-DMG-4: a debilitated or dead PC takes no action: no initiative roll, no success
    (they come after the NPCs)."""
    for pc in (*event.dice, *event.succeeded):
        who = state.characters.get(pc)
        if who is not None and not can_act(who.track):
            raise RuleViolation(
                f"{who.name} is {who.track.label} and cannot act: no initiative roll."
            )


def _fold(encounter: Encounter, event: object) -> Encounter | None:
    match event:
        case NpcsAdded(npcs=npcs):
            combatants = dict(encounter.combatants)
            for npc in npcs:
                if npc.id in combatants or npc.pc:
                    raise RuleViolation(f"There is already a combatant {npc.id!r}.")
                combatants[npc.id] = npc
            order = (*encounter.order, *(npc.id for npc in npcs))
            return replace(encounter, combatants=combatants, order=order)
        case InitiativeRolled():
            pcs = [c.id for c in encounter.combatants.values() if c.pc]
            if sorted(event.pcs) != sorted(pcs):
                raise RuleViolation("Initiative is rolled for every PC in the fight.")
            npcs = [c.id for c in encounter.npcs() if not c.defeated and not c.inanimate]
            if not npcs:
                raise RuleViolation("Add an NPC first: initiative is set by the highest NPC level.")
            # R-HAZ-2: objects take no turn; they stay in the order, last, to be seen.
            things = tuple(c.id for c in encounter.npcs() if c.inanimate)
            order = (*initiative_order(event.pcs, npcs, event.succeeded), *things)
            return replace(encounter, order=order, round=1, turn=0, cast={}, cast_by_app=())
        case OrderChanged(order=order):
            if sorted(order) != sorted(encounter.order):
                raise RuleViolation("A new order has every combatant once.")
            active = encounter.active
            turn = order.index(active.id) if active else 0
            return replace(encounter, order=order, turn=turn)
        case NpcHealthChanged():
            return _health(encounter, event)
        case ConditionAdded(targets=targets, condition=condition):
            # R-CMB-4: a condition counts its holder's own turns; one that comes during
            # the holder's turn starts counting with the next.
            active = encounter.active
            combatants, fresh = dict(encounter.combatants), dict(encounter.fresh)
            for target in targets:
                who = _combatant(encounter, target)
                if who.defeated:
                    continue  # Out of the fight: a defeated NPC keeps no condition.
                kept = tuple(c for c in who.conditions if c.name != condition.name)
                combatants[target] = replace(who, conditions=(*kept, condition))
                if active is not None and active.id == target:
                    fresh[target] = (*fresh.get(target, ()), condition.name)
                    fresh[target] = tuple(dict.fromkeys(fresh[target]))
            return replace(encounter, combatants=combatants, fresh=fresh)
        case ConditionRemoved(target=target, name=name):
            who = _combatant(encounter, target)
            kept = tuple(c for c in who.conditions if c.name != name)
            if len(kept) == len(who.conditions) and not who.defeated:
                raise RuleViolation(f"{who.name} is not {name}.")
            return _with(encounter, replace(who, conditions=kept))
        case ActionTaken(character=character):
            _turn_pc(encounter, character)
            if spent := action_spent(encounter, character):
                raise RuleViolation(spent)
            return replace(encounter, acted=encounter.acted + 1)
        case ActionGranted(character=character):
            who = _turn_pc(encounter, character)
            if actions_allowed(encounter) >= MAX_ACTIONS:
                raise RuleViolation(f"{who.name} has {MAX_ACTIONS} actions this turn already.")
            return replace(encounter, granted=encounter.granted + 1)
        case NpcFled(npc=npc):
            return _fled(encounter, npc)
        case CombatEnded():
            return None
    raise RuleViolation(f"Unknown combat event {type(event).__name__}.")  # pragma: no cover


def _fled(encounter: Encounter, npc: str) -> Encounter:
    """R-NPC-3: an NPC leaves the fight once its turn is over: off the order and out of
    the fight; whoever has the turn keeps it."""
    who, active = _combatant(encounter, npc), encounter.active
    if who.pc:
        raise RuleViolation(f"{who.name} is a PC: a PC leaves the fight on their own feet.")
    if active is not None and active.id == who.id:
        raise RuleViolation(f"{who.name} leaves the fight once its turn is over.")
    order = tuple(cid for cid in encounter.order if cid != npc)
    combatants = {cid: c for cid, c in encounter.combatants.items() if cid != npc}
    turn = order.index(active.id) if active is not None else 0
    return replace(encounter, order=order, combatants=combatants, turn=turn)


def _combatant(encounter: Encounter, target: str) -> Combatant:
    try:
        return encounter.combatants[target]
    except KeyError:
        raise RuleViolation(f"No combatant {target!r} in this fight.") from None


def _with(encounter: Encounter, combatant: Combatant) -> Encounter:
    combatants = dict(encounter.combatants)
    combatants[combatant.id] = combatant
    return replace(encounter, combatants=combatants)


def _next_turn(encounter: Encounter, dead: set[str]) -> Encounter:
    """The active combatant's turn ends, and with it a round of each of its conditions
    (R-CMB-4: a 1-round stun costs the foe its next turn, whoever gave it and whenever);
    the next combatant still in the fight acts (not a defeated NPC, nor a dead PC,
    R-DMG-4); past the last, a new round."""
    if encounter.round == 0:
        raise RuleViolation("Roll initiative first.")
    turn, round_, combatants = encounter.turn, encounter.round, dict(encounter.combatants)
    ending = combatants.get(encounter.order[turn])
    if ending is not None and ending.conditions:
        fresh = set(encounter.fresh.get(ending.id, ()))
        ticked = {c.name: c for c in tick(c for c in ending.conditions if c.name not in fresh)}
        conditions = tuple(
            c if c.name in fresh else ticked[c.name]
            for c in ending.conditions
            if c.name in fresh or c.name in ticked
        )
        combatants[ending.id] = replace(ending, conditions=conditions)
    for _ in range(len(encounter.order)):
        turn += 1
        if turn >= len(encounter.order):
            turn, round_ = 0, round_ + 1
        nxt = combatants[encounter.order[turn]]
        if not nxt.defeated and nxt.id not in dead and not nxt.inanimate:
            break
    # R-CIR-3: the round's attacks on each foe count within that round (high and low);
    # the round before's are kept for three attackers who go on attacking.
    new_round = round_ != encounter.round
    attacks = {} if new_round else encounter.attacks
    last = encounter.attacks if new_round else encounter.last_attacks
    return replace(
        encounter,
        turn=turn,
        round=round_,
        combatants=combatants,
        fresh={},
        attacks=attacks,
        last_attacks=last,
        npc_acted=False,
        npc_attacks=0,
        hold_tested="",
        acted=0,
        granted=0,
        moved=0,
    )


def _health(encounter: Encounter, event: NpcHealthChanged) -> Encounter:
    """R-DMG-5: damage to an NPC (less its Armor unless ignored) comes off its health;
    healing never passes its starting health. An NPC brought to 0 is out of the fight:
    its conditions end with it (the tracker showed a defeated foe still caught high and
    low), as a fled NPC's do."""
    dealt = 0
    for target in event.targets:
        who = _combatant(encounter, target)
        if who.pc:
            raise RuleViolation(f"{who.name} is a PC: damage goes to the sheet's pools.")
        if event.amount < 0:
            armor = max(0, who.armor + kind_armor(who, event.harm)[0])
            health = damage_npc(who.health, -event.amount, armor, ambient=event.ignore_armor)
            dealt += who.health - health
        else:
            health = min(who.max_health, who.health + event.amount)
        conditions = who.conditions if health else ()
        encounter = _with(encounter, replace(who, health=health, conditions=conditions))
    return replace(encounter, dealt=encounter.dealt + dealt)


def count_taken(
    state: Campaign, before: Campaign, intrusion: bool = False, *, hit: bool = False
) -> Campaign:
    """Keep the fight's summary: the damage the PCs took, intrusions. Only a ``hit`` (an
    attack's, a hazard's: the points it took off the pools) counts as damage taken; points
    a PC spends (Effort, an ability's cost) are no damage, and the summary counts what
    happened, not what the pools lost."""
    encounter = state.encounter
    if encounter is None:
        return state
    lost = 0
    if hit:
        lost = sum(
            before.characters[cid].pools.total() - c.pools.total()
            for cid, c in state.characters.items()
            if cid in before.characters and cid in encounter.combatants
        )
    return replace(
        state,
        encounter=replace(
            encounter,
            taken=encounter.taken + max(0, lost),
            intrusions=encounter.intrusions + int(intrusion),
        ),
    )
