"""R-TASK-3: a roll's preview says each step that moves its difficulty, with its reason:
the lumped 'eased' and 'hindered' taken apart into the circumstance, the caller's reasons
(a defender's conditions), what no reason names left as it is."""

from __future__ import annotations

from strange_tui.campaign.commands.rolls.roll import Roll
from strange_tui.rules.pools import Stat
from tests.campaign.builders import campaign


def test_r_task_3_a_rolls_steps_name_the_circumstance_and_the_callers_reasons():
    state = campaign("mara")
    roll = Roll(
        character="mara",
        stat=Stat.SPEED,
        difficulty=4,
        skill="trained",
        assets=1,
        hindrances=2,
        eased=1,
        reasons=(("guarding", -1), ("pinned down", 1)),
        circumstances=("dim-light",),
    )
    shown = roll.preview(state)
    assert shown.odds.final_difficulty == 4 - 1 - 1 - 1 + 2 + 1
    assert shown.steps == (
        ("trained", -1),
        ("asset", -1),
        ("guarding", -1),
        ("pinned down", 1),
        ("dim light, the target's advantage", 1),
        ("hindered", 1),
    )
