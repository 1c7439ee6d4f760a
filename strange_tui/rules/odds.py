"""Exact odds of a task, counted over the twenty faces of the d20 (R-TASK-5)."""

from __future__ import annotations

from fractions import Fraction

import msgspec

from strange_tui.rules.special import SPECIAL_FACES, special_applies
from strange_tui.rules.task import D20, Task, check_task, final_difficulty, succeeds, target_number


class Odds(msgspec.Struct, frozen=True, kw_only=True):
    """The chances of a task before the die lands, as exact fractions."""

    final_difficulty: int
    target: int
    automatic: bool
    success_faces: int
    p_success: Fraction
    p_special: dict[int, Fraction]


def task_odds(task: Task) -> Odds:
    """R-TASK-5: final difficulty, target and the exact chance of success and of each special.

    Counts faces, never simulates: p_success is (faces that succeed) / 20. An automatic
    success (R-TASK-4) has p_success 1 and no special roll, since no die is rolled.
    p_special[f] is the chance that the die shows f and its special result applies: a 1
    always brings an intrusion; 17 to 20 count only when the roll succeeds (R-SPEC-2..4).
    """
    check_task(task)
    final = final_difficulty(task)
    target = target_number(final)
    if final == 0:
        return Odds(
            final_difficulty=final,
            target=target,
            automatic=True,
            success_faces=D20,
            p_success=Fraction(1),
            p_special={face: Fraction(0) for face in SPECIAL_FACES},
        )
    faces = range(1, D20 + 1)
    successes = sum(1 for face in faces if succeeds(face, task.bonus, target))
    specials = {
        face: Fraction(int(special_applies(face, succeeds(face, task.bonus, target))), D20)
        for face in SPECIAL_FACES
    }
    return Odds(
        final_difficulty=final,
        target=target,
        automatic=False,
        success_faces=successes,
        p_success=Fraction(successes, D20),
        p_special=specials,
    )
