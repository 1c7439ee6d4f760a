"""Translating the party to another recursion as one command (R-TR-1..9): the roles, the
likeness, the foci taken on arrival, what a failure brings (the GM's pick, or the app's
draw), the initiator's Intellect task with its die (typed or rolled) and a paradox's free
reroll, all decided at once into one TranslationMade (with the Effort paid, if any).

The effects on the initiator (a failure's hindrances, R-TR-7) move the roll like any other
(``commands.rolls.effects``). Over 300 lines: ``Translate`` is one command whose preview and
decision share one setup (roles, difficulty, the initiator's task, the arrivals), kept
together so that what the wizard shows cannot drift from what is decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.commands.rolls.effects import (
    EffectStep,
    ability_steps,
    effect_steps,
    split_steps,
)
from strange_tui.campaign.commands.rolls.odds import odds_view
from strange_tui.campaign.commands.translation.failure import (
    DRAW,
    INTERRUPTED,
    NO_TRANSLATION,
    draw,
    failure_consequence,
)
from strange_tui.campaign.commands.translation.foci import (
    kit_left,
    kit_taken,
    kit_words,
    kits_kept,
)
from strange_tui.campaign.commands.translation.preview import (
    DifficultyPart,
    FocusChange,
    HelpLine,
    TranslationPreview,
)
from strange_tui.campaign.commands.translation.training import (
    SKILL_WORDS,
    helping,
    roll_steps,
    translation_skill,
)
from strange_tui.campaign.model.ability_tasks import roll_tags
from strange_tui.campaign.model.creation import Library
from strange_tui.campaign.model.events import AnyEvent, PointsSpent, RollMade, TranslationMade
from strange_tui.campaign.model.folds.rolls import full_cost, make_roll, task_of
from strange_tui.campaign.model.folds.translation import arrival_focus, origin_of, recursion_of
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.campaign.model.travel import FocusKit
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.effort import check_effort
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.odds import task_odds
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.task import MAX_DIFFICULTY
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

MAX_RECORDED_DIFFICULTY = 40
SPECIALS = {
    1: "GM intrusion",
    19: "no acclimation; focus tasks eased for an hour",
    20: "no acclimation; focus tasks eased for a day",
}
"""R-SPEC-1, R-TR-6: what a special face brings to a translation."""


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
        """The initiator's, when no one else takes part; a translation that takes others
        (their roles, their foci on arrival) is the table's, run from the GM's seat."""
        others = {*self.hasteners, *self.easers, *self.helpers} - {self.initiator}
        return None if others else self.initiator

    GM_ACTION: ClassVar[str] = "translate the party"

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
        for pc in (*roles.hasteners, *roles.easers, *roles.helpers):
            # R-DMG-4: a debilitated (or dead) character takes no action but to move.
            who = character_of(state, pc)
            if not can_act(who.track):
                raise RuleViolation(
                    f"{who.name} is {who.track.label} and cannot hasten, ease or help."
                )
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
        label = f"translating to {self.destination.title()}"
        tags = roll_tags(Stat.INTELLECT.value, label=label) | {"translation"}
        effects = (
            *effect_steps(state, self.initiator, Stat.INTELLECT),
            *ability_steps(state, self.initiator, tags),
        )
        hindered, eased = split_steps(effects)
        task = RollMade(
            character=self.initiator,
            stat=Stat.INTELLECT,
            label=label,
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
            # R-SPEC-5: an impaired initiator ignores minor and major effects.
            special = kept.die if success and not who.impaired else None
            factor, eased_for = special_effect(special)
        else:
            factor, eased_for = 1, 0
        consequence = "" if success else failure_consequence(self.on_failure, dice)
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
        acclimation = factor * base_acclimation(kinds(state, roles.easers))
        kept = kits_kept(self.content, state, foci) if arrived and acclimation else {}
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
                acclimation=acclimation,
                eased_for=eased_for,
                consequence=consequence,
                foci=foci,
                kits=kits,
                left=left,
                kept=kept,
                place=self.arrival_place(state, destination) if arrived else "",
                leaving=self.leaving_place(state, origin) if arrived else "",
            )
        )
        return events


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
