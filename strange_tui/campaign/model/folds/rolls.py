"""A character's roll: the task it describes, the rules' verdict on it, and the event."""

from __future__ import annotations

from msgspec.structs import replace

from strange_tui.campaign.model.events import RollMade, RollRerolled
from strange_tui.campaign.model.folds.armor import speed_effort_extra
from strange_tui.campaign.model.state import Character
from strange_tui.content.effects import FreeEffort
from strange_tui.rules.dice import DiceSource, PlayerDice
from strange_tui.rules.effort import action_cost, check_effort
from strange_tui.rules.errors import RuleViolation
from strange_tui.rules.special import attack_damage_bonus, cost_after_special
from strange_tui.rules.task import D20, Skill, Task, check_task, is_automatic, resolve
from strange_tui.rules.track import can_act

SKILLS = {"": Skill.UNTRAINED, "trained": Skill.TRAINED, "specialized": Skill.SPECIALIZED}


def task_of(event: RollMade) -> Task:
    """The Task a roll describes (R-TASK-3; its situational easing, R-TR-6)."""
    return check_task(
        Task(
            difficulty=event.difficulty,
            skill=SKILLS[event.skill],
            inability=event.inability,
            assets=event.assets,
            effort=event.effort,
            hindrances=event.hindrances,
            eased=event.eased,
            bonus=event.bonus,
        )
    )


def full_cost(character: Character, event: RollMade) -> int:
    """R-EFF-1..4: the points the action costs before any natural 20 (R-CMB-6, the CSRD
    reading: armor adds to each level of Speed Effort, before Edge; R-WEAK-1: a weakness
    in the pool adds to an action that costs points; R-ABL-1: levels of Effort an ability
    makes free cost nothing)."""
    levels = event.effort + event.damage_effort
    pool = character.pools[event.stat]
    return action_cost(
        effort_levels=levels - min(event.free_effort, levels),
        ability_cost=event.ability_cost + speed_effort_extra(character, event.stat, levels),
        edge=pool.edge,
        impaired=character.impaired,
        weakness=pool.weakness,
    )


def free_effort_held(character: Character) -> int:
    """The most Effort the character's abilities (and those in use) could make free."""
    return sum(
        e.levels for t in character.traits for e in t.effects if isinstance(e, FreeEffort)
    ) + sum(e.levels for a in character.active for e in a.effects if isinstance(e, FreeEffort))


def check_roll(character: Character, event: RollMade) -> int:
    """Check a roll against the rules and return its full cost; RuleViolation if it is not
    a roll this character could make, or its recorded result is not what the rules say."""
    if not can_act(character.track):
        raise RuleViolation(f"{character.name} is {character.track.label} and cannot act.")
    check_effort(event.effort, event.damage_effort, character.effort)
    if event.free_effort > free_effort_held(character):
        raise RuleViolation(f"{character.name}'s abilities make no such Effort free.")
    task = task_of(event)
    if is_automatic(task) and event.die is not None:
        raise RuleViolation("An automatic success is not rolled.")
    result = resolve(task, event.die)
    cost = full_cost(character, event)
    paid = cost_after_special(event.die, cost) if event.die is not None else cost
    if event.from_luck > cost:
        raise RuleViolation(f"The action costs {cost}; {event.from_luck} from Luck is too much.")
    if (event.success, event.cost) != (result.success, paid):
        raise RuleViolation("The roll's recorded result does not match the rules.")
    check_special(character, event)
    return cost


def check_special(character: Character, event: RollMade) -> None:
    """R-SPEC-2..5: what the roll records of its natural die's special result is what the
    rules make of that die: an impaired roller was impaired, and a hit's extra damage is
    the die's (an impaired attacker's +1; none when an effect was taken instead)."""
    if event.impaired and not character.impaired:
        raise RuleViolation(f"{character.name} is not impaired.")
    if event.special_damage is None:
        return
    if not (event.attack and event.success and event.die is not None):
        raise RuleViolation("Only a hit takes extra damage from its die.")
    bonus = 0 if event.effect else attack_damage_bonus(event.die, impaired=character.impaired)
    if event.special_damage != bonus:
        raise RuleViolation("The hit's extra damage from its die does not match the rules.")


def make_roll(character: Character, setup: RollMade, dice: DiceSource) -> RollMade:
    """Roll the task ``setup`` describes (its die, success and cost are filled in here).

    No die is rolled for an automatic success (R-TASK-4). ``dice`` may be a player's
    physical dice (R-TASK-6); any other dice are the app's, and the roll says so
    (``app_rolled``, for the log).
    """
    task = task_of(setup)
    die = None if is_automatic(task) else dice.roll(D20)
    result = resolve(task, die)
    cost = full_cost(character, setup)
    paid = cost_after_special(die, cost) if die is not None else cost
    event = replace(
        setup,
        die=die,
        success=result.success,
        cost=paid,
        app_rolled=app_rolled(die, dice),
        impaired=character.impaired,
    )
    check_roll(character, event)
    return event


def app_rolled(die: int | None, dice: DiceSource) -> bool:
    """Whether the app rolled ``die``: a die was rolled, and not typed by the player."""
    return die is not None and not isinstance(dice, PlayerDice)


def reroll_outcome(roll: RollMade, die: int) -> tuple[int, bool, int]:
    """R-XP-2, R-SPEC-4: the die that stands (the better), whether it succeeds, and the
    points a natural 20 that now stands gives back."""
    if roll.die is None:
        raise RuleViolation("An automatic success has no die to reroll.")
    kept = max(roll.die, die)
    success = resolve(task_of(roll), kept).success
    refund = roll.cost if kept == 20 and roll.die != 20 else 0
    return kept, success, refund


def check_reroll(character: Character, event: RollRerolled) -> None:
    """A reroll costs 1 XP and records what the rules make of the better die."""
    if event.roll.character != character.id:
        raise RuleViolation(f"That roll was not {character.name}'s.")
    if character.xp < 1:
        raise RuleViolation(f"{character.name} has no XP: a reroll costs 1.")
    _, success, refund = reroll_outcome(event.roll, event.die)
    if (event.success, event.refund) != (success, refund):
        raise RuleViolation("The reroll's recorded result does not match the rules.")


def make_reroll(character: Character, roll: RollMade, dice: DiceSource) -> RollRerolled:
    """Reroll ``roll`` for 1 XP with ``dice`` (a player's d20, or the app's)."""
    die = dice.roll(D20)
    _, success, refund = reroll_outcome(roll, die)
    event = RollRerolled(
        character=character.id,
        roll=roll,
        die=die,
        success=success,
        refund=refund,
        app_rolled=app_rolled(die, dice),
    )
    check_reroll(character, event)
    return event
