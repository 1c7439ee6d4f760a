"""Cyphers gained and used (R-CYP-1: the limit, occultic counting two), and notes."""

from __future__ import annotations

import random

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Select, Static, TextArea
from textual.widgets.option_list import Option

from strange_tui.campaign.events import CypherGained, CypherUsed, NotesEdited
from strange_tui.campaign.state import Cypher
from strange_tui.content.model import CypherDef
from strange_tui.rules.cyphers import cypher_load, cyphers_to_discard
from strange_tui.rules.dice import SeededDice
from strange_tui.tui.dialogs.base import CharacterDialog, int_value, row


def roll_level(formula: str) -> int:
    """A cypher's level from its formula: '5', '1d6', '1d6+2'."""
    if "d" not in formula:
        return int(formula)
    die, _, plus = formula.partition("+")
    return SeededDice().roll(int(die.split("d")[1])) + int(plus or 0)


class GainCypherDialog(CharacterDialog):
    """Pick a cypher from the packs (type to search) or name one; see the limit."""

    BINDINGS = [Binding("ctrl+s", "gain", "Gain", id="cypher.gain")]

    def compose(self) -> ComposeResult:
        from strange_tui.content.loader import Content, user_pack_files

        self.cyphers: dict[str, CypherDef] = Content(user_pack_files(self.app.saves)).kind(
            "cyphers"
        )
        options = [(f"{c.name} ({c.level}, {c.kind})", cid) for cid, c in self.cyphers.items()]
        with Vertical(classes="dialog") as box:
            box.border_title = f"Gain a cypher: {self.character.name}"
            yield row("From packs", Select(options, prompt="type to search", id="pick"))
            yield row("Or name", Input(placeholder="a cypher of your own", id="name"))
            yield row(
                "Level", Input(placeholder="blank: roll the formula", type="integer", id="level")
            )
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Gain", variant="primary", id="gain")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#pick", Select).focus()
        self.update_preview()

    def chosen(self) -> Cypher | None:
        level = int_value(self.query_one("#level", Input), default=0)
        if level is None or level < 0:
            return None
        own = self.query_one("#name", Input).value.strip()
        if own:
            return Cypher(name=own[:80], level=level or 1)
        picked = self.query_one("#pick", Select).value
        if not isinstance(picked, str):
            return None
        spec = self.cyphers[picked]
        return Cypher(
            name=spec.name,
            level=level or roll_level(spec.level),
            occultic=spec.kind == "occultic",
            effect=spec.effect,
        )

    @on(Select.Changed)
    @on(Input.Changed)
    def update_preview(self) -> None:
        who = self.character
        load = cypher_load([c.occultic for c in who.cyphers])
        picked = self.query_one("#pick", Select).value
        adds = 2 if isinstance(picked, str) and self.cyphers[picked].kind == "occultic" else 1
        text = Text(f"Carrying {load} of {who.cypher_limit}; after: {load + adds}.")
        if load + adds > who.cypher_limit:
            text.append(
                " Over the limit: the GM removes cyphers (a random pick is offered).",
                style="bold red",
            )
        if isinstance(picked, str):
            text.append(f"\n{self.cyphers[picked].effect}", style="italic")
        self.query_one("#preview", Static).update(text)

    @on(Button.Pressed, "#gain")
    def action_gain(self) -> None:
        cypher = self.chosen()
        if cypher is None:
            self.notify("Pick a cypher or name one (level: a whole number).", severity="warning")
            return
        if not self.app.dispatch(CypherGained(character=self.character_id, cypher=cypher)):
            return
        who = self.character
        if cypher_load([c.occultic for c in who.cyphers]) > who.cypher_limit:
            self.notify(
                f"{who.name} carries more cyphers than the limit of {who.cypher_limit}: "
                "use or discard some (u on the sheet offers a random pick).",
                title="Cypher limit",
                severity="warning",
                timeout=8,
            )
        self.dismiss(True)


class UseCypherDialog(CharacterDialog):
    """Use or discard a carried cypher; over the limit, a random pick to discard."""

    BINDINGS = [
        Binding("d", "discard", "Discard", id="cypher.discard"),
        Binding("ctrl+r", "random_discard", "Random pick", id="cypher.random"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Cyphers: {self.character.name}"
            yield OptionList(
                *(
                    Option(
                        Text.assemble(
                            c.name,
                            (f"  L{c.level} {'occultic' if c.occultic else 'anoetic'}", "dim"),
                        ),
                        id=str(i),
                    )
                    for i, c in enumerate(self.character.cyphers)
                ),
                id="carried",
            )
            yield Static(
                Text("enter: use · d: discard · ctrl+r: random discard to the limit", style="dim")
            )

    def on_mount(self) -> None:
        self.query_one("#carried", OptionList).focus()

    def _remove(self, index: int, discarded: bool) -> bool:
        cypher = self.character.cyphers[index]
        event = CypherUsed(
            character=self.character_id, index=index, name=cypher.name, discarded=discarded
        )
        return self.app.dispatch(event)

    def on_option_list_option_selected(self, selected: OptionList.OptionSelected) -> None:
        if self._remove(int(selected.option.id), discarded=False):
            self.dismiss(True)

    def action_discard(self) -> None:
        highlighted = self.query_one("#carried", OptionList).highlighted
        if highlighted is not None and self._remove(highlighted, discarded=True):
            self.dismiss(True)

    def action_random_discard(self) -> None:
        """R-CYP-1: discard a random pick until the load fits the limit."""
        who = self.character
        picks = cyphers_to_discard(
            [c.occultic for c in who.cyphers], who.cypher_limit, random.Random()
        )
        if not picks:
            self.notify("Within the limit: nothing to discard.")
            return
        for index in reversed(picks):
            self._remove(index, discarded=True)
        self.dismiss(True)


class NotesDialog(CharacterDialog):
    """A character's notes: background, reminders."""

    BINDINGS = [Binding("ctrl+s", "save", "Save", id="notes.save")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Notes: {self.character.name} (ctrl+s saves)"
            yield TextArea(self.character.notes, id="notes")
            with Horizontal(classes="buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        notes = self.query_one(TextArea).text
        if notes == self.character.notes:
            self.dismiss(False)
        elif self.app.dispatch(NotesEdited(character=self.character_id, notes=notes[:20_000])):
            self.dismiss(True)
