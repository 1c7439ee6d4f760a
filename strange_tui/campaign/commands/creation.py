"""Making a character (RULES.md section 9): the wizard's final step and `strange-tui new`
both send ``CreateCharacter``, so both check the same way and make one event. The wizard's
steps read the character so far from ``draft_view`` (pools, Edge, skills...), never from
the rules themselves.

The game content (``content``: the campaign's packs, loaded once) comes with the command:
it is what the draft's choices name, not a choice of the player's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import msgspec

from strange_tui.campaign.commands.base import Command
from strange_tui.campaign.model import creation
from strange_tui.campaign.model.abilities import skills_now
from strange_tui.campaign.model.creation import Draft, Library
from strange_tui.campaign.model.events import AnyEvent, CharacterCreated
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.traits import Question
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.pools import Stat

MAX_NAME = 80
MAX_NOTES = 20_000
SKILLS_STEP, NAME_STEP = 6, 10


def step_problem(content: Library, draft: Draft, step: int, state: Campaign) -> str | None:
    """Why the player cannot leave ``step`` yet, or None: the rules' checks of the step,
    and what the campaign's files could not keep (a skill or background too long)."""
    if reason := creation.problem(content, draft, step, state):
        return reason
    if step == SKILLS_STEP and any(len(s.strip()) > MAX_NAME for s in draft.chosen_skills):
        return f"A skill's name is {MAX_NAME} characters at most."
    if step == NAME_STEP and len(draft.notes) > MAX_NOTES:
        return f"A background of {MAX_NOTES:,} characters at most."
    return None


def first_problem(content: Library, draft: Draft, state: Campaign) -> str | None:
    """The first step not done, as 'Step 4 (Stat pools): Place the last 2 points first.'"""
    for step in range(creation.REVIEW):
        if reason := step_problem(content, draft, step, state):
            return f"Step {step + 1} ({creation.STEP_NAMES[step]}): {reason}"
    return None


class CreateCharacter(Command, frozen=True, kw_only=True):
    """RULES.md section 9: the eleven steps' draft becomes a tier-1 character, one
    ``CharacterCreated``. Refused with the first step that is not done, and why; the id
    is the name's slug, unique in the campaign."""

    GM_ONLY: ClassVar[bool] = True
    GM_ACTION: ClassVar[str] = "add a character to the party"

    draft: Draft
    content: Library

    def character(self, state: Campaign) -> Character:
        """The character the draft makes (RuleViolation names the first step not done)."""
        if reason := first_problem(self.content, self.draft, state):
            raise RuleViolation(reason)
        try:
            return creation.build(self.content, self.draft, state)
        except ValueError as problem:
            raise RuleViolation(str(problem)) from None

    def preview(self, state: Campaign) -> Character:
        return self.character(state)

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        return [CharacterCreated(character=self.character(state))]


# What the wizard shows of the character so far.


class PoolLine(msgspec.Struct, frozen=True, kw_only=True):
    """One pool at step 4: the type's start, the points placed, the descriptor's change."""

    stat: Stat
    base: int
    placed: int
    descriptor: int
    total: int


class AttackLine(msgspec.Struct, frozen=True, kw_only=True):
    """Step 9: a weapon (or bare hands), its damage, how its attacks are eased (-1) or
    hindered (+1) (R-CMB-2), and its range."""

    name: str
    damage: int
    modifier: int
    range: str
    parts: tuple[tuple[str, int], ...] = ()
    """What the damage is made of: the weapon's, then each ability's bonus."""


