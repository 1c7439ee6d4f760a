"""XP, GM intrusions, advancement and the GM's settings as commands (R-XP-1, R-ADV-1).

Each command makes one event; its preview folds that event into the state with the same
code the store uses (``fold_command``), so what a dialog shows is what will happen, and a
refusal in the preview is the one the rules will give.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, get_args

import msgspec

from strange_tui.campaign.commands.base import GM, Command, character_of
from strange_tui.campaign.model import creation
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import (
    AdvancementBought,
    AdvancementStep,
    AnyEvent,
    IntrusionAccepted,
    IntrusionRefused,
    PromptClosed,
    SettingsChanged,
    XpAwarded,
)
from strange_tui.campaign.model.folds import armor
from strange_tui.campaign.model.folds.advancement import (
    MAX_TIER,
    OTHER_OPTIONS,
    POOL_POINTS,
    STEP_COST_XP,
    STEPS_PER_TIER,
    open_steps,
    step_problem,
)
from strange_tui.campaign.model.prompts import Prompt, open_prompt
from strange_tui.campaign.model.state import Campaign, Character, Settings
from strange_tui.campaign.store import fold_command
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Pools, Stat

MAX_AWARD = 100
"""The most XP one award gives (the event's bound)."""
MAX_STARTING_CYPHERS = 10
MAX_NAME = 80
MAX_TEXT = 20_000

IntrusionChoice = Literal["accept", "refuse"]


def gm_only(command: Command, what: str) -> None:
    """Refuse a command only the GM's seat may send."""
    if command.by != GM:
        raise RuleViolation(f"Only the GM {what}.")


def text(value: str, what: str, limit: int = MAX_TEXT) -> str:
    """Free text as recorded (stripped), refused when too long to keep."""
    value = value.strip()
    if len(value) > limit:
        raise RuleViolation(f"{what} is {limit:,} characters at most.")
    return value


def name(value: str | None, what: str) -> str | None:
    """A name as recorded (stripped; None when blank), refused when too long."""
    value = (value or "").strip()
    if len(value) > MAX_NAME:
        raise RuleViolation(f"{what} is {MAX_NAME} characters at most.")
    return value or None


def state_after(state: Campaign, events: Sequence[AnyEvent]) -> Campaign:
    """The campaign once ``events`` are applied, as the store would apply them
    (RuleViolation with the rules' reason when they would be refused)."""
    return fold_command(state, events)[0]


# XP.


class AwardXp(Command, frozen=True, kw_only=True):
    """The GM awards XP to a character (a discovery, a fine moment); GM only."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "award XP"

    character: str
    amount: int
    reason: str = ""

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        gm_only(self, "awards XP")
        character_of(state, self.character)
        if not 1 <= self.amount <= MAX_AWARD:
            raise RuleViolation(f"Award 1 to {MAX_AWARD} XP.")
        reason = text(self.reason, "The reason")
        return [XpAwarded(character=self.character, amount=self.amount, reason=reason)]


# GM intrusions.


class IntrusionPreview(msgspec.Struct, frozen=True, kw_only=True):
    """R-XP-1: what accepting and what refusing would do to everyone's XP."""

    xp: dict[str, int]
    """The XP now of each character either answer touches."""
    accept: dict[str, int] | None
    """The XP after accepting of each character it changes (None: accepting is refused)."""
    accept_problem: str | None = None
    refuse: dict[str, int] | None
    """The XP after refusing of each character it changes (None: refusing is refused)."""
    refuse_problem: str | None = None


class GmIntrusion(Command, frozen=True, kw_only=True):
    """R-XP-1: the GM intrudes on a character (not the free intrusion of a natural 1).
    Accepting gives 2 XP, 1 of which goes to another PC (``given_to``, required when
    there is one); refusing costs 1 XP and is impossible at 0 XP."""

    character: str
    choice: IntrusionChoice = "accept"
    given_to: str | None = None
    what: str = ""

    def event(self) -> IntrusionAccepted | IntrusionRefused:
        what = text(self.what, "The intrusion")
        if self.choice == "refuse":
            return IntrusionRefused(character=self.character, what=what)
        return IntrusionAccepted(character=self.character, given_to=self.given_to, what=what)

    def offered(self, state: Campaign) -> Prompt | None:
        """The intrusion offered at this character's seat (None: none is). A player's seat
        answers only an offered one (RuleViolation); the GM may intrude at once."""
        offered = open_prompt(state.prompts, "intrusion", self.character)
        if offered is None and self.by != GM:
            raise RuleViolation("There is no intrusion to answer: the GM offers one first.")
        return offered

    def preview(self, state: Campaign) -> IntrusionPreview:
        who = character_of(state, self.character)
        self.offered(state)  # Refused here as ``decide`` refuses it.
        touched = [who.id, *([self.given_to] if self.given_to in state.characters else [])]
        answers: dict[str, dict[str, int] | None] = {}
        problems: dict[str, str | None] = {}
        for choice in get_args(IntrusionChoice):
            try:
                after = state_after(state, [msgspec.structs.replace(self, choice=choice).event()])
            except RuleViolation as refused:
                answers[choice], problems[choice] = None, str(refused)
                continue
            answers[choice] = {
                cid: after.characters[cid].xp
                for cid in touched
                if after.characters[cid].xp != state.characters[cid].xp
            }
            problems[choice] = None
        return IntrusionPreview(
            xp={cid: state.characters[cid].xp for cid in touched},
            accept=answers["accept"],
            accept_problem=problems["accept"],
            refuse=answers["refuse"],
            refuse_problem=problems["refuse"],
        )

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        character_of(state, self.character)
        offered = self.offered(state)
        if offered is None:
            return [self.event()]
        answer = self if self.what.strip() else msgspec.structs.replace(self, what=offered.what)
        return [answer.event(), PromptClosed(prompt=offered.id)]


# Advancement.

STEP_WORDS = {
    "pools": "+4 pool points",
    "edge": "+1 Edge",
    "effort": "+1 Effort",
    "skill": "a skill",
    "armor": "less armor cost",
    "recovery": "+2 to recovery rolls",
    "ability": "another type ability",
}


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
    focus_options: tuple[tuple[str, str], ...] = ()
    """The focus's abilities of which the player takes one."""


def tier_offer(content: Library | None, who: Character) -> TierOffer | None:
    """R-ADV-1: what the step that completes ``who``'s tier brings (None: the next step
    does not raise the tier, or the packs do not know the type)."""
    if content is None or who.tier >= MAX_TIER or len(who.advancements) != STEPS_PER_TIER - 1:
        return None
    kind = _named(content, "types", who.type)
    if kind is None:
        return None
    tier = who.tier + 1
    held = {armor.base_name(a) for a in who.abilities}
    abilities = content.kind("abilities")
    ids: list[str] = []
    for each in kind.tiers:
        if each.tier <= tier:
            ids += [a for a in each.abilities if a not in ids]
    offered = [a for a in ids if (abilities[a].name if a in abilities else a) not in held]
    edge = {stat: who.pools[stat].edge for stat in Stat}
    mine = next((t for t in kind.tiers if t.tier == tier), None)
    offer = TierOffer(
        tier=tier,
        type_name=kind.name,
        choose=min(mine.choose if mine else 0, len(offered)),
        options=tuple(creation.ability_keys(content, tuple(offered), edge)),
    )
    focus = _named(content, "foci", who.focus)
    steps = next((t for t in focus.tiers if t.tier == tier), None) if focus else None
    if focus is None or steps is None:
        return offer
    return msgspec.structs.replace(
        offer,
        focus_name=focus.name,
        granted=tuple(creation.ability_label(content, a) for a in steps.abilities),
        focus_options=tuple((a, creation.ability_label(content, a)) for a in steps.choose_one),
    )


def _named(content: Library, kind: str, name: str) -> Any:
    """The pack entry of ``kind`` that goes by ``name`` on the sheet (None: none)."""
    return next((e for e in content.kind(kind).values() if e.name == name), None)


def open_words(who: Character) -> tuple[str, ...]:
    """R-ADV-1: the steps still open this tier, in words (the other options as one)."""
    steps = open_steps(who)
    words = [STEP_WORDS[step] for step in steps if step not in OTHER_OPTIONS]
    if any(step in OTHER_OPTIONS for step in steps):
        words.append("one other option (less armor cost, +2 to recovery rolls or an ability)")
    return tuple(words)


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

    def event(self, state: Campaign) -> AdvancementBought:
        if self.step not in get_args(AdvancementStep):
            raise RuleViolation(f"There is no advancement step {self.step!r}.")
        who = character_of(state, self.character)
        if problem := step_problem(who, self.step, state.settings):
            raise RuleViolation(problem)
        gained, improved_edge = self.new_tier(tier_offer(self.content, who), who)
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
            ability=name(self.ability, "An ability's name") if self.step == "ability" else None,
            tier_abilities=gained,
            improved_edge=improved_edge,
        )

    def new_tier(
        self, offer: TierOffer | None, who: Character
    ) -> tuple[tuple[str, ...], Stat | None]:
        """R-ADV-1: the abilities the new tier brings (names) and the Edge Improved Edge
        raises; RuleViolation when the choices do not fit the offer."""
        if offer is None:
            return (), None
        reaching = f"Reaching tier {offer.tier}"
        keys = self.tier_abilities
        if len(keys) != offer.choose:
            raise RuleViolation(
                f"{reaching}: choose {offer.choose} {offer.type_name} abilities"
                f" ({len(keys)} chosen)."
            )
        allowed = {key for key, _ in offer.options}
        if not set(keys) <= allowed:
            raise RuleViolation(f"{reaching}: choose from the {offer.type_name}'s list.")
        assert self.content is not None
        edge = {stat: who.pools[stat].edge for stat in Stat}
        if problem := creation.choices_problem(self.content, keys, edge):
            raise RuleViolation(f"{reaching}: {problem}")
        focus = ()
        if offer.focus_options:
            if self.focus_choice not in dict(offer.focus_options):
                raise RuleViolation(
                    f"{reaching}: choose one of {offer.focus_name}'s tier-{offer.tier} abilities."
                )
            focus = (dict(offer.focus_options)[self.focus_choice],)
        names = tuple(creation.ability_label(self.content, key) for key in keys)
        raised = [
            Stat(option)
            for key in keys
            for ability, option in [creation.split_key(key)]
            if creation.choice_of(self.content, ability) == "zero-edge"
        ]
        return (*names, *offer.granted, *focus), (raised[0] if raised else None)

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
    return tuple(said)


