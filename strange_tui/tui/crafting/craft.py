"""Crafting an item (R-CRAFT-1): the item, its level, the training's use, the time where the
ladder gives a range; the preview shows the materials, the time and where the clock goes,
and the Intellect task's odds and cost. Enter in "Your die" (blank: the app rolls) or the
Craft button commits; Enter in the item's name goes to the die, so typing never crafts.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.crafting import (
    TRAINING_USES,
    Craft,
    CraftPreview,
    crafting_ladder,
    time_choices_for,
)
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import (
    CharacterDialog,
    assets_select,
    die_hint,
    typed_d20,
)
from strange_tui.tui.rolls.odds import grid, preview_table
from strange_tui.tui.rolls.roll import DIE_HINT

LEVELS = [
    (f"{rung.level} · {rung.time} · {rung.example}", rung.level) for rung in crafting_ladder()
]
TRAINING = [(f"Training {words}", use) for use, words in TRAINING_USES.items()]


def craft_preview(seen: CraftPreview) -> Group:
    """Materials, time (and the clock), what the training goes to, then the task."""
    table = grid()
    table.add_row("Materials", seen.materials)
    table.add_row("Time", Text(seen.time, style="bold"))
    if seen.clock is not None:
        if seen.clock.new_day:
            table.add_row("", Text("A night passes: a new day of recovery rolls", style="green"))
        for effect in seen.clock.ending:
            table.add_row("", Text(f"Ends: {effect}", style="yellow"))
    if seen.training:
        table.add_row("Training", Text(seen.training, style="cyan"))
    return Group(table, preview_table(seen.roll))


class CraftDialog(CharacterDialog):
    """What is made, at which level, and the Intellect task's choices."""

    DEFAULT_CSS = """
    CraftDialog .dialog { width: 80; }
    CraftDialog #form { grid-size: 4; grid-columns: 12 1fr 12 1fr; grid-rows: 1;
                        grid-gutter: 0 1; height: auto; }
    CraftDialog #form Label { text-style: bold; color: $text-muted; }
    CraftDialog #form .wide { column-span: 3; }
    """
    BINDINGS = [Binding("ctrl+f", "focus_die", "Your die", id="craft.die")]

    def __init__(self, character_id: str) -> None:
        super().__init__(character_id)
        self.choices: tuple[tuple[str, int], ...] | None = None
        """The times offered (None: not yet asked)."""

    def compose(self) -> ComposeResult:
        who = self.character
        with Vertical(classes="dialog") as box:
            box.border_title = f"Make: {escape(who.name)}"
            box.border_subtitle = "ctrl+f your die · enter there crafts"
            with Grid(id="form"):
                yield Label("Item")
                yield Input(placeholder="Radio, Bow, Torch...", id="item", compact=True,
                            classes="wide")  # fmt: skip
                yield Label("Level")
                yield Select(LEVELS, value=1, allow_blank=False, id="level", compact=True,
                             classes="wide")  # fmt: skip
                yield Label("Skill")
                yield self.training_field()
                yield Label("")
                yield Checkbox("Inability", id="inability")
                yield Label("Training")
                yield Select(TRAINING, value="ease", allow_blank=False, id="training",
                             compact=True, classes="wide")  # fmt: skip
                yield Label("Time")
                yield Select([], id="time", compact=True, prompt="",
                             classes="wide")  # fmt: skip
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
                yield Input(placeholder=die_hint(self, DIE_HINT), type="integer", id="die",
                            compact=True, classes="wide")  # fmt: skip
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Craft", variant="primary", id="craft")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#item", Input).focus()
        self.update_preview()

    def command(self, die: int | None = None) -> Craft:
        chosen = self.query_one("#time", Select).value
        if chosen not in [seconds for _, seconds in self.choices or ()]:
            chosen = None  # The ladder's one time (or a choice made for another level).
        skill, trained_in = self.training_chosen()
        return Craft(
            character=self.character_id,
            item=self.query_one("#item", Input).value,
            level=self.query_one("#level", Select).value,  # type: ignore[arg-type]
            skill=skill,
            trained_in=trained_in,
            inability=self.query_one("#inability", Checkbox).value,
            assets=self.query_one("#assets", Select).value,  # type: ignore[arg-type]
            effort=self.query_one("#effort", Select).value,  # type: ignore[arg-type]
            training=self.query_one("#training", Select).value,  # type: ignore[arg-type]
            seconds=chosen,  # type: ignore[arg-type]
            die=die,
        )

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        level = self.query_one("#level", Select).value
        training = self.query_one("#training", Select).value
        self.offer_times(time_choices_for(level, training))  # type: ignore[arg-type]
        self.show_preview(self.command(), craft_preview)

    def offer_times(self, choices: tuple[tuple[str, int], ...]) -> None:
        """The times to choose from (level 4: one day or two, the least first); the field
        is off when the ladder gives one time."""
        if choices == self.choices:
            return
        self.choices = choices
        select = self.query_one("#time", Select)
        many = len(choices) > 1
        with self.prevent(Select.Changed):
            # One time (or many years): the field shows it and takes no choice.
            select.prompt = choices[0][0] if choices else "many years"
            select.set_options(choices if many else [])
            if many:
                select.value = choices[0][1]
        select.disabled = not many

    def action_focus_die(self) -> None:
        self.query_one("#die", Input).focus()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die crafts; in the item's name it goes to the die."""
        if event.input.id == "die":
            self.action_craft()
        else:
            self.action_focus_die()

    @on(Button.Pressed, "#craft")
    def action_craft(self) -> None:
        die = typed_d20(self.query_one("#die", Input))
        if isinstance(die, str):
            self.notify(die, severity="warning")
            return
        events = strange_app(self).run_command(self.command(die))
        if events:
            self.notify(self.session.describe(events), title="Make", timeout=8)
            self.dismiss(True)
