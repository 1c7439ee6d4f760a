"""R-NPC-3: whom an NPC the app plays attacks, by its entry's behaviour (``Behaviour.target``),
among the PCs it may attack (those who can defend; those who drew its attack first).

- random: a die over them, in the fight's order (1 in N each).
- weakest: the PC furthest down the damage track, then with the fewest points left in
  the three pools; a tie goes to a die among the tied.
- strongest: the PC highest on the track, then with the most points left; ties by a die.
- hurt-it: the PC whose attacks hit it most this round and the last (the fight remembers
  no further back); ties by a die; no hit on it: a die over them all, and the log says so.
- nearest: the PC who last attacked it in melee (this round, else the last); none: a die.

Every die is kept in the draw, and the log's line says what it chose, why, and the odds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.state import Campaign
from strange_tui.campaign.narrate.words import listed, plural
from strange_tui.rules.dice import DiceSource


class Choice(msgspec.Struct, frozen=True, kw_only=True):
    """The PC chosen, the dice that chose it (none when only one could be), and why in
    words, for the log ('Thief goes for the weakest: Jun, 9 points left')."""

    pc: str
    dice: tuple[int, ...] = ()
    why: str


def by_die(
    state: Campaign, pcs: Sequence[str], dice: DiceSource
) -> tuple[str, tuple[int, ...], str]:
    """One of ``pcs`` by a die over them in their order: (the PC, its die, the die in words
    with the odds); no die for one."""
    if len(pcs) == 1:
        return pcs[0], (), ""
    rolled = dice.roll(len(pcs))
    names = listed([state.characters[pc].name for pc in pcs])
    words = f"a d{len(pcs)} over {names} shows {rolled}, 1 in {len(pcs)} each"
    return pcs[rolled - 1], (rolled,), words


def _then(words: str, die_words: str) -> str:
    return f"{words}, and {die_words}" if die_words else words


def drawn_by(state: Campaign, npc: Combatant, pcs: Sequence[str], dice: DiceSource) -> Choice:
    """R-ACT-1: the PCs who drew its attack are the ones it attacks (a die among several)."""
    pc, rolled, words = by_die(state, pcs, dice)
    who = listed([state.characters[p].name for p in pcs])
    verb = "draws" if len(pcs) == 1 else "draw"
    return Choice(pc=pc, dice=rolled, why=_then(f"{who} {verb} {npc.name}'s attack", words))


def choose(state: Campaign, npc: Combatant, pcs: Sequence[str], dice: DiceSource) -> Choice:
    """R-NPC-3: the target ``npc``'s behaviour picks among ``pcs`` (see the module)."""
    target = npc.behaviour.target if npc.behaviour else "random"
    if target in ("weakest", "strongest"):
        return _by_strength(state, npc, pcs, dice, weakest=target == "weakest")
    if target == "hurt-it":
        return _hurt_it(state, npc, pcs, dice)
    if target == "nearest":
        return _nearest(state, npc, pcs, dice)
    pc, rolled, words = by_die(state, pcs, dice)
    if not rolled:
        return Choice(pc=pc, why=f"{npc.name} attacks the only PC it can")
    return Choice(pc=pc, dice=rolled, why=f"{npc.name} picks its target at random: {words}")


def _standing(state: Campaign, pc: str) -> tuple[int, int]:
    who = state.characters[pc]
    return -int(who.track), who.pools.total()


def _said(state: Campaign, pc: str) -> str:
    who = state.characters[pc]
    track = f"{who.track.label}, " if who.track else ""
    return f"{track}{plural(who.pools.total(), 'point')} left"


def _by_strength(
    state: Campaign, npc: Combatant, pcs: Sequence[str], dice: DiceSource, *, weakest: bool
) -> Choice:
    pick = min if weakest else max
    best = pick(_standing(state, pc) for pc in pcs)
    tied = [pc for pc in pcs if _standing(state, pc) == best]
    pc, rolled, words = by_die(state, tied, dice)
    which = "the weakest" if weakest else "the strongest"
    if rolled:
        names = listed([state.characters[p].name for p in tied])
        found = f"{names} are even, {_said(state, pc)} each"
    else:
        found = f"{state.characters[pc].name}, {_said(state, pc)}"
    return Choice(pc=pc, dice=rolled, why=_then(f"{npc.name} goes for {which}: {found}", words))


def _hurt_it(state: Campaign, npc: Combatant, pcs: Sequence[str], dice: DiceSource) -> Choice:
    encounter = state.encounter
    assert encounter is not None
    seen = (*encounter.last_attacks.get(npc.id, ()), *encounter.attacks.get(npc.id, ()))
    hits = Counter(attacker for attacker, _, hit in seen if hit and attacker in pcs)
    if not hits:
        pc, rolled, words = by_die(state, pcs, dice)
        why = f"{npc.name} would turn on whoever hurt it, but no one hit it this round or the last"
        return Choice(pc=pc, dice=rolled, why=_then(why, words))
    most = max(hits.values())
    tied = [pc for pc in pcs if hits[pc] == most]
    pc, rolled, words = by_die(state, tied, dice)
    names = listed([state.characters[p].name for p in tied])
    times = "once" if most == 1 else plural(most, "time")
    each = " each" if len(tied) > 1 else ""
    why = f"{npc.name} turns on whoever hurt it: {names} hit it {times}{each}"
    why += " this round and the last"
    return Choice(pc=pc, dice=rolled, why=_then(why, words))


def _nearest(state: Campaign, npc: Combatant, pcs: Sequence[str], dice: DiceSource) -> Choice:
    encounter = state.encounter
    assert encounter is not None
    for when, seen in (("this round", encounter.attacks), ("last round", encounter.last_attacks)):
        melee = [attacker for attacker, ranged, _ in seen.get(npc.id, ()) if not ranged]
        close = [attacker for attacker in melee if attacker in pcs]
        if close:
            pc = close[-1]
            name = state.characters[pc].name
            why = f"{npc.name} turns on the nearest: {name} fought it in melee {when}"
            return Choice(pc=pc, why=why)
    pc, rolled, words = by_die(state, pcs, dice)
    why = f"{npc.name} turns on the nearest, but no one fought it in melee this round or the last"
    return Choice(pc=pc, dice=rolled, why=_then(why, words))