# The GM's settings.


class SettingsPreview(msgspec.Struct, frozen=True, kw_only=True):
    """The settings as they would be, and what changes in words (none: nothing to save)."""

    settings: Settings
    changes: tuple[str, ...] = ()


class ChangeSettings(Command, frozen=True, kw_only=True):
    """The GM changes the campaign's settings; what is left None stays as it is. GM only.

    ``allowed_foci``: the foci players may take, by name or id (none: all, RULES.md 9
    step 3); ``starting_cyphers``: how many a new character may pick (step 10);
    ``theme_follows_recursion``: the app's colours follow the party; ``house_rules``."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "change the campaign's settings"

    allowed_foci: tuple[str, ...] | None = None
    starting_cyphers: int | None = None
    theme_follows_recursion: bool | None = None
    house_rules: tuple[str, ...] | None = None
    npc_health_shown: bool | None = None
    solo: bool | None = None
    solo_intrusions: str | None = None
    weapon_distinctions: bool | None = None
    """R-WPN-1: attacks apply their weapon's distinction (an optional rule)."""

    def settings(self, state: Campaign) -> Settings:
        """The settings this command makes of the current ones (RuleViolation if bad)."""
        current = state.settings
        changed: dict[str, object] = {}
        if self.allowed_foci is not None:
            foci = names(self.allowed_foci, "A focus's name")
            # The list is a set: the same foci in another order change nothing.
            same = set(foci) == set(current.allowed_foci)
            changed["allowed_foci"] = current.allowed_foci if same else foci
        if self.starting_cyphers is not None:
            if not 0 <= self.starting_cyphers <= MAX_STARTING_CYPHERS:
                raise RuleViolation(
                    f"Starting cyphers: a whole number from 0 to {MAX_STARTING_CYPHERS}."
                )
            changed["starting_cyphers"] = self.starting_cyphers
        if self.theme_follows_recursion is not None:
            changed["theme_follows_recursion"] = self.theme_follows_recursion
        if self.house_rules is not None:
            changed["house_rules"] = names(self.house_rules, "A house rule")
        if self.npc_health_shown is not None:
            changed["npc_health_shown"] = self.npc_health_shown
        if self.solo is not None:
            changed["solo"] = self.solo
        if self.solo_intrusions is not None:
            if self.solo_intrusions not in ("off", "rare", "often"):
                raise RuleViolation("The app's intrusions: off, rare or often.")
            changed["solo_intrusions"] = self.solo_intrusions
        if self.weapon_distinctions is not None:
            changed["weapon_distinctions"] = self.weapon_distinctions
        return msgspec.structs.replace(current, **changed)

    def preview(self, state: Campaign) -> SettingsPreview:
        new = self.settings(state)
        return SettingsPreview(settings=new, changes=settings_changes(state.settings, new))

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        gm_only(self, "changes the campaign's settings")
        new = self.settings(state)
        if new == state.settings:
            raise RuleViolation("The settings are as they were: nothing to change.")
        return [SettingsChanged(settings=new)]


