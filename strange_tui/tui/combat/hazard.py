"""The GM's hazard dialog (R-HAZ-1), from the tracker (z, on the marked combatants) or
from Home (z, out of a fight); and the object dialog (R-HAZ-2: a door, a lock to attack).

A hazard's damage is ambient (Armor does not count); the preview shows each target's
damage and what is left after it. ctrl+s or the button applies it; Enter in a field goes
on to the button, so nothing typed applies a hazard by itself."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Input, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import (
    AddObject,
    AddObjectPreview,
    ApplyHazard,
    HazardPreview,
)
from strange_tui.campaign.commands.combat.hazards import (
    HARDNESS,
    hazard_choices,
    measured_in_feet,
)
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row
from strange_tui.tui.rolls.odds import grid


def hazard_table(preview: HazardPreview) -> Table:
    """Each target's damage and what is left; then the notes (ambient, per round...)."""
    table = grid()
    for target in preview.targets:
        line = Text(f"{target.damage} ambient", style="bold red")
        line.append(f" → {target.after}", style="dim")
        table.add_row(target.name, line)
    for note in preview.notes:
        table.add_row("", Text(note, style="dim"))
    return table


class HazardDialog(CharacterDialog):
    """R-HAZ-1: a hazard of the cheat sheet on the chosen targets (space ticks one)."""

    DEFAULT_CSS = """
    HazardDialog #targets { height: auto; max-height: 6; border: none; padding: 0; }
    HazardDialog #hazard { width: 1fr; }
    """
    BINDINGS = [Binding("ctrl+s", "apply", "Apply", id="hazard.apply")]

    def __init__(self, choices: list[tuple[str, str]], chosen: tuple[str, ...]) -> None:
        super().__init__("")
        self.choices = choices
        """(name, id) of those a hazard may strike (the fight's, or the party out of one)."""
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "Hazard (ambient damage)"
            box.border_subtitle = "space ticks · ctrl+s applies · escape closes"
            yield row(
                "Hazard",
                Select(
                    list(hazard_choices()),
                    value="minor-fire",
                    allow_blank=False,
                    id="hazard",
                    compact=True,
                ),
            )
            targets = [
                Selection(escape(name), cid, cid in self.chosen) for name, cid in self.choices
            ]
            yield row("Who", SelectionList[str](*targets, id="targets"))
            yield row(
                "Feet fallen",
                Input(placeholder="a fall only", type="integer", id="feet", compact=True),
            )
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Apply", variant="error", id="apply")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#hazard", Select).focus()
        self.update_preview()

    def command(self) -> Command | str:
        hazard = self.query_one("#hazard", Select).value
        feet = int_value(self.query_one("#feet", Input))
        if feet is None:
            return "Feet: a whole number."
        targets = tuple(self.query_one("#targets", SelectionList).selected)
        return ApplyHazard(targets=targets, hazard=str(hazard), feet=feet)

    @on(Select.Changed)
    @on(Input.Changed)
    @on(SelectionList.SelectedChanged)
    def update_preview(self) -> None:
        hazard = str(self.query_one("#hazard", Select).value)
        self.query_one("#feet", Input).disabled = not measured_in_feet(hazard)
        self.show_preview(self.command(), hazard_table)

    @on(Input.Submitted)
    def to_the_button(self) -> None:
        self.query_one("#apply", Button).focus()

    @on(Button.Pressed, "#apply")
    def action_apply(self) -> None:
        self.commit(self.command())


class ObjectDialog(CharacterDialog):
    """R-HAZ-2: an object joins the fight to be attacked: its level, its hardness (its
    Armor) and its health (3 a level unless typed). It never takes a turn."""

    BINDINGS = [Binding("ctrl+s", "add", "Add", id="object.add")]

    def __init__(self) -> None:
        super().__init__("")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "An object to attack"
            box.border_subtitle = "ctrl+s adds · escape closes"
            yield row("Name", Input(placeholder="a door, a lock...", id="name", compact=True))
            yield row("Level", Input("3", type="integer", id="level", compact=True))
            yield row(
                "Hardness",
                Select(
                    [(h, h) for h in HARDNESS],
                    value="hard",
                    allow_blank=False,
                    id="hardness",
                    compact=True,
                ),
            )
            yield row(
                "Health",
                Input(
                    placeholder="blank: 3 a level", type="integer", id="health", compact=True
                ),  # fmt: skip
            )
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Add", variant="primary", id="add")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()
        self.update_preview()

    def command(self) -> Command | str:
        level = int_value(self.query_one("#level", Input), default=-1)
        health: Any = int_value(self.query_one("#health", Input), default=-1)
        if level is None or health is None:
            return "Level and health are whole numbers."
        return AddObject(
            name=self.query_one("#name", Input).value,
            level=level,
            hardness=str(self.query_one("#hardness", Select).value),
            health=None if health == -1 else health,
        )

    @on(Select.Changed)
    @on(Input.Changed)
    def update_preview(self) -> None:
        self.show_preview(self.command(), object_text)

    @on(Input.Submitted)
    def next_field(self) -> None:
        self.focus_next()

    @on(Button.Pressed, "#add")
    def action_add(self) -> None:
        self.commit(self.command())


def object_text(preview: AddObjectPreview) -> Text:
    thing = preview.object
    return Text(
        f"{thing.name}: level {thing.level}, Armor {thing.armor}, health {thing.health}."
        " It takes no turn; attacks on it count its Armor.",
        style="bold",
    )
