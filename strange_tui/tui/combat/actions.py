"""The cheat sheet's combat actions in the tracker (R-ACT-1): a picker of the actions, then
a small dialog for each, with the model's preview and, where the action rolls, the die
(ctrl+f), as the attack dialog has it. What those dialogs share is here; the actions on
the PC's own turn are in ``combat_turn_actions``, those on another's turn and surprise in
``combat_reactions``.

Each dialog builds one command; only Enter in "Your die", the button or ctrl+s commits
it, so typing a guarded thing or a trigger never acts by accident."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from strange_tui.campaign.commands import Command
from strange_tui.campaign.commands.combat import (
    ActionPreview,
    out_of_fight,
)
from strange_tui.campaign.model.encounter import Combatant, Encounter
from strange_tui.campaign.model.events import AnyEvent
from strange_tui.tui.combat.roll import DIE_HINT, DIE_LABEL
from strange_tui.tui.combat.tables import cost_text, odds_text
from strange_tui.tui.common.dialog import (
    DIALOG_CSS,
    CharacterDialog,
    die_hint,
    row,
    send,
    typed_d20,
)
from strange_tui.tui.rolls.odds import grid, steps_line

KEYS_HINT = "ctrl+f your die · ctrl+s rolls · escape closes"
NO_DIE_HINT = "ctrl+s does it · escape closes"


def action_table(preview: ActionPreview) -> Table:
    """The roll's odds and cost (when the action rolls), then what the action does."""
    table = grid()
    if preview.roll is not None:
        table.add_row("Odds", odds_text(preview.roll.odds))
        if preview.roll.steps:
            table.add_row("Steps", steps_line(preview.roll.steps))
        table.add_row("Cost", cost_text(preview.roll))
    for n, line in enumerate(preview.lines):
        table.add_row("Then" if n == 0 else "", Text(line))
    return table


