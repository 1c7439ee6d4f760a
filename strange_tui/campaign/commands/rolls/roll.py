"""Rolling a task and rerolling it for 1 XP (R-TASK-2..6, R-EFF-1..6, R-SPEC-1..5,
R-HELP-1..2, R-XP-2, R-XP-3), with the effects on a character that move their rolls
(R-TR-6..8, ``effects``) and the circumstances they are made in (R-CIR-1, R-CIR-2,
``circumstances``); what the dialog shows before and after the die is in ``odds``, the
training it may claim in ``steps`` (R-TASK-9).

Just past 300 lines: the one command every roll goes through, whose setup, preview and
decide read the same task."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Literal

import msgspec

from strange_tui.campaign.commands.base import Command, character_of, dice_for
from strange_tui.campaign.commands.rolls.circumstances import Situation, Support, situation_of
from strange_tui.campaign.commands.rolls.effects import (
    EffectStep,
    ability_steps,
    effect_steps,
    focus_ability_refusal,
    split_steps,
)
from strange_tui.campaign.commands.rolls.odds import RollPreview, odds_view
from strange_tui.campaign.commands.rolls.steps import MORE, claimed_training, itemised_steps
from strange_tui.campaign.commands.rolls.task_kinds import ability_lines, checked_kinds
from strange_tui.campaign.model.abilities import ability_task, base_cost, moment, timed_begun
from strange_tui.campaign.model.ability_tasks import free_effort, task_assets, task_reasons
from strange_tui.campaign.model.events import AnyEvent, RollMade, XpSpent
from strange_tui.campaign.model.folds.rolls import full_cost, make_reroll, make_roll, task_of
from strange_tui.campaign.model.seats import GM
from strange_tui.campaign.model.state import Campaign, Character
from strange_tui.rules.dice import DiceSource
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.helping import help_benefit
from strange_tui.rules.odds import task_odds
from strange_tui.rules.pools import Stat, spend
from strange_tui.rules.task import COMPLEMENTARY_ACTION_BONUS, Skill, forced_roll

MAX_ASSETS = 2

HelperSkill = Literal["none", "untrained", "trained", "specialized", "inability", "complementary"]
SKILL_NAMES = {Skill.UNTRAINED: "", Skill.TRAINED: "trained", Skill.SPECIALIZED: "specialized"}
SKILLS = {name: skill for skill, name in SKILL_NAMES.items()}
HELPER_SKILLS = {
    "untrained": Skill.UNTRAINED,
    "trained": Skill.TRAINED,
    "specialized": Skill.SPECIALIZED,
    "inability": Skill.UNTRAINED,
    "complementary": Skill.UNTRAINED,
}


class Roll(Command, frozen=True, kw_only=True):
    """A character attempts a task: the die is the player's (``die``) or the app's."""

    TURN_ACTION: ClassVar[bool] = True  # R-CMB-8: the action of its turn.

    character: str
    stat: Stat = Stat.MIGHT
    difficulty: int = 3
    label: str = ""
    kinds: tuple[str, ...] = ()
    """R-ABL-1: the kinds of task the player says the roll is (``task_words.KINDS``, at
    most ``MAX_KINDS``): their tags join those of the label's words."""
    skill: Literal["", "trained", "specialized"] = ""
    training: str = ""
    """R-TASK-9: the skill of the sheet ``skill`` comes from ("climbing"): a player's seat
    claims only what the sheet gives; ``skill`` with none named is the GM's grant."""
    inability: bool = False
    assets: int = 0
    effort: int = 0
    damage_effort: int = 0
    hindrances: int = 0
    eased: int = 0
    """Situational steps easing the task (a guard's defense, R-ACT-1; circumstances); the
    GM's to grant (R-TASK-9): refused from a player's seat."""
    reasons: tuple[tuple[str, int], ...] = ()
    """What ``hindrances`` and ``eased`` are made of, in words, for the preview's steps."""
    bonus: int = 0
    ability_cost: int = 0
    """Points an ability (or anything else) adds to the action's cost, typed in; with
    ``ability`` named, the ability's own cost from the sheet is used instead."""
    ability: str = ""
    """R-ABL-2: the action ability the roll uses (a trait's name): its cost from the packs,
    less what other abilities cut; Edge then comes off the whole action once."""
    from_luck: int = 0
    attack: bool = False
    helper: HelperSkill = "none"
    forced: bool = False
    """R-XP-3: the GM intruded on an automatic success: roll at the difficulty before easing."""
    focus_task: bool = False
    """R-TR-6: the task is tied to the character's focus (eased after a 19 or 20)."""
    perception: bool = False
    """R-TR-7: a perception task (blurred senses hinder it); a roll whose kind or words
    say perception ('Spot the watcher') is one too."""
    focus_ability: bool = False
    """R-TR-8: the roll uses a focus ability (refused while acclimating)."""

    circumstances: tuple[str, ...] = ()
    """R-CIR-1, R-CIR-2: ids of rules/circumstances.py CIRCUMSTANCES."""
    support: Support = ""
    """R-CIR-1: what lets the roll through darkness, invisibility or dense mist."""
    defense: bool = False
    """The roller is the one attacked (a defense roll): circumstances favour them."""
    ranged: bool | None = None
    """An attack's kind, when known: a circumstance of the other kind is refused."""
    die: int | None = None

    def ability_used(self) -> str:
        return self.ability

    def situation(self) -> Situation:
        """R-CIR-1, R-CIR-2: the roll's circumstances, checked, with their steps."""
        kind = "defense" if self.defense else "attack" if self.attack else "task"
        return situation_of(self.circumstances, kind, ranged=self.ranged, support=self.support)

    def support_problem(self, state: Campaign) -> str | None:
        """R-CIR-1: why the chosen support cannot be given (1 XP the character lacks)."""
        situation = self.situation()
        who = character_of(state, self.character)
        if situation.support == "xp" and who.xp < 1:
            return f"{who.name} has no XP: 1 XP would let the attack through {situation.needing}."
        return None

    def support_events(self, state: Campaign) -> list[AnyEvent]:
        """R-CIR-1: the attack through darkness, invisibility or dense mist is refused
        without support; 1 XP spent for it is an event of the same command."""
        situation = self.situation()
        if situation.refusal:
            raise RuleViolation(situation.refusal)
        if problem := self.support_problem(state):
            raise RuleViolation(problem)
        if situation.support != "xp":
            return []
        reason = f"an attack through {situation.needing} without a supporting task"
        return [XpSpent(character=self.character, amount=1, reason=reason)]

    def effects(self, state: Campaign) -> tuple[EffectStep, ...]:
        """R-TR-6, R-TR-7: the effects on the character that move this roll (a perception
        task by its box, its kind or its words), then what the character's abilities ease
        or hinder in it (R-ABL-1), each with why."""
        reasons = self.tag_reasons()
        return (
            *effect_steps(
                state,
                self.character,
                self.stat,
                focus_task=self.focus_task,
                perception="perception" in reasons,
            ),
            *ability_steps(state, self.character, reasons),
        )

    def cost_of_ability(self, who: Character) -> int:
        """R-ABL-2: the ability's cost before Edge (its own, less what others cut), or the
        cost typed in when the roll names no ability."""
        if not self.ability:
            return self.ability_cost
        trait = next((t for t in who.traits if t.name == self.ability), None)
        if trait is None:
            raise RuleViolation(f"{who.name} has no ability {self.ability!r}.")
        if trait.pool and Stat(trait.pool) is not self.stat:
            raise RuleViolation(f"{trait.name} is paid from {trait.pool.title()}: roll with it.")
        return base_cost(who, trait)

    def ability_ease(self, who: Character) -> int:
        """Steps the ability's own task is eased (its pack says so)."""
        task = ability_task(who, self.ability) if self.ability else None
        return max(0, task.eased) if task else 0

    def tag_reasons(self) -> dict[str, str]:
        """R-ABL-1: the task tags of this roll, for the abilities that ease or help such
        tasks, each with the tag it comes from: the label's and the training's words in
        any of their forms, the kinds the player picked (an unknown one, or too many, is
        refused), a perception task (R-TR-7)."""
        kinds = [*checked_kinds(self.kinds), *(["perception"] if self.perception else [])]
        return task_reasons(
            self.stat.value,
            label=self.label,
            skill=self.training,
            kinds=kinds,
            attack=self.attack,
            ranged=bool(self.ranged),
            defense=self.defense,
        )

    def tags(self) -> set[str]:
        """The task tags of this roll (``tag_reasons``)."""
        return set(self.tag_reasons())

    def ability_lines(self, state: Campaign) -> list[str]:
        """R-ABL-1: the assets and free Effort the abilities give this roll, and what they
        give only in some situations, in words for the preview, each with why the task is
        one it helps ('Stalker: an asset (movement: climbing)')."""
        who = character_of(state, self.character)
        return ability_lines(who, self.tag_reasons(), moment(state))

    def ability_assets(self, state: Campaign) -> list[tuple[str, int]]:
        """R-ABL-1: the assets the character's abilities give this roll."""
        who = character_of(state, self.character)
        return task_assets(who, self.tags(), moment(state))

    def setup(self, state: Campaign) -> RollMade:
        """The task as the roll will record it (a helper's benefit, the effects on the
        character and a forced roll folded in, R-HELP-1..2, R-TR-6..8, R-XP-3); the die
        and result are not filled in."""
        who = character_of(state, self.character)
        if self.focus_ability and (refused := focus_ability_refusal(state, self.character)):
            raise RuleViolation(refused)
        named = claimed_training(who, self.skill, self.training, self.by, moment(state))
        if self.eased and self.by != GM:
            raise RuleViolation(f"A step eased is the GM's to grant: {MORE}.")
        hindered, eased = split_steps(self.effects(state))
        situation = self.situation()
        skill, bonus = SKILLS[self.skill], self.bonus
        if self.helper not in ("none", "complementary"):
            benefit = help_benefit(
                skill, HELPER_SKILLS[self.helper], helper_inability=self.helper == "inability"
            )
            skill, bonus = benefit.skill, bonus + benefit.bonus
        helped = " (helped)" if self.helper not in ("none", "inability") else ""
        if self.helper == "complementary":
            # R-TASK-2: another character's different but complementary action: +2 each.
            bonus, helped = bonus + COMPLEMENTARY_ACTION_BONUS, " (complementary action)"
        event = RollMade(
            character=self.character,
            stat=self.stat,
            difficulty=self.difficulty,
            label=((self.label.strip() or self.ability) + helped).strip(),
            skill=SKILL_NAMES[skill],
            training=named if SKILL_NAMES[skill] == self.skill else "",
            inability=self.inability,
            assets=self.assets
            + min(sum(n for _, n in self.ability_assets(state)), max(0, MAX_ASSETS - self.assets)),
            effort=self.effort,
            damage_effort=self.damage_effort,
            hindrances=self.hindrances + hindered + situation.hindered,
            eased=self.eased + eased + situation.eased + self.ability_ease(who),
            bonus=bonus,
            ability_cost=self.cost_of_ability(who),
            from_luck=self.from_luck if who.pools.luck is not None else 0,
            attack=self.attack,
            circumstances=situation.labels,
            support=situation.support,
            ranged=bool(self.ranged),
            free_effort=min(
                self.effort + self.damage_effort,
                sum(n for _, n in free_effort(who, self.tags(), moment(state))),
            ),
        )
        if self.forced:
            task = task_of(event)
            if not task_odds(task).automatic:
                raise RuleViolation("Only an automatic success is forced into a roll.")
            forced = forced_roll(task)
            event = msgspec.structs.replace(
                event,
                difficulty=forced.difficulty,
                skill="",
                training="",
                assets=0,
                effort=0,
                eased=0,
                label=(event.label + " (GM intrusion: forced roll)").strip(),
            )
        return event

    def preview(self, state: Campaign) -> RollPreview:
        who = character_of(state, self.character)
        setup = self.setup(state)
        task_of(setup)  # Refuses a task the rules do not allow, with the reason.
        cost = full_cost(who, setup)
        problem = None
        try:
            spend(who.pools, who.track, setup.stat, cost, from_luck=min(setup.from_luck, cost))
        except RuleViolation as refused:
            problem = str(refused)
        return RollPreview(
            odds=odds_view(setup, who.impaired),
            stat=setup.stat,
            cost=cost,
            problem=problem or self.support_problem(state),
            effects=self.effects(state),
            abilities=tuple(self.ability_lines(state)),
            circumstances=self.situation().lines,
            support_needed=self.situation().refusal,
            steps=itemised_steps(setup, self.named_steps(state)),
        )

    def named_steps(self, state: Campaign) -> list[tuple[str, int]]:
        """The reasons in the task's 'eased' and 'hindered': the caller's, each effect
        and ability, each circumstance, the ability's own ease."""
        who = character_of(state, self.character)
        named = [*self.reasons, *((e.cause, e.steps) for e in self.effects(state))]
        named += self.situation().lines
        return [*named, (self.ability, -self.ability_ease(who))]

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who = character_of(state, self.character)
        spent = self.support_events(state)
        made = make_roll(who, self.setup(state), dice_for(self.die, dice))
        begun = timed_begun(who, self.ability) if self.ability else []
        return [*spent, made, *begun]


class Reroll(Command, frozen=True, kw_only=True):
    """R-XP-2: 1 XP rerolls ``roll`` (the RollMade as recorded); the better die stands."""

    def acting_for(self, state: Campaign) -> str | None:
        return self.roll.character

    roll: RollMade
    die: int | None = None

    def decide(self, state: Campaign, dice: DiceSource) -> Sequence[AnyEvent]:
        who = character_of(state, self.roll.character)
        return [make_reroll(who, self.roll, dice_for(self.die, dice))]
