"""What a roll dialog shows before and after the die (R-TASK-5, R-SPEC-1..5): the odds with
the special faces in words, the cost and what moves the difficulty, and what the die came
to."""

from __future__ import annotations

import msgspec

from strange_tui.campaign.commands.rolls.effects import EffectStep
from strange_tui.campaign.model.events import RollMade, RollRerolled
from strange_tui.campaign.model.folds.rolls import task_of
from strange_tui.campaign.model.state import Character
from strange_tui.rules.odds import task_odds
from strange_tui.rules.pools import Stat
from strange_tui.rules.special import (
    attack_damage_bonus,
    effect_choices,
    intrusion_awards_xp,
    special_of,
)
from strange_tui.rules.task import difficulty_name


class OddsView(msgspec.Struct, frozen=True, kw_only=True):
    """A task's numbers before the die (R-TASK-5), ready to show."""

    difficulty: int
    difficulty_name: str
    final_difficulty: int
    final_name: str
    target: int
    bonus: int
    automatic: bool
    p_success: float
    p_special: dict[int, float]
    """The chance of each special face that brings something on this roll (R-SPEC-1..5:
    17 and 18 only on an attack; an impaired character's 19 and 20 only as +1 damage)."""
    special_labels: dict[int, str]
    """What each special face would bring on this roll, in words."""


class RollPreview(msgspec.Struct, frozen=True, kw_only=True):
    """What the roll dialog shows before the die: the odds, the cost and whether it can
    be paid (``problem`` says why not), and each effect that moves the difficulty."""

    odds: OddsView
    stat: Stat
    cost: int
    problem: str | None = None
    effects: tuple[EffectStep, ...] = ()
    abilities: tuple[str, ...] = ()
    """R-ABL-1: the assets and free Effort abilities give, and what they give only in some
    situations (for the table to judge), in words."""
    circumstances: tuple[tuple[str, int], ...] = ()
    """R-CIR-1: each circumstance as a line of the itemised difficulty, with who gains
    ('partial cover, the target's advantage', +1; + hinders, - eases)."""
    support_needed: str | None = None
    """R-CIR-1: why the attack would miss without support (a supporting task, 1 XP or the
    GM's intrusion), when none is chosen: the dialog shows it and offers the choice."""
    steps: tuple[tuple[str, int], ...] = ()
    """R-TASK-3: each reason the difficulty moves, in words ('guarding', -1; + hinders)."""


class RollOutcome(msgspec.Struct, frozen=True, kw_only=True):
    """What a roll (or a reroll) came to, in words the dialog shows."""

    automatic: bool
    die: int | None
    first_die: int | None = None
    """The die rolled first, when a reroll replaced it."""
    success: bool
    special: str = ""
    intrusion: bool = False
    """A natural 1: the GM's free intrusion (R-SPEC-1)."""
    damage_bonus: int = 0
    effects: tuple[str, ...] = ()
    refunded: bool = False
    """A natural 20 gave back the points spent (R-SPEC-4)."""
    app_rolled: bool = False


def odds_view(task_event: RollMade, impaired: bool) -> OddsView:
    """R-TASK-5: the odds of the task a roll describes, with its specials in words."""
    task = task_of(task_event)
    odds = task_odds(task)
    labels = {
        face: label
        for face, chance in odds.p_special.items()
        if chance and (label := special_label(face, attack=task_event.attack, impaired=impaired))
    }
    return OddsView(
        difficulty=task.difficulty,
        difficulty_name=difficulty_name(task.difficulty),
        final_difficulty=odds.final_difficulty,
        final_name=difficulty_name(odds.final_difficulty),
        target=odds.target,
        bonus=task.bonus,
        automatic=odds.automatic,
        p_success=float(odds.p_success),
        p_special={face: float(odds.p_special[face]) for face in labels},
        special_labels=labels,
    )


def special_label(die: int, *, attack: bool, impaired: bool) -> str:
    """What a special face brings on this roll (R-SPEC-1..5), as the player reads it."""
    if die == 1:
        return "GM intrusion"
    if attack:
        bonus = attack_damage_bonus(die, impaired=impaired)
        if effect_choices(die, attack=True, impaired=impaired):
            kind = "minor" if die == 19 else "major"
            return f"+{bonus} damage or a {kind} effect"
        return f"+{bonus} damage"
    effects = effect_choices(die, attack=False, impaired=impaired)
    return effects[0] if effects else ""


def outcome_of(
    character: Character, event: RollMade | RollRerolled, app_rolled: bool = False
) -> RollOutcome:
    """What a recorded roll or reroll came to, for the player (R-SPEC-1..5)."""
    roll = event.roll if isinstance(event, RollRerolled) else event
    impaired = character.impaired
    if roll.die is None:
        return RollOutcome(automatic=True, die=None, success=True, app_rolled=app_rolled)
    die = max(roll.die, event.die) if isinstance(event, RollRerolled) else roll.die
    success = event.success
    bonus = attack_damage_bonus(die, impaired=impaired) if success and roll.attack else 0
    effects = effect_choices(die, attack=roll.attack, impaired=impaired) if success else ()
    # R-SPEC-4: a natural 20 gives back what the action cost, success or not.
    refunded = die == 20 and (roll.effort + roll.damage_effort + roll.ability_cost) > 0
    special = special_of(die)
    label = ""
    if special and (die == 1 or success):
        label = special_label(die, attack=roll.attack, impaired=impaired)
    return RollOutcome(
        automatic=False,
        die=die,
        first_die=roll.die if isinstance(event, RollRerolled) else None,
        success=success,
        special=label,
        intrusion=not intrusion_awards_xp(die),
        damage_bonus=bonus,
        effects=effects,
        refunded=refunded,
        app_rolled=app_rolled,
    )
