"""Buying the tier's advancement steps with XP (R-ADV-1), as a command: what each step
would change on the sheet, what the abilities it brings ask, and the purchase itself (what
the next tier offers: ``tier_offer.py``).

The preview folds the event into the state with the same code the store uses
(``fold_command``), so what the dialog shows is what will happen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, name, state_after, text
from strange_tui.campaign.commands.character.tier_offer import (
    Described,
    TierOffer,
    open_words,
    tier_offer,
)
from strange_tui.campaign.model import creation
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AdvancementBought, AdvancementStep, AnyEvent
from strange_tui.campaign.model.events.character import BOONS
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.folds.advancement import (
    MAX_TIER,
    POOL_POINTS,
    STEP_COST_XP,
    STEPS_PER_TIER,
    step_problem,
)
from strange_tui.campaign.model.repeats import held_names, narrowed, repeat_problem
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.traits import Question, Trait, questions, trait_of
from strange_tui.campaign.narrate.words import plural
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Pools, Stat

MAX_BOON = 200

__all__ = ["AdvancementPreview", "BuyAdvancement", "Described", "TierOffer", "changes",
           "tier_offer"]  # fmt: skip


class AdvancementPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-ADV-1: what buying the step would do: the XP paid, the tier, the pools after and
    every change on the sheet in words; ``problem`` is the rules' refusal (then nothing
    changes)."""

    cost: int
    xp: int
    xp_after: int
    tier: int
    tier_after: int
    bought: tuple[str, ...]
    """The steps bought this tier before this one."""
    pools_after: Pools
    effort_after: int
    changes: tuple[str, ...] = ()
    problem: str | None = None
    still_open: tuple[str, ...] = ()
    """R-ADV-1: the steps the character may still buy this tier, in words (before this one)."""
    offer: TierOffer | None = None
    """What reaching the next tier brings, when this step reaches it."""
    questions: tuple[Question, ...] = ()
    """What the abilities this step brings ask (skills to pick, points to divide)."""


