"""Trading a hit's damage for an effect (R-SPEC-6): what a trade of the pack costs
against a foe, whether the hit carries that much, and the events of a traded hit.

The attack names the pack's entry (``Attack.trade``); a hit on its one NPC deals the
damage left after Armor less the price, and leaves the trade's condition on the foe (or
takes the one it ends off), in the attack's own command."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from strange_tui.campaign.model.creatures import kind_armor
from strange_tui.campaign.model.encounter import Combatant
from strange_tui.campaign.model.events import (
    AnyEvent,
    ConditionAdded,
    ConditionRemoved,
    NpcHealthChanged,
)
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.content.model import Trade
from strange_tui.rules.combat import Condition
from strange_tui.rules.damage import damage_after_armor
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.special import trade_damage_cost

if TYPE_CHECKING:
    from strange_tui.campaign.commands.combat.attack import Attack

FOE = "{foe}"
"""Where a trade's words (``Trade.does``) put the foe's name."""


class TradePreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the chosen trade costs against the target, and what it leaves on it."""

    name: str
    cost: int
    """The pack's price."""
    level: int
    """The target's level, added to the price."""
    total: int
    """The damage a hit gives up: ``cost`` + ``level``."""
    does: str
    """In words, with the foe named ('knock Thug down')."""
    condition: str = ""
    rounds: int = 0
    ends: str = ""
    summary: str = ""


def trade_cost(trade: Trade, target: Combatant) -> int:
    """R-SPEC-6: the damage a hit on ``target`` gives up for ``trade``: the table's
    price plus the foe's level."""
    return trade_damage_cost(trade.cost, target.level)


def trade_words(trade: Trade, target: Combatant) -> str:
    """What the trade does, with the foe named: 'knock Thug down'."""
    return trade.does.replace(FOE, target.name)


def armor_against(attack: Attack, target: Combatant) -> int:
    """The Armor the attack's damage meets on ``target`` (none if the attack ignores it),
    with its Armor against the attack's kind of harm (R-NPC-2)."""
    if attack.weapon.ignores_armor:
        return 0
    return max(0, target.armor + kind_armor(target, attack.harm)[0])


def dealt(attack: Attack, target: Combatant, damage: int) -> tuple[int, int]:
    """R-SPEC-6: (the damage a hit of ``damage`` before Armor deals ``target``, the
    damage given up for the attack's trade); what is left never goes below 0."""
    after = damage_after_armor(damage, armor_against(attack, target))
    if attack.trade is None:
        return after, 0
    price = trade_cost(attack.trade, target)
    return max(0, after - price), price


def check_trade(
    attack: Attack, state: Campaign, who: Character, foes: tuple[Combatant, ...]
) -> None:
    """R-SPEC-6: a trade is made on one creature's hit that carries its price (a plain
    hit's damage after Armor); RuleViolation, in one sentence, for any other."""
    trade = attack.trade
    if trade is None:
        return
    target = foes[0]
    if attack.area:
        raise RuleViolation("An area attack cannot trade damage for an effect: attack one foe.")
    if target.inanimate:
        raise RuleViolation(f"{target.name} is an object: it has no effect to trade damage for.")
    price = trade_cost(trade, target)
    plain = damage_after_armor(
        attack.hit(state, who, target, None)[0], armor_against(attack, target)
    )
    if plain < price:
        raise RuleViolation(
            f"A hit on {target.name} deals {plain} damage: too little to give up {price}"
            f" to {trade_words(trade, target)}."
        )


def health_events(attack: Attack, target: Combatant, damage: int, source: str) -> list[AnyEvent]:
    """What a hit of ``damage`` (before Armor) does to ``target``: its damage, and with a
    trade (R-SPEC-6) the damage given up and the condition the trade leaves or ends."""
    ignore = attack.weapon.ignores_armor
    trade = attack.trade
    if trade is None:
        if not damage:
            return []
        return [
            NpcHealthChanged(
                targets=(target.id,),
                amount=-damage,
                source=source,
                ignore_armor=ignore,
                armor=(armor_against(attack, target),),
                harm=attack.harm,
            )
        ]
    left, price = dealt(attack, target, damage)
    # The event's amount is before Armor, as every hit's: Armor takes its share again.
    amount = left + armor_against(attack, target) if left else 0
    events: list[AnyEvent] = [
        NpcHealthChanged(
            targets=(target.id,),
            amount=-amount,
            source=source,
            ignore_armor=ignore,
            armor=(armor_against(attack, target),),
            harm=attack.harm,
            traded=price,
            trade=trade_words(trade, target),
        )
    ]
    if trade.condition:
        condition = Condition(name=trade.condition, rounds=trade.rounds)
        events.append(ConditionAdded(targets=(target.id,), condition=condition))
    if trade.ends and any(c.name == trade.ends for c in target.conditions):
        events.append(ConditionRemoved(target=target.id, name=trade.ends))
    return events


def trade_preview(attack: Attack, target: Combatant) -> TradePreview | None:
    """What the chosen trade costs against ``target`` (None: no trade)."""
    trade = attack.trade
    if trade is None:
        return None
    return TradePreview(
        name=trade.name,
        cost=trade.cost,
        level=target.level,
        total=trade_cost(trade, target),
        does=trade_words(trade, target),
        condition=trade.condition,
        rounds=trade.rounds,
        ends=trade.ends,
        summary=trade.summary,
    )
