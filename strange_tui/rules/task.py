"""Task resolution: difficulty, the steps that ease or hinder it, and the d20 roll (R-TASK)."""

from __future__ import annotations

from enum import IntEnum

import msgspec

from strange_tui.rules.errors import RuleViolation

D20 = 20
MIN_DIFFICULTY = 0
MAX_DIFFICULTY = 10
MAX_ASSETS = 2

DIFFICULTY_NAMES: tuple[str, ...] = (
    "Routine",
    "Simple",
    "Standard",
    "Demanding",
    "Difficult",
    "Challenging",
    "Intimidating",
    "Formidable",
    "Heroic",
    "Immortal",
    "Impossible",
)

# R-TASK-2: the few bonuses a roll can get (they add to the die, they do not ease).
UNTRAINED_HELPER_BONUS = 1
COMPLEMENTARY_ACTION_BONUS = 2
THREE_ATTACKERS_BONUS = 1


class Skill(IntEnum):
    """How skilled a character is at a task; the value is the number of steps it eases.

    R-TASK-3: trained eases one step, specialized two. An inability is separate (it can
    stand beside training, which cancels it), so it is a flag on the task.
    """

    UNTRAINED = 0
    TRAINED = 1
    SPECIALIZED = 2


class Task(msgspec.Struct, frozen=True, kw_only=True):
    """Everything that sets a task's final difficulty and the bonus added to its roll."""

    difficulty: int
    skill: Skill = Skill.UNTRAINED
    inability: bool = False
    assets: int = 0
    effort: int = 0
    hindrances: int = 0
    eased: int = 0
    """Situational steps that ease the task, beside training, assets and Effort (R-TASK-3;
    e.g. R-TR-6: a task tied to the new focus after a translation's 19 or 20)."""
    bonus: int = 0


class TaskResult(msgspec.Struct, frozen=True, kw_only=True):
    """The outcome of one task: automatic, or rolled with its natural die and total."""

    final_difficulty: int
    target: int
    automatic: bool
    success: bool
    die: int | None = None
    total: int | None = None


def difficulty_name(difficulty: int) -> str:
    """R-TASK-1: the name of a difficulty step; past 10 a task is beyond Impossible."""
    if difficulty <= MIN_DIFFICULTY:
        return DIFFICULTY_NAMES[0]
    if difficulty > MAX_DIFFICULTY:
        return "Beyond impossible"
    return DIFFICULTY_NAMES[difficulty]


def target_number(difficulty: int) -> int:
    """R-TASK-1: the number a d20 must reach is three times the difficulty (0 at or below 0)."""
    return 3 * max(difficulty, MIN_DIFFICULTY)


def check_task(task: Task) -> Task:
    """Return ``task`` if the rules allow it, else raise RuleViolation with the reason."""
    if not MIN_DIFFICULTY <= task.difficulty <= MAX_DIFFICULTY:
        raise RuleViolation(
            f"Difficulty runs from {MIN_DIFFICULTY} (Routine) to {MAX_DIFFICULTY} (Impossible);"
            f" {task.difficulty} is not a difficulty."
        )
    if not 0 <= task.assets <= MAX_ASSETS:
        raise RuleViolation(
            f"A task can use 0 to {MAX_ASSETS} assets; {task.assets} is too many."
            if task.assets > MAX_ASSETS
            else f"Assets cannot be negative ({task.assets})."
        )
    if task.effort < 0:
        raise RuleViolation(f"Effort is a number of levels, 0 or more; {task.effort} is not.")
    if task.hindrances < 0:
        raise RuleViolation(f"Hindrances count steps, 0 or more; {task.hindrances} is not.")
    if task.eased < 0:
        raise RuleViolation(f"Eased steps count steps, 0 or more; {task.eased} is not.")
    return task


def difficulty_steps(task: Task) -> int:
    """R-TASK-3: the net steps applied to the difficulty (negative eases, positive hinders).

    Training eases 1 step, specialization 2, each asset 1 (at most 2), each level of Effort
    applied to the task 1, each situational easing 1 (R-TR-6). An inability hinders 1 step,
    so trained and an inability cancel out; situational hindrances (R-COND, R-TR-7) hinder
    one step each.
    """
    eased = int(task.skill) + task.assets + task.effort + task.eased
    hindered = int(task.inability) + task.hindrances
    return hindered - eased


