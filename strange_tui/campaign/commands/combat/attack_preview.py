"""What a PC's attack would do, as its dialog shows before the roll (R-CMB-2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from strange_tui.campaign.commands.base import character_of, state_after
from strange_tui.campaign.commands.combat.attack_situation import (
    bonus_lines,
    die_lines,
    held_lines,
    weapon_range,
)
from strange_tui.campaign.commands.combat.specials import EFFECT_CONDITIONS
from strange_tui.campaign.commands.combat.trades import (
    TradePreview,
    dealt,
    health_events,
    trade_preview,
)
from strange_tui.campaign.commands.combat.views import encounter_of
from strange_tui.campaign.commands.rolls.odds import OddsView, RollPreview, odds_view
from strange_tui.campaign.model.creatures import (
    defense_tags,
    kind_armor,
    situations_for,
    stops_regeneration,
)
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import NpcHealthChanged
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.state import Campaign
from strange_tui.rules.damage import damage_after_armor
from strange_tui.rules.task import resolve

if TYPE_CHECKING:
    from strange_tui.campaign.commands.combat.attack import Attack
    from strange_tui.campaign.commands.rolls.roll import Roll


class HitPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What a hit on one face of the die would do to the target."""

    die: int | None
    """The natural die (17 to 20), or None for any other hit."""
    bonus: int
    """R-SPEC-2..5: the special roll's extra damage (an impaired attacker: +1)."""
    effect: str = ""
    condition: str = ""
    """The condition the effect leaves on the target (R-CMB-4), or the ability's hit does
    (R-ABL-2: a daze), if any."""
    damage: int
    """Weapon + abilities + Effort damage + special bonus - the target's Armor (R-CMB-2)."""
    health: int
    """The target's health after the hit."""


class TargetPreview(msgspec.Struct, frozen=True, kw_only=True):
    """One further target of an area attack: its odds on the same die, and a hit."""

    name: str
    final_difficulty: int
    p_hit: float
    automatic: bool
    damage: int
    """A hit's damage less its Armor (17 to 20 add the same bonus to every target)."""
    health: int
    max_health: int


class AttackPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The odds and cost of the attack, what eases or hinders it, what a hit deals and
    what a hit on each face would do."""

    roll: RollPreview
    target: str
    armor: int
    health: int
    max_health: int
    hits: tuple[HitPreview, ...]
    parts: tuple[tuple[str, int], ...] = ()
    """What a hit's damage is made of (weapon, abilities, Effort), before specials."""
    steps: tuple[tuple[str, int], ...] = ()
    """What eases (negative) or hinders the attack, in words (R-CMB-2, R-TASK-3), with
    each circumstance's line (R-CIR-1) after the boss, light weapon and foe lines."""
    range: str = ""
    """R-CIR-2: the weapon's range as the circumstances leave it ('immediate' for melee)."""
    bonuses: tuple[tuple[str, int], ...] = ()
    """What adds to the die, in words (R-CIR-3: two others already attack the foe in
    melee, +1); their sum is in ``roll.odds.bonus`` with the bonus typed."""
    by_die: tuple[tuple[str, int], ...] = ()
    """Damage that depends on the natural die (R-WPN-1 stabbing: +1 on 17 or more, -1 on
    5 or less); the hits on 17 to 20 include it, ``parts`` does not."""
    area: bool = False
    others: tuple[TargetPreview, ...] = ()
    trade: TradePreview | None = None
    """R-SPEC-6: the damage the chosen trade gives up on this foe (each hit's ``damage``
    and ``health`` are after it)."""
    notes: tuple[str, ...] = ()
    """What the table must know before the roll (R-GRAB-1: a held attacker's Might task
    first)."""
    creature: tuple[str, ...] = ()
    """R-NPC-2: what the target's entry changes of a hit (its Armor against the attack's
    kind of harm, a hit that stops its regeneration)."""
    situations: tuple[str, ...] = ()
    """R-NPC-1: the situations of the target's situational modifications the table may
    say hold."""


def attack_preview(attack: Attack, state: Campaign) -> AttackPreview:
    """What ``attack`` would do, computed by the code that decides it (R-CMB-2): the odds
    and cost, each step (circumstances included, R-CIR-1), the range (R-CIR-2), the bonus
    to the die (R-CIR-3), the damage's parts (R-WPN-1) and each face's hit."""
    who, foes = attack.checked(state)
    target = foes[0]
    roll = attack.roll_against(state, who, target, attack.label(foes))
    shown = roll.preview(state)
    task = task_of(roll.setup(state))
    if shown.odds.automatic:
        faces: list[int | None] = [None]
    else:
        faces = [None] if resolve(task, 16).success else []
        faces += [face for face in (17, 18, 19, 20) if resolve(task, face).success]
    hits = []
    for face in faces:
        damage, bonus, effect = attack.hit(state, who, target, face)
        events = health_events(attack, target, damage, roll.label)
        after = state_after(state, events).encounter
        assert after is not None
        hits.append(
            HitPreview(
                die=face,
                bonus=bonus,
                effect=effect,
                # R-ABL-2: an ability's hit leaves its own condition (a daze) too.
                condition=EFFECT_CONDITIONS.get(effect, ("", 0))[0] or attack.weapon.on_hit,
                damage=dealt(attack, target, damage)[0],
                health=after.combatants[target.id].health,
            )
        )
    others = []
    for other in foes[1:]:
        plain, _, _ = attack.hit(state, who, other, None)
        odds = odds_view(
            attack.roll_against(state, who, other, roll.label).setup(state), who.impaired
        )
        after = state_after(
            state,
            [
                NpcHealthChanged(
                    targets=(other.id,), amount=-plain, ignore_armor=attack.weapon.ignores_armor
                )
            ],
        )
        assert after.encounter is not None
        others.append(
            TargetPreview(
                name=other.name,
                final_difficulty=odds.final_difficulty,
                p_hit=odds.p_success,
                automatic=odds.automatic,
                damage=damage_after_armor(plain, 0 if attack.weapon.ignores_armor else other.armor),
                health=after.encounter.combatants[other.id].health,
                max_health=other.max_health,
            )
        )
    encounter = encounter_of(state)
    return AttackPreview(
        roll=shown,
        target=target.name,
        armor=target.armor,
        health=target.health,
        max_health=target.max_health,
        hits=tuple(hits),
        parts=attack.parts(state, who, target),
        steps=attack.steps(state, who, target, roll),
        area=attack.area,
        others=tuple(others),
        range=weapon_range(attack.weapon, attack.situation()),
        bonuses=bonus_lines(encounter, target.id, attack.character, attack.weapon, attack.joining),
        by_die=die_lines(attack.distinction(state)),
        notes=held_lines(encounter, attack.character),
        trade=trade_preview(attack, target),
        creature=tuple(harm_lines(attack, target)),
        situations=situations_for(target, defense_tags("speed")),
    )


def harm_lines(attack: Attack, target: Combatant) -> list[str]:
    """R-NPC-2: what ``target``'s entry makes of the attack's kind of harm."""
    lines = []
    if line := kind_armor(target, attack.harm)[1]:
        lines.append(line)
    if stops_regeneration(target, attack.harm):
        lines.append(f"{target.name}: {attack.harm} stops its regeneration for a round")
    return lines


def roll_odds(state: Campaign, roll: Roll) -> OddsView:
    """The odds of a roll (its cost aside)."""
    return odds_view(roll.setup(state), character_of(state, roll.character).impaired)