class ActionDialog(CharacterDialog):
    """What every action dialog shares: its fields, the die when it rolls, the preview,
    and one button that commits (then reads Done)."""

    DEFAULT_CSS = """
    ActionDialog .dialog { width: 76; }
    ActionDialog #result { height: auto; }
    """
    BINDINGS = [
        Binding("ctrl+f", "focus_die", "Your die", id="action.die"),
        Binding("ctrl+s", "go", "Do it", id="action.go"),
    ]
    ROLLS = True
    """Whether the action may roll (it has a die field)."""

    def __init__(self, character_id: str, other: str = "", seat: str | None = None) -> None:
        super().__init__(character_id)
        self.other = other
        """The other side of the action (a foe, an NPC), when it has one."""
        self.seat = seat
        """A player's seat (its own PC only), or None for the GM's."""
        self.done = False

    @property
    def encounter(self) -> Encounter:
        encounter = self.session.state.encounter
        assert encounter is not None
        return encounter

    def pcs(self, keep: Callable[[Combatant], bool] = lambda c: True) -> list[tuple[str, str]]:
        """(name, id) of the PCs still in the fight (at a player's seat, its own only)."""
        state = self.session.state
        return [
            (Text(c.name), c.id)
            for c in self.encounter.combatants.values()
            if c.pc
            and not out_of_fight(state, c.id)
            and (self.seat is None or c.id == self.seat)
            and keep(c)
        ]

    def npcs(self, keep: Callable[[Combatant], bool] = lambda c: True) -> list[tuple[str, str]]:
        """(name, id) of the NPCs still standing (objects take no actions)."""
        return [
            (Text(c.name), c.id)
            for c in self.encounter.npcs()
            if not c.defeated and not c.inanimate and keep(c)
        ]

    def select(self, label: str, choices: list[tuple[str, Any]], value: Any, id: str) -> Widget:
        if value not in [v for _, v in choices]:
            value = choices[0][1] if choices else Select.NULL
        return row(
            label,
            Select(choices, value=value, allow_blank=not choices, id=id, compact=True),
        )

    def effort_rows(self) -> Iterable[Widget]:
        efforts = [(str(n), n) for n in range(self.character.effort + 1)]
        yield self.select("Effort", efforts, 0, "effort")
        yield self.select("Assets", [("0", 0), ("1", 1), ("2", 2)], 0, "assets")

    def value(self, widget_id: str) -> Any:
        """A field's value (a Select's choice, a check box, an Input's text)."""
        widget = self.query_one(f"#{widget_id}")
        if isinstance(widget, Select):
            return None if widget.value is Select.NULL else widget.value
        return widget.value  # type: ignore[attr-defined]

    def heading(self) -> str:
        raise NotImplementedError

    def fields(self) -> Iterable[Widget]:
        raise NotImplementedError

    def command(self, die: int | None) -> Command | str:
        """The command the form describes, or what to fix."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = escape(self.heading())
            box.border_subtitle = KEYS_HINT if self.ROLLS else NO_DIE_HINT
            yield from self.fields()
            if self.ROLLS:
                die = Input(
                    placeholder=die_hint(self, DIE_HINT),
                    type="integer",
                    valid_empty=True,
                    id="die",
                    compact=True,
                )
                yield row(DIE_LABEL, die)
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            with Horizontal(classes="buttons"):
                yield Button("Roll" if self.ROLLS else "Do it", variant="primary", id="go")
                yield Button("Close", id="cancel")

    def on_mount(self) -> None:
        first = next((w for w in self.query("Select, Input, Checkbox") if w.focusable), None)
        if first is not None:
            first.focus()
        self.update_preview()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "focus_die":
            return self.ROLLS
        return True

    def action_focus_die(self) -> None:
        self.query_one("#die", Input).focus()

    @on(Select.Changed)
    @on(Checkbox.Changed)
    @on(Input.Changed)
    def update_preview(self) -> None:
        if not self.done and self.query("#preview"):
            self.show_preview(self.command(None), action_table)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the die commits; in another field it goes on to the die (or to the
        button): a typed word never acts by itself."""
        if event.input.id == "die" or self.done:
            self.action_go()
        elif self.ROLLS:
            self.action_focus_die()
        else:
            self.query_one("#go", Button).focus()

    def typed_die(self) -> int | None | str:
        if not self.ROLLS:
            return None
        return typed_d20(self.query_one("#die", Input))

    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        if self.done:
            self.dismiss(True)
            return
        die = self.typed_die()
        command = die if isinstance(die, str) else self.command(die)
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        events = send(self, command)
        if not events:
            return
        self.done = True
        self.show_result(events)

    def show_result(self, events: tuple[AnyEvent, ...]) -> None:
        """The log's line for what happened; Done closes."""
        line = self.session.describe(events)
        self.query_one("#result", Static).update(Group(Text(line, style="bold")))
        go = self.query_one("#go", Button)
        go.label = "Done"
        go.focus()


class ActionPicker(ModalScreen[str]):
    """The combat actions on offer now: arrows move, enter opens one (its dialog)."""

    DEFAULT_CSS = (
        DIALOG_CSS
        + """
    ActionPicker .dialog { width: 76; }
    ActionPicker OptionList { height: auto; max-height: 14; border: none; padding: 0; }
    """
    )
    BINDINGS = [Binding("escape", "cancel", "Close", id="actions.close")]

    def __init__(self, title: str, choices: list[tuple[str, str, str]]) -> None:
        super().__init__()
        self.heading = title
        self.choices = choices
        """(id, the action's name, what it does) of each action on offer."""

    def compose(self) -> ComposeResult:
        options = [
            Option(Text.assemble((name, "bold"), (f"  {what}", "dim")), id=action_id)
            for action_id, name, what in self.choices
        ]
        with Vertical(classes="dialog") as box:
            box.border_title = escape(self.heading)
            box.border_subtitle = "enter opens · escape closes"
            yield OptionList(*options, id="actions")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "")

    def action_cancel(self) -> None:
        self.dismiss("")