def names(given: Sequence[str], what: str) -> tuple[str, ...]:
    """Names as kept: stripped, blanks dropped, each once, in the order given."""
    kept: list[str] = []
    for each in given:
        cleaned = name(each, what)
        if cleaned and cleaned not in kept:
            kept.append(cleaned)
    return tuple(kept)


def settings_changes(old: Settings, new: Settings) -> tuple[str, ...]:
    said: list[str] = []
    if old.allowed_foci != new.allowed_foci:
        count = len(new.allowed_foci)
        said.append(
            f"Foci players may take: {count} listed" if count else "Foci players may take: all"
        )
    if old.starting_cyphers != new.starting_cyphers:
        said.append(f"Starting cyphers {old.starting_cyphers} → {new.starting_cyphers}")
    if old.theme_follows_recursion != new.theme_follows_recursion:
        way = "follows" if new.theme_follows_recursion else "no longer follows"
        said.append(f"The theme {way} the party's recursion")
    if old.solo != new.solo:
        solo = "Solo play: the app sits in the GM's chair" if new.solo else "A GM runs the game"
        said.append(solo)
    if old.solo_intrusions != new.solo_intrusions:
        said.append(f"The app's intrusions: {new.solo_intrusions}")
    if old.npc_health_shown != new.npc_health_shown:
        way = "as numbers" if new.npc_health_shown else "in words"
        said.append(f"Players see NPCs' health {way}")
    if old.weapon_distinctions != new.weapon_distinctions:
        way = "apply" if new.weapon_distinctions else "no longer apply"
        said.append(f"Weapon distinctions {way} to attacks")
    if old.house_rules != new.house_rules:
        said.append("House rules: " + ("; ".join(new.house_rules) or "none"))
    return tuple(said)