class DraftView(msgspec.Struct, frozen=True, kw_only=True):
    """The character as the draft stands, as the wizard shows it."""

    sentence: str
    name: str
    descriptor: str
    """The descriptor's name ('' before step 1)."""
    has_type: bool
    pools: dict[Stat, int]
    edge: dict[Stat, int]
    effort: int = 0
    cypher_limit: int = 0
    weapon_practice: tuple[str, ...] = ()
    pool_lines: tuple[PoolLine, ...] = ()
    bonus_points: int = 0
    points_left: int = 0
    skills: dict[str, str] = msgspec.field(default_factory=dict)
    abilities: tuple[str, ...] = ()
    possessions: tuple[str, ...] = ()
    weapon_picks: int = 0
    weapon_groups: tuple[creation.WeaponPick, ...] = ()
    """Whose weapons of the player's choice they are, how many, and the categories each
    group takes (a Spinner's light one, Strong's medium or heavy one)."""
    armor: int = 0
    """The Armor the character starts with: the descriptor's and the armor worn (R-CMB-6)."""
    armor_offered: bool = False
    """An ability chosen brings starting armor: the character may start in armor of their choice."""
    ability_choices: tuple[tuple[str, str], ...] = ()
    """Step 6: each first-tier ability as it may be taken (key, name), one entry per choice
    for an ability that asks one (its name with the pick: '... (melee)')."""
    cypher_picks: int = 0
    cypher_load: int = 0
    """The starting cyphers' weight against the cypher limit (R-CYP-1: occultic counts two)."""
    attacks: tuple[AttackLine, ...] = ()
    questions: tuple[Question, ...] = ()
    """Step 7: what the abilities, descriptor and focus taken ask (skills to pick, points
    to divide, a pick of one); the draft's ``answers`` hold the replies by ``key``."""
    answers_problem: str | None = None
    """Why the answers given do not answer the questions yet (None: they do)."""


def draft_view(content: Library, draft: Draft, state: Campaign) -> DraftView:
    """What the wizard shows of ``draft``: the same numbers ``CreateCharacter`` will use."""
    kind = content.kind("types").get(draft.type)
    descriptor = content.kind("descriptors").get(draft.descriptor)
    pools = creation.pools_of(content, draft)
    lines = tuple(
        PoolLine(
            stat=stat,
            base=getattr(kind.pools, stat.value),
            placed=draft.bonus.get(stat, 0),
            descriptor=getattr(descriptor.pools, stat.value) if descriptor else 0,
            total=pools[stat],
        )
        for stat in Stat
        if kind
    )
    total = kind.bonus_points if kind else 0
    return DraftView(
        sentence=creation.sentence_of(content, draft),
        name=draft.name.strip(),
        descriptor=descriptor.name if descriptor else "",
        has_type=kind is not None,
        pools=pools,
        edge=creation.edge_of(content, draft),
        effort=kind.effort if kind else 0,
        cypher_limit=kind.cypher_limit if kind else 0,
        weapon_practice=tuple(kind.weapons) if kind else (),
        pool_lines=lines,
        bonus_points=total,
        points_left=total - sum(draft.bonus.values()),
        skills=skills_now(creation.provisional(content, draft)),
        abilities=tuple(creation.ability_names(content, draft)),
        possessions=tuple(creation.possessions(content, draft)),
        weapon_picks=creation.weapon_picks(content, draft),
        weapon_groups=creation.weapon_groups(content, draft),
        armor=creation.armor_rating(content, draft),
        armor_offered=creation.armor_offered(content, draft),
        ability_choices=tuple(ability_choices(content, draft)),
        cypher_picks=creation.cypher_picks(content, draft, state),
        cypher_load=creation.cypher_load_of(content, draft.cyphers),
        attacks=tuple(AttackLine(**row) for row in creation.attacks(content, draft)),
        questions=tuple(creation.draft_questions(content, draft)),
        answers_problem=creation.answers_problem(content, draft),
    )


def ability_choices(content: Library, draft: Draft) -> list[tuple[str, str]]:
    """Step 6's list: the type's first-tier abilities, one entry per choice one asks."""
    if draft.type not in content.kind("types"):
        return []
    tier = creation.tier_one(content, draft)
    return creation.ability_keys(content, tier.abilities, creation.base_edge(content, draft))


def place_points(content: Library, draft: Draft, stat: Stat, points: int) -> Draft:
    """Step 4: move ``points`` (+1 or -1) of the type's bonus points to or from a pool;
    RuleViolation when none are left to place, or the pool has none to give back."""
    kind = content.kind("types").get(draft.type)
    if kind is None:
        raise RuleViolation("Choose a type first.")
    bonus = dict(draft.bonus)
    new = bonus.get(stat, 0) + points
    if new < 0:
        raise RuleViolation("That pool has no points to take back.")
    if sum(bonus.values()) + points > kind.bonus_points:
        raise RuleViolation("No points left to place.")
    bonus[stat] = new
    return creation.choose(draft, bonus={s: v for s, v in bonus.items() if v})
