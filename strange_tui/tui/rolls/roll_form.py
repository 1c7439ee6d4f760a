"""The roll dialog's form: its fields in Tab order, the task and its kind first, the die
last (``form_fields``), and the same fields set back as a new dialog has them
(``reset_form``) when the kept dialog opens for a new task. What the fields mean is the
dialog's (``rolls.roll``)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from strange_tui.campaign.commands.rolls.roll import HelperSkill
from strange_tui.campaign.commands.rolls.steps import training_options
from strange_tui.campaign.commands.rolls.task_kinds import kind_options
from strange_tui.campaign.model.terms import DIFFICULTY_NAMES, Stat
from strange_tui.tui.common.dialog import assets_select, die_hint, training_select

DIE_HINT = "your d20, then enter · blank: the app rolls"

HELPERS: list[tuple[str, HelperSkill]] = [
    ("No helper", "none"),
    ("Helper, untrained (+1)", "untrained"),
    ("Helper, trained", "trained"),
    ("Helper, specialized", "specialized"),
    ("Helper with an inability", "inability"),
    ("Complementary action (+2)", "complementary"),
]

CHECKS = ("inability", "attack", "focus_task", "perception", "focus_ability")


class RollForm:
    """The form of a dialog that rolls a task. Mixed in before the screen class, whose
    ``character``, ``start`` (label, stat, difficulty), ``circumstances_button``,
    ``support_select`` and ``against_fields`` it uses."""

    start: tuple[str, Stat, int]
    character: Any
    character_id: str
    session: Any
    query_one: Any
    against_fields: Any
    circumstances_button: Any
    support_select: Any

    def form_fields(self) -> ComposeResult:
        """The form's labels and fields, two to a row, in Tab order (the die last)."""
        who = self.character
        effort = [(str(n), n) for n in range(who.effort + 1)]
        yield Label("Task")
        yield Input(self.start[0], placeholder="what is attempted", id="label", compact=True)
        # R-ABL-1: the kind of task beside its words, so that no ability hangs on spelling.
        yield Label("Kind")
        yield Select(kind_options(), value="", allow_blank=False, id="kind", compact=True)
        yield Label("Stat")
        yield Select(
            [(s.value.title(), s) for s in Stat],
            value=self.start[1],
            allow_blank=False,
            id="stat",
            compact=True,
        )
        yield Label("Difficulty")
        yield Select(
            [(f"{d} {n}", d) for d, n in enumerate(DIFFICULTY_NAMES)],
            value=self.start[2],
            allow_blank=False,
            id="difficulty",
            compact=True,
        )
        yield from self.against_fields()
        yield Label("Skill")
        yield training_select(self.training_options())
        yield Label("")
        yield Checkbox("Inability", id="inability")
        yield Label("Assets")
        yield assets_select()
        yield Label("Helper")
        yield Select(HELPERS, value="none", allow_blank=False, id="helper", compact=True)
        yield Label("Effort")
        yield Select(effort, value=0, allow_blank=False, id="effort", compact=True)
        yield Label("On damage")
        yield Select(effort, value=0, allow_blank=False, id="damage_effort", compact=True)
        yield Label("Bonus")
        yield Input("0", type="integer", id="bonus", compact=True)
        yield Label("Ability cost")
        yield Input("0", type="integer", id="ability_cost", compact=True)
        yield Label("")
        yield Checkbox("Attack", id="attack")
        yield Label("From Luck")
        yield Input("0", type="integer", id="luck", compact=True, disabled=who.pools.luck is None)
        yield Label("Task is")
        with Horizontal(classes="wide checks"):
            yield Checkbox("Focus task", id="focus_task")
            yield Checkbox("Perception", id="perception")
            yield Checkbox("Focus ability", id="focus_ability")
        yield Label("Circumstances", id="circumstances-label")
        yield self.circumstances_button()
        yield Label("Support", classes="support")
        yield self.support_select()
        # The die last, right before the buttons: no Tab reaches Roll before it.
        yield Label("Your die ^f")
        hint = die_hint(self, DIE_HINT)
        yield Input(placeholder=hint, type="integer", id="die", compact=True, classes="wide")

    def training_options(self) -> list[tuple[str, str]]:
        """R-TASK-9: the trainings the model offers this seat: the sheet's skills by name
        (and, at the GM's seat, a step granted)."""
        session = self.session
        return training_options(session.state, self.character_id, session.seat)

    def reset_form(self) -> None:
        """Every field as a new dialog has it, for the task in ``start``."""
        who = self.character
        self.query_one("#skill", Select).set_options(self.training_options())
        effort = [(str(n), n) for n in range(who.effort + 1)]
        for name in ("effort", "damage_effort"):  # Effort may have grown since.
            self.query_one(f"#{name}", Select).set_options(effort)
        defaults = {"#stat": self.start[1], "#difficulty": self.start[2], "#skill": "", "#kind": "",
                    "#assets": 0, "#helper": "none", "#effort": 0, "#damage_effort": 0,
                    "#support": ""}  # fmt: skip
        for selector, value in defaults.items():
            self.query_one(selector, Select).value = value
        for name in CHECKS:
            self.query_one(f"#{name}", Checkbox).value = False
        texts = {"#label": self.start[0], "#bonus": "0", "#ability_cost": "0", "#luck": "0",
                 "#die": ""}  # fmt: skip
        for selector, text in texts.items():
            self.query_one(selector, Input).value = text
        self.query_one("#luck", Input).disabled = who.pools.luck is None
