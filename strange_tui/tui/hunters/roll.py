"""A hunter's roll against a CR (R-HUN-2..7): its modifiers (situational, a person's defense,
a raised damage type), its odds by degree, and what the dice came to. Every number is the
model's (``campaign.commands.hunters``)."""

from __future__ import annotations

from msgspec.structs import replace
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.markup import escape
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from strange_tui.campaign.commands.hunters import (
    DEFENSES,
    DICE_COUNTS,
    RAISE_CR,
    HunterOdds,
    HunterRoll,
    read_modifiers,
    roll_outcome,
)
from strange_tui.campaign.model.events import HunterRolled
from strange_tui.tui.common.access import strange_app
from strange_tui.tui.common.dialog import int_value, row
from strange_tui.tui.hunters.dialog import HuntersDialog
from strange_tui.tui.hunters.roll_text import odds_text, outcome_text

AGAINST: list[tuple[str, str]] = [
    ("a CR", ""),
    ("a person (their penalties help)", "person"),
    *[(f"{label} defense", mode) for mode, label in DEFENSES],
]
"""R-HUN-3, R-HUN-4: what the roll faces."""


class HunterRollDialog(HuntersDialog):
    """Skill + trait + equipment - flaws + situational modifiers against a CR, a person's
    defense, or a challenge; the damage type raised at +2 CR. One roll per dialog: the seed
    has no reroll, so once rolled the form is spent (close it to roll anew)."""

    DEFAULT_CSS = """
    HunterRollDialog .dialog Input.small { width: 6; }
    HunterRollDialog .dialog Select.small { width: 10; }
    HunterRollDialog .dialog Label.unit { width: auto; padding: 0 1; }
    HunterRollDialog .dialog Checkbox { width: auto; }
    HunterRollDialog #result { display: none; }
    HunterRollDialog #result.rolled { display: block; }
    """
    BINDINGS = [Binding("ctrl+f", "focus_dice", "Your dice", id="hunt_roll.dice")]

    def compose(self) -> ComposeResult:
        h = self.hunter
        none = [("—", "")]
        challenges = [
            (f"{c.name} (CR {c.cr}, {c.remaining} left)", cid)
            for cid, c in self.session.state.challenges.items()
        ]
        with VerticalScroll(classes="dialog") as box:
            box.border_title = f"{escape(h.name)} rolls"
            box.border_subtitle = "ctrl+f your dice"
            for label, field, points in (
                ("Skill", "skill", h.skills),
                ("Trait", "trait", h.traits),
                ("Equipment", "equipment", h.equipment),
            ):
                options = none + [(f"{k} +{v}", k) for k, v in points.items()]
                picker = Select(options, value="", allow_blank=False, id=field, compact=True)
                yield row(label, picker)
            yield row(
                "Situation",
                Input(placeholder="distracted, no lighting, tools +2", id="situation",
                      compact=True),
            )  # fmt: skip
            yield row(
                "Against",
                Select(AGAINST, value="", allow_blank=False, id="against", compact=True),
            )
            yield Horizontal(
                Label("Defender", classes="field"),
                Label("bonus", classes="unit"),
                Input("0", type="integer", id="defense_bonus", compact=True, classes="small",
                      disabled=True),
                Label("skill", classes="unit"),
                Input("0", type="integer", id="defense_skill", compact=True, classes="small",
                      disabled=True),
                Input(placeholder="their penalties: distracted", id="defender", compact=True,
                      disabled=True),
                classes="row flat",
            )  # fmt: skip
            yield row(
                "Challenge",
                Select(
                    none + challenges, value="", allow_blank=False, id="challenge", compact=True
                ),
            )
            yield Horizontal(
                Label("CR / default", classes="field"),
                Input("10", type="integer", id="cr", compact=True, classes="small"),
                Checkbox(f"Raise the damage type (+{RAISE_CR} CR)", id="raised"),
                classes="row flat",
            )
            # The dice last, right before the buttons: no Tab reaches Roll before them.
            yield Horizontal(
                Label("Dice ^f", classes="field"),
                Select(
                    [(f"{n}d6", n) for n in DICE_COUNTS],
                    value=2,
                    allow_blank=False,
                    id="dice",
                    compact=True,
                    classes="small",
                ),
                Input(placeholder="yours, e.g. 3,5 (blank: the app rolls)", id="values",
                      compact=True),
                classes="row flat",
            )  # fmt: skip
            yield Static(id="preview", classes="preview")
            yield Static(id="result")
            yield self.buttons("Roll")

    def on_mount(self) -> None:
        self.query_one("#skill", Select).focus()  # The player's first choice.
        self.update_preview()

    def action_focus_dice(self) -> None:
        """The player's own dice go here: one key from anywhere in the form."""
        self.query_one("#values", Input).focus()

    @property
    def rolled(self) -> bool:
        return self.query_one("#go", Button).disabled

    def command(self) -> HunterRoll | str:
        """The roll the form describes (without the typed dice), or what is wrong."""
        cr = int_value(self.query_one("#cr", Input))
        challenge = self.query_one("#challenge", Select).value or None
        if cr is None and challenge is None:
            return "CR from 1 to 32."
        situation = read_modifiers(self.query_one("#situation", Input).value)
        if isinstance(situation, str):
            return situation
        modifiers, own = situation
        against = self.query_one("#against", Select).value
        defense = against if against not in ("", "person") else ""
        defender: dict[str, int] = {}
        bonus = skill = 0
        if against:
            penalties = read_modifiers(self.query_one("#defender", Input).value)
            if isinstance(penalties, str):
                return penalties
            defender = dict(penalties[0])
            if penalties[1]:
                defender["other"] = penalties[1]
        if defense:
            bonus = int_value(self.query_one("#defense_bonus", Input))  # type: ignore[assignment]
            skill = int_value(self.query_one("#defense_skill", Input))  # type: ignore[assignment]
            if bonus is None or skill is None:
                return "The defender's bonuses and skill points are whole numbers."
        return HunterRoll(
            hunter=self.character_id,
            skill=self.query_one("#skill", Select).value,
            trait=self.query_one("#trait", Select).value,
            equipment=self.query_one("#equipment", Select).value,
            situation=own,
            modifiers=modifiers,
            cr=cr if cr is not None else 10,
            defense=defense,
            defense_bonus=bonus,
            defense_skill=skill,
            against_person=bool(against),
            defender=defender,
            raised=self.query_one("#raised", Checkbox).value,
            challenge=challenge,
            dice=self.query_one("#dice", Select).value,
        )

    def typed_values(self, count: int) -> tuple[int, ...] | None | str:
        """The dice the player typed (None: the app rolls), or what is wrong with them."""
        typed = self.query_one("#values", Input).value.strip()
        if not typed:
            return None
        try:
            return tuple(int(v) for v in typed.split(","))
        except ValueError:
            return f"Type {count} dice from 1 to 6, e.g. 3,5."

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def update_preview(self) -> None:
        if self.rolled:
            return
        against = self.query_one("#against", Select).value
        for field in ("#defense_bonus", "#defense_skill"):
            self.query_one(field, Input).disabled = against in ("", "person")
        self.query_one("#defender", Input).disabled = not against
        self.show_preview(self.command())

    def render_preview(self, seen: object) -> Text:
        assert isinstance(seen, HunterOdds)
        return odds_text(seen)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter in the dice rolls (blank: the app rolls); Enter in any other field goes
        to the dice, so typing the situation never rolls for the player."""
        if event.input.id == "values" or self.rolled:
            self.go()
        else:
            self.action_focus_dice()

    @on(Button.Pressed, "#go")
    def go(self) -> None:
        if self.rolled:
            return
        command = self.command()
        if isinstance(command, str):
            self.notify(command, severity="warning")
            return
        values = self.typed_values(command.dice)
        if isinstance(values, str):
            self.notify(values, severity="warning")
            return
        events = strange_app(self).run_command(replace(command, values=values))
        if not events:
            return
        event = events[0]
        assert isinstance(event, HunterRolled)
        result = self.query_one("#result", Static)
        result.update(outcome_text(roll_outcome(self.session.state, event), values is None))
        result.add_class("rolled")
        # One roll per dialog (the seed has no reroll): the form is spent.
        self.query_one("#go", Button).disabled = True
        for widget in self.query("Input, Select, Checkbox"):
            widget.disabled = True
        close = self.query_one("#cancel", Button)
        close.label = "Close"
        close.focus()
