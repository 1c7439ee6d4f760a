"""The answer to a roll the GM asks for (see ``campaign.commands.table.asking``), at the
player's seat: the task, the stat and the difficulty are the GM's; the skill, assets, a
helper, Effort, the kind of task (R-ABL-1) and the die are the player's. The odds are
shown before the die; when the GM keeps the difficulty, what the choices do instead (each
step, the cost), never the target. The roll and the question's closing are one step:
Enter in "Your die" (ctrl+f goes there) or the Roll button; escape leaves the question
open (``!`` reopens it)."""

from __future__ import annotations

import msgspec
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.rolls.odds import RollOutcome, outcome_of
from strange_tui.campaign.commands.rolls.roll import Reroll
from strange_tui.campaign.commands.rolls.steps import training_choice, training_options
from strange_tui.campaign.commands.rolls.task_kinds import kind_options, kinds_chosen
from strange_tui.campaign.commands.table.asking import AnswerPreview, AnswerRoll
from strange_tui.campaign.model.events import RollMade, RollRerolled
from strange_tui.campaign.model.prompts import Prompt
from strange_tui.campaign.model.terms import DIFFICULTY_NAMES
from strange_tui.campaign.narrate.kept import still_kept
from strange_tui.tui.common.dialog import (
    CharacterDialog,
    assets_select,
    die_hint,
    send,
    training_select,
    typed_d20,
)
from strange_tui.tui.common.impossible import AsksIfImpossible
from strange_tui.tui.rolls.odds import (
    grid,
    intrusion_line,
    outcome_text,
    preview_table,
    step_text,
)
from strange_tui.tui.rolls.roll import DIE_HINT, HELPERS
from strange_tui.tui.table.answer import STAYS, Answer


def kept_table(preview: AnswerPreview) -> Table:
    """R-TASK-8: a roll whose difficulty the GM keeps: what the player's choices and the
    effects on them do to it, the bonus and the cost; no difficulty, target or odds."""
    table = grid()
    for index, effect in enumerate(preview.effects):
        style = "green" if effect.steps < 0 else "yellow"
        table.add_row("Effects" if not index else "", Text(effect.text, style=style))
    for index, line in enumerate(preview.abilities):
        table.add_row("Abilities" if not index else "", Text(line, style="green"))
    table.add_row("Difficulty", Text("kept by the GM", style="bold"))
    steps = Text(" · ").join(step_text(label, n) for label, n in preview.steps)
    net = preview.eased
    if net:
        way = "eased" if net > 0 else "hindered"
        lead = " → " if preview.steps else ""
        steps.append(f"{lead}{way} {abs(net)} step{'s' * (abs(net) != 1)}", style="bold")
    else:
        steps.append(" → as it is" if preview.steps else "none: the task as it is", style="dim")
    table.add_row("Your choices", steps)
    if preview.bonus:
        table.add_row("Bonus", Text(f"{preview.bonus:+d} to the die"))
    cost = Text(f"{preview.cost} {preview.stat.value.title()}")
    if preview.problem:
        cost.append(f" — {preview.problem}", style="bold red")
    table.add_row("Cost", cost)
    return table


KEPT_UNTIL = "the GM keeps the difficulty and the outcome until everyone asked has rolled"


def kept_outcome_text(outcome: RollOutcome) -> Text:
    """R-TASK-8: the die as it fell while the GM keeps the difficulty from seats still to
    roll: no success or failure, nor a special result only a success brings (a natural 1
    is the GM's intrusion whatever the difficulty)."""
    if outcome.automatic:
        return Text.assemble(("No die to roll", "bold"), (f" — {KEPT_UNTIL}.", "dim"))
    text = Text(f"d20: {outcome.die}", style="bold")
    if outcome.app_rolled:
        text.append(" (rolled by the app)", style="dim")
    if outcome.first_die is not None:
        text.append(f" (rerolled for 1 XP from {outcome.first_die})", style="dim")
    text.append(f" — {KEPT_UNTIL}.", style="dim")
    intrusion_line(text, outcome.intrusion, None)
    if outcome.refunded:
        text.append("\nA natural 20: the points spent come back.", style="green")
    return text


