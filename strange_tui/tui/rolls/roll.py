"""The roll dialog: set the task up, see the exact odds and the cost, then roll (or type
the physical die). The roll is recorded the moment the die lands (R-TASK-5, R-TASK-6); a
reroll for 1 XP is a command of its own, with the player's die or the app's (R-XP-2).
The Kind beside the task says which kind of task it is (climbing, stealth...), so that an
ability that helps such tasks counts however the task is worded (R-ABL-1). Marking the
task as tied to the focus, a perception task or a focus ability lets the effects on the
character (after a translation, R-TR-6..8) move or refuse it. The
circumstances (R-CIR-1, R-CIR-2) come from the picker on ctrl+t, each a line of the
preview with who gains. In a fight, Against sets the Difficulty to the level an NPC meets
the task at (R-NPC-1, ``against_fields``).

Over 300 lines: one dialog whose roll, forced roll and reroll share its form and its die;
its fields are ``roll_form``, how the odds read ``rolls.odds``, the circumstance fields
``circumstance_fields``, the result (with the app's intrusion in solo play, R-ORC-4)
``outcome_view``."""

from __future__ import annotations

import msgspec
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Select, Static

from strange_tui.campaign.commands.rolls.circumstances import (
    CircumstanceChoice,
    circumstance_choices,
)
from strange_tui.campaign.commands.rolls.roll import Reroll, Roll
from strange_tui.campaign.commands.rolls.steps import training_choice
from strange_tui.campaign.commands.rolls.task_kinds import kinds_chosen
from strange_tui.campaign.model.events import RollMade, RollRerolled
from strange_tui.campaign.model.terms import RuleViolation, Stat
from strange_tui.tui.common.access import CampaignApp
from strange_tui.tui.common.dialog import CharacterDialog, int_value, typed_d20
from strange_tui.tui.common.impossible import AsksIfImpossible
from strange_tui.tui.common.session import Refused
from strange_tui.tui.rolls.against_fields import AgainstFields
from strange_tui.tui.rolls.circumstance_fields import (
    CIRCUMSTANCES_CSS,
    CIRCUMSTANCES_KEY,
    CircumstanceFields,
)
from strange_tui.tui.rolls.outcome_view import OutcomeArea
from strange_tui.tui.rolls.roll_form import DIE_HINT, HELPERS, RollForm

__all__ = ["DIE_HINT", "HELPERS", "RollDialog", "open_roll"]
"""The form's hint and helpers stay importable from here: the table's roll dialog's."""