def step_breakdown(task: Task) -> tuple[tuple[str, int], ...]:
    """R-TASK-3, R-TASK-5: each reason the difficulty moves, with its steps (- eases)."""
    steps: list[tuple[str, int]] = []
    if task.skill is Skill.TRAINED:
        steps.append(("trained", -1))
    elif task.skill is Skill.SPECIALIZED:
        steps.append(("specialized", -2))
    if task.inability:
        steps.append(("inability", +1))
    if task.assets:
        steps.append(("asset" if task.assets == 1 else f"{task.assets} assets", -task.assets))
    if task.effort:
        steps.append((f"Effort {task.effort}", -task.effort))
    if task.eased:
        steps.append(("eased", -task.eased))
    if task.hindrances:
        steps.append(("hindered", task.hindrances))
    return tuple(steps)


def final_difficulty(task: Task) -> int:
    """R-TASK-3, R-TASK-4: the difficulty after every step, never below 0; above 10 it stays."""
    return max(MIN_DIFFICULTY, task.difficulty + difficulty_steps(task))


def is_automatic(task: Task) -> bool:
    """R-TASK-4: a final difficulty of 0 is an automatic success and no roll is made."""
    return final_difficulty(task) == MIN_DIFFICULTY


def forced_roll(task: Task) -> Task:
    """R-XP-3: the GM intrudes on an automatic success: the task is rolled after all, at
    its difficulty before any easing (hindrances still count)."""
    return Task(
        difficulty=task.difficulty,
        inability=task.inability,
        hindrances=task.hindrances,
        bonus=task.bonus,
    )


def succeeds(die: int, bonus: int, target: int) -> bool:
    """R-TASK-2: a roll succeeds when the natural die plus its bonus reaches the target."""
    return die + bonus >= target


def resolve(task: Task, die: int | None) -> TaskResult:
    """R-TASK-2, R-TASK-4: the result of a task given the natural d20 (None: not rolled).

    An automatic task succeeds without a roll, whatever die is given. A task that is not
    automatic needs a die.
    """
    check_task(task)
    final = final_difficulty(task)
    target = target_number(final)
    if final == MIN_DIFFICULTY:
        return TaskResult(final_difficulty=final, target=target, automatic=True, success=True)
    if die is None:
        raise RuleViolation(f"This task needs a roll: reach {target} on a d20.")
    if not 1 <= die <= D20:
        raise RuleViolation(f"A d20 shows 1 to 20; {die} is not on the die.")
    total = die + task.bonus
    return TaskResult(
        final_difficulty=final,
        target=target,
        automatic=False,
        success=succeeds(die, task.bonus, target),
        die=die,
        total=total,
    )


CONTEST_EDGE = 3
"""R-TASK-7: what an advantage (or a disadvantage) adds to a PC's die in a contest."""


def contest_winner(first: int, second: int, *, first_bonus: int = 0, second_bonus: int = 0) -> int:
    """R-TASK-7, PC against PC: both roll, the higher total wins (1: the first, 2: the
    second, 0: a tie, rolled again); an advantage is +3 to the die, a disadvantage -3."""
    for bonus in (first_bonus, second_bonus):
        if bonus not in (-CONTEST_EDGE, 0, CONTEST_EDGE):
            raise RuleViolation(f"An advantage is +{CONTEST_EDGE} or -{CONTEST_EDGE}, not {bonus}.")
    for die in (first, second):
        if not 1 <= die <= D20:
            raise RuleViolation(f"A d20 shows 1 to {D20}, not {die}.")
    a, b = first + first_bonus, second + second_bonus
    return 0 if a == b else 1 if a > b else 2


def contest_odds(*, first_bonus: int = 0, second_bonus: int = 0) -> float:
    """R-TASK-7: the chance the first wins a contest, ties rolled again until one wins."""
    results = [
        contest_winner(a, b, first_bonus=first_bonus, second_bonus=second_bonus)
        for a in range(1, D20 + 1)
        for b in range(1, D20 + 1)
    ]
    wins, losses = results.count(1), results.count(2)
    return wins / (wins + losses)
