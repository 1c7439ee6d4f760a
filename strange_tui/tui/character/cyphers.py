"""Cyphers gained, used and discarded (R-CYP-1: the limit, occultic counting two), and
notes. Each form builds one command; the load and the limit come from the model."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, OptionList, Select, Static, TextArea
from textual.widgets.option_list import Option

from strange_tui.campaign.commands.character import (
    CypherPreview,
    DiscardCypher,
    EditNotes,
    GainCypher,
    UseCypher,
    discard_pick,
    sheet_facts,
)
from strange_tui.campaign.model.events import CypherGained, CypherUsed
from strange_tui.content.model import CypherDef
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import CharacterDialog, int_value, row
from strange_tui.tui.common.session import Refused


def cypher_text(preview: CypherPreview) -> Text:
    """The cypher's level and the load against the limit (R-CYP-1)."""
    level = str(preview.level) if preview.level is not None else f"{preview.formula}, rolled"
    kind = "occultic, counts two" if preview.occultic else "anoetic"
    text = Text(f"{preview.name}: level {level}, {kind}.\n", style="bold")
    text.append(f"Carrying {preview.load} of {preview.limit}; after: {preview.load_after}.")
    if preview.over_by and preview.warn_only:
        text.append(
            " Over the limit (house rule: warn only): use or discard some.", style="bold red"
        )
    elif preview.over_by:
        text.append(
            " Over the limit: random cyphers vanish at once until the load fits.",
            style="bold red",
        )
    if preview.effect:
        text.append(f"\n{preview.effect}", style="italic")
    return text


class GainCypherDialog(CharacterDialog):
    """Pick a cypher from the packs (type to search) or name one; see the limit."""

    BINDINGS = [Binding("ctrl+s", "gain", "Gain", id="cypher.gain")]

    def compose(self) -> ComposeResult:
        self.cyphers: dict[str, CypherDef] = self.session.content.kind("cyphers")
        options = [(f"{c.name} ({c.level}, {c.kind})", cid) for cid, c in self.cyphers.items()]
        with Vertical(classes="dialog") as box:
            box.border_title = f"Gain a cypher: {escape(self.character.name)}"
            box.border_subtitle = "enter or ctrl+s gains it · escape closes"
            yield row("From packs", Select(options, prompt="type to search", id="pick"))
            yield row("Or name", Input(placeholder="a cypher of your own", id="name"))
            yield row(
                "Level", Input(placeholder="blank: roll the formula", type="integer", id="level")
            )
            yield row("", Checkbox("Unidentified (study it before use)", id="unknown"))
            yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Gain", variant="primary", id="gain")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#pick", Select).focus()
        self.update_preview()

    def command(self) -> GainCypher | str:
        """The cypher the form describes, or what to fix."""
        level = int_value(self.query_one("#level", Input), default=0)
        if level is None or level < 0:
            return "The level is a whole number."
        typed = level or None
        known = not self.query_one("#unknown", Checkbox).value  # R-ART-1
        own = self.query_one("#name", Input).value.strip()
        if own:
            return GainCypher(character=self.character_id, name=own, level=typed, identified=known)
        picked = self.query_one("#pick", Select).value
        if not isinstance(picked, str):
            return "Pick a cypher or name one."
        spec = self.cyphers[picked]
        return GainCypher(
            character=self.character_id,
            name=spec.name,
            level=typed,
            formula=spec.level,
            occultic=spec.kind == "occultic",
            effect=spec.effect,
            identified=known,
        )

    @on(Select.Changed)
    @on(Input.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        preview = self.query_one("#preview", Static)
        command = self.command()
        if isinstance(command, str):
            facts = sheet_facts(self.character)
            carrying = f"Carrying {facts.cypher_load} of {facts.cypher_limit}."
            preview.update(Text(f"{command} {carrying}", style="dim"))
            return
        try:
            preview.update(cypher_text(self.session.preview(command)))
        except Refused as refused:
            preview.update(Text(str(refused), style="red"))

    @on(Button.Pressed, "#gain")
    @on(Input.Submitted)
    def action_gain(self) -> None:
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        events = strange_app(self).run_command(command)
        if not events:
            return
        gained = events[0]
        assert isinstance(gained, CypherGained)
        facts = sheet_facts(self.character)
        lost = [e for e in events if isinstance(e, CypherUsed) and e.vanished]
        if lost:
            self.notify(
                "Over the limit: "
                + ", ".join(f"{e.name} vanished (die {e.vanished})" for e in lost)
                + ".",
                title="Cypher limit",
                severity="warning",
                timeout=8,
            )
        elif facts.over_limit:
            self.notify(
                f"{self.character.name} carries more cyphers than the limit of "
                f"{facts.cypher_limit}: use or discard some (ctrl+r in u offers a random pick).",
                title="Cypher limit",
                severity="warning",
                timeout=8,
            )
        else:
            self.notify(f"{gained.cypher.name}, level {gained.cypher.level}.", title="Cypher")
        self.dismiss(True)


class UseCypherDialog(CharacterDialog):
    """Use or discard a carried cypher; over the limit, a random pick to discard."""

    BINDINGS = [
        Binding("d", "discard", "Discard", id="cypher.discard"),
        Binding("ctrl+r", "random_discard", "Random pick", id="cypher.random"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Cyphers: {escape(self.character.name)}"
            yield OptionList(
                *(
                    Option(
                        Text.assemble(
                            c.name,
                            (f"  L{c.level} {'occultic' if c.occultic else 'anoetic'}", "dim"),
                            ("" if c.identified else "  unidentified", "yellow"),
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

    def _run(self, command: UseCypher | DiscardCypher) -> None:
        if strange_app(self).run_command(command):
            self.dismiss(True)

    def on_option_list_option_selected(self, selected: OptionList.OptionSelected) -> None:
        self._run(UseCypher(character=self.character_id, index=selected.option_index))

    def action_discard(self) -> None:
        highlighted = self.query_one("#carried", OptionList).highlighted
        if highlighted is not None:
            self._run(DiscardCypher(character=self.character_id, indices=(highlighted,)))

    def action_random_discard(self) -> None:
        """R-CYP-1: discard a random pick until the load fits the limit, in one step."""
        picks = discard_pick(self.character)
        if not picks:
            self.notify("Within the limit: nothing to discard.")
            return
        command = DiscardCypher(character=self.character_id, indices=picks)
        try:
            names = self.session.preview(command).names
        except Refused as refused:
            self.notify(str(refused), severity="warning")
            return
        if strange_app(self).run_command(command):
            self.notify("Discarded: " + ", ".join(names) + ".", title="Cypher limit")
            self.dismiss(True)


class NotesDialog(CharacterDialog):
    """A character's notes: background, reminders."""

    BINDINGS = [Binding("ctrl+s", "save", "Save", id="notes.save")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog") as box:
            box.border_title = f"Notes: {escape(self.character.name)} (ctrl+s saves)"
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
        elif strange_app(self).run_command(EditNotes(character=self.character_id, notes=notes)):
            self.dismiss(True)