def answer_table(preview: AnswerPreview) -> Table:
    """The odds and the cost (R-TASK-5), or, kept by the GM, what the choices do."""
    return preview_table(preview.roll) if preview.roll is not None else kept_table(preview)


class RollAnswer(AsksIfImpossible, Answer, CharacterDialog):
    """R-TASK-1, R-TASK-3 at the player's seat: the GM's stat, task and difficulty (shown,
    or kept), the player's skill, assets, helper and Effort, the odds (or what the choices
    do) before the die; a reroll for 1 XP after it (R-XP-2)."""

    DEFAULT_CSS = """
    RollAnswer .dialog { width: 76; }
    RollAnswer #form { grid-size: 4; grid-columns: 12 1fr 8 1fr; grid-rows: 1;
                       grid-gutter: 0 1; height: auto; }
    RollAnswer #form Label { text-style: bold; color: $text-muted; }
    RollAnswer #form .wide { column-span: 3; }
    RollAnswer #result { height: auto; padding: 0 1; display: none; }
    RollAnswer #result.-shown { display: block; }
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="roll_answer.die"),
        Binding("ctrl+r", "reroll", "Reroll (1 XP)", id="roll_answer.reroll"),
    ]

    def __init__(self, prompt: Prompt) -> None:
        super().__init__(prompt.character)
        self.prompt = prompt
        self.rolled: RollMade | None = None
        self.rerolled = False
        self.shown: RollMade | RollRerolled | None = None
        """The roll or reroll the result shows (drawn again as the table moves: R-TASK-8)."""

    def compose(self) -> ComposeResult:
        prompt, who = self.prompt, self.character
        effort = [(str(n), n) for n in range(who.effort + 1)]
        stat = prompt.stat.value.title()
        with Vertical(classes="dialog") as box:
            box.border_title = f"{stat} roll asked: {escape(who.name)}{self.for_whom()}"
            box.border_subtitle = f"ctrl+f your die · {STAYS}"
            with Grid(id="form"):
                yield Label("Task")
                words = " ".join(prompt.label.split())
                # With no words from the GM, the stat is the task ('a Might task').
                task = f"{words} ({stat})" if words else f"a {stat} task (the GM gave no words)"
                yield Static(Text(task, style="bold"), id="task", classes="wide")
                yield Label("Difficulty")
                yield Static(self.difficulty_text(), id="difficulty", classes="wide")
                yield Label("Skill")
                yield training_select(
                    training_options(self.session.state, self.character_id, self.session.seat)
                )
                yield Label("Assets")
                yield assets_select()
                yield Label("Effort")
                yield Select(effort, value=0, allow_blank=False, id="effort", compact=True)
                yield Label("Helper")
                yield Select(HELPERS, value="none", allow_blank=False, id="helper", compact=True)
                yield Label("")
                yield Checkbox("Inability", id="inability")
                # R-ABL-1: which kind of task it is, for the abilities that help such tasks.
                yield Label("Kind")
                yield Select(kind_options(), value="", allow_blank=False, id="kind", compact=True)
                yield Label("Your die ^f")
                yield Input(
                    placeholder=die_hint(self, DIE_HINT),
                    type="integer",
                    valid_empty=True,
                    id="die",
                    compact=True,
                    classes="wide",
                )
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="go")
                yield Button("Reroll (1 XP)", id="reroll", disabled=True)
                yield Button("Close", id="cancel")

    def difficulty_text(self) -> Text:
        """The GM's difficulty, or that the GM keeps it from this seat."""
        prompt = next((p for p in self.session.state.prompts if p.id == self.prompt.id), None)
        prompt = self.prompt if prompt is None else prompt  # Answered: as it was asked.
        if prompt.secret and not self.session.is_gm:
            return Text("kept by the GM: your choices are shown, not the odds", style="dim")
        shown = f"{DIFFICULTY_NAMES[prompt.difficulty]} {prompt.difficulty}"
        return Text(shown + (" (kept from the player)" if prompt.secret else ""))

    def on_mount(self) -> None:
        # The form's first field, not the die: a stray Enter never rolls (ctrl+f: the die).
        self.query_one("#skill", Select).focus()
        self.update_preview()
        self.watch(self.app, "campaign", lambda _state: self.follow_table(), init=False)

    def follow_table(self) -> None:
        """R-TASK-8: the GM's reveal shows the difficulty here; the last seat's roll shows
        the outcome kept until then."""
        self.query_one("#difficulty", Static).update(self.difficulty_text())
        if self.shown is not None:
            self.show_outcome(self.shown)

    def command(self) -> AnswerRoll:
        skill, training = training_choice(self.query_one("#skill", Select).value)
        return AnswerRoll(
            character=self.character_id,
            prompt=self.prompt.id,
            skill=skill,  # type: ignore[arg-type]
            training=training,
            inability=self.query_one("#inability", Checkbox).value,
            assets=self.query_one("#assets", Select).value,
            effort=self.query_one("#effort", Select).value,
            helper=self.query_one("#helper", Select).value,
            kinds=kinds_chosen(self.query_one("#kind", Select).value),
        )

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        if self.rolled is None and not self.done:
            self.show_preview(self.command(), answer_table)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reroll":
            return self.rolled is not None and self.rolled.die is not None and not self.rerolled
        return True

    def action_focus_die(self) -> None:
        self.query_one("#die", Input).focus()

    def typed_die(self) -> int | None | str:
        """The die the player typed (None: the app rolls), or what is wrong with it."""
        return typed_d20(self.query_one("#die", Input))

    @on(Input.Submitted, "#die")
    @on(Button.Pressed, "#go")
    def go(self) -> None:
        """Roll (the die typed, or the app's): the question closes in the same step."""
        if self.rolled is not None:
            self.dismiss(True)
            return
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        self.done = True
        # At 0% it asks first (never with a kept difficulty: the preview has no odds).
        events = self.roll_or_ask(msgspec.structs.replace(self.command(), die=die), self.go)
        rolled = next((e for e in events or () if isinstance(e, RollMade)), None)
        if rolled is None:
            self.done = False
            return
        self.rolled = rolled
        self.query_one("#die", Input).value = ""
        self.show_outcome(rolled)
        self.say_answered()
        go = self.query_one("#go", Button)
        go.label = "Done"
        go.focus()
        self.query_one("#reroll", Button).disabled = rolled.die is None
        self.refresh_bindings()

    def show_outcome(self, event: RollMade | RollRerolled) -> None:
        """The die, and (R-TASK-8) the outcome unless the GM keeps it from this seat while
        others asked have still to roll."""
        self.shown = event
        outcome = outcome_of(self.character, event, app_rolled=event.app_rolled)
        result = self.query_one("#result", Static)
        kept = still_kept(self.session.state, self.session.seat, self.prompt)
        result.update(kept_outcome_text(outcome) if kept else outcome_text(outcome))
        result.add_class("-shown")

    @on(Button.Pressed, "#reroll")
    def action_reroll(self) -> None:
        """R-XP-2: 1 XP rerolls; the better die stands (type a d20 first, or leave the die
        blank for the app's)."""
        rolled = self.rolled
        if rolled is None or rolled.die is None or self.rerolled:
            return
        die = self.typed_die()
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        events = send(self, Reroll(roll=rolled, die=die))
        reroll = next((e for e in events or () if isinstance(e, RollRerolled)), None)
        if reroll is None:
            return
        self.rerolled = True
        self.query_one("#die", Input).value = ""
        self.query_one("#reroll", Button).disabled = True
        self.show_outcome(reroll)
        self.refresh_bindings()

    def action_cancel(self) -> None:
        self.dismiss(self.rolled is not None)
