"""The chase's dialogs (R-CHASE-1): starting a chase, each Speed roll, and calling it off.

Every number is the model's (``commands.chase``): the roll's odds and cost, the count so
far, and what a success or a failure would lead to. Typing never starts, rolls or ends a
chase: the start goes with ctrl+s, the Start button or Enter in the level (a number); the
roll with Enter in "Your die" (blank: the app rolls) or the Roll button; calling it off
with y.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.chase import ChasePreview, ChaseRoll, EndChase, StartChase
from strange_tui.tui.common.access import session_of, strange_app
from strange_tui.tui.common.dialog import (
    DIALOG_CSS,
    CharacterDialog,
    assets_select,
    die_hint,
    int_value,
    typed_d20,
)
from strange_tui.tui.common.session import Refused
from strange_tui.tui.rolls.odds import preview_table
from strange_tui.tui.rolls.roll import DIE_HINT

FORM_CSS = """
{cls} .dialog {{ width: 72; }}
{cls} #form {{ grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1; grid-gutter: 0 1;
               height: auto; }}
{cls} #form Label {{ text-style: bold; color: $text-muted; }}
{cls} #form .wide {{ column-span: 3; }}
"""


def next_steps(seen: ChasePreview) -> Text:
    """What a success and what a failure of the next roll would lead to."""
    text = Text(seen.on_success[:1].upper() + seen.on_success[1:], style="green")
    text.append(f" · {seen.on_failure}", style="red")
    return text


def chase_preview(seen: ChasePreview) -> Group:
    """The count so far, what the roll would lead to, then its odds and cost."""
    count = Text(f"{seen.successes} of {seen.level} successes", style="bold")
    count.append(f", {seen.failures} failure{'s' if seen.failures != 1 else ''}")
    return Group(count, next_steps(seen), preview_table(seen.roll))


class StartChaseDialog(CharacterDialog):
    """Who runs, after (or from) whom, and the quarry's level."""

    DEFAULT_CSS = FORM_CSS.format(cls="StartChaseDialog")
    BINDINGS = [Binding("ctrl+s", "start", "Start", id="chase.start")]

    def compose(self) -> ComposeResult:
        session = self.session
        party = [(Text(c.name), c.id) for c in session.state.characters.values()]
        with Vertical(classes="dialog") as box:
            box.border_title = "A chase"
            box.border_subtitle = "ctrl+s starts it"
            with Grid(id="form"):
                yield Label("Runner")
                yield Select(
                    party,
                    value=self.character_id,
                    allow_blank=False,
                    id="runner",
                    compact=True,
                    disabled=not session.is_gm,  # A player's seat runs its own character.
                    classes="wide",
                )
                yield Label("Quarry")
                yield Input(
                    placeholder="the courier, a stolen car...",
                    id="quarry",
                    compact=True,
                    classes="wide",
                )
                yield Label("Runs")
                yield Select(
                    [("after it", False), ("from it", True)],
                    value=False,
                    allow_blank=False,
                    id="flees",
                    compact=True,
                )
                yield Label("Level 1-10")
                yield Input("3", type="integer", id="level", compact=True)
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#quarry", Input).focus()
        self.update_preview()

    def command(self) -> StartChase | str:
        level = int_value(self.query_one("#level", Input), default=0)
        if level is None:
            return "The quarry's level: a whole number from 1 to 10."
        return StartChase(
            character=self.query_one("#runner", Select).value,  # type: ignore[arg-type]
            quarry=self.query_one("#quarry", Input).value,
            level=level,
            flees=bool(self.query_one("#flees", Select).value),
        )

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command(), lambda line: Text(line))

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the level (a number) starts; in the quarry's name it goes on to the
        next field, so typing a name never starts anything."""
        if event.input.id == "level":
            self.action_start()
        else:
            self.focus_next()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        self.commit(self.command())


class ChaseRollDialog(CharacterDialog):
    """The next Speed task of the chase: skill, assets, Effort, the die."""

    DEFAULT_CSS = FORM_CSS.format(cls="ChaseRollDialog")
    BINDINGS = [Binding("ctrl+f", "focus_die", "Your die", id="chase.die")]

    def compose(self) -> ComposeResult:
        who = self.character
        chase = self.session.state.chase
        quarry = chase.quarry if chase is not None else ""
        with Vertical(classes="dialog") as box:
            box.border_title = f"Chase: {escape(who.name)} and {escape(quarry)}"
            box.border_subtitle = "ctrl+f your die · enter there rolls"
            with Grid(id="form"):
                yield Label("Skill")
                yield self.training_field()
                yield Label("")
                yield Checkbox("Inability", id="inability")
                yield Label("Assets")
                yield assets_select()
                yield Label("Effort")
                yield Select(
                    [(str(n), n) for n in range(who.effort + 1)],
                    value=0,
                    allow_blank=False,
                    id="effort",
                    compact=True,
                )
                yield Label("Your die ^f")
                yield Input(
                    placeholder=die_hint(self, DIE_HINT),
                    type="integer",
                    id="die",
                    compact=True,
                    classes="wide",
                )
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Roll", variant="primary", id="roll")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#die", Input).focus()
        self.update_preview()

    def command(self, die: int | None = None) -> ChaseRoll:
        skill, training = self.training_chosen()
        return ChaseRoll(
            character=self.character_id,
            skill=skill,
            training=training,
            inability=self.query_one("#inability", Checkbox).value,
            assets=self.query_one("#assets", Select).value,  # type: ignore[arg-type]
            effort=self.query_one("#effort", Select).value,  # type: ignore[arg-type]
            die=die,
        )

    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command(), chase_preview)

    def action_focus_die(self) -> None:
        self.query_one("#die", Input).focus()

    @on(Input.Submitted, "#die")
    @on(Button.Pressed, "#roll")
    def action_roll(self) -> None:
        die = typed_d20(self.query_one("#die", Input))
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        events = strange_app(self).run_command(self.command(die))
        if events:
            self.notify(self.session.describe(events), title="Chase", timeout=6)
            self.dismiss(True)


class EndChaseDialog(ModalScreen[bool]):
    """'Call off the chase?' (y) before the model closes it as abandoned."""

    DEFAULT_CSS = DIALOG_CSS
    SCOPED_CSS = False
    BINDINGS = [
        Binding("y", "answer(True)", "Call it off", id="chase.end.yes"),
        Binding("n,escape", "answer(False)", "Keep running", id="chase.end.no"),
    ]

    def __init__(self, character_id: str) -> None:
        super().__init__()
        self.character_id = character_id

    def compose(self) -> ComposeResult:
        command = EndChase(character=self.character_id)
        try:
            question = str(session_of(self).preview(command))
        except Refused as refused:
            question = str(refused)
        with Vertical(classes="dialog") as box:
            box.border_title = "Call off the chase?"
            yield Static(Text(f"{question}\ny: call it off · n: keep running"))

    def action_answer(self, answer: bool) -> None:
        if answer and not strange_app(self).run_command(EndChase(character=self.character_id)):
            return
        self.dismiss(answer)
