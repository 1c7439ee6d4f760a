"""What the step that completes a tier brings (R-ADV-1): the type's abilities to choose
from (this tier's list and the lower ones', those not held, and a repeatable one again
while a way to take it is left), and the focus's, granted or one to choose; with each
ability's summary and cost for the picker to show."""

from __future__ import annotations

from typing import Any

import msgspec

from strange_tui.campaign.model import creation
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.folds.advancement import (
    MAX_TIER,
    OTHER_OPTIONS,
    STEP_WORDS,
    STEPS_PER_TIER,
    open_steps,
)
from strange_tui.campaign.model.repeats import answers_taken, offered_again
from strange_tui.campaign.model.state import Character
from strange_tui.content.effects import OneOf
from strange_tui.rules.pools import Stat


class Described(msgspec.Struct, frozen=True, kw_only=True):
    """An ability as the picker describes it: its name, cost ('2 Speed', 'enabler') and
    the pack's summary; ``again`` when the character takes it a further time."""

    name: str
    cost: str
    summary: str
    again: bool = False


class TierOffer(msgspec.Struct, frozen=True, kw_only=True):
    """What reaching the next tier brings: the type's abilities to choose (this tier's or a
    lower one's, not yet held) and the focus's, granted or one to choose."""

    tier: int
    type_name: str
    choose: int
    """How many of ``options`` the player takes."""
    options: tuple[tuple[str, str], ...]
    """(key, name): one entry per choice for an ability that asks one."""
    focus_name: str = ""
    granted: tuple[str, ...] = ()
    """The focus's abilities for the tier, added as they are."""
    granted_keys: tuple[str, ...] = ()
    """Their pack ids."""
    focus_options: tuple[tuple[str, str], ...] = ()
    """The focus's abilities of which the player takes one."""
    described: dict[str, Described] = msgspec.field(default_factory=dict)
    """Every ability above by its key: what the picker shows beside the list."""


def tier_offer(content: Library | None, who: Character) -> TierOffer | None:
    """R-ADV-1: what the step that completes ``who``'s tier brings (None: the next step
    does not raise the tier, or the packs do not know the type). A repeatable ability
    the sheet holds is offered again while a way to take it is left, less the picks taken
    (a damage bonus's kind of attack)."""
    if content is None or who.tier >= MAX_TIER or len(who.advancements) != STEPS_PER_TIER - 1:
        return None
    kind = named(content, "types", who.type)
    if kind is None:
        return None
    tier = who.tier + 1
    abilities = content.kind("abilities")
    ids: list[str] = []
    for each in kind.tiers:
        if each.tier <= tier:
            ids += [a for a in each.abilities if a not in ids]
    offered = [a for a in ids if a not in abilities or offered_again(abilities[a], who)]
    edge = {stat: who.pools[stat].edge for stat in Stat}
    keys = [(key, label) for key, label in creation.ability_keys(content, tuple(offered), edge)
            if not _option_taken(content, key, who)]  # fmt: skip
    mine = next((t for t in kind.tiers if t.tier == tier), None)
    offer = TierOffer(
        tier=tier,
        type_name=kind.name,
        choose=min(mine.choose if mine else 0, len({creation.split_key(k)[0] for k, _ in keys})),
        options=tuple(keys),
    )
    focus = named(content, "foci", who.focus)
    steps = next((t for t in focus.tiers if t.tier == tier), None) if focus else None
    if focus is not None and steps is not None:
        offer = msgspec.structs.replace(
            offer,
            focus_name=focus.name,
            granted=tuple(creation.ability_label(content, a) for a in steps.abilities),
            granted_keys=tuple(steps.abilities),
            focus_options=tuple((a, creation.ability_label(content, a)) for a in steps.choose_one),
        )
    every = [
        *offer.options,
        *offer.focus_options,
        *zip(offer.granted_keys, offer.granted, strict=True),
    ]
    return msgspec.structs.replace(
        offer, described={key: describe(content, key, label, who) for key, label in every}
    )


def _option_taken(content: Library, key: str, who: Character) -> bool:
    """Whether ``key``'s pick ('combat-prowess:melee') was taken with the ability before."""
    ability_id, option = creation.split_key(key)
    entry = content.kind("abilities").get(ability_id)
    return bool(option and entry is not None and option.casefold() in answers_taken(who, entry))


def describe(content: Library, key: str, label: str, who: Character) -> Described:
    """The ability of ``key`` as the picker shows it."""
    entry = content.kind("abilities").get(creation.split_key(key)[0])
    if entry is None:
        return Described(name=label, cost="", summary="")
    cost = (f"{entry.cost}{'+' if entry.cost_plus else ''} {(entry.pool or '').title()}"
            if entry.cost else entry.kind)  # fmt: skip
    if any(isinstance(e, OneOf) and not all(w.action for w in e.options) for e in entry.effects):
        cost = f"{cost} or none"  # Taken the other way, it costs nothing.
    again = entry.name in {a.split(" (", 1)[0].strip() for a in who.abilities}
    return Described(name=label, cost=cost.strip(), summary=entry.summary, again=again)


def named(content: Library, kind: str, name: str) -> Any:
    """The pack entry of ``kind`` that goes by ``name`` on the sheet (None: none)."""
    return next((e for e in content.kind(kind).values() if e.name == name), None)


def open_words(who: Character) -> tuple[str, ...]:
    """R-ADV-1: the steps still open this tier, in words (the other options as one)."""
    steps = open_steps(who)
    words = [STEP_WORDS[step] for step in steps if step not in OTHER_OPTIONS]
    if any(step in OTHER_OPTIONS for step in steps):
        words.append(
            "one other option (less armor cost, +2 to recovery rolls, an ability, or a"
            " contact, home, title, wealth, familiarity, artifact)"
        )
    return tuple(words)