class BuyAdvancement(Command, frozen=True, kw_only=True):
    """R-ADV-1: 4 XP buy one of the tier's steps, each once per tier: +4 points divided
    among the pools, +1 Edge, +1 Effort, a skill (trained, then specialized), or instead
    less cost for armor, +2 to recovery rolls, or another type ability (one of these other
    options a tier at most). The fourth step raises the tier, and with ``content`` (the
    campaign's packs) brings the new tier's abilities: the type's chosen ones
    (``tier_abilities``, keys as ``TierOffer`` lists them) and the focus's (one of them
    ``focus_choice`` when it offers a choice). Only what the chosen step uses is recorded."""

    character: str
    step: AdvancementStep
    pools: dict[Stat, int] = msgspec.field(default_factory=dict)
    edge: Stat | None = None
    skill: str | None = None
    ability: str | None = None
    content: Library | None = None
    tier_abilities: tuple[str, ...] = ()
    focus_choice: str | None = None
    boon: str = ""
    """For a boon step (a contact, a home...): who, where or what it is."""
    answers: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    """The answers to what the abilities gained ask, by ability name ('Interaction
    Skills': two skills); ``questions`` lists what they ask."""

    def event(self, state: Campaign) -> AdvancementBought:
        if self.step not in get_args(AdvancementStep):
            raise RuleViolation(f"There is no advancement step {self.step!r}.")
        who = character_of(state, self.character)
        if problem := step_problem(who, self.step, state.settings):
            raise RuleViolation(problem)
        gained, keys = self.new_tier(tier_offer(self.content, who), who)
        bought = self.bought_ability_key(who) if self.step == "ability" else ()
        traits = self.traits_of((*keys, *bought), who)
        # A way picked shows in the name, as the trait has it: '<name> (guns)'.
        gained = tuple(
            traits[k].name if k in traits else n for k, n in zip(keys, gained, strict=True)
        )
        ability = traits[bought[0]].name if bought and bought[0] in traits else self.ability
        pools: dict[Stat, int] = {}
        if self.step == "pools":
            if any(not 0 <= points <= POOL_POINTS for points in self.pools.values()):
                raise RuleViolation(
                    f"Each pool takes 0 to {POOL_POINTS} of the {POOL_POINTS} points."
                )
            pools = {stat: points for stat, points in self.pools.items() if points}
        return AdvancementBought(
            character=self.character,
            step=self.step,
            pools=pools,
            edge=self.edge if self.step == "edge" else None,
            skill=name(self.skill, "A skill's name") if self.step == "skill" else None,
            ability=name(ability, "An ability's name") if self.step == "ability" else None,
            tier_abilities=gained,
            tier_reached=who.tier + 1 if reaches_tier(who) else 0,
            traits=tuple(traits.values()),
            boon=text(self.boon, "The boon", limit=MAX_BOON) if self.step in BOONS else "",
        )

    def bought_ability_key(self, who: Character) -> tuple[str, ...]:
        """R-ADV-1: the pack key of the ability the "ability" step buys, when the packs
        know it; one the sheet holds is refused unless its entry is repeatable."""
        if self.content is None or not self.ability:
            return ()
        wanted = self.ability.strip().casefold()
        for key, entry in self.content.kind("abilities").items():
            if entry.name.casefold() == wanted:
                found = key
            elif wanted.startswith(entry.name.casefold() + " ("):
                found = f"{key}:{wanted[len(entry.name) + 2 :].rstrip(')').strip()}"
            else:
                continue
            if entry.name in held_names(who) and not entry.repeatable:
                raise RuleViolation(f"{who.name} has {entry.name} already: it is taken once.")
            return (found,)
        return ()

    def traits_of(self, keys: Sequence[str], who: Character) -> dict[str, Trait]:
        """R-ABL-1: what the abilities gained do, by key, their choices made (RuleViolation
        names a question not answered); R-ADV-1: a repeatable one taken again with an
        answer taken before is refused."""
        if self.content is None:
            return {}
        abilities = self.content.kind("abilities")
        edge = {stat.value: who.pools[stat].edge for stat in Stat}
        made = {}
        for key in keys:
            ability_id, option = creation.split_key(key)
            entry = abilities.get(ability_id)
            if entry is None:
                continue
            answers = self.answers.get(entry.name, ())
            try:
                made[key] = trait_of(narrowed(entry, who), option=option, answers=answers,
                                     edge=edge)  # fmt: skip
            except ValueError as error:
                raise RuleViolation(str(error)) from None
            if problem := repeat_problem(entry, made[key].picks, who):
                raise RuleViolation(problem)
        return made

    def questions(self, state: Campaign) -> tuple[Question, ...]:
        """What the abilities this step would bring ask the player (skills to pick, points
        to divide), for the dialog to ask before the step is bought."""
        who = character_of(state, self.character)
        try:
            _, keys = self.new_tier(tier_offer(self.content, who), who)
        except RuleViolation:
            keys = self.tier_abilities
        if self.step == "ability" and self.ability:
            try:
                keys = (*keys, *self.bought_ability_key(who))
            except RuleViolation:
                pass  # The preview says why; nothing to ask.
        if self.content is None:
            return ()
        abilities = self.content.kind("abilities")
        asked: list[Question] = []
        for key in keys:
            ability_id, option = creation.split_key(key)
            entry = abilities.get(ability_id)
            if entry is not None:
                entry = narrowed(entry, who)  # Without the answers taken with it before.
                asked += questions(entry.name, entry.effects, picked=bool(option))
        return tuple(asked)

    def new_tier(
        self, offer: TierOffer | None, who: Character
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """R-ADV-1: the abilities the new tier brings, by name and by pack key;
        RuleViolation when the choices do not fit the offer."""
        if offer is None:
            return (), ()
        reaching = f"Reaching tier {offer.tier}"
        keys = self.tier_abilities
        if len(keys) != offer.choose:
            kind = offer.type_name
            wanted = plural(offer.choose, f"{kind} ability", f"{kind} abilities")
            raise RuleViolation(f"{reaching}: choose {wanted} ({len(keys)} chosen).")
        allowed = {key for key, _ in offer.options}
        if not set(keys) <= allowed:
            raise RuleViolation(f"{reaching}: choose from the {offer.type_name}'s list.")
        assert self.content is not None
        edge = {stat: who.pools[stat].edge for stat in Stat}
        if problem := creation.choices_problem(self.content, keys, edge):
            raise RuleViolation(f"{reaching}: {problem}")
        focus: tuple[str, ...] = ()
        focus_keys: tuple[str, ...] = ()
        if offer.focus_options:
            if self.focus_choice not in dict(offer.focus_options):
                raise RuleViolation(
                    f"{reaching}: choose one of {offer.focus_name}'s tier-{offer.tier} abilities."
                )
            focus = (dict(offer.focus_options)[self.focus_choice],)
            focus_keys = (str(self.focus_choice),)
        names = tuple(creation.ability_label(self.content, key) for key in keys)
        return (*names, *offer.granted, *focus), (*keys, *offer.granted_keys, *focus_keys)

    def preview(self, state: Campaign) -> AdvancementPreview:
        who = character_of(state, self.character)
        unchanged = AdvancementPreview(
            cost=STEP_COST_XP,
            xp=who.xp,
            xp_after=who.xp,
            tier=who.tier,
            tier_after=who.tier,
            bought=who.advancements,
            pools_after=who.pools,
            effort_after=who.effort,
            still_open=open_words(who),
            offer=tier_offer(self.content, who),
            questions=self.questions(state),
        )
        try:
            after = state_after(state, [self.event(state)]).characters[who.id]
        except RuleViolation as refused:
            return msgspec.structs.replace(unchanged, problem=str(refused))
        return msgspec.structs.replace(
            unchanged,
            xp_after=after.xp,
            tier_after=after.tier,
            pools_after=after.pools,
            effort_after=after.effort,
            changes=changes(who, after, self.step),
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [self.event(state)]


def reaches_tier(who: Character) -> bool:
    """R-ADV-1: whether ``who``'s next step is the tier's fourth, and raises the tier."""
    return len(who.advancements) == STEPS_PER_TIER - 1 and who.tier < MAX_TIER


def changes(before: Character, after: Character, step: str = "") -> tuple[str, ...]:
    """What moved on the sheet between two versions of a character, in words."""
    said: list[str] = []
    for stat in Stat:
        old, new = before.pools[stat], after.pools[stat]
        title = stat.value.title()
        if (old.current, old.maximum) != (new.current, new.maximum):
            said.append(f"{title} {old.current}/{old.maximum} → {new.current}/{new.maximum}")
        if old.edge != new.edge:
            said.append(f"{title} Edge {old.edge} → {new.edge}")
    if before.effort != after.effort:
        said.append(f"Effort {before.effort} → {after.effort}")
    for skill in {**before.skills, **after.skills}:
        old_level = before.skills.get(skill, "untrained")
        new_level = after.skills.get(skill, "untrained")
        if old_level != new_level:
            said.append(f"{skill}: {old_level} → {new_level}")
    if before.recovery_bonus != after.recovery_bonus:
        said.append(f"Recovery rolls +{before.recovery_bonus} → +{after.recovery_bonus}")
    said += [f"New ability: {a}" for a in after.abilities if a not in before.abilities]
    if before.armor_steps != after.armor_steps:
        said.append("Armor costs what armor one category lighter would")
    costs = (armor.cost_words(before.worn), armor.cost_words(after.worn))
    if before.worn and after.worn and costs[0] != costs[1]:
        said.append(f"{after.worn.category.title()} armor: {costs[0]} → {costs[1]}")
    if before.tier != after.tier:
        said.append(f"Tier {before.tier} → {after.tier}: the next steps start afresh")
    if before.xp != after.xp:
        said.append(f"XP {before.xp} → {after.xp}")
    said += [f"The sheet gains {boon}" for boon in after.boons[len(before.boons) :]]
    return tuple(said)
