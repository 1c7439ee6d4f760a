"""First aid for a disabled hunter whose wounds worsen (R-HUN-9, the project's own rule): an
aider's check against CR 10 with its exact odds first; a success stabilises the vital.
Every number is the model's (``campaign.commands.hunters``)."""

from __future__ import annotations

from msgspec.structs import replace
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.markup import escape
from textual.widgets import Button, Input, Label, Select, Static

from strange_tui.campaign.commands.hunters import (
    FirstAid,
    FirstAidPreview,
    first_aiders,
    roll_outcome,
    why_no_first_aid,
    worsening_vitals,
)
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import row
from strange_tui.tui.hunters.dialog import HuntersDialog
from strange_tui.tui.hunters.roll_text import odds_text, outcome_text

PICKS = (("Skill", "skill", "skills"), ("Trait", "trait", "traits"),
         ("Equipment", "equipment", "equipment"))  # fmt: skip
"""The aider's bonuses a first-aid check may use: the field, its id, the hunter's points."""


class FirstAidDialog(HuntersDialog):
    """R-HUN-9: ``aider`` (a hunter's seat: their own hunter; the GM's: any who can act)
    tends the patient; the dice last, ctrl+f to them, Enter there rolls. One roll a dialog."""

    DEFAULT_CSS = """
    FirstAidDialog #result { display: none; }
    FirstAidDialog #result.rolled { display: block; }
    """
    BINDINGS = [Binding("ctrl+f", "focus_dice", "Your dice", id="hunt_aid.dice")]

    def __init__(self, patient_id: str, aider: str = "") -> None:
        super().__init__(patient_id)
        self.aider = aider

    def compose(self) -> ComposeResult:
        state = self.session.state
        aiders = first_aiders(state, self.character_id)
        if self.aider:
            aiders = [(hid, name) for hid, name in aiders if hid == self.aider]
        vitals = worsening_vitals(state, self.character_id)
        with VerticalScroll(classes="dialog") as box:
            box.border_title = f"First aid for {escape(self.hunter.name)}"
            box.border_subtitle = "ctrl+f your dice"
            yield row(
                "Aider",
                Select(
                    [(name, hid) for hid, name in aiders],
                    # Home opens this only with an aider (why_no_first_aid): no blank.
                    allow_blank=not aiders,
                    value=aiders[0][0] if aiders else Select.NULL,
                    id="aider",
                    compact=True,
                ),
            )
            for label, field, _ in PICKS:
                yield row(label, Select([("—", "")], value="", allow_blank=False, id=field,
                                        compact=True))  # fmt: skip
            yield row(
                "Vital",
                Select(
                    [(v.title(), v) for v in vitals],
                    allow_blank=not vitals,
                    value=vitals[0] if vitals else Select.NULL,
                    id="vital",
                    compact=True,
                ),
            )
            # The dice last, right before the buttons: no Tab reaches the button before them.
            yield Horizontal(
                Label("Dice ^f", classes="field"),
                Input(placeholder="yours, e.g. 3,5 (blank: the app rolls)", id="values",
                      compact=True),
                classes="row flat",
            )  # fmt: skip
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            yield self.buttons("Give first aid")

    def on_mount(self) -> None:
        self.show_aider()
        self.query_one("#skill", Select).focus()  # The player's first choice.
        self.update_preview()

    @property
    def rolled(self) -> bool:
        return self.query_one("#go", Button).disabled

    def show_aider(self) -> None:
        """The skill, trait and equipment the chosen aider has."""
        aider = self.session.state.hunters.get(str(self.query_one("#aider", Select).value))
        for _, field, points in PICKS:
            owned: dict[str, int] = getattr(aider, points) if aider else {}
            picker = self.query_one(f"#{field}", Select)
            picker.set_options([("—", "")] + [(f"{k} +{v}", k) for k, v in owned.items()])
            picker.value = ""

    def action_focus_dice(self) -> None:
        """The player's own dice go here: one key from anywhere in the form."""
        self.query_one("#values", Input).focus()

    def command(self) -> FirstAid | str:
        aider = self.query_one("#aider", Select).value
        vital = self.query_one("#vital", Select).value
        if aider is Select.NULL:
            return why_no_first_aid(self.session.state, self.character_id, self.aider) or ""
        if vital is Select.NULL:
            return f"{self.hunter.name} is not worsening: nothing to tend."
        return FirstAid(
            hunter=str(aider),
            patient=self.character_id,
            vital=str(vital),
            **{field: str(self.query_one(f"#{field}", Select).value) for _, field, _ in PICKS},
        )

    @on(Select.Changed, "#aider")
    def aider_changed(self) -> None:
        if not self.rolled:
            self.show_aider()

    @on(Input.Changed)
    @on(Select.Changed)
    def update_preview(self) -> None:
        if not self.rolled:
            self.show_preview(self.command())

    def render_preview(self, seen: object) -> Text:
        assert isinstance(seen, FirstAidPreview)
        text = Text(
            f"{seen.patient}'s {seen.vital} worsens each minute ({seen.worsening} first);"
            f" a success by {seen.aider} stabilises it.\n"
        )
        text.append_text(odds_text(seen.odds))
        return text

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the dice rolls (blank: the app rolls)."""
        if event.input.id == "values" or self.rolled:
            self.go()

    @on(Button.Pressed, "#go")
    def go(self) -> None:
        if self.rolled:
            return
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        typed = self.query_one("#values", Input).value.strip()
        try:
            values = tuple(int(v) for v in typed.split(",")) if typed else None
        except ValueError:
            self.notify("Type 2 dice from 1 to 6, e.g. 3,5.", severity="warning")
            return
        events = strange_app(self).run_command(replace(command, values=values))
        if not events:
            return
        rolled = events[0]
        assert isinstance(rolled, HunterRolled)
        text = outcome_text(roll_outcome(self.session.state, rolled), values is None)
        stabilised = len(events) > 1
        text.append(
            f"\n{self.hunter.name}'s {command.vital} is stabilised."
            if stabilised
            else f"\n{self.hunter.name}'s {command.vital} still worsens.",
            style="green" if stabilised else "red",
        )
        result = self.query_one("#result", Static)
        result.update(text)
        result.add_class("rolled")
        # One try per dialog: the form is spent.
        self.query_one("#go", Button).disabled = True
        for widget in self.query("Input, Select"):
            widget.disabled = True
        close = self.query_one("#cancel", Button)
        close.label = "Close"
        close.focus()