class RollDialog(
    RollForm, AgainstFields, OutcomeArea, AsksIfImpossible, CircumstanceFields, CharacterDialog
):
    """Odds before the die; the die from the app or from the table."""

    DEFAULT_CSS = (
        """
    RollDialog .dialog { width: 80; }
    RollDialog #form { grid-size: 4; grid-columns: 13 1fr 12 1fr; grid-rows: 1;
                       grid-gutter: 0 1; height: auto; }
    RollDialog #form Label { text-style: bold; color: $text-muted; }
    RollDialog #form .wide { column-span: 3; }
    RollDialog Checkbox { border: none; padding: 0; height: 1; background: transparent; }
    RollDialog .checks { height: 1; }
    RollDialog .checks Checkbox { width: auto; margin-right: 2; }
    RollDialog #result { height: auto; padding: 0 1; display: none; }
    RollDialog #result.-shown { display: block; }
    RollDialog .against, RollDialog .against-held { display: none; }
    """
        + CIRCUMSTANCES_CSS
    )
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="roll.die"),
        Binding("ctrl+r", "reroll", "Reroll (1 XP)", id="roll.reroll"),
        Binding("ctrl+g", "forced", "GM forces a roll", id="roll.forced"),
        Binding(CIRCUMSTANCES_KEY, "circumstances", "Circumstances", id="roll.circumstances"),
    ]

    def __init__(
        self,
        character_id: str,
        *,
        label: str = "",
        stat: Stat | None = None,
        difficulty: int | None = None,
        ability: str = "",
    ) -> None:
        """``label``, ``stat`` and ``difficulty`` start the form (a quick-reference line
        opens a roll at its difficulty); ``ability`` is the action ability the roll uses
        (its cost comes from the sheet, not typed)."""
        super().__init__(character_id)
        self.start = (label, stat or Stat.MIGHT, 3 if difficulty is None else difficulty)
        self.ability = ability
        self.rolled: RollMade | None = None
        self.rerolled = self.forced = False

    def compose(self) -> ComposeResult:
        who = self.character
        with Vertical(classes="dialog") as box:
            box.border_title = f"Roll: {escape(who.name)}"
            box.border_subtitle = (
                f"ctrl+f your die · {CIRCUMSTANCES_KEY} circumstances · ctrl+r reroll"
                " · ctrl+g GM forces"
            )
            with Grid(id="form"):
                yield from self.form_fields()
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="roll")
                yield Button("Reroll (1 XP)", id="reroll", disabled=True)
                yield Button("Close", id="close")

    def on_mount(self) -> None:
        self.reset_against()
        self.show_ability()
        self.query_one("#label", Input).focus()
        self.update_preview()

    def show_ability(self) -> None:
        """With an ability, its cost from the sheet stands in the cost field, not typed."""
        field = self.query_one("#ability_cost", Input)
        box = self.query_one(".dialog", Vertical)
        if not self.ability:
            field.disabled = False
            box.border_title = f"Roll: {escape(self.character.name)}"
            return
        probe = Roll(character=self.character_id, stat=self.start[1], ability=self.ability)
        try:
            field.value = str(probe.cost_of_ability(self.character))
        except RuleViolation:
            field.value = "0"
        field.disabled = True
        box.border_title = f"Roll: {escape(self.character.name)} · {escape(self.ability)}"

    def reset(
        self,
        label: str = "",
        stat: Stat | None = None,
        difficulty: int | None = None,
        ability: str = "",
    ) -> None:
        """Kept between opens (``open_roll``): a new task, the form as a new dialog has it."""
        self.start = (label, stat or Stat.MIGHT, 3 if difficulty is None else difficulty)
        self.ability = ability
        self.rolled, self.rerolled, self.forced = None, False, False
        self.circumstances, self._shown = (), None
        self.reset_form()
        self.reset_against()
        self.show_ability()
        self.clear_outcome()
        self.query_one("#roll", Button).label = "Roll"
        self.query_one("#reroll", Button).disabled = True
        self.query_one("#label", Input).focus()
        self.update_preview()

    def command(self) -> Roll | str:
        """The roll the form describes, or what is wrong with the form."""
        numbers = {}
        for name in ("bonus", "ability_cost", "luck"):
            value = int_value(self.query_one(f"#{name}", Input))
            if value is None or (name != "bonus" and value < 0):
                return f"{name.replace('_', ' ').title()} must be a whole number."
            numbers[name] = value
        skill, training = training_choice(self.query_one("#skill", Select).value)
        return self.against_applied(Roll(
            character=self.character_id,
            stat=self.query_one("#stat", Select).value,
            difficulty=self.query_one("#difficulty", Select).value,
            label=self.query_one("#label", Input).value.strip(),
            kinds=kinds_chosen(self.query_one("#kind", Select).value),
            skill=skill,  # type: ignore[arg-type]
            training=training,
            inability=self.query_one("#inability", Checkbox).value,
            assets=self.query_one("#assets", Select).value,
            effort=self.query_one("#effort", Select).value,
            damage_effort=self.query_one("#damage_effort", Select).value,
            bonus=numbers["bonus"],
            ability_cost=0 if self.ability else numbers["ability_cost"],
            ability=self.ability,
            from_luck=numbers["luck"],
            attack=self.query_one("#attack", Checkbox).value,
            helper=self.query_one("#helper", Select).value,
            forced=self.forced,
            focus_task=self.query_one("#focus_task", Checkbox).value,
            perception=self.query_one("#perception", Checkbox).value,
            focus_ability=self.query_one("#focus_ability", Checkbox).value,
            circumstances=self.circumstances,
            support=self.support_value(),
        ))

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        return typed_d20(self.query_one("#die", Input))

    def picking(self) -> bool:
        return self.rolled is None

    def circumstance_options(self) -> tuple[CircumstanceChoice, ...]:
        """A task's circumstances, or an attack's when the roll is one (melee or ranged
        unknown here: all of them)."""
        attack = self.query_one("#attack", Checkbox).value
        return circumstance_choices("attack" if attack else "task")

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        if self.rolled is not None:
            return
        preview = self.show_preview(self.command(), self.against_preview())
        self.show_support(preview.support_needed if preview is not None else None)

    @on(Button.Pressed, "#circumstances")
    def circumstances_pressed(self) -> None:
        self.action_circumstances()

    def action_focus_die(self) -> None:
        """The player's own d20 goes here: one key from anywhere in the form."""
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die rolls (blank: the app rolls); Enter in any other field goes
        to the die, so typing the task never rolls for the player."""
        if event.input.id == "die" or self.rolled is not None:
            self.action_roll()
        else:
            self.action_focus_die()

    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        if self.rolled is not None:
            self.dismiss(True)
            return
        command, die = self.command(), self.typed_die()
        for problem in (command, die):
            if isinstance(problem, str):
                self.notify(problem, severity="warning")
                return
        assert isinstance(command, Roll) and not isinstance(die, str)
        events = self.roll_or_ask(msgspec.structs.replace(command, die=die), self.action_roll)
        if not events:
            return
        event = events[0]
        assert isinstance(event, RollMade)
        self.rolled = event
        self.query_one("#die", Input).value = ""
        self.show_outcome(event, events)  # With the app's intrusion of the same step.
        self.query_one("#roll", Button).label = "Done"
        self.query_one("#reroll", Button).disabled = event.die is None

    def action_forced(self) -> None:
        """R-XP-3: on an automatic success the GM may intrude and force a roll at the
        difficulty before any easing (award the intrusion's XP with i on Home)."""
        if self.rolled is not None:
            return
        command = self.command()
        if isinstance(command, str):
            return
        try:
            self.session.preview(msgspec.structs.replace(command, forced=True))
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        self.forced = True
        self.update_preview()
        self.notify("The GM intrudes: roll at the difficulty before easing.", title="Intrusion")

    @on(Button.Pressed, "#reroll")
    def action_reroll(self) -> None:
        """R-XP-2: 1 XP rerolls; the better die stands. Type your own d20 in 'Your die'
        first, or leave it blank for the app to roll."""
        event = self.rolled
        if event is None or event.die is None or self.rerolled:
            return
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        events = self.app.run_command(Reroll(roll=event, die=die))
        if not events:
            return
        reroll = events[0]
        assert isinstance(reroll, RollRerolled)
        self.rerolled = True
        self.query_one("#die", Input).value = ""
        self.query_one("#reroll", Button).disabled = True
        self.show_outcome(reroll)

    @on(Button.Pressed, "#close")
    def close(self) -> None:
        self.dismiss(self.rolled is not None)


def open_roll(
    app: CampaignApp,
    character_id: str,
    *,
    label: str = "",
    stat: Stat | None = None,
    difficulty: int | None = None,
    ability: str = "",
) -> None:
    """The roll dialog for ``character_id``, kept between opens while the campaign is open
    (its forty widgets are made and styled once, not on every ``r``); ``ability``: the
    action ability the roll uses."""
    name = f"roll:{character_id}"
    fresh = not app.is_screen_installed(name)
    app.kept_screen(
        name,
        lambda: RollDialog(
            character_id, label=label, stat=stat, difficulty=difficulty, ability=ability
        ),
    )
    if not fresh:
        dialog = app.get_screen(name)
        assert isinstance(dialog, RollDialog)
        dialog.reset(label, stat, difficulty, ability)
    app.push_screen(name)
