"""A new hunter (R-HUN-1): name, skills, traits, equipment and the four vital statistics;
the model's preview says who they will be."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Input

from strange_tui.campaign.commands.hunters import (
    EQUIPMENT_TOP,
    SKILL_TOP,
    TRAIT_TOP,
    VITALS,
    CreateHunter,
)
from strange_tui.tui.common.dialog import int_value, row
from strange_tui.tui.hunters.dialog import HuntersDialog, parse_points


class NewHunterDialog(HuntersDialog):
    """Name, skills, traits, equipment and the four vital statistics."""

    BINDINGS = [Binding("ctrl+s", "create", "Create", id="hunter.create")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = "A new hunter"
            yield row("Name", Input(id="name", compact=True))
            yield row(
                "Skills",
                Input(
                    placeholder=f"Firearms 4, Dodge 2 (0-{SKILL_TOP})", id="skills", compact=True
                ),
            )
            yield row(
                "Traits",
                Input(placeholder=f"Keen eyes 2 (0-{TRAIT_TOP})", id="traits", compact=True),
            )
            yield row(
                "Equipment",
                Input(placeholder=f"Shotgun 3 (0-{EQUIPMENT_TOP})", id="equipment", compact=True),
            )
            for vital in VITALS:
                yield row(vital.title(), Input("10", type="integer", id=vital, compact=True))
            yield self.buttons("Create")

    def command(self) -> CreateHunter | str:
        """The hunter the form describes, or what is wrong with the form."""
        fields = (("skills", SKILL_TOP), ("traits", TRAIT_TOP), ("equipment", EQUIPMENT_TOP))
        parsed = [parse_points(self.query_one(f"#{f}", Input).value, top) for f, top in fields]
        problem = next((p for p in parsed if isinstance(p, str)), None)
        if problem:
            return problem
        vitals = {v: int_value(self.query_one(f"#{v}", Input), default=10) for v in VITALS}
        if any(value is None for value in vitals.values()):
            return "Vital statistics are whole numbers."
        return CreateHunter(
            name=self.query_one("#name", Input).value,
            skills=parsed[0],  # type: ignore[arg-type]
            traits=parsed[1],  # type: ignore[arg-type]
            equipment=parsed[2],  # type: ignore[arg-type]
            vitals=vitals,  # type: ignore[arg-type]
        )

    @on(Button.Pressed, "#go")
    @on(Input.Submitted)
    def go(self) -> None:
        self.commit(self.command())

    def action_create(self) -> None:
        """ctrl+s, from any field: create the hunter the form describes."""
        self.go()
