"""Translating the party to another recursion as one command (R-TR-1..9): the roles, the
likeness, the foci taken on arrival, what a failure brings (the GM's pick, or the app's
draw), the initiator's Intellect task with its die (typed or rolled) and a paradox's free
reroll, all decided at once into one TranslationMade (with the Effort paid, if any).

Training in translation is the skill named ``Translation`` on the sheet (any case): the
initiator's own training or inability counts, and each helper's, by the helping rules
(R-HELP-1..2). The effects on the initiator (a failure's hindrances, R-TR-7) move the
roll like any other (``commands.rolls.effect_steps``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.commands.rolls.roll import (
    EffectStep,
    OddsView,
    effect_steps,
    odds_view,
    split_steps,
)
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AnyEvent, PointsSpent, RollMade, TranslationMade
from strange_tui.campaign.model.folds.rolls import full_cost, make_roll, task_of
from strange_tui.campaign.model.folds.translation import (
    acclimation_of,
    arrival_focus,
    origin_of,
    recursion_of,
)
from strange_tui.campaign.model.state import Campaign, Character, FocusKit
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.effort import check_effort
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.helping import help_benefit
from strange_tui.rules.odds import task_odds
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.task import MAX_DIFFICULTY, Skill
from strange_tui.rules.track import can_act
from strange_tui.rules.translation import (
    FAILURES,
    Roles,
    check_roles,
    difficulty_parts,
    paradox_reroll,
    special_effect,
    trance_seconds,
)
from strange_tui.rules.translation import acclimation_seconds as base_acclimation

DRAW = "draw"
"""The failure policy that lets the app draw a consequence with dice (R-TR-7)."""
CONSEQUENCES: dict[str, str] = dict(FAILURES)
"""R-TR-7: the failure table, each consequence with what it does (the GM picks one)."""
NO_TRANSLATION = "no translation"
CATASTROPHIC = "catastrophic failure"
INTERRUPTED = "interrupted translation"
MAX_RECORDED_DIFFICULTY = 40
SPECIALS = {
    1: "GM intrusion",
    19: "no acclimation; focus tasks eased for an hour",
    20: "no acclimation; focus tasks eased for a day",
}
"""R-SPEC-1, R-TR-6: what a special face brings to a translation."""


TRANSLATION_SKILL = "Translation"
"""The skill on a sheet that trains a character in translating (R-TR-1, R-HELP-1..2)."""
SKILL_KEY = TRANSLATION_SKILL.lower()
SKILL_WORDS = {Skill.TRAINED: "trained", Skill.SPECIALIZED: "specialized"}
SKILL_STEPS = {"trained": 1, "specialized": 2}


class DifficultyPart(msgspec.Struct, frozen=True, kw_only=True):
    """One line of the itemised difficulty (R-TR-1, R-TR-3, R-TR-4), or of what eases or
    hinders the initiator's roll (training, assets, Effort, effects)."""

    label: str
    steps: int


class HelpLine(msgspec.Struct, frozen=True, kw_only=True):
    """R-HELP-1..2: what one helper gives the initiator."""

    name: str
    text: str
    bonus: int = 0
    lends: str = ""
    """The training lent ('trained', 'specialized'), or ''."""


class FocusChange(msgspec.Struct, frozen=True, kw_only=True):
    """R-TR-8: a participant's focus on arrival, what leaves with the old one and comes
    with the new one."""

    name: str
    old: str
    new: str
    leaves: tuple[str, ...] = ()
    comes: tuple[str, ...] = ()
    restored: bool = False
    """The new focus is one they had before: what it gave comes back."""


class TranslationPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the wizard shows before the die: times, the itemised difficulty, the odds (with
    a paradox's free reroll), the Effort's cost and whether it can be paid."""

    trance: int
    """R-TR-2: seconds of trance."""
    acclimation: int
    """R-TR-2: seconds of acclimation on a plain success (a 19 or 20 skips it, R-TR-6)."""
    parts: tuple[DifficultyPart, ...]
    difficulty: int
    """The sum of the parts (above 10, the rest hinders the roll)."""
    helpers: int
    """R-HELP-2: what the helpers add to the roll (+1 each who does not lend training)."""
    help: tuple[HelpLine, ...]
    """R-TR-1, R-HELP-1..2: each helper and what they give."""
    steps: tuple[DifficultyPart, ...]
    """What eases (-) or hinders (+) the initiator's roll: training (their own or lent),
    an inability, assets, Effort, each effect on them (R-TR-7)."""
    odds: OddsView
    """The initiator's Intellect task (R-TASK-5), with the translation's special faces."""
    paradox: bool
    """R-TR-5: the initiator rerolls a failure, free."""
    p_success: float
    """The chance that the party translates, the paradox's reroll counted."""
    cost: int
    """Intellect points the Effort costs (0 without Effort)."""
    problem: str | None = None
    """Why the initiator could not roll as things stand (the Effort, their state)."""
    origin: str = ""
    """Where they translate from."""
    place: str = ""
    """R-TR-9: where they arrive unless the GM says otherwise: where the initiator last left
    the destination ('' if never)."""
    leaving: str = ""
    """R-TR-9: the place they leave from, as last noted."""
    foci: tuple[FocusChange, ...] = ()
    """R-TR-8: each participant's focus on arrival, and what it changes."""
    stay: tuple[str, ...] = ()
    """The names of those who stay behind."""


class Arrival(msgspec.Struct, frozen=True, kw_only=True):
    """R-TR-8: a participant and the focus they arrived with."""

    name: str
    focus: str
    changed: bool
    """Whether the focus is not the one they had before."""
    leaves: tuple[str, ...] = ()
    """What left with the old focus (abilities, skills)."""
    comes: tuple[str, ...] = ()
    """What came with the new one."""


class TranslationOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """What a translation came to, in words the wizard shows after the die."""

    success: bool
    interrupted: bool
    die: int | None
    reroll: int | None
    difficulty: int
    arrived: bool
    destination: str
    """Where the party is now (an interrupted translation lands elsewhere, R-TR-7)."""
    consequence: tuple[tuple[str, str], ...]
    """Each consequence of a failure with what it does (R-TR-7)."""
    special: str
    """R-TR-6: what a 19 or 20 brought, in words ('' otherwise)."""
    trance: int
    acclimation: int
    eased_for: int
    arrivals: tuple[Arrival, ...]
    spent: int
    """Intellect the Effort cost the initiator."""
    place: str = ""
    """R-TR-9: where in the destination they arrived ('': the GM says)."""
    stayed: tuple[tuple[str, str], ...] = ()
    """Those who stayed behind (or were elsewhere already): each name and recursion."""


class Setup(NamedTuple):
    """What a translation is before the die: its roles, where from, the itemised
    difficulty, the helpers, the effects on the initiator and the initiator's task."""

    roles: Roles
    origin: str
    parts: list[tuple[str, int]]
    help: tuple[HelpLine, ...]
    effects: tuple[EffectStep, ...]
    task: RollMade


class Translate(Command, frozen=True, kw_only=True):
    """R-TR-1..9: the party translates to ``destination``. Everything is chosen before the
    die: roles, likeness, the initiator's assets and Effort, the foci taken on arrival,
    what a failure brings (``on_failure``: a consequence of the table, or DRAW for the
    app's dice), the interrupted trance, where they arrive, and the dice (``die``, and
    ``reroll`` for a paradox initiator's free reroll of a failure; None: the app rolls)."""

    def acting_for(self, state: Campaign) -> str | None:
        return self.initiator


    destination: str
    recursion_difficulty: int
    """R-TR-1: the destination's translation difficulty (from the content pack)."""
    initiator: str
    hasteners: tuple[str, ...] = ()
    easers: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()
    likeness: bool = False
    """R-TR-4: relying on a likeness, never having been there (+3 steps)."""
    effort: int = 0
    """Levels of Effort the initiator applies to the Intellect task."""
    assets: int = 0
    """R-TASK-3: the initiator's assets for the task (at most 2)."""
    foci: dict[str, str] = msgspec.field(default_factory=dict)
    """R-TR-8: the focus each participant takes in ``destination`` (missing: the one they
    had there before, else the one they have)."""
    picks: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    """R-TR-8: for each participant, the abilities (ids) picked where a tier of their new
    focus offers a choice."""
    content: Library | None = None
    """The game content (the foci's abilities, R-TR-8); needed when a focus changes."""
    on_failure: str = NO_TRANSLATION
    """R-TR-7: a consequence of the failure table (the GM's pick), or DRAW."""
    recursions: tuple[str, ...] = ()
    """The recursions known to the content, where an interrupted translation may land."""
    interrupted: bool = False
    """R-TR-5: the trance was interrupted (the GM says so): it fails, no die is rolled."""
    place: str | None = None
    """R-TR-9: where they arrive (None: where the initiator last left the destination)."""
    leaving: str | None = None
    """R-TR-9: the place they leave from (None: as last noted)."""
    die: int | None = None
    reroll: int | None = None
    """R-TR-5: the paradox's second die, used only if the first fails."""

    def roles(self) -> Roles:
        return check_roles(
            Roles(
                initiator=self.initiator,
                hasteners=tuple(self.hasteners),
                easers=tuple(self.easers),
                helpers=tuple(self.helpers),
            )
        )

    def setup(self, state: Campaign) -> Setup:
        """The roles, the itemised difficulty and the initiator's task (no die yet);
        RuleViolation when this translation cannot be attempted."""
        if state.encounter is not None:
            raise RuleViolation("End the fight first: a translation takes a trance.")
        if not 0 <= self.recursion_difficulty <= MAX_DIFFICULTY:
            raise RuleViolation(
                f"A recursion's translation difficulty runs from 0 to {MAX_DIFFICULTY}."
            )
        roles = self.roles()
        for pc in roles.participants():
            character_of(state, pc)
        origin = origin_of(state, roles.participants())
        if self.destination == origin:
            if origin == state.recursion:
                raise RuleViolation(f"The party is already in {origin.title()}.")
            raise RuleViolation(f"They are already in {origin.title()}.")
        strangers = sorted((set(self.foci) | set(self.picks)) - set(roles.participants()))
        if strangers:
            raise RuleViolation(
                f"Only those who translate take a focus on arrival, not {strangers[0]}."
            )
        if self.on_failure != DRAW and self.on_failure not in FAILURES:
            raise RuleViolation(f"{self.on_failure!r} is not on the failure table.")
        parts = difficulty_parts(
            self.recursion_difficulty,
            state.translations,
            state.clock.seconds,
            roles,
            likeness=self.likeness,
        )
        total = sum(steps for _, steps in parts)
        who = character_of(state, self.initiator)
        skill, help_lines = helping(state, who, roles.helpers)
        effects = effect_steps(state, self.initiator, Stat.INTELLECT)
        hindered, eased = split_steps(effects)
        task = RollMade(
            character=self.initiator,
            stat=Stat.INTELLECT,
            label=f"translating to {self.destination.title()}",
            difficulty=min(total, MAX_DIFFICULTY),
            skill=SKILL_WORDS.get(skill, ""),
            inability=translation_skill(who)[1],
            assets=self.assets,
            effort=self.effort,
            hindrances=max(0, total - MAX_DIFFICULTY) + hindered,
            eased=eased,
            bonus=sum(line.bonus for line in help_lines),
        )
        task_of(task)  # Refuses a task the rules do not allow, with the reason.
        return Setup(roles, origin, parts, help_lines, effects, task)

    def arrivals(
        self, state: Campaign, origin: str, destination: str
    ) -> tuple[dict[str, str], dict[str, FocusKit], dict[str, FocusKit]]:
        """R-TR-8: each participant's focus in ``destination``, what the new ones give and
        what the old ones take with them."""
        chosen = self.foci if destination == self.destination else {}
        foci: dict[str, str] = {}
        kits: dict[str, FocusKit] = {}
        left: dict[str, FocusKit] = {}
        for pc in self.roles().participants():
            who = character_of(state, pc)
            focus = arrival_focus(who, origin, destination, chosen.get(pc))
            foci[pc] = focus
            if focus == who.focus:
                continue
            if self.content is None:
                raise RuleViolation("Changing a focus needs the game content.")
            left[pc] = kit_left(self.content, who)
            kits[pc] = kit_taken(self.content, who, focus, self.picks.get(pc, ()))
        return foci, kits, left

    def preview(self, state: Campaign) -> TranslationPreview:
        roles, origin, parts, help_lines, effects, task = self.setup(state)
        who = character_of(state, self.initiator)
        view = odds_view(task, who.impaired)
        shown = {face: chance for face, chance in view.p_special.items() if face in SPECIALS}
        view = msgspec.structs.replace(
            view,
            p_special=shown,
            special_labels={face: SPECIALS[face] for face in shown},
        )
        paradox = paradox_reroll(who.type, first_success=False, rerolled=False)
        p = task_odds(task_of(task)).p_success
        p_total = p + (1 - p) * p if paradox else p
        cost = full_cost(who, task)
        foci, kits, left = self.arrivals(state, origin, self.destination)
        return TranslationPreview(
            trance=trance_seconds(kinds(state, roles.hasteners)),
            acclimation=base_acclimation(kinds(state, roles.easers)),
            parts=tuple(DifficultyPart(label=label, steps=steps) for label, steps in parts),
            difficulty=sum(steps for _, steps in parts),
            helpers=task.bonus,
            help=help_lines,
            steps=roll_steps(who, task, help_lines, effects),
            odds=view,
            paradox=paradox,
            p_success=float(p_total),
            cost=cost,
            problem=None if self.interrupted else problem_of(who, task, cost),
            origin=origin,
            place=self.arrival_place(state, self.destination),
            leaving=self.leaving_place(state, origin),
            foci=tuple(
                FocusChange(
                    name=state.characters[pc].name,
                    old=state.characters[pc].focus,
                    new=focus,
                    leaves=kit_words(left.get(pc)),
                    comes=kit_words(kits.get(pc)),
                    restored=focus in state.characters[pc].travel.left,
                )
                for pc, focus in foci.items()
            ),
            stay=tuple(
                c.name
                for cid, c in state.characters.items()
                if cid not in roles.participants() and recursion_of(state, cid) == origin
            ),
        )

    def arrival_place(self, state: Campaign, destination: str) -> str:
        """R-TR-9: where they arrive: the place given, else where the initiator last left
        the destination ('': the GM says)."""
        if self.place is not None and destination == self.destination:
            return self.place.strip()
        return character_of(state, self.initiator).travel.places.get(destination, "")

    def leaving_place(self, state: Campaign, origin: str) -> str:
        """R-TR-9: the place they leave ``origin`` from."""
        if self.leaving is not None:
            return self.leaving.strip()
        return character_of(state, self.initiator).travel.places.get(origin, "")

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        roles, origin, parts, _, _, task = self.setup(state)
        who = character_of(state, self.initiator)
        paradox = paradox_reroll(who.type, first_success=False, rerolled=False)
        if self.reroll is not None and not paradox:
            raise RuleViolation("Only a paradox initiator rerolls a failed translation.")
        die = reroll = None
        success, paid, app_rolled = False, 0, False
        if not self.interrupted:
            cost = full_cost(who, task)
            problem = problem_of(who, task, cost)
            if problem:
                raise RuleViolation(problem)
            first = make_roll(who, task, dice_for(self.die, dice))
            kept = first
            if paradox_reroll(who.type, first.success, rerolled=False):
                # R-TR-5: the same task again, its Effort with it (paid once).
                kept = make_roll(who, task, dice_for(self.reroll, dice))
                reroll = kept.die
            die, success, paid = first.die, kept.success, kept.cost
            app_rolled = first.app_rolled or kept.app_rolled
            factor, eased_for = special_effect(kept.die if success else None)
        else:
            factor, eased_for = 1, 0
        consequence = "" if success else self.consequence(dice)
        arrived = success or NO_TRANSLATION not in consequence
        destination = self.destination
        if arrived and INTERRUPTED in consequence:
            elsewhere = [r for r in self.recursions if r not in (origin, destination)]
            if elsewhere:
                destination = draw(dice, elsewhere)
        foci: dict[str, str] = {}
        kits: dict[str, FocusKit] = {}
        left: dict[str, FocusKit] = {}
        if arrived:
            foci, kits, left = self.arrivals(state, origin, destination)
        total = sum(steps for _, steps in parts)
        events: list[AnyEvent] = []
        if paid:
            events.append(
                PointsSpent(
                    character=self.initiator,
                    stat=Stat.INTELLECT,
                    amount=paid,
                    reason=f"Effort to translate to {self.destination.title()}",
                )
            )
        events.append(
            TranslationMade(
                destination=destination,
                initiator=roles.initiator,
                hasteners=roles.hasteners,
                easers=roles.easers,
                helpers=roles.helpers,
                likeness=self.likeness,
                difficulty=min(total, MAX_RECORDED_DIFFICULTY),
                die=die,
                reroll=reroll,
                app_rolled=app_rolled,
                interrupted=self.interrupted,
                success=success,
                arrived=arrived,
                trance=trance_seconds(kinds(state, roles.hasteners)),
                acclimation=factor * base_acclimation(kinds(state, roles.easers)),
                eased_for=eased_for,
                consequence=consequence,
                foci=foci,
                kits=kits,
                left=left,
                place=self.arrival_place(state, destination) if arrived else "",
                leaving=self.leaving_place(state, origin) if arrived else "",
            )
        )
        return events

    def consequence(self, dice: DiceSource) -> str:
        """R-TR-7: what the failure brings: the GM's pick or a draw with the app's dice; a
        catastrophic failure adds two more results of the table."""
        name = draw(dice, list(FAILURES)) if self.on_failure == DRAW else self.on_failure
        if name != CATASTROPHIC:
            return name
        others = [f for f in FAILURES if f != CATASTROPHIC]
        first = draw(dice, others)
        second = draw(dice, [f for f in others if f != first])
        return ", ".join((CATASTROPHIC, first, second))


def translation_skill(who: Character) -> tuple[Skill, bool]:
    """R-TR-1: how trained ``who`` is in translating (the sheet's ``Translation`` skill),
    and whether it is an inability."""
    level = next(
        (lvl for name, lvl in who.skills.items() if name.strip().lower() == SKILL_KEY), ""
    )
    skill = {"trained": Skill.TRAINED, "specialized": Skill.SPECIALIZED}.get(level, Skill.UNTRAINED)
    return skill, level == "inability"


def helping(
    state: Campaign, initiator: Character, helpers: Sequence[str]
) -> tuple[Skill, tuple[HelpLine, ...]]:
    """R-TR-1 with R-HELP-1..2: the training the initiator rolls with, and what each helper
    gives. The most trained helper goes first: if more trained than the initiator, they
    lend their training; each other helper then adds +1 (the initiator is now as trained
    as they are), except a helper with an inability in translating, who gives nothing."""
    skill, _ = translation_skill(initiator)
    ranked = sorted(
        (character_of(state, pc) for pc in helpers),
        key=lambda h: (translation_skill(h)[1], -translation_skill(h)[0]),
    )
    lines: list[HelpLine] = []
    for helper in ranked:
        level, inability = translation_skill(helper)
        benefit = help_benefit(skill, level, helper_inability=inability)
        if inability:
            text = "an inability in translating: no help"
            lines.append(HelpLine(name=helper.name, text=text))
        elif benefit.skill > skill:
            words = SKILL_WORDS[benefit.skill]
            text = f"lends {words} training"
            lines.append(HelpLine(name=helper.name, text=text, lends=words))
            skill = benefit.skill
        else:
            lines.append(HelpLine(name=helper.name, text="+1 to the roll",
                                  bonus=benefit.bonus))  # fmt: skip
    return skill, tuple(lines)


def roll_steps(
    who: Character, task: RollMade, help_lines: Sequence[HelpLine], effects: Sequence[EffectStep]
) -> tuple[DifficultyPart, ...]:
    """What eases or hinders the initiator's roll, one line each (R-TASK-3, R-TR-7)."""
    steps: list[DifficultyPart] = []
    if task.skill:
        lender = next((line.name for line in help_lines if line.lends == task.skill), "")
        whose = f"{lender}'s training, lent" if lender else f"{who.name} {task.skill}"
        steps.append(DifficultyPart(label=whose, steps=-SKILL_STEPS[task.skill]))
    if task.inability:
        steps.append(DifficultyPart(label=f"{who.name}'s inability", steps=1))
    if task.assets:
        label = "asset" if task.assets == 1 else f"{task.assets} assets"
        steps.append(DifficultyPart(label=label, steps=-task.assets))
    if task.effort:
        steps.append(DifficultyPart(label=f"Effort {task.effort}", steps=-task.effort))
    for effect in effects:
        steps.append(DifficultyPart(label=f"{effect.cause} ({effect.when})", steps=effect.steps))
    return tuple(steps)



def focus_named(content: Library, name: str) -> Any:
    """The content's focus called ``name`` (or with that id), or None."""
    foci: Mapping[str, Any] = content.kind("foci")
    return foci.get(name) or next((f for f in foci.values() if f.name == name), None)


def ability_name(content: Library, ability_id: str) -> str:
    abilities = content.kind("abilities")
    return abilities[ability_id].name if ability_id in abilities else ability_id


def kit_left(content: Library, who: Character) -> FocusKit:
    """R-TR-8: what ``who``'s focus gave them and takes with it: the abilities of its tiers
    up to theirs that they have, and its skills they are trained in. (Skills chosen from a
    focus's list are not known apart from others: they stay.)"""
    focus = focus_named(content, who.focus)
    if focus is None:
        return FocusKit()
    granted = [
        ability_name(content, ability)
        for tier in focus.tiers
        if tier.tier <= who.tier
        for ability in (*tier.abilities, *tier.choose_one)
    ]
    have = list(who.abilities)
    taken: list[str] = []
    for name in granted:
        if name in have:
            have.remove(name)
            taken.append(name)
    skills = tuple(s for s in focus.skills if who.skills.get(s) in ("trained", "specialized"))
    return FocusKit(abilities=tuple(taken), skills=skills)


def kit_taken(content: Library, who: Character, name: str, picks: Sequence[str]) -> FocusKit:
    """R-TR-8: what the focus ``name`` gives ``who``: what it gave them before (kept since
    they left it), else the abilities of its tiers up to theirs (one pick where a tier
    offers a choice) and its skills."""
    if name in who.travel.left:
        return who.travel.left[name]
    focus = focus_named(content, name)
    if focus is None:
        raise RuleViolation(f"No focus called {name} in the game content.")
    abilities: list[str] = []
    for tier in sorted(focus.tiers, key=lambda t: t.tier):
        if tier.tier > who.tier:
            continue
        abilities += [ability_name(content, a) for a in tier.abilities]
        if len(tier.choose_one) == 1:
            abilities.append(ability_name(content, tier.choose_one[0]))
        elif tier.choose_one:
            chosen = [a for a in tier.choose_one if a in picks]
            if len(chosen) != 1:
                options = ", ".join(ability_name(content, a) for a in tier.choose_one)
                raise RuleViolation(
                    f"{who.name} picks one of {focus.name}'s tier {tier.tier} abilities:"
                    f" {options}."
                )
            abilities.append(ability_name(content, chosen[0]))
    return FocusKit(abilities=tuple(abilities), skills=tuple(focus.skills))


def choices_of(content: Library, who: Character, name: str) -> list[tuple[int, tuple[str, ...]]]:
    """R-TR-8: the tiers (up to ``who``'s) of the focus ``name`` that ask for a pick, with
    their options (ability ids); none when the focus comes back as they left it."""
    focus = focus_named(content, name)
    if focus is None or name in who.travel.left or name == who.focus:
        return []
    return [
        (tier.tier, tuple(tier.choose_one))
        for tier in focus.tiers
        if tier.tier <= who.tier and len(tier.choose_one) > 1
    ]


def kit_words(kit: FocusKit | None) -> tuple[str, ...]:
    """A kit as the wizard lists it: abilities, then 'training in' each skill."""
    if kit is None:
        return ()
    return (*kit.abilities, *(f"training in {skill}" for skill in kit.skills))


def kinds(state: Campaign, ids: Sequence[str]) -> list[str]:
    """The types of these characters (a spinner hastens, a vector eases, R-TR-2)."""
    return [character_of(state, pc).type for pc in ids]


def problem_of(who: Character, task: RollMade, cost: int) -> str | None:
    """Why ``who`` cannot attempt ``task`` now (R-DMG-4, R-EFF-2, R-EFF-6), or None."""
    try:
        if not can_act(who.track):
            raise RuleViolation(f"{who.name} is {who.track.label} and cannot act.")
        check_effort(task.effort, 0, who.effort)
        spend(who.pools, who.track, Stat.INTELLECT, cost)
    except RuleViolation as refused:
        return str(refused)
    return None


def draw(dice: DiceSource, options: Sequence[str]) -> str:
    """One of ``options``, drawn with a die of as many faces."""
    return options[dice.roll(len(options)) - 1]


def outcome_of(
    before: Campaign, after: Campaign, events: Sequence[AnyEvent]
) -> TranslationOutcome:
    """What a translation came to: its command's ``events``, applied to ``before`` (the
    state when it was committed), giving ``after``."""
    event = next(e for e in events if isinstance(e, TranslationMade))
    spent = sum(e.amount for e in events if isinstance(e, PointsSpent))
    participants = (event.initiator, *event.hasteners, *event.easers, *event.helpers)
    arrivals: tuple[Arrival, ...] = ()
    stayed: tuple[str, ...] = ()
    if event.arrived:
        arrivals = tuple(
            Arrival(
                name=after.characters[pc].name,
                focus=after.characters[pc].focus,
                changed=after.characters[pc].focus != before.characters[pc].focus,
                leaves=kit_words(event.left.get(pc)),
                comes=kit_words(event.kits.get(pc)),
            )
            for pc in participants
            if pc in after.characters and pc in before.characters
        )
        stayed = tuple(
            (who.name, recursion_of(after, cid))
            for cid, who in after.characters.items()
            if cid not in participants and recursion_of(after, cid) != event.destination
        )
    consequence = tuple(
        (name, FAILURES.get(name, "")) for name in event.consequence.split(", ") if name
    )
    kept = event.reroll or event.die
    special = ""
    if event.success and event.eased_for:
        span = "an hour" if kept == 19 else "a day"
        special = f"A natural {kept}: no acclimation; focus tasks eased for {span}."
    elif kept == 1:
        special = "A natural 1: the GM intrudes, free of charge."
    return TranslationOutcome(
        success=event.success,
        interrupted=event.interrupted,
        die=event.die,
        reroll=event.reroll,
        difficulty=event.difficulty,
        arrived=event.arrived,
        destination=event.destination,
        consequence=consequence,
        special=special,
        trance=event.trance,
        acclimation=acclimation_of(event) if event.arrived else 0,
        eased_for=event.eased_for,
        arrivals=arrivals,
        spent=spent,
        place=event.place,
        stayed=stayed,
    )


__all__ = [
    "CONSEQUENCES",
    "DRAW",
    "TRANSLATION_SKILL",
    "Arrival",
    "DifficultyPart",
    "FocusChange",
    "HelpLine",
    "Translate",
    "TranslationOutcome",
    "TranslationPreview",
    "choices_of",
    "outcome_of",
]
